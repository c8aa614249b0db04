import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { languageName } from '@trayecto/shared';
import { expiryDetail, expiryLabel, expiryOf } from './expiry';

/** The languages a person works in, as badges with their Spanish names. */
export function LanguageBadges({ languages }: { languages: readonly string[] }) {
  if (!languages.length) return <Text size="sm">—</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {languages.map((code) => (
        <Badge key={code} variant="light" color="blue" radius="sm" tt="none" fw={500}>
          {languageName(code)}
        </Badge>
      ))}
    </Group>
  );
}

/** Expired (red) or expiring within 30 days (yellow); nothing when it is fine or unknown. */
export function ExpiryBadge({
  date,
  what,
  prefix,
}: {
  date: string | null | undefined;
  what: string;
  /** "Permiso" → "Permiso caducado", to tell it from the document's badge. */
  prefix?: string;
}) {
  const e = expiryOf(date);
  const plain = expiryLabel(e);
  if (!plain) return null;
  const label = prefix ? `${prefix} ${plain.toLowerCase()}` : plain;
  const detail = `${what}: ${expiryDetail(e)}`;
  return (
    <Tooltip label={detail}>
      <Badge
        color={e.kind === 'expired' ? 'red' : 'yellow'}
        variant={e.kind === 'expired' ? 'filled' : 'light'}
        radius="sm"
        tt="none"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        tabIndex={0}
        aria-label={detail}
        style={{ flex: 'none' }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
