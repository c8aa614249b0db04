import { Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { actorText } from '@trayecto/shared';
import { useTimes } from '../../../lib/time-zone';
import { useBookingEvents } from '../api/list-booking-events';
import { eventView } from '../utils/booking-events';

/**
 * Historial (GET /bookings/{id}/events): what happened to the booking, newest first, at the times
 * of its operator's zone (`timeZone`, the booking's), and who did it: a user, the customer through
 * their link, a channel or the system (actorText).
 */
export function BookingHistory({ bookingId, timeZone }: { bookingId: string; timeZone?: string }) {
  const query = useBookingEvents(bookingId);
  const times = useTimes(timeZone);
  const events = [...(query.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="history-title">
      <Title order={2} fz="md" mb="sm" id="history-title">
        Historial
      </Title>
      {query.isLoading ? (
        <Stack gap={8}>
          <Skeleton h={14} />
          <Skeleton h={14} w="60%" />
        </Stack>
      ) : query.isError ? (
        <Text size="sm" c="red">
          No se ha podido cargar el historial.
        </Text>
      ) : events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin movimientos todavía.
        </Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} aria-label="Historial de la reserva">
          {events.map((e) => {
            const v = eventView(e);
            return (
              <Timeline.Item
                key={e.id}
                bullet={
                  <ThemeIcon size={18} radius="xl" color={v.color} variant="filled">
                    <IconHistory size={10} />
                  </ThemeIcon>
                }
                title={
                  <Text size="sm" fw={600}>
                    {v.title}
                  </Text>
                }
              >
                {v.detail ? (
                  <Text size="xs" c="dimmed">
                    {v.detail}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={2}>
                  {times.withZone(times.dateTime(e.created_at))} · {actorText(e.actor_kind, e.actor_label)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
