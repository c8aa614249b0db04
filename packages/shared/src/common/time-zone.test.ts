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

/** The wall clock `Intl` itself reads at an instant: the reference, apart from the kept offsets. */
function intlWallClock(timeZone: string, ms: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

describe('time zones (the operator\'s decides "today")', () => {
  it('reads the wall clock as Intl does, every 7 minutes across each change of 2026 (kept offsets, ADR 051)', () => {
    // Madrid and Canarias (1 h at 01:00 UTC), Lord Howe (30 min), Chatham (+12:45/+13:45), Kathmandu (no change).
    const changes: [string, string][] = [
      ['Europe/Madrid', '2026-03-29T01:00:00Z'],
      ['Europe/Madrid', '2026-10-25T01:00:00Z'],
      ['Atlantic/Canary', '2026-03-29T01:00:00Z'],
      ['Atlantic/Canary', '2026-10-25T01:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
      ['Pacific/Chatham', '2026-09-26T14:00:00Z'],
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
    ];
    for (const [zone, at] of changes) {
      const t = Date.parse(at);
      // Twice over: the second time every offset comes from what the first kept.
      for (let round = 0; round < 2; round++) {
        for (let ms = t - 3 * 3_600_000 + 13_000; ms < t + 3 * 3_600_000; ms += 7 * 60_000) {
          expect(wallClockIn(zone, ms), `${zone} ${new Date(ms).toISOString()}`).toEqual(intlWallClock(zone, ms));
        }
        // The very milliseconds either side of the change.
        for (const ms of [t - 1, t, t + 1]) expect(wallClockIn(zone, ms)).toEqual(intlWallClock(zone, ms));
      }
    }
  });

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
