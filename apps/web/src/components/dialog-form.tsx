import { Alert, Button, Group, Loader, type MantineColor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Why a dialog's last submit failed when it is not about one field (the API's other messages, a
 * lost connection); nothing without a message. Unlike `FormErrorAlert` it has no title: the dialog's
 * own title says what failed.
 */
export function DialogServerError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  ) : null;
}

/**
 * The end of a dialog's form: the way back ("Cancelar" unless told) and the submit button. While
 * the request is under way the submit button spins and says so (`aria-busy`, `aria-disabled`) and
 * a second press — a click, or Enter in a field — sends nothing; the way back is disabled.
 *
 * The submit button is never `disabled` (nor Mantine's `loading`, which disables it): a disabled
 * button drops the focus of whoever pressed it to the page's start, so after a refused save the
 * keyboard would be lost (WCAG 2.4.3). It keeps the focus; a form that moves it to the first field
 * in error does so itself (`useFocusFirstInvalid`).
 */
export function DialogActions({
  pending,
  onCancel,
  cancelLabel = 'Cancelar',
  submitLabel,
  submitIcon,
  submitColor,
}: {
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  submitColor?: MantineColor;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        color={submitColor}
        leftSection={pending ? <Loader size={16} color="currentColor" aria-hidden /> : submitIcon}
        aria-busy={pending || undefined}
        aria-disabled={pending || undefined}
        // A click (or Enter in a field, which clicks the form's submit button) submits nothing
        // while the request is under way.
        onClick={(e) => {
          if (pending) e.preventDefault();
        }}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
