/** How product values read in Spanish (STYLE.md "Formats"). */
import { formatCents, PAX_TYPE_NAMES, type TPaxType } from '@trayecto/shared';

// Shared with the API's CSV export (@trayecto/shared, products/product-format.ts).
export { formatDuration, formatLanguages, languageName, productStateName } from '@trayecto/shared';

/** 4500 → "45,00 €"; null → "" */
export function formatPrice(cents: number | null | undefined, currency = 'EUR'): string {
  return cents === null || cents === undefined ? '' : formatCents(cents, currency);
}

export const paxTypeName = (t: string) => PAX_TYPE_NAMES[t as TPaxType] ?? t;

/** One colour per state, used everywhere (STYLE.md "Tables"): Borrador amarillo, Activo verde, Inactivo gris. */
export const PRODUCT_STATE_COLORS: Record<string, string> = {
  draft: 'yellow',
  active: 'green',
  inactive: 'gray',
};

/** Weekdays as the API counts them (1 = Monday … 7 = Sunday), with the Spanish one-letter names. */
export const WEEKDAYS = [
  { value: 1, short: 'L', name: 'lunes' },
  { value: 2, short: 'M', name: 'martes' },
  { value: 3, short: 'X', name: 'miércoles' },
  { value: 4, short: 'J', name: 'jueves' },
  { value: 5, short: 'V', name: 'viernes' },
  { value: 6, short: 'S', name: 'sábado' },
  { value: 7, short: 'D', name: 'domingo' },
] as const;

/** [1,2,3,4,5] → "L–V"; [1,3,5] → "L, X, V"; all → "Todos los días" */
export function formatWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Todos los días';
  if (sorted.length === 0) return '';
  const letter = (d: number) => WEEKDAYS[d - 1]?.short ?? String(d);
  const consecutive = sorted.every((d, i) => i === 0 || d === (sorted[i - 1] ?? 0) + 1);
  if (consecutive && sorted.length >= 3) return `${letter(sorted[0] ?? 1)}–${letter(sorted[sorted.length - 1] ?? 7)}`;
  return sorted.map(letter).join(', ');
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFmt = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFmt = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function utcDay(iso: string | null | undefined): Date | null {
  const m = iso ? DAY_RE.exec(iso) : null;
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2026-11-22" → "dom, 22 nov 2026" (a calendar date: no time zone can shift it). */
export function formatDay(iso: string | null | undefined): string {
  const d = utcDay(iso);
  return d ? dayFmt.format(d).replace(/\./g, '') : '';
}

/** "2026-11-22" → "22 nov" */
export function formatShortDay(iso: string | null | undefined): string {
  const d = utcDay(iso);
  return d ? shortDayFmt.format(d).replace(/\./g, '') : '';
}
