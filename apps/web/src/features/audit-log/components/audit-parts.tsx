/** Pieces shared by the activity screen and a record's trail: who acted, the action, the changes. */
import { Anchor, Badge, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { AUDIT_ACTOR_KIND_NAMES, type TAuditActorKind, type TAuditEntryResponse } from '@trayecto/shared';
import { Link } from 'react-router';
import { BreakableEmail } from '../../../components/breakable-email';
import { useTimes } from '../../../lib/time-zone';
import {
  actionColor,
  actionLabel,
  changeLines,
  entityLabel,
  recordHref,
  splitActorLabel,
  type TFormatContext,
} from '../utils/audit-format';

/**
 * When an entry happened: "22/11/2026 09:30:05" in its operator's zone (lib/time-zone.ts), whatever
 * the browser's clock; the administrator, who reads every operator, also reads which zone.
 */
export function WhenText({
  entry,
  size = 'sm',
}: {
  entry: Pick<TAuditEntryResponse, 'created_at' | 'timezone'>;
  size?: 'xs' | 'sm';
}) {
  const times = useTimes(entry.timezone);
  return (
    <Text size={size} c={size === 'xs' ? 'dimmed' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {times.dateTimeSeconds(entry.created_at)}
      {times.showZone ? (
        <Text span size="xs" c="dimmed" display="block">
          {times.zoneName}
        </Text>
      ) : null}
    </Text>
  );
}

export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge color={actionColor(action)} variant="light" radius="sm" tt="none" fw={600} style={{ flex: 'none' }}>
      {actionLabel(action)}
    </Badge>
  );
}

/** Staff: name and e-mail; a customer or a channel: the name and what they are; the system: what acted. */
export function ActorCell({ entry }: { entry: Pick<TAuditEntryResponse, 'actor_kind' | 'actor_label'> }) {
  const { name, email } = splitActorLabel(entry.actor_label);
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} lineClamp={2}>
          {name || AUDIT_ACTOR_KIND_NAMES[entry.actor_kind as TAuditActorKind]}
        </Text>
        {entry.actor_kind === 'customer' || entry.actor_kind === 'channel' ? (
          <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none" style={{ flex: 'none' }}>
            {AUDIT_ACTOR_KIND_NAMES[entry.actor_kind as TAuditActorKind]}
          </Badge>
        ) : null}
      </Group>
      {email ? (
        <Text size="xs" c="dimmed">
          <BreakableEmail email={email} />
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * "Reserva" above "TRY-ABC123 · Lucía Pérez", a link to the record while it exists; a user's
 * e-mail on a line of its own.
 */
export function RecordCell({ entry }: { entry: TAuditEntryResponse }) {
  const href = recordHref(entry);
  const { name, email } =
    entry.entity_type === 'user' ? splitActorLabel(entry.summary) : { name: entry.summary, email: '' };
  const title = name || entry.entity_id;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {entityLabel(entry.entity_type)}
      </Text>
      {href ? (
        <Anchor component={Link} to={href} size="sm" fw={500} lineClamp={2}>
          {title}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} lineClamp={2}>
          {title}
        </Text>
      )}
      {email ? (
        <Text size="xs" c="dimmed" truncate="end">
          {email}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The changes as "campo: antes → después", the first `max` shown and the rest in a tooltip.
 */
export function ChangeList({
  entry,
  ctx,
  max = 4,
}: {
  entry: Pick<TAuditEntryResponse, 'entity_type' | 'changes'>;
  ctx?: TFormatContext;
  max?: number;
}) {
  const lines = changeLines(entry, ctx);
  if (lines.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  const shown = lines.slice(0, max);
  const rest = lines.slice(max);
  return (
    // An e-mail or a link in a change breaks anywhere: unbroken, it widened the whole table past
    // its area (an edited customer's address at 1280 px).
    <List size="xs" spacing={2} listStyleType="none" aria-label="Cambios" style={{ overflowWrap: 'anywhere' }}>
      {shown.map((l) => (
        <List.Item key={l.field}>
          <Text span size="xs" fw={600}>
            {l.field === 'password' ? l.text : `${l.label}: `}
          </Text>
          {l.field === 'password' ? null : l.before ? (
            <>
              <Text span size="xs" c="dimmed" td="line-through">
                {l.before}
              </Text>
              <Text span size="xs" c="dimmed">
                {' → '}
              </Text>
              <Text span size="xs">
                {l.after}
              </Text>
            </>
          ) : (
            <Text span size="xs">
              {l.after}
            </Text>
          )}
        </List.Item>
      ))}
      {rest.length > 0 ? (
        <List.Item>
          <Tooltip multiline w={320} label={rest.map((l) => l.text).join('\n')} style={{ whiteSpace: 'pre-line' }}>
            <Text span size="xs" c="blue" style={{ cursor: 'help' }}>
              y {rest.length} {rest.length === 1 ? 'cambio más' : 'cambios más'}
            </Text>
          </Tooltip>
        </List.Item>
      ) : null}
    </List>
  );
}
