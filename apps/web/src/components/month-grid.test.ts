import { describe, expect, it } from 'vitest';
import {
  addDays,
  gridRange,
  groupByDate,
  isIsoDate,
  isoWeekday,
  monthGridDays,
  shiftMonth,
  startOfWeek,
  weekGridDays,
} from './month-grid';

describe('month grid arithmetic (spec §9: the week starts on Monday)', () => {
  it('covers a month with whole weeks, Monday to Sunday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(gridRange('2026-11')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    // February 2027 starts on a Monday and ends on a Sunday: no day of another month.
    expect(gridRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('gives each day of the grid its number, weekday and place around today', () => {
    const weeks = monthGridDays('2026-11', '2026-11-22');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const days = weeks.flat();
    expect(days[0]).toEqual({
      date: '2026-10-26',
      day: 26,
      weekday: 1,
      inMonth: false,
      isToday: false,
      isPast: true,
    });
    expect(days.find((d) => d.isToday)).toMatchObject({ date: '2026-11-22', weekday: 7, inMonth: true, isPast: false });
    expect(days.filter((d) => d.inMonth)).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({ date: '2026-12-06', weekday: 7, inMonth: false, isPast: false });
  });

  it('gives the seven days of a week from its Monday', () => {
    const week = weekGridDays('2026-11-25', '2026-11-25');
    expect(week.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(week.map((d) => [d.isPast, d.isToday])[2]).toEqual([false, true]);
    expect(week[0]?.isPast).toBe(true);
  });

  it('moves days and months across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(() => shiftMonth('2026-13-01', 1)).toThrow();
  });

  it('groups items by day, in time order and then by product', () => {
    const byDate = groupByDate([
      { date: '2026-11-24', time: '09:00', product_name: 'Teide' },
      { date: '2026-11-24', time: '08:00', product_name: 'Masca' },
      { date: '2026-11-25', time: '09:00' },
      { date: '2026-11-24', time: '09:00', product_name: 'Anaga' },
    ]);
    expect(byDate.get('2026-11-24')?.map((i) => `${i.time} ${i.product_name}`)).toEqual([
      '08:00 Masca',
      '09:00 Anaga',
      '09:00 Teide',
    ]);
    expect(byDate.get('2026-11-25')).toHaveLength(1);
    expect(byDate.has('2026-11-26')).toBe(false);
  });
});
