/**
 * The product's booking questions in the form (issue 33 item 3, ADR 024): each question and each
 * option of a choice carries its own translations, so moving or removing an option moves or removes
 * its translations with it (the API keeps a choice's translated options by position). Converted
 * from the stored questions, into the request's `questions`, and measured for the translations'
 * completeness.
 */
import {
  PUBLIC_LOCALES,
  type TProductQuestion,
  type TProductQuestionInput,
  type TPublicLocale,
  type TQuestionKind,
  type TQuestionScope,
  type TQuestionTexts,
} from '@trayecto/shared';

export type TQuestionOptionValues = {
  key: string;
  /** The option in the operator's default language. */
  text: string;
  /** The option in each other language ('' = not translated: the default language's is shown). */
  translations: Record<TPublicLocale, string>;
};

/** A question's label and help in one language ('' = not translated). */
export type TQuestionTranslationValues = { label: string; help: string };

export type TQuestionValues = {
  key: string;
  /** The stored question's id, sent back to keep it (and its answers); null for a new question. */
  id: string | null;
  scope: TQuestionScope;
  kind: TQuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** A choice's options. Kept while another kind is chosen (not sent), so switching back restores them. */
  options: TQuestionOptionValues[];
  translations: Record<TPublicLocale, TQuestionTranslationValues>;
};

/** At least this many options for a choice (the shared schema's rule). */
export const MIN_QUESTION_OPTIONS = 2;

let keySeq = 0;
const questionKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

const perLocale = <T>(make: (locale: TPublicLocale) => T) =>
  Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, make(l)])) as Record<TPublicLocale, T>;

export function newQuestionOption(text = ''): TQuestionOptionValues {
  return { key: questionKey('option'), text, translations: perLocale(() => '') };
}

/** A new question: asked once per booking, free text, optional. */
export function newQuestion(): TQuestionValues {
  return {
    key: questionKey('question'),
    id: null,
    scope: 'booking',
    kind: 'text',
    label: '',
    help: '',
    required: false,
    options: [],
    translations: perLocale(() => ({ label: '', help: '' })),
  };
}

/** The options a question shows once it is a choice: two empty ones to fill when it has fewer. */
export function optionsForChoice(options: readonly TQuestionOptionValues[]): TQuestionOptionValues[] {
  const out = [...options];
  while (out.length < MIN_QUESTION_OPTIONS) out.push(newQuestionOption());
  return out;
}

/** The stored questions → the form's (every language present, '' where nothing is written). */
export function questionValuesFrom(stored: readonly TProductQuestion[] | null | undefined): TQuestionValues[] {
  return (stored ?? []).map((q) => {
    const texts = (l: TPublicLocale): TQuestionTexts => q.translations?.[l] ?? {};
    return {
      key: questionKey('question'),
      id: q.id,
      scope: q.scope,
      kind: q.kind,
      label: q.label,
      help: q.help ?? '',
      required: q.required,
      options: (q.options ?? []).map((text, k) => ({
        key: questionKey('option'),
        text,
        translations: perLocale((l) => texts(l).options?.[k] ?? ''),
      })),
      translations: perLocale((l) => ({ label: texts(l).label ?? '', help: texts(l).help ?? '' })),
    };
  });
}

/**
 * The request's `questions`: in order, each stored one with its `id` (a new one without), a choice
 * with its options, and per language only what is written (options by position, '' where one is
 * not translated).
 */
export function questionsPayload(questions: readonly TQuestionValues[]): TProductQuestionInput[] {
  return questions.map((q) => {
    const isChoice = q.kind === 'choice';
    const translations: NonNullable<TProductQuestionInput['translations']> = {};
    for (const locale of PUBLIC_LOCALES) {
      const t = q.translations[locale];
      const texts: TQuestionTexts = {};
      if (t.label.trim()) texts.label = t.label.trim();
      if (t.help.trim()) texts.help = t.help.trim();
      const options = isChoice ? q.options.map((o) => o.translations[locale].trim()) : [];
      if (options.some(Boolean)) texts.options = options;
      if (Object.keys(texts).length > 0) translations[locale] = texts;
    }
    return {
      ...(q.id ? { id: q.id } : {}),
      scope: q.scope,
      kind: q.kind,
      label: q.label.trim(),
      help: q.help.trim(),
      required: q.required,
      ...(isChoice ? { options: q.options.map((o) => o.text.trim()) } : {}),
      translations,
    };
  });
}

/**
 * How much of the questions is translated into `locale`, counted like the product's texts: each
 * question's label, its help when it has one, and a choice's options as one text (done once every
 * option is translated: a half-translated list reads in two languages).
 */
export function questionsTranslationProgress(
  questions: readonly TQuestionValues[],
  locale: TPublicLocale,
): { done: number; total: number } {
  let done = 0;
  let total = 0;
  const count = (base: string, translated: boolean) => {
    if (!base.trim()) return;
    total++;
    if (translated) done++;
  };
  for (const q of questions) {
    const t = q.translations[locale];
    count(q.label, Boolean(t.label.trim()));
    count(q.help, Boolean(t.help.trim()));
    if (q.kind === 'choice') {
      const withText = q.options.filter((o) => o.text.trim());
      count(
        withText.length ? 'options' : '',
        withText.every((o) => o.translations[locale].trim()),
      );
    }
  }
  return { done, total };
}
