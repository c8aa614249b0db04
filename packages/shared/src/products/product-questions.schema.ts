/**
 * The contract of booking questions (issue 33 item 3, ADR 024): a product's `questions` and a
 * booking's `answers`. The rules without zod are in product-questions.ts.
 */
import { z } from 'zod';
import { zEnum, zInt, zOptionalText, zRequired, zText, zUuid } from '../common/validation';
import { zPerLocale } from '../tour-operators/tour-operators.schema';
import {
  ANSWER_MAX,
  MAX_ANSWERS,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  QUESTION_HELP_MAX,
  QUESTION_KINDS,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_SCOPES,
} from './product-questions';

const unique = (list: string[]) => new Set(list.map((s) => s.trim().toLocaleLowerCase('es'))).size === list.length;

/** A question's texts in another language; options by position (an empty one falls back). */
const ZQuestionTranslation = z.object({
  label: zOptionalText(QUESTION_LABEL_MAX),
  help: zOptionalText(QUESTION_HELP_MAX),
  options: z.array(zText(QUESTION_OPTION_MAX)).max(MAX_QUESTION_OPTIONS).optional(),
});

/** One question as staff send it (the product form). Without `id` it is new; with one, it keeps its answers. */
export const ZProductQuestion = z
  .object({
    id: zUuid().optional(),
    scope: zEnum(QUESTION_SCOPES),
    kind: zEnum(QUESTION_KINDS),
    label: zRequired(QUESTION_LABEL_MAX),
    help: zOptionalText(QUESTION_HELP_MAX),
    required: z.boolean().optional(),
    /** A choice's options in the operator's language (2–30, none twice); other kinds send none. */
    options: z.array(zRequired(QUESTION_OPTION_MAX)).max(MAX_QUESTION_OPTIONS).optional(),
    translations: zPerLocale(ZQuestionTranslation).optional(),
  })
  .superRefine((q, ctx) => {
    const options = q.options ?? [];
    if (q.kind === 'choice') {
      if (options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Añade al menos dos opciones' });
      else if (!unique(options)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Opciones repetidas' });
    } else if (options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Solo una pregunta de opciones tiene opciones' });
    }
  });
export type TProductQuestionInput = z.infer<typeof ZProductQuestion>;

/** A product's questions (a list sent replaces the stored one; ids not sent again are removed). */
export const zProductQuestions = () =>
  z
    .array(ZProductQuestion)
    .max(MAX_QUESTIONS, `Como máximo ${MAX_QUESTIONS} preguntas`)
    .refine((l) => {
      const ids = l.map((q) => q.id).filter(Boolean) as string[];
      return new Set(ids).size === ids.length;
    }, 'Preguntas repetidas')
    .meta({ description: `Lo que se pregunta al reservar (como máximo ${MAX_QUESTIONS}), en orden.` });

const ZQuestionTextsOut = z.object({
  label: z.string().optional(),
  help: z.string().optional(),
  options: z.array(z.string()).optional(),
});

/** A product's question as the staff API answers it. */
export const ZProductQuestionOut = z.object({
  id: z.string(),
  scope: z.enum(QUESTION_SCOPES),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  translations: z.record(z.string(), ZQuestionTextsOut),
});

/** A question as the public API answers it: in the page's language, choices as `{ value, label }`. */
export const ZPublicQuestionOut = z.object({
  id: z.string(),
  scope: z.enum(QUESTION_SCOPES),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});

/** One answer as sent: `passenger` (1…pax) for a passenger's question; an empty `value` is no answer. */
export const ZAnswerInput = z.object({
  question_id: zUuid(),
  passenger: zInt(1, 500).nullable().optional(),
  value: zText(ANSWER_MAX),
});

/** A booking's answers as sent: they replace the stored ones. */
export const zAnswersInput = () =>
  z.array(ZAnswerInput).max(MAX_ANSWERS).meta({
    description:
      'Las respuestas a las preguntas del producto (sustituyen a las guardadas). Un número con punto, una fecha AAAA-MM-DD, sí/no como yes/no, una opción como su texto.',
  });

/** One answer as the API answers it. */
export const ZBookingAnswerOut = z.object({
  question_id: z.string(),
  passenger: z.number().int().nullable(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  value: z.string(),
});
