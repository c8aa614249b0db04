/** How product values read in Spanish: the screens and the API's CSV export (STYLE.md "Formats"). */
import { LANGUAGE_NAMES, PRODUCT_STATE_NAMES, type TLanguage, type TProductState } from '../common/catalog';
import { PRODUCT_TRANSLATABLE_FIELDS, type TProductTranslatableField } from './products.schema';

/** 480 → "8 h", 210 → "3 h 30 min", 45 → "45 min", 0 → "" */
export function formatDuration(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "es" → "Español"; an unknown code in capitals. */
export const languageName = (code: string) => LANGUAGE_NAMES[code as TLanguage] ?? code.toUpperCase();

/** ['es', 'en'] → "Español, Inglés" */
export function formatLanguages(codes: readonly string[] | null | undefined): string {
  return (codes ?? []).map(languageName).join(', ');
}

export const productStateName = (state: string) => PRODUCT_STATE_NAMES[state as TProductState] ?? state;

/** The texts of a product a translation is measured against: the base fields, by their API names. */
export type TTranslatableTexts = Partial<Record<TProductTranslatableField, string | readonly string[] | undefined>>;

/**
 * Whether a text says something: a list with a non-blank item, or a text with more than tags and
 * spaces ("<p></p>" from an emptied editor says nothing).
 */
export function hasText(value: string | readonly string[] | null | undefined): boolean {
  if (Array.isArray(value)) return value.some((item) => hasText(item));
  if (typeof value !== 'string') return false;
  return (
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() !== ''
  );
}

/** How much of a product is translated into one language (issue 15: the form's indicator). */
export type TTranslationProgress = {
  /** Texts with a base text that this language translates. */
  done: number;
  /** Texts with a base text: an empty base field needs no translation. */
  total: number;
  /** The base texts still without a translation, in form order. */
  missing: TProductTranslatableField[];
};

/**
 * The completeness of one language: of the fields with a base text, how many have a translation
 * (a list counts once it has an item: the translated list replaces the original whole on the
 * public pages). Fields translated whose base is empty count for nothing.
 */
export function translationProgress(
  base: TTranslatableTexts,
  translation: TTranslatableTexts | null | undefined,
): TTranslationProgress {
  const missing: TProductTranslatableField[] = [];
  let total = 0;
  for (const field of PRODUCT_TRANSLATABLE_FIELDS) {
    if (!hasText(base[field])) continue;
    total++;
    if (!hasText(translation?.[field])) missing.push(field);
  }
  return { done: total - missing.length, total, missing };
}

/** "Alemán 6/9": a language's progress in a tab or a summary. */
export const formatTranslationProgress = (locale: string, p: Pick<TTranslationProgress, 'done' | 'total'>) =>
  `${languageName(locale)} ${p.done}/${p.total}`;

/** The accessible name of a language's progress: "Traducción al alemán: 6 de 9 textos". */
export function translationProgressLabel(locale: string, p: Pick<TTranslationProgress, 'done' | 'total'>): string {
  const into = `Traducción al ${languageName(locale).toLocaleLowerCase('es')}`;
  if (p.total === 0) return `${into}: no hay textos que traducir`;
  return `${into}: ${p.done} de ${p.total} ${p.total === 1 ? 'texto' : 'textos'}`;
}
