import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/**
 * "Could not load …" with a retry button: a list, a calendar or a map that fails keeps the screen
 * usable.
 */
export function LoadErrorAlert({
  title,
  message = 'Comprueba tu conexión e inténtalo de nuevo.',
  onRetry,
  retrying = false,
  inset = false,
}: {
  title: string;
  message?: string;
  onRetry: () => unknown;
  retrying?: boolean;
  /** Inside a list's card: away from its edges (and no icon, the card says what failed). */
  inset?: boolean;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      role="alert"
      {...(inset ? { mx: 'md', mb: 'md' } : { icon: <IconAlertCircle size={18} /> })}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => onRetry()}
          loading={retrying}
        >
          Reintentar
        </Button>
      </Group>
    </Alert>
  );
}
