/**
 * Pure calendar arithmetic for the booking page: Monday-first month grids (spec §9 "week starts on
 * Monday") over ISO dates (`YYYY-MM-DD`), without time zones (calendar dates are not instants).
 */

export type TMonth = { year: number; month: number };
export type TDayCell = { date: string; day: number; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Monday = 1 … Sunday = 7 (ISO weekday, as the availability rules use). */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** Adds days to an ISO date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

export function addMonths({ year, month }: TMonth, n: number): TMonth {
  const i = year * 12 + (month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

export const monthOf = (date: string): TMonth => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
export const sameMonth = (a: TMonth, b: TMonth) => a.year === b.year && a.month === b.month;
export const compareMonths = (a: TMonth, b: TMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);
export const firstOfMonth = (m: TMonth) => isoDate(m.year, m.month, 1);
export const lastOfMonth = (m: TMonth) => isoDate(m.year, m.month, daysInMonth(m.year, m.month));

/**
 * The weeks of a month, Monday first: 4 to 6 rows of 7 cells; days of the neighbouring months fill
 * the first and last rows (`inMonth: false`).
 */
export function monthGrid({ year, month }: TMonth): TDayCell[][] {
  const first = isoDate(year, month, 1);
  const lead = isoWeekday(first) - 1;
  const total = daysInMonth(year, month);
  const cells = Math.ceil((lead + total) / 7) * 7;
  const weeks: TDayCell[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = addDays(first, i - lead);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push({ date, day: Number(date.slice(8)), inMonth: monthOf(date).month === month });
  }
  return weeks;
}

/** Weekday column headers, Monday first: short label and full name (for screen readers). */
export const WEEKDAYS = [
  ['L', 'lunes'],
  ['M', 'martes'],
  ['X', 'miércoles'],
  ['J', 'jueves'],
  ['V', 'viernes'],
  ['S', 'sábado'],
  ['D', 'domingo'],
] as const;

/** Today's date in a time zone (the operator's decides what "today" is). */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  } catch {
    return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
  }
}

/**
 * Where keyboard focus goes from `date` for a key of the calendar grid (WAI-ARIA date picker):
 * arrows move a day or a week, Home/End to the start/end of the week, PageUp/PageDown a month.
 * Returns null for other keys.
 */
export function moveFocus(date: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, 1 - isoWeekday(date));
    case 'End':
      return addDays(date, 7 - isoWeekday(date));
    case 'PageUp':
    case 'PageDown': {
      const target = addMonths(monthOf(date), key === 'PageUp' ? -1 : 1);
      const day = Math.min(Number(date.slice(8)), daysInMonth(target.year, target.month));
      return isoDate(target.year, target.month, day);
    }
    default:
      return null;
  }
}
