/**
 * es-ES formats of the public pages (STYLE.md "Formats"): `lun, 22 nov 2026`, 24-hour times,
 * `1.234,50 €` (formatCents from the shared, zod-free subpath) and Spanish plurals.
 */
import { plural } from '@trayecto/shared/format';

export { formatCents, plural } from '@trayecto/shared/format';

/** "2026-11-22" → a Date at UTC midnight (calendar dates never shift with the viewer's zone). */
export function dateOf(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
}

const shortDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const monthTitle = new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "2026-11-22" → "dom, 22 nov 2026" */
export function formatDate(iso: string): string {
  return shortDate.format(dateOf(iso)).replace(/\.(?=\s|,|$)/g, '');
}

/** "2026-11-22" → "domingo, 22 de noviembre de 2026" */
export function formatDateLong(iso: string): string {
  return longDate.format(dateOf(iso));
}

/** (2026, 11) → "Noviembre de 2026" */
export function formatMonth(year: number, month: number): string {
  const s = monthTitle.format(new Date(Date.UTC(year, month - 1, 1)));
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** An instant in the operator's zone: "lun, 22 nov 2026, 09:00". */
export function formatInstant(iso: string, timeZone = 'Europe/Madrid'): string {
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
