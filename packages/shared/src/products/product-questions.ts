/**
 * Booking questions (issue 33 item 3, ADR 024): what a product asks when it is booked — once per
 * booking or once per passenger — and the rules of an answer. Zod-free (the public pages import it:
 * `@trayecto/shared/questions`); the zod schemas of the API are in product-questions.schema.ts.
 *
 * - A question has a stable `id` (uuid), a `scope` (`booking` | `passenger`), a `kind` (`text`,
 *   `number`, `date`, `yes_no`, `choice`), a `label` and an optional `help` in the operator's
 *   default language, `required`, and for a choice its `options` (their labels in the default
 *   language). `translations[lang]` holds the label, help and options in another language (options
 *   by position); a text missing there falls back to the default language, like the product's.
 * - An answer is text (`value`), as OCTO sends it: a number as `3.5`, a date as `YYYY-MM-DD`, yes/no
 *   as `yes`/`no`, a choice as the option's label in the operator's language (what the office and
 *   the crew read). The booking keeps each answer with the question's label at the time, so a sheet
 *   or a voucher still reads after the product's questions change.
 * - Passengers are numbered 1…pax_total in the order of PAX_TYPES (adults, children, infants,
 *   seniors): passenger 3 of 2 adults and 1 child is the child. OCTO's unit items follow that order.
 */
import { PAX_TYPES, type TPaxType } from '../common/catalog';

export const QUESTION_KINDS = ['text', 'number', 'date', 'yes_no', 'choice'] as const;
export type TQuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_SCOPES = ['booking', 'passenger'] as const;
export type TQuestionScope = (typeof QUESTION_SCOPES)[number];

/** Spanish names of the kinds and scopes (the back-office's). */
export const QUESTION_KIND_NAMES: Record<TQuestionKind, string> = {
  text: 'Texto',
  number: 'Número',
  date: 'Fecha',
  yes_no: 'Sí / No',
  choice: 'Una opción de una lista',
};
export const QUESTION_SCOPE_NAMES: Record<TQuestionScope, string> = {
  booking: 'Una vez por reserva',
  passenger: 'Por cada pasajero',
};

export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_OPTIONS = 30;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_HELP_MAX = 300;
export const QUESTION_OPTION_MAX = 100;
export const ANSWER_MAX = 500;
/** Most answers one booking carries (20 questions for 500 passengers would be 10 000: far beyond a real booking). */
export const MAX_ANSWERS = 2000;

export const YES = 'yes';
export const NO = 'no';

/** One question's texts in one language. */
export type TQuestionTexts = { label?: string; help?: string; options?: string[] };

/** A product's question as stored and answered by the API. */
export type TProductQuestion = {
  id: string;
  scope: TQuestionScope;
  kind: TQuestionKind;
  label: string;
  help: string;
  required: boolean;
  options: string[];
  translations: Partial<Record<string, TQuestionTexts>>;
};

/** One answer as a booking keeps it. `passenger` is 1…pax_total for a passenger's question, else null. */
export type TBookingAnswer = {
  question_id: string;
  passenger: number | null;
  /** The question's label (operator's language) when it was answered. */
  label: string;
  kind: TQuestionKind;
  value: string;
};

/** One answer as sent (staff, customer, channel): an empty value is no answer. */
export type TAnswerInput = { question_id: string; passenger?: number | null; value: string };

/** A question in one language, as a form shows it: choices as `{ value, label }`. */
export type TLocalizedQuestion = Omit<TProductQuestion, 'translations' | 'options'> & {
  options: { value: string; label: string }[];
};

/** A question's texts in `locale` (each missing text in the operator's language). */
export function localizeQuestion(q: TProductQuestion, locale?: string | null): TLocalizedQuestion {
  const t = (locale && q.translations?.[locale]) || {};
  return {
    id: q.id,
    scope: q.scope,
    kind: q.kind,
    required: q.required,
    label: t.label?.trim() ? t.label : q.label,
    help: t.help?.trim() ? t.help : q.help,
    options: q.options.map((value, k) => ({ value, label: t.options?.[k]?.trim() ? (t.options[k] as string) : value })),
  };
}

/** The pax type of each passenger, 1…pax_total in PAX_TYPES order (index 0 is passenger 1). */
export function passengerTypes(pax: Partial<Record<TPaxType, number | null | undefined>>): TPaxType[] {
  const out: TPaxType[] = [];
  for (const t of PAX_TYPES) for (let k = 0; k < (pax[t] ?? 0); k++) out.push(t);
  return out;
}

const NUMBER_RE = /^-?\d{1,12}([.,]\d{1,6})?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YES_WORDS = new Set(['yes', 'si', 'sí', 'true', 'ja', 'oui', '1']);
const NO_WORDS = new Set(['no', 'false', 'nein', 'non', 'nee', '0']);

function isRealDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Messages of a refused answer (Spanish; the public pages translate them: i18n/errors). */
export const ANSWER_MESSAGES = {
  required: 'Campo requerido',
  number: 'Número no válido',
  date: 'Fecha no válida (AAAA-MM-DD)',
  option: 'Opción no válida',
  tooLong: 'Texto demasiado largo',
  unknownQuestion: 'Pregunta no válida para esta excursión',
  passenger: 'Pasajero no válido',
} as const;

/**
 * An answer in its stored form, or the reason it is refused: numbers with a dot, yes/no as
 * `yes`/`no` (also `true`/`false`, `sí`…), a choice as its option in the operator's language (a
 * translated label or any letter case is accepted and stored as that option).
 */
export function normalizeAnswer(q: TProductQuestion, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  if (v.length > ANSWER_MAX) return { error: ANSWER_MESSAGES.tooLong };
  switch (q.kind) {
    case 'text':
      return { value: v };
    case 'number':
      return NUMBER_RE.test(v) ? { value: v.replace(',', '.') } : { error: ANSWER_MESSAGES.number };
    case 'date':
      return isRealDate(v) ? { value: v } : { error: ANSWER_MESSAGES.date };
    case 'yes_no': {
      const w = v.toLowerCase();
      if (YES_WORDS.has(w)) return { value: YES };
      if (NO_WORDS.has(w)) return { value: NO };
      return { error: ANSWER_MESSAGES.option };
    }
    case 'choice': {
      const w = v.toLocaleLowerCase('es');
      const found = q.options.findIndex((o) => o.toLocaleLowerCase('es') === w);
      if (found >= 0) return { value: q.options[found] };
      for (const t of Object.values(q.translations ?? {})) {
        const k = (t?.options ?? []).findIndex((o) => o.trim() && o.toLocaleLowerCase('es') === w);
        if (k >= 0 && q.options[k] !== undefined) return { value: q.options[k] };
      }
      return { error: ANSWER_MESSAGES.option };
    }
  }
}

/** The form field an answer's refusal is reported on: `answers.<question>` or `answers.<question>.<passenger>`. */
export const answerField = (questionId: string, passenger: number | null | undefined) =>
  passenger ? `answers.${questionId}.${passenger}` : `answers.${questionId}`;

export type AnswerCheck = {
  /** The answers to keep, in the order of the questions and passengers. */
  answers: TBookingAnswer[];
  /** Refusals by field (answerField), Spanish. */
  errors: Record<string, string[]>;
};

/**
 * Checks and normalises a booking's answers against its product's questions and its passengers.
 * `requireAll`: every required question must be answered (the customer and a channel's confirm);
 * staff may leave one for later. Answers to questions the product no longer asks are dropped when
 * `keep` holds them from before (an edit); sent, they are refused.
 */
export function checkAnswers(
  questions: TProductQuestion[],
  sent: TAnswerInput[],
  o: { paxTotal: number; requireAll: boolean },
): AnswerCheck {
  const errors: Record<string, string[]> = {};
  const byKey = new Map<string, string>();
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const a of sent) {
    const q = byId.get(a.question_id);
    const field = answerField(a.question_id, a.passenger);
    if (!q) {
      errors[field] = [ANSWER_MESSAGES.unknownQuestion];
      continue;
    }
    if (q.scope === 'booking' ? a.passenger != null : !(a.passenger && a.passenger >= 1 && a.passenger <= o.paxTotal)) {
      errors[field] = [ANSWER_MESSAGES.passenger];
      continue;
    }
    if (a.value.trim() === '') continue;
    const r = normalizeAnswer(q, a.value);
    if ('error' in r) errors[field] = [r.error];
    else byKey.set(field, r.value);
  }
  const answers: TBookingAnswer[] = [];
  for (const q of questions) {
    const slots = q.scope === 'booking' ? [null] : Array.from({ length: o.paxTotal }, (_, k) => k + 1);
    for (const p of slots) {
      const field = answerField(q.id, p);
      const value = byKey.get(field);
      if (value !== undefined) answers.push({ question_id: q.id, passenger: p, label: q.label, kind: q.kind, value });
      else if (q.required && o.requireAll && !errors[field]) errors[field] = [ANSWER_MESSAGES.required];
    }
  }
  return { answers, errors };
}

/** Required questions a booking has not answered (what the office sees as "sin responder"). */
export function missingAnswers(
  questions: TProductQuestion[],
  answers: Pick<TBookingAnswer, 'question_id' | 'passenger'>[],
  paxTotal: number,
): { question_id: string; passenger: number | null }[] {
  const have = new Set(answers.map((a) => answerField(a.question_id, a.passenger)));
  const out: { question_id: string; passenger: number | null }[] = [];
  for (const q of questions) {
    if (!q.required) continue;
    const slots = q.scope === 'booking' ? [null] : Array.from({ length: paxTotal }, (_, k) => k + 1);
    for (const p of slots) if (!have.has(answerField(q.id, p))) out.push({ question_id: q.id, passenger: p });
  }
  return out;
}

/** An answer as a person reads it in Spanish (`Sí`/`No`, dates as `lun, 22 nov 2026` are the caller's). */
export function answerText(
  a: Pick<TBookingAnswer, 'kind' | 'value'>,
  yesNo: { yes: string; no: string } = { yes: 'Sí', no: 'No' },
): string {
  if (a.kind === 'yes_no') return a.value === YES ? yesNo.yes : a.value === NO ? yesNo.no : a.value;
  return a.value;
}

/** Keeps the answers that still fit a booking of `paxTotal` passengers (after fewer passengers). */
export const answersWithin = (answers: TBookingAnswer[], paxTotal: number) =>
  answers.filter((a) => a.passenger == null || a.passenger <= paxTotal);
