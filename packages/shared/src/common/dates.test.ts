import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daySpan,
  daysBetween,
  daysInMonth,
  eachDate,
  firstOfMonth,
  formatDay,
  isCalendarDate,
  isoDate,
  isoWeekday,
  lastOfMonth,
  monthGridRange,
  monthOf,
  monthWeeks,
  parseDay,
  startOfWeek,
} from './dates';

describe('calendar days (one copy for the API, the back-office and the public pages)', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-07-30', 3)).toBe('2026-08-02');
    // A clock change is not a day change: calendar days are read at UTC midnight.
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('ISO weekdays: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(startOfWeek('2026-11-25')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
  });

  it('counts and lists days', () => {
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(eachDate('2026-12-30', '2026-12-29')).toEqual([]);
  });

  it("a span of days: each day's text, UTC midnight and weekday; the same span asked again is the same", () => {
    const span = daySpan('2026-12-30', '2027-01-02');
    expect(span).toEqual([
      { date: '2026-12-30', ms: Date.UTC(2026, 11, 30), weekday: 3 },
      { date: '2026-12-31', ms: Date.UTC(2026, 11, 31), weekday: 4 },
      { date: '2027-01-01', ms: Date.UTC(2027, 0, 1), weekday: 5 },
      { date: '2027-01-02', ms: Date.UTC(2027, 0, 2), weekday: 6 },
    ]);
    expect(daySpan('2026-12-30', '2027-01-02')).toBe(span);
    // Kept frozen: a caller cannot change what the next one reads.
    expect(Object.isFrozen(span) && Object.isFrozen(span[0])).toBe(true);
    // Another span is worked out for itself, and the first one again after it.
    expect(daySpan('2026-03-28', '2026-03-30').map((d) => [d.date, d.weekday])).toEqual([
      ['2026-03-28', 6],
      ['2026-03-29', 7],
      ['2026-03-30', 1],
    ]);
    expect(daySpan('2026-12-30', '2027-01-02')).toEqual(span);
    expect(daySpan('2026-12-30', '2026-12-29')).toEqual([]);
    expect(daySpan('2026-02-30x', '2026-03-02')).toEqual([]);
    expect(daySpan('2026-02-30', '2026-03-02')).toEqual([]);
    // Longer than any request asks: worked out each time, not kept.
    const years = daySpan('2026-01-01', '2027-12-31');
    expect(years).toHaveLength(730);
    expect(daySpan('2026-01-01', '2027-12-31')).not.toBe(years);
  });

  it('real calendar days only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('28/02/2026')).toBe(false);
    expect(isCalendarDate(20260228)).toBe(false);
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-28T10:00:00Z')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(isoDate(2026, 7, 4)).toBe('2026-07-04');
  });

  it('months: YYYY-MM, shifted across years', () => {
    expect(monthOf('2026-07-14')).toBe('2026-07');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 14)).toBe('2027-07');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
    expect(firstOfMonth('2026-11')).toBe('2026-11-01');
    expect(lastOfMonth('2026-11')).toBe('2026-11-30');
    expect(lastOfMonth('2028-02')).toBe('2028-02-29');
    expect(() => addMonths('2026-7', 1)).toThrow();
  });

  it('month grids: whole weeks, Monday first (spec §9)', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(monthGridRange('2026-11')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7 && isoWeekday(w[0] as string) === 1)).toBe(true);
    // February 2027 starts on a Monday and fits four weeks exactly.
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(monthWeeks('2027-02')[0]?.[0]).toBe('2027-02-01');
  });

  it('STYLE "Formats": "lun, 23 nov 2026" (no dots, no zone shift)', () => {
    expect(formatDay('2026-11-23')).toBe('lun, 23 nov 2026');
    expect(formatDay('2026-01-01')).toBe('jue, 1 ene 2026');
    expect(formatDay('2026-09-06')).toBe('dom, 6 sept 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('2026-02-30')).toBe('');
  });
});
