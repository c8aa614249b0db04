import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { ACCESS, actorText, hasPermission, pathTo, type TAuditEntityType } from '@trayecto/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { getRoles } from '../../../lib/auth-storage';
import { useTimesFor } from '../../../lib/time-zone';
import { useAuditTrail } from '../api/list-audit-log';
import { actionColor, actionLabel } from '../utils/audit-format';
import { ChangeList } from './audit-parts';

/** The trail's length on a detail screen; the whole history is on the activity screen. */
const TRAIL_LIMIT = 20;

/**
 * "Actividad" of one record (a booking, a user, a schedule sheet): who changed what, newest first,
 * from the audit log. Renders nothing for roles that may not read the log (levels 2–5) and nothing
 * either when the log cannot be read: it is a complement of the screen, never an error on it.
 * `revision` (the record's version or updated_at) reads the trail again after the record changes.
 */
export function AuditTrail({
  entityType,
  entityId,
  revision,
  withFrame = true,
}: {
  entityType: TAuditEntityType;
  entityId: string;
  revision?: string | number;
  /** false: no card around it (inside a drawer or a card of its own). */
  withFrame?: boolean;
}) {
  const canRead = hasPermission(getRoles(), ACCESS.auditLog);
  const titleId = useId();
  const timesOf = useTimesFor();
  const query = useAuditTrail(entityType, entityId, { enabled: canRead, revision, limit: TRAIL_LIMIT });
  if (!canRead || query.isError) return null;
  const entries = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const more = `${pathTo('auditLog')}?entity_type=${entityType}&entity_id=${encodeURIComponent(entityId)}`;

  const body = (
    <>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="md" id={titleId}>
          Actividad
        </Title>
        {total > entries.length ? (
          <Anchor component={Link} to={more} size="xs">
            Ver todo ({total.toLocaleString('es-ES')})
          </Anchor>
        ) : null}
      </Group>
      {query.isLoading ? (
        <Stack gap={8}>
          <Skeleton h={14} />
          <Skeleton h={14} w="60%" />
        </Stack>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin cambios registrados todavía.
        </Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} aria-labelledby={titleId}>
          {entries.map((e) => {
            const times = timesOf(e.timezone);
            return (
              <Timeline.Item
                key={e.id}
                bullet={
                  <ThemeIcon size={18} radius="xl" color={actionColor(e.action)} variant="filled">
                    <IconHistory size={10} />
                  </ThemeIcon>
                }
                title={
                  <Text size="sm" fw={600}>
                    {actionLabel(e.action)}
                  </Text>
                }
              >
                <ChangeList entry={e} max={6} />
                <Text size="xs" c="dimmed" mt={4} title={times.withZone(times.dateTimeSeconds(e.created_at))}>
                  {times.withZone(times.shortDateTime(e.created_at))} · {actorText(e.actor_kind, e.actor_label)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </>
  );

  return withFrame ? (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby={titleId}>
      {body}
    </Paper>
  ) : (
    <section aria-labelledby={titleId}>{body}</section>
  );
}
