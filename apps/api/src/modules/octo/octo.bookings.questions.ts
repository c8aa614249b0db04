/**
 * A reseller's answers to the product's questions (octo/questions, ADR 024) on a reserve, a confirm
 * or a PATCH, merged with the booking's and checked by the shared rules, for octo.bookings.ts.
 */
import {
  ANSWER_MESSAGES,
  checkAnswers,
  PAX_TYPES,
  type TAnswerInput,
  type TBookingAnswer,
  type TPaxType,
} from '@trayecto/shared';
import type { ProductRow } from '../products/products.mapper';
import { unprocessable } from './octo.errors';
import type { TOctoQuestionAnswerInput } from './octo.schemas';

/** The English of the shared answer refusals (the OCTO API speaks Spanish and English). */
const ANSWER_MESSAGES_EN: Record<string, string> = {
  [ANSWER_MESSAGES.required]: 'required',
  [ANSWER_MESSAGES.number]: 'not a number (e.g. 3.5)',
  [ANSWER_MESSAGES.date]: 'not a date (YYYY-MM-DD)',
  [ANSWER_MESSAGES.option]: 'not one of its selectOptions values',
  [ANSWER_MESSAGES.tooLong]: 'too long (500 characters at most)',
  [ANSWER_MESSAGES.unknownQuestion]: 'not a question of this product',
  [ANSWER_MESSAGES.passenger]: 'not a question of this unit item',
};

export type QuestionsBody = {
  questionAnswers?: TOctoQuestionAnswerInput[];
  unitItems?: { unitId: string; questionAnswers?: TOctoQuestionAnswerInput[] }[];
};

/**
 * The passenger number of each unit item of a request: unit items are passengers numbered in the
 * order adults, children, infants, seniors (as the booking answers them), keeping the request's
 * order within a unit.
 */
function passengerNumbers(items: { unitId: string }[]): number[] {
  const rank = (t: string) => {
    const k = PAX_TYPES.indexOf(t as TPaxType);
    return k < 0 ? PAX_TYPES.length : k;
  };
  const order = items
    .map((item, index) => ({ index, rank: rank(item.unitId) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const out: number[] = [];
  order.forEach((o, k) => {
    out[o.index] = k + 1;
  });
  return out;
}

/** Whether a request sends answers (on the booking or on a unit item). */
export const hasAnswers = (body: QuestionsBody) =>
  body.questionAnswers !== undefined || (body.unitItems ?? []).some((i) => i.questionAnswers !== undefined);

/**
 * The booking's answers after a request (reserve, confirm, PATCH): those it sends replace the same
 * question's (of the booking, or of a unit item's passenger) and a null or empty value clears one;
 * the others stay. Undefined when it sends none. A questionId the product does not ask there is
 * UNPROCESSABLE_ENTITY; so is an answer that breaks its question's rule, or (`requireAll`) a
 * required question left unanswered — each named by its label and where it is (`unitItems[2]`).
 */
export function answersOf(
  product: ProductRow,
  body: QuestionsBody,
  stored: TBookingAnswer[],
  o: { paxTotal: number; requireAll: boolean },
): TAnswerInput[] | undefined {
  const items = body.unitItems ?? [];
  const sends = body.questionAnswers !== undefined || items.some((i) => i.questionAnswers !== undefined);
  if (!sends && !o.requireAll) return undefined;
  const questions = product.questions ?? [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const merged = new Map<string, TAnswerInput>();
  const key = (questionId: string, passenger: number | null) => `${questionId}:${passenger ?? ''}`;
  for (const a of stored ?? [])
    merged.set(key(a.question_id, a.passenger), { question_id: a.question_id, passenger: a.passenger, value: a.value });
  const put = (a: TOctoQuestionAnswerInput, passenger: number | null) => {
    const q = byId.get(a.questionId.toLowerCase());
    if (!q || (q.scope === 'booking') !== (passenger === null))
      throw unprocessable('unknownQuestion', { questionId: a.questionId });
    const value = a.value?.trim() ?? '';
    if (value) merged.set(key(q.id, passenger), { question_id: q.id, passenger, value });
    else merged.delete(key(q.id, passenger));
  };
  for (const a of body.questionAnswers ?? []) put(a, null);
  const numbers = passengerNumbers(items);
  items.forEach((item, index) => {
    for (const a of item.questionAnswers ?? []) put(a, numbers[index] ?? null);
  });
  const answers = [...merged.values()].filter((a) => byId.has(a.question_id));
  const { errors } = checkAnswers(questions, answers, o);
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    const where = (field: string) => {
      const [, questionId, n] = field.split('.');
      const label = byId.get(questionId)?.label ?? questionId;
      if (!n) return `«${label}»`;
      // Where the request sent unit items, their place in it; else the booking's (the same numbering).
      const index = items.length > 0 ? numbers.indexOf(Number(n)) : Number(n) - 1;
      return `«${label}» (unitItems[${index}])`;
    };
    const details = (en: boolean) =>
      problems.map(([f, m]) => `${where(f)}: ${en ? (ANSWER_MESSAGES_EN[m[0]] ?? m[0]) : m[0]}`).join('; ');
    throw unprocessable('invalidAnswers', { detailsEs: details(false), detailsEn: details(true) });
  }
  // Answers to questions the product no longer asks are not the reseller's to send: the bookings
  // module keeps them as they are (ADR 024).
  return answers;
}
