/**
 * Calendar dates (YYYY-MM-DD, no time, no zone) as people read them (STYLE.md "Formats":
 * "lun, 22 nov 2026"), and the small date arithmetic the resource screens need (expiry warnings,
 * "not available today").
 */
import type { DateFormatter } from '@mantine/dates';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// A calendar date is read as UTC midnight and formatted in UTC, so no zone shifts it by a day.
const dayFmt = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-23" → Date at UTC midnight, or null when it is not a real calendar date. */
export function parseDay(value: string | null | undefined): Date | null {
  const m = value ? DAY_RE.exec(value.slice(0, 10)) : null;
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value?.slice(0, 10) ? d : null;
}

/** "2026-11-23" → "lun, 23 nov 2026"; '' for an empty or invalid value. */
export function formatDay(value: string | null | undefined): string {
  const d = parseDay(value);
  return d ? dayFmt.format(d).replace(/\./g, '') : '';
}

/** Today's calendar date (YYYY-MM-DD) in the browser's zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return null;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** Whether the inclusive period [from, to] covers `day`. */
export function periodCovers(period: { from: string; to: string }, day: string): boolean {
  return period.from <= day && day <= period.to;
}

/** Mantine date inputs show their value in the same "lun, 23 nov 2026" format. */
export const dayValueFormatter: DateFormatter = ({ date }) => {
  if (Array.isArray(date)) return date.map((d) => formatDay(toIso(d))).join(' – ');
  return formatDay(toIso(date));
};

function toIso(d: unknown): string {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  if (d instanceof Date) return todayIso(d);
  return '';
}
