/**
 * Calendar dates (YYYY-MM-DD, no time, no zone) as people read them (STYLE.md "Formats":
 * "lun, 22 nov 2026"), and the small date arithmetic the resource screens need (expiry warnings,
 * "not available today").
 */
import type { DateFormatter } from '@mantine/dates';
import {
  daysBetween as daysFromTo,
  formatDay,
  isCalendarDate,
  todayIn,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { getViewerZone } from './time-zone';

// The day arithmetic and the "lun, 23 nov 2026" format are packages/shared's (common/dates.ts).
export { formatDay, parseDay } from '@trayecto/shared';

/**
 * Today's calendar date (YYYY-MM-DD) for the signed-in user: in their tour operator's time zone
 * (lib/time-zone.ts), never the browser's. A record of another operator (the administrator's
 * views) uses `useTimes(record.timezone).today()`.
 */
export function todayIso(now = new Date()): string {
  return todayIn(getViewerZone(), now);
}

/**
 * The start of a calendar day in the user's operator's zone (lib/time-zone.ts), as an ISO instant:
 * a list's `created_at[gte]` for "from this day".
 */
export function dayStartInstant(day: string): string {
  return zonedDateTimeToInstant(day, '00:00', getViewerZone()).toISOString();
}

/** The next day's start: `created_at[lt]` keeps the whole `day`. */
export function nextDayStartInstant(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return dayStartInstant(next);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = from.slice(0, 10);
  const b = to.slice(0, 10);
  return isCalendarDate(a) && isCalendarDate(b) ? daysFromTo(a, b) : null;
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
  // A picker's Date is a calendar day at the browser's local midnight: read it in that zone.
  if (d instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return '';
}
