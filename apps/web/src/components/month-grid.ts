/**
 * The date arithmetic behind the month calendars (components/month-calendar.tsx): Monday-first
 * grids of whole weeks (spec §9: the week starts on Monday) and items grouped by day in time order.
 * Dates are calendar dates (YYYY-MM-DD) computed in UTC, so no time zone moves an item to another
 * day.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

function parseIso(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return utc(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function parseMonth(month: string): { y: number; m: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Mes no válido: ${month}`);
  return { y: Number(match[1]), m: Number(match[2]) - 1 };
}

/** Whether a string is a real calendar date ("2026-02-30" is not). */
export const isIsoDate = (s: string | null | undefined): s is string =>
  Boolean(s && /^\d{4}-\d{2}-\d{2}$/.test(s) && iso(parseIso(s)) === s);

/** "2026-07" of "2026-07-14" */
export const monthOf = (date: string) => date.slice(0, 7);

/** ("2026-07-30", 3) → "2026-08-02" */
export function addDays(date: string, days: number): string {
  const d = parseIso(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** ("2026-07", 1) → "2026-08"; ("2026-01", -1) → "2025-12" */
export function shiftMonth(month: string, delta: number): string {
  const { y, m } = parseMonth(month);
  const d = utc(y, m + delta, 1);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const wd = parseIso(date).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** The Monday of the week of a date. */
export const startOfWeek = (date: string) => addDays(date, 1 - isoWeekday(date));

/** The seven days (Monday … Sunday) of the week of a date. */
export function weekDays(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The first Monday and the last Sunday around a month: what a month grid shows (and asks for). */
export function gridRange(month: string): { from: string; to: string } {
  const { y, m } = parseMonth(month);
  const first = utc(y, m, 1);
  const last = utc(y, m + 1, 0);
  const startShift = (first.getUTCDay() + 6) % 7; // days since Monday
  const endShift = (7 - last.getUTCDay()) % 7; // days until Sunday
  return { from: iso(utc(y, m, 1 - startShift)), to: iso(utc(y, m + 1, endShift)) };
}

/** One day of a calendar grid. */
export type TMonthGridDay = {
  date: string;
  day: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
};

/** Whole weeks, Monday first, covering the month. */
export function monthGridDays(month: string, today: string): TMonthGridDay[][] {
  const { m } = parseMonth(month);
  const { from, to } = gridRange(month);
  const weeks: TMonthGridDay[][] = [];
  for (let i = 0, date = from; date <= to; i++, date = addDays(from, i)) {
    if (i % 7 === 0) weeks.push([]);
    const d = parseIso(date);
    weeks[weeks.length - 1]?.push({
      date,
      day: d.getUTCDate(),
      weekday: (i % 7) + 1,
      inMonth: d.getUTCMonth() === m,
      isToday: date === today,
      isPast: date < today,
    });
  }
  return weeks;
}

/** The seven days of the week of a date. */
export function weekGridDays(anchor: string, today: string): TMonthGridDay[] {
  return weekDays(anchor).map((date, i) => ({
    date,
    day: parseIso(date).getUTCDate(),
    weekday: i + 1,
    inMonth: true,
    isToday: date === today,
    isPast: date < today,
  }));
}

/** Items by date, each day in time order (then by product name). */
export function groupByDate<T extends { date: string; time: string; product_name?: string }>(
  items: readonly T[],
): Map<string, T[]> {
  const byDate = new Map<string, T[]>();
  for (const item of items) {
    const list = byDate.get(item.date);
    if (list) list.push(item);
    else byDate.set(item.date, [item]);
  }
  for (const list of byDate.values()) {
    list.sort((a, b) => a.time.localeCompare(b.time) || (a.product_name ?? '').localeCompare(b.product_name ?? ''));
  }
  return byDate;
}
