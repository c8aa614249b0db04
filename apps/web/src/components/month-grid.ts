/**
 * The date arithmetic behind the month calendars (components/month-calendar.tsx): Monday-first
 * grids of whole weeks (spec §9: the week starts on Monday) and items grouped by day in time order.
 * Dates are calendar dates (YYYY-MM-DD) computed in UTC, so no time zone moves an item to another
 * day.
 */

import { addDays, isCalendarDate, monthWeeks, startOfWeek } from '@trayecto/shared';

// The day arithmetic is packages/shared's (common/dates.ts); the names stay the ones the calendars use.
export {
  addDays,
  addMonths as shiftMonth,
  isoWeekday,
  monthGridRange as gridRange,
  monthOf,
  startOfWeek,
} from '@trayecto/shared';

/** Whether a string is a real calendar date ("2026-02-30" is not). */
export const isIsoDate = (s: string | null | undefined): s is string => isCalendarDate(s);

/** The seven days (Monday … Sunday) of the week of a date. */
export function weekDays(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
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
  return monthWeeks(month).map((week) =>
    week.map((date, i) => ({
      date,
      day: Number(date.slice(8)),
      weekday: i + 1,
      inMonth: date.startsWith(month),
      isToday: date === today,
      isPast: date < today,
    })),
  );
}

/** The seven days of the week of a date. */
export function weekGridDays(anchor: string, today: string): TMonthGridDay[] {
  return weekDays(anchor).map((date, i) => ({
    date,
    day: Number(date.slice(8)),
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
