/**
 * A product's texts in other languages as they are stored (issue 15): what a request sends is
 * cleaned (the description sanitised like the base one, empty texts dropped) and merged into the
 * stored map language by language.
 */
import { hasText, PRODUCT_TRANSLATABLE_FIELDS, type TProductTranslations } from '@trayecto/shared';
import type { ProductTranslation, ProductTranslations } from '../../db/schema';
import { sanitizeRichText } from './rich-text';

/**
 * One language's texts as stored: the description sanitised; empty texts and empty lists mean
 * "not translated" and are left out (so a language with nothing written is `{}`).
 */
export function cleanTranslation(sent: ProductTranslation): ProductTranslation {
  const out: Record<string, string | string[]> = {};
  for (const field of PRODUCT_TRANSLATABLE_FIELDS) {
    let value = sent[field];
    if (value === undefined) continue;
    if (field === 'description' && typeof value === 'string') value = sanitizeRichText(value);
    if (Array.isArray(value)) value = value.map((item) => item.trim()).filter((item) => item !== '');
    else value = value.trim();
    if (hasText(value)) out[field] = value;
  }
  return out as ProductTranslation;
}

/**
 * The stored translations after a request: each language sent replaces the stored one whole, a
 * language sent with nothing written is removed, the languages not sent stay as they were.
 */
export function mergeTranslations(
  stored: ProductTranslations | null | undefined,
  sent: TProductTranslations | undefined,
): ProductTranslations {
  const out: ProductTranslations = { ...(stored ?? {}) };
  for (const [locale, texts] of Object.entries(sent ?? {})) {
    const clean = cleanTranslation(texts ?? {});
    if (Object.keys(clean).length > 0) out[locale] = clean;
    else delete out[locale];
  }
  return out;
}
