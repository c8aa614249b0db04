/**
 * Cancelling a whole departure (issue 14): the text each customer reads about what happens next,
 * prefilled per reason and kept once staff edit it; whether the departure has started (the API
 * refuses then); the form's check with the shared contract.
 */
import {
  DEPARTURE_CANCEL_REASON_NAMES,
  DEPARTURE_CANCEL_REASONS,
  plural,
  type TDepartureCancelReason,
  wallClockIn,
  ZDepartureCancelRequest,
} from '@trayecto/shared';

const REFUND_OR_ANOTHER_DATE =
  'Te devolveremos el importe íntegro en los próximos días. Si prefieres cambiar de fecha, responde a este correo y te buscamos otra salida.';

/** "What happens next", in the customer's words, as each reason starts it (staff may edit it). */
export const NEXT_STEPS_BY_REASON: Record<TDepartureCancelReason, string> = {
  weather: REFUND_OR_ANOTHER_DATE,
  min_pax:
    'Te devolveremos el importe íntegro en los próximos días. Si quieres hacer la excursión otro día, responde a este correo y te buscamos plaza en otra salida.',
  operational: REFUND_OR_ANOTHER_DATE,
  other: REFUND_OR_ANOTHER_DATE,
};

export const REASON_OPTIONS = DEPARTURE_CANCEL_REASONS.map((value) => ({
  value,
  label: DEPARTURE_CANCEL_REASON_NAMES[value],
}));

export const isCancelReason = (v: string | null | undefined): v is TDepartureCancelReason =>
  (DEPARTURE_CANCEL_REASONS as readonly string[]).includes(v ?? '');

/**
 * The next-steps text after the reason changes: the new reason's text while staff have not written
 * their own (empty, or still the text some reason prefilled); their own text otherwise.
 */
export function nextStepsAfterReason(reason: TDepartureCancelReason, current: string): string {
  const untouched = current.trim() === '' || Object.values(NEXT_STEPS_BY_REASON).includes(current);
  return untouched ? NEXT_STEPS_BY_REASON[reason] : current;
}

/** Whether the departure has started at `now` in its operator's zone (its bookings are then realizadas or no-shows). */
export function departureStarted(date: string, time: string, timeZone: string, now = new Date()): boolean {
  const wall = wallClockIn(timeZone, now);
  return date < wall.date || (date === wall.date && time <= wall.time);
}

export type TCancelDepartureValues = { reason: TDepartureCancelReason; next_steps: string; note: string };

/** One message per field, from the shared request schema (the API checks the same). */
export function validateCancelDeparture(
  slot: { date: string; time: string },
  values: TCancelDepartureValues,
): Record<string, string> {
  const result = ZDepartureCancelRequest.safeParse({
    date: slot.date,
    time: slot.time,
    reason: values.reason,
    next_steps: values.next_steps,
    note: values.note,
  });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  return errors;
}

/** "3 reservas (8 pasajeros)"; without the pax while they are unknown. */
export function bookingsAndPax(bookings: number, pax: number | null): string {
  const b = plural(bookings, 'reserva', 'reservas');
  return pax === null ? b : `${b} (${plural(pax, 'pasajero', 'pasajeros')})`;
}
