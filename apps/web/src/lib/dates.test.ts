import { describe, expect, it } from 'vitest';
import { daysBetween, formatDay, parseDay, periodCovers, todayIso } from './dates';

describe('calendar dates', () => {
  it('STYLE "Formats": dates read "lun, 23 nov 2026" (no dots, no zone shift)', () => {
    expect(formatDay('2026-11-23')).toBe('lun, 23 nov 2026');
    expect(formatDay('2026-01-01')).toBe('jue, 1 ene 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('2026-02-30')).toBe('');
  });

  it('parses only real calendar dates', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('28/02/2026')).toBeNull();
  });

  it('counts days and checks inclusive periods', () => {
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('x', '2026-01-01')).toBeNull();
    expect(periodCovers({ from: '2026-05-01', to: '2026-05-03' }, '2026-05-03')).toBe(true);
    expect(periodCovers({ from: '2026-05-01', to: '2026-05-03' }, '2026-05-04')).toBe(false);
    expect(todayIso(new Date(2026, 6, 9, 23, 30))).toBe('2026-07-09');
  });
});
