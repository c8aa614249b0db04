import { addDays, addMonths, isoWeekday } from '@trayecto/shared/dates';
import { timeZoneOf, todayIn } from '@trayecto/shared/time-zone';
import { describe, expect, it } from 'vitest';
import { monthGrid, moveFocus } from './calendar';

describe('month grid (spec §9: the week starts on Monday)', () => {
  it('November 2026 starts on a Sunday: six leading days of October, Monday first', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks[0].map((c) => c.date)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks[0].map((c) => c.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks).toHaveLength(6);
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(30);
    expect(weeks.at(-1)?.at(-1)?.date).toBe('2026-12-06');
  });

  it('every row is a Monday-to-Sunday week', () => {
    for (const month of [1, 2, 3, 6, 9, 12]) {
      for (const week of monthGrid(`2027-${String(month).padStart(2, '0')}`)) {
        expect(week).toHaveLength(7);
        expect(week.map((c) => isoWeekday(c.date))).toEqual([1, 2, 3, 4, 5, 6, 7]);
      }
    }
  });

  it('a month that starts on Monday and fits four weeks exactly (February 2027)', () => {
    const weeks = monthGrid('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0][0]).toEqual({ date: '2027-02-01', day: 1, inMonth: true });
  });

  it('leap years', () => {
    expect(
      monthGrid('2028-02')
        .flat()
        .filter((c) => c.inMonth),
    ).toHaveLength(29);
  });
});

describe('date arithmetic', () => {
  it('adds days and months across years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 14)).toBe('2027-07');
  });

  it("today is the operator's date, not the browser's", () => {
    const lateEvening = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('Atlantic/Canary', lateEvening)).toBe('2026-11-22');
    expect(todayIn('Europe/Madrid', lateEvening)).toBe('2026-11-23');
    // The page reads an operator without a known zone as Madrid's.
    expect(todayIn(timeZoneOf(''), lateEvening)).toBe('2026-11-23');
  });
});

describe('calendar keyboard (WAI-ARIA date picker)', () => {
  it('arrows move a day or a week, Home/End to the week edges, PageUp/PageDown a month', () => {
    expect(moveFocus('2026-11-25', 'ArrowRight')).toBe('2026-11-26');
    expect(moveFocus('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(moveFocus('2026-11-25', 'ArrowLeft')).toBe('2026-11-24');
    expect(moveFocus('2026-11-25', 'ArrowDown')).toBe('2026-12-02');
    expect(moveFocus('2026-11-25', 'ArrowUp')).toBe('2026-11-18');
    expect(moveFocus('2026-11-25', 'Home')).toBe('2026-11-23'); // Monday
    expect(moveFocus('2026-11-25', 'End')).toBe('2026-11-29'); // Sunday
    expect(moveFocus('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveFocus('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveFocus('2026-11-25', 'Tab')).toBeNull();
  });
});
