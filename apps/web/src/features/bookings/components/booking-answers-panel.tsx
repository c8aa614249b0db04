/**
 * «Respuestas» of the booking screen (issue 33 item 3): the saved answers to the product's
 * questions at a glance, question by question, and the required ones not answered yet flagged
 * «Sin responder» (missingAnswers), so the office knows what to ask before the day.
 */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  missingAnswers,
  passengerTypes,
  type TBookingResponse,
  type TPaxType,
  type TProductQuestion,
} from '@trayecto/shared';
import { answerGroups, passengerName, UNANSWERED } from '../../../lib/booking-answers';
import { paxFromLines, paxPayload } from './booking-form-values';

export function BookingAnswersPanel({
  booking,
  questions,
}: {
  booking: Pick<TBookingResponse, 'answers' | 'lines' | 'pax_total' | 'product_id'>;
  /** The product's questions now (null while it loads: the answers are shown, nothing is flagged). */
  questions: readonly TProductQuestion[] | null;
}) {
  const types: TPaxType[] = passengerTypes(paxPayload(paxFromLines(booking.lines)));
  const byId = new Map((questions ?? []).map((q) => [q.id, q]));
  const unanswered = questions
    ? missingAnswers([...questions], booking.answers, booking.pax_total).map((m) => ({
        ...m,
        label: byId.get(m.question_id)?.label ?? '',
      }))
    : [];
  const groups = answerGroups(booking.answers ?? [], unanswered);
  if (groups.length === 0) return null;
  const missing = unanswered.length;

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="answers-title">
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} fz="md" id="answers-title">
          Respuestas
        </Title>
        {missing > 0 ? (
          <Badge color="orange" variant="light" radius="sm">
            {missing} sin responder
          </Badge>
        ) : null}
      </Group>
      <Stack gap="sm" component="dl" m={0} data-testid="booking-answers">
        {groups.map((g) => (
          <div key={g.question_id}>
            <Text component="dt" size="sm" fw={600}>
              {g.label}
            </Text>
            {g.items.map((it) => (
              <Text component="dd" size="sm" m={0} key={it.passenger ?? 0}>
                {it.passenger != null ? (
                  <Text span c="dimmed" size="sm">
                    {passengerName(it.passenger, types)}:{' '}
                  </Text>
                ) : null}
                {it.text === null ? (
                  <Badge color="orange" variant="light" radius="sm" component="span">
                    {UNANSWERED}
                  </Badge>
                ) : (
                  it.text
                )}
              </Text>
            ))}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
