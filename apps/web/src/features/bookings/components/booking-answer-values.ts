/**
 * The booking form's answers to its product's questions (issue 33 item 3, ADR 024): one text per
 * field, keyed as the API reports a refusal (`answers.<question>` or `answers.<question>.<passenger>`,
 * answerField), so a 422 lands on its input. Values are kept as the API stores them (a number with a
 * dot, a date YYYY-MM-DD, yes/no as `yes`/`no`, a choice as its option); an empty one is no answer.
 */
import {
  answerField,
  checkAnswers,
  missingAnswers,
  type TAnswerInput,
  type TBookingAnswer,
  type TProductQuestion,
} from '@trayecto/shared';

/** Field → value. */
export type TAnswerValues = Record<string, string>;

/** The form's answers from a booking's stored ones. */
export function answerValuesOf(answers: readonly Pick<TBookingAnswer, 'question_id' | 'passenger' | 'value'>[] = []) {
  const out: TAnswerValues = {};
  for (const a of answers) out[answerField(a.question_id, a.passenger)] = a.value;
  return out;
}

/** The fields a product's questions ask for `paxTotal` passengers, in page order. */
export function answerSlots(questions: readonly TProductQuestion[], paxTotal: number) {
  return questions.flatMap((q) =>
    q.scope === 'booking'
      ? [{ question: q, passenger: null as number | null }]
      : Array.from({ length: paxTotal }, (_, k) => ({ question: q, passenger: (k + 1) as number | null })),
  );
}

/** The answers to send: those given to the questions asked, for the passengers there are. */
export function answersPayload(
  values: TAnswerValues,
  questions: readonly TProductQuestion[],
  paxTotal: number,
): TAnswerInput[] {
  return answerSlots(questions, paxTotal).flatMap(({ question, passenger }) => {
    const value = (values[answerField(question.id, passenger)] ?? '').trim();
    if (!value) return [];
    return [passenger === null ? { question_id: question.id, value } : { question_id: question.id, passenger, value }];
  });
}

/** The shared rules' refusals (staff may leave a required question for later): field → message. */
export function answerErrors(values: TAnswerValues, questions: readonly TProductQuestion[], paxTotal: number) {
  const { errors } = checkAnswers([...questions], answersPayload(values, questions, paxTotal), {
    paxTotal,
    requireAll: false,
  });
  return Object.fromEntries(Object.entries(errors).map(([k, msgs]) => [k, msgs[0] ?? '']));
}

/** Required questions without an answer in the form (what «Sin responder» counts). */
export function unansweredFields(values: TAnswerValues, questions: readonly TProductQuestion[], paxTotal: number) {
  const given = answersPayload(values, questions, paxTotal).map((a) => ({
    question_id: a.question_id,
    passenger: a.passenger ?? null,
  }));
  return missingAnswers([...questions], given, paxTotal).map((m) => answerField(m.question_id, m.passenger));
}

/** Stored answers to questions the product no longer asks: shown read-only with their label then. */
export function orphanAnswers(answers: readonly TBookingAnswer[] | undefined, questions: readonly TProductQuestion[]) {
  const asked = new Set(questions.map((q) => q.id));
  return (answers ?? []).filter((a) => !asked.has(a.question_id));
}
