/** How product values read in Spanish: the screens and the API's CSV export (STYLE.md "Formats"). */
import { LANGUAGE_NAMES, PRODUCT_STATE_NAMES, type TLanguage, type TProductState } from '../common/catalog';

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
