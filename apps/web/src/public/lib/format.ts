/**
 * es-ES formats of the public pages (STYLE.md "Formats"): `lun, 22 nov 2026` (formatDay) and
 * `1.234,50 €` (formatCents) from the shared, zod-free subpaths, 24-hour times, Spanish plurals
 * and the public pages' own sentences (free cancellation, tour languages).
 */
import { LANGUAGE_NAMES } from '@trayecto/shared/catalog';
import { parseDay } from '@trayecto/shared/dates';
import { plural } from '@trayecto/shared/format';

export { formatDay } from '@trayecto/shared/dates';
export { formatCents, plural } from '@trayecto/shared/format';

const longDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const monthTitle = new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "2026-11-22" → "domingo, 22 de noviembre de 2026" */
export function formatDateLong(iso: string): string {
  const d = parseDay(iso);
  return d ? longDate.format(d) : '';
}

/** "2026-11" → "Noviembre de 2026" */
export function formatMonth(month: string): string {
  const d = parseDay(`${month}-01`);
  const s = d ? monthTitle.format(d) : '';
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An instant in the operator's zone (its page's `operator.timezone`): "lun, 22 nov 2026, 09:00". */
export function formatInstant(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const wd = get('weekday').replace('.', '');
  const mo = get('month').replace('.', '');
  return `${wd}, ${get('day')} ${mo} ${get('year')}, ${get('hour')}:${get('minute')}`;
}

/** 480 → "8 h", 210 → "3 h 30 min", 45 → "45 min", 1440 → "1 día" */
export function formatDuration(minutes: number): string {
  if (minutes <= 0) return '';
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'día', 'días');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Ages of a tariff: "de 3 a 11 años", "desde 12 años", "hasta 2 años", or "". */
export function formatAges(minAge: number | null, maxAge: number | null): string {
  if (minAge !== null && maxAge !== null) return `de ${minAge} a ${plural(maxAge, 'año', 'años')}`;
  if (minAge !== null) return `desde ${plural(minAge, 'año', 'años')}`;
  if (maxAge !== null) return `hasta ${plural(maxAge, 'año', 'años')}`;
  return '';
}

/** "quedan 3 plazas" / "queda 1 plaza" */
export function seatsLeftText(n: number): string {
  return n === 1 ? 'queda 1 plaza' : `quedan ${plural(n, 'plaza', 'plazas')}`;
}

/** A product's free-cancellation rule as the landing, the booking form and the booking page say it. */
export function freeCancellationText(hours: number): string {
  if (hours <= 0) return 'Esta excursión no admite cancelación gratuita.';
  return hours >= 72 && hours % 24 === 0
    ? `Cancelación gratuita hasta ${plural(hours / 24, 'día', 'días')} antes de la salida.`
    : `Cancelación gratuita hasta ${plural(hours, 'hora', 'horas')} antes de la salida.`;
}

/** Tour languages by their Spanish names: ['es', 'en'] → "Español, Inglés" (unknown codes upper-cased). */
export const languagesText = (codes: string[]) =>
  codes.map((c) => LANGUAGE_NAMES[c as keyof typeof LANGUAGE_NAMES] ?? c.toUpperCase()).join(', ');
