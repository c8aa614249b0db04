/**
 * A product's booking questions as stored (issue 33 item 3, ADR 024): the list the form sent, each
 * with its id (a new one gets one), `required` and `help` filled in, options only for a choice, and
 * translations with only what is written (an empty text or option falls back to the default language).
 */
import { randomUUID } from 'node:crypto';
import type { TProductQuestion, TProductQuestionInput, TQuestionTexts } from '@trayecto/shared';

function textsOf(t: TQuestionTexts | undefined, kind: TProductQuestion['kind']): TQuestionTexts | undefined {
  if (!t) return undefined;
  const out: TQuestionTexts = {};
  if (t.label?.trim()) out.label = t.label.trim();
  if (t.help?.trim()) out.help = t.help.trim();
  if (kind === 'choice' && t.options?.some((o) => o.trim())) out.options = t.options.map((o) => o.trim());
  return Object.keys(out).length > 0 ? out : undefined;
}

export function storedQuestions(input: TProductQuestionInput[]): TProductQuestion[] {
  return input.map((q) => {
    const translations: TProductQuestion['translations'] = {};
    for (const [locale, t] of Object.entries(q.translations ?? {})) {
      const texts = textsOf(t, q.kind);
      if (texts) translations[locale] = texts;
    }
    return {
      id: q.id ?? randomUUID(),
      scope: q.scope,
      kind: q.kind,
      label: q.label.trim(),
      help: (q.help ?? '').trim(),
      required: q.required ?? false,
      options: q.kind === 'choice' ? (q.options ?? []).map((o) => o.trim()) : [],
      translations,
    };
  });
}
