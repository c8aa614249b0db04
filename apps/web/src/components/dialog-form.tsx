import { Alert, Button, Group, type MantineColor } from '@mantine/core';
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
 * the request is under way the submit button spins (a second click sends nothing) and the way back
 * is disabled.
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
      <Button type="submit" color={submitColor} loading={pending} leftSection={submitIcon}>
        {submitLabel}
      </Button>
    </Group>
  );
}
