import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  timeZoneName,
  timeZoneOf,
  todayIn,
  wallClockIn,
  zonedDateTimeToInstant,
} from './time-zone';

describe('time zones (the operator\'s decides "today")', () => {
  it('today around midnight: 23:30 UTC in winter is still today in Tenerife, tomorrow in Madrid', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('Atlantic/Canary', now)).toBe('2026-11-22');
    expect(todayIn('Europe/Madrid', now)).toBe('2026-11-23');
    expect(wallClockIn('Atlantic/Canary', now)).toEqual({ date: '2026-11-22', time: '23:30' });
    expect(wallClockIn('Europe/Madrid', now)).toEqual({ date: '2026-11-23', time: '00:30' });
  });

  it('a local date and time → the instant, summer and winter', () => {
    expect(zonedDateTimeToInstant('2026-07-15', '02:44', 'Atlantic/Canary').toISOString()).toBe(
      '2026-07-15T01:44:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-11-22', '12:00', 'Atlantic/Canary').toISOString()).toBe(
      '2026-11-22T12:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-11-22', '12:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
  });

  it('the instant of a local time, asked again, is the same and a Date of its own', () => {
    const first = zonedDateTimeToInstant('2026-10-25', '02:30', 'Europe/Madrid');
    // The time that happens twice as clocks go back: the first (summer) one, again from the memo.
    expect(first.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    first.setTime(0);
    const again = zonedDateTimeToInstant('2026-10-25', '02:30', 'Europe/Madrid');
    expect(again.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(again).not.toBe(first);
    // The same day and time in another zone is another instant; a gap moves forward by it.
    expect(zonedDateTimeToInstant('2026-10-25', '02:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-10-25T02:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it("unknown zones fall back to the platform's; zones have names people know", () => {
    expect(isValidTimeZone('Atlantic/Canary')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneOf('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOf(null)).toBe('Europe/Madrid');
    expect(timeZoneOf('Atlantic/Canary')).toBe('Atlantic/Canary');
    expect(timeZoneName('Atlantic/Canary')).toBe('hora de Canarias');
    expect(timeZoneName('Europe/Madrid')).toBe('hora peninsular');
    expect(timeZoneName('Asia/Tokyo')).toMatch(/Japón/);
  });
});
