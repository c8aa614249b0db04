/**
 * Booking questions on the public pages (issue 33 item 3, ADR 024): the slots a form asks (each
 * booking question once, each passenger question per passenger), the answers it sends, its own
 * check with the API's rules (`checkAnswers`, zod-free) and an answer as the customer reads it.
 *
 * The form keeps each answer by the person it belongs to (`<question>.<pax type>.<k>`: the k-th
 * adult…), not by passenger number: numbers follow PAX_TYPES order (adults, children, infants,
 * seniors), so adding an adult makes the child passenger 3 → 4, and the child's answers must move
 * with them. Element ids and errors use the API's field (`answers.<question>.<passenger>`), so a
 * server 422 lands on the same input. How an answer reads (the voucher's list) is answer-text.ts.
 */
import type { TPublicBooking, TPublicProduct } from '@trayecto/shared';
import type { TPaxType } from '@trayecto/shared/catalog';
import { answerField, checkAnswers, type TAnswerInput, type TProductQuestion } from '@trayecto/shared/questions';
import { translateError } from '../i18n';
// Types only: validation.ts loads zod/mini, which the voucher (answerText) must not.
import type { TFieldErrors } from './validation';

/** A question as the public API answers it, in the page's language. */
export type TPublicQuestion = TPublicProduct['questions'][number];

/** The form's answers by person (`slot.key`): '' or absent is no answer. */
export type TAnswerValues = Record<string, string>;

/** One input of the form: a question for the booking (`passenger` null) or for one passenger. */
export type TAnswerSlot = {
  question: TPublicQuestion;
  passenger: number | null;
  /** The passenger's type (null for the booking's). */
  type: TPaxType | null;
  /** The API's field: the input's id, and where its error is reported. */
  field: string;
  /** Where the form keeps the value: the question, and the passenger by type and rank. */
  key: string;
};

/** The booking questions, then per passenger its questions, in the order the form shows them. */
export function answerSlots(questions: readonly TPublicQuestion[], types: readonly TPaxType[]): TAnswerSlot[] {
  const slots: TAnswerSlot[] = questions
    .filter((q) => q.scope === 'booking')
    .map((q) => ({ question: q, passenger: null, type: null, field: answerField(q.id, null), key: q.id }));
  const perPassenger = questions.filter((q) => q.scope === 'passenger');
  const rank: Partial<Record<string, number>> = {};
  types.forEach((type, i) => {
    const k = (rank[type] ?? 0) + 1;
    rank[type] = k;
    for (const q of perPassenger)
      slots.push({ question: q, passenger: i + 1, type, field: answerField(q.id, i + 1), key: `${q.id}.${type}.${k}` });
  });
  return slots;
}

/** The fields of the slots, in the page's order (where focus goes first on an error). */
export const answerFields = (slots: readonly TAnswerSlot[]) => slots.map((s) => s.field);

/** A booking's stored answers as the form's values (each passenger's under its type and rank). */
export function valuesOfAnswers(
  answers: readonly Pick<TPublicBooking['answers'][number], 'question_id' | 'passenger' | 'value'>[],
  types: readonly TPaxType[],
): TAnswerValues {
  const keyOf = new Map<number, string>();
  const rank: Partial<Record<string, number>> = {};
  types.forEach((type, i) => {
    rank[type] = (rank[type] ?? 0) + 1;
    keyOf.set(i + 1, `${type}.${rank[type]}`);
  });
  const values: TAnswerValues = {};
  for (const a of answers) {
    if (a.passenger == null) values[a.question_id] = a.value;
    else if (keyOf.has(a.passenger)) values[`${a.question_id}.${keyOf.get(a.passenger)}`] = a.value;
  }
  return values;
}

/** What is sent (`answers` of the API): every slot answered, by passenger number. */
export function answersToSend(slots: readonly TAnswerSlot[], values: TAnswerValues): TAnswerInput[] {
  const out: TAnswerInput[] = [];
  for (const s of slots) {
    const value = (values[s.key] ?? '').trim();
    if (value) out.push({ question_id: s.question.id, passenger: s.passenger, value });
  }
  return out;
}

/** The question with the shape of the shared rules (its options by their value, the operator's). */
const asRule = (q: TPublicQuestion): TProductQuestion => ({
  ...q,
  options: q.options.map((o) => o.value),
  translations: {},
});

/**
 * The form's check before sending, with the API's own rules (every required question answered, a
 * number, a date, an option): one message per field, in the page's language.
 */
export function checkFormAnswers(
  questions: readonly TPublicQuestion[],
  slots: readonly TAnswerSlot[],
  values: TAnswerValues,
  paxTotal: number,
): TFieldErrors {
  const { errors } = checkAnswers(questions.map(asRule), answersToSend(slots, values), { paxTotal, requireAll: true });
  const out: TFieldErrors = {};
  // The shared rules' Spanish messages in the page's language (as validation.ts's fieldMessage).
  for (const [field, messages] of Object.entries(errors))
    if (messages[0]) out[field] = translateError(messages[0], 'VALIDATION');
  return out;
}

/** Whether two sets of answers say the same (what the customer changed, on their booking's page). */
export function sameAnswers(a: TAnswerInput[], b: TAnswerInput[]): boolean {
  const text = (list: TAnswerInput[]) =>
    list
      .map((x) => `${x.question_id}|${x.passenger ?? ''}|${x.value.trim()}`)
      .sort()
      .join('\n');
  return text(a) === text(b);
}
