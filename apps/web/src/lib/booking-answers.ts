/**
 * A booking's answers to its product's questions as the back office reads them (issue 33 item 3,
 * ADR 024): the booking screen and the schedule sheet's passenger list both show them, so this
 * sits below both features. Passengers are numbered 1…pax in the order adult, child, infant,
 * senior (`passengerTypes`); a required question not answered yet reads «Sin responder».
 */
import { answerText, formatDay, PAX_TYPE_NAMES, type TBookingAnswer, type TPaxType } from '@trayecto/shared';

export const UNANSWERED = 'Sin responder';

/** An answer in Spanish: «Sí»/«No», a date «lun, 9 mar 2026», a number with the decimal comma, the option. */
export function answerDisplay(a: Pick<TBookingAnswer, 'kind' | 'value'>): string {
  if (a.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(a.value)) return formatDay(a.value);
  if (a.kind === 'number') return a.value.replace('.', ',');
  return answerText(a);
}

/** «Pasajero 3 · Niño» (the type when known). */
export function passengerName(n: number, types?: readonly TPaxType[]): string {
  const t = types?.[n - 1];
  return t ? `Pasajero ${n} · ${PAX_TYPE_NAMES[t]}` : `Pasajero ${n}`;
}

/** A required question still unanswered, as a sheet or the booking screen knows it. */
export type TUnanswered = { question_id: string; passenger: number | null; label: string };

/** One question of a booking with its answers: once (booking) or per passenger; `text` null is «Sin responder». */
export type TAnswerGroup = {
  question_id: string;
  label: string;
  perPassenger: boolean;
  items: { passenger: number | null; text: string | null }[];
};

/**
 * The answers and the unanswered required questions of a booking, one group per question in the
 * order they come (the product's), each group's passengers in order: what a list shows compactly
 * («¿Sabe nadar?: P1 Sí · P2 Sin responder»).
 */
export function answerGroups(
  answers: readonly Pick<TBookingAnswer, 'question_id' | 'passenger' | 'label' | 'kind' | 'value'>[],
  unanswered: readonly TUnanswered[] = [],
): TAnswerGroup[] {
  const groups = new Map<string, TAnswerGroup>();
  const groupOf = (id: string, label: string, passenger: number | null) => {
    let g = groups.get(id);
    if (!g) {
      g = { question_id: id, label, perPassenger: passenger != null, items: [] };
      groups.set(id, g);
    }
    return g;
  };
  for (const a of answers)
    groupOf(a.question_id, a.label, a.passenger).items.push({ passenger: a.passenger, text: answerDisplay(a) });
  for (const u of unanswered)
    groupOf(u.question_id, u.label, u.passenger).items.push({ passenger: u.passenger, text: null });
  for (const g of groups.values()) g.items.sort((x, y) => (x.passenger ?? 0) - (y.passenger ?? 0));
  return [...groups.values()];
}
