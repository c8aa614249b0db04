/**
 * The booking calendar's grid and keyboard: Monday-first month grids (spec §9 "week starts on
 * Monday") over calendar days (`YYYY-MM-DD`) and months (`YYYY-MM`). The day arithmetic itself is
 * the shared one (`@trayecto/shared/dates`).
 */
import { addDays, addMonths, daysInMonth, isoDate, isoWeekday, monthOf, monthWeeks } from '@trayecto/shared/dates';
import { localeTag } from '../i18n';

/** A month: "2026-11". */
export type TMonth = string;
export type TDayCell = { date: string; day: number; inMonth: boolean };

/**
 * The weeks of a month, Monday first: 4 to 6 rows of 7 cells; days of the neighbouring months fill
 * the first and last rows (`inMonth: false`).
 */
export function monthGrid(month: TMonth): TDayCell[][] {
  return monthWeeks(month).map((week) =>
    week.map((date) => ({ date, day: Number(date.slice(8)), inMonth: monthOf(date) === month })),
  );
}

/** A Monday (2026-11-23) and the six days after it, as UTC instants for Intl. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 23 + i)));

/**
 * Weekday column headers in the active language, Monday first (every public language's week starts
 * on Monday; spec §9): a short label and the full name (for screen readers). The one-letter names
 * when they tell the days apart (es "L M X J V S D"), else the abbreviations (en "Mon Tue…",
 * de "Mo Di…").
 */
const weekdaysByLocale = new Map<string, [short: string, long: string][]>();

export function weekdays(): [short: string, long: string][] {
  const tag = localeTag();
  // Once per language: the calendar renders again with every change to the form.
  const known = weekdaysByLocale.get(tag);
  if (known) return known;
  const name = (weekday: 'narrow' | 'short' | 'long') => {
    const f = new Intl.DateTimeFormat(tag, { weekday, timeZone: 'UTC' });
    return WEEK.map((d) => f.format(d).replace(/\.$/, ''));
  };
  const narrow = name('narrow');
  const short = new Set(narrow).size === 7 ? narrow : name('short');
  const long = name('long');
  const names = short.map((s, i): [string, string] => [s, long[i]]);
  weekdaysByLocale.set(tag, names);
  return names;
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
      const [year, month] = target.split('-').map(Number) as [number, number];
      return isoDate(year, month, Math.min(Number(date.slice(8)), daysInMonth(year, month)));
    }
    default:
      return null;
  }
}
