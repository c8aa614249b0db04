/**
 * A write-only secret that is stored: a badge that says so («Guardado»/«Guardada», agreeing with the
 * secret's noun), never the secret itself. The payment settings' keys and a channel's webhook secret.
 */
import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function StoredSecretBadge({ label, word }: { label: string; word: 'Guardado' | 'Guardada' }) {
  return (
    <Badge
      color="teal"
      variant="light"
      radius="sm"
      leftSection={<IconLock size={12} aria-hidden />}
      aria-label={`${label}: ${word.toLowerCase()}`}
    >
      {word}
    </Badge>
  );
}
