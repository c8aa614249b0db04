/**
 * A write-only secret that is stored: its label with a badge that says so («Guardado»/«Guardada»,
 * agreeing with the secret's noun), never the secret itself. Shown above the field that replaces it:
 * the payment settings' keys and a channel's webhook secret.
 */
import { Badge, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function StoredSecretLabel({ label, word }: { label: string; word: 'Guardado' | 'Guardada' }) {
  return (
    <Group gap={8}>
      <Text size="sm" component="span">
        {label}
      </Text>
      <Badge
        color="teal"
        variant="light"
        radius="sm"
        leftSection={<IconLock size={12} aria-hidden />}
        aria-label={`${label}: ${word.toLowerCase()}`}
      >
        {word}
      </Badge>
    </Group>
  );
}
