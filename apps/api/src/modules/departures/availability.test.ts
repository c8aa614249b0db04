import { eachDate, isoWeekday, isValidTimeZone, todayIn, zonedDateTimeToInstant } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityInput,
  computeAvailability,
  isOnSale,
  ruleTimesIndex,
  ruleTimesOn,
  TooManySlotsError,
} from './availability';

const FAR_PAST = new Date('2020-01-01T00:00:00Z');

const base = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  from: '2026-07-01',
  to: '2026-07-07',
  rules: [{ weekdays: [1, 3, 5], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: '2026-12-31' }],
  closedDates: [],
  capacity: 50,
  bookingCutoffHours: 0,
  departures: [],
  timeZone: 'Atlantic/Canary',
  now: FAR_PAST,
  ...over,
});

const keys = (slots: { date: string; time: string }[]) => slots.map((s) => `${s.date} ${s.time}`);

describe('calendar helpers', () => {
  it('ISO weekdays: 1 = Monday … 7 = Sunday', () => {
    expect(isoWeekday('2026-07-06')).toBe(1);
    expect(isoWeekday('2026-07-01')).toBe(3);
    expect(isoWeekday('2026-07-12')).toBe(7);
  });

  it('every date of a range, inclusive, across month ends and a leap day', () => {
    expect(eachDate('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDate('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(eachDate('2026-07-01', '2026-07-01')).toEqual(['2026-07-01']);
  });

  it('knows real time zones and refuses made-up ones', () => {
    expect(isValidTimeZone('Atlantic/Canary')).toBe(true);
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('weekly rules', () => {
  it('give their start times on their weekdays only (Monday = 1)', () => {
    const slots = computeAvailability(base());
    // 2026-07-01 is a Wednesday, 07-03 a Friday, 07-06 a Monday.
    expect(keys(slots)).toEqual([
      '2026-07-01 09:00',
      '2026-07-01 15:30',
      '2026-07-03 09:00',
      '2026-07-03 15:30',
      '2026-07-06 09:00',
      '2026-07-06 15:30',
    ]);
    expect(slots[0]).toEqual({
      date: '2026-07-01',
      time: '09:00',
      capacity: 50,
      seats_taken: 0,
      seats_left: 50,
      available: true,
      closed: false,
      departure_id: null,
    });
  });

  it('apply only inside [valid_from, valid_to], both inclusive; valid_to null is open-ended', () => {
    const daily = [1, 2, 3, 4, 5, 6, 7];
    const bounded = computeAvailability(
      base({ rules: [{ weekdays: daily, times: ['10:00'], valid_from: '2026-07-03', valid_to: '2026-07-05' }] }),
    );
    expect(bounded.map((s) => s.date)).toEqual(['2026-07-03', '2026-07-04', '2026-07-05']);
    const open = computeAvailability(
      base({ rules: [{ weekdays: daily, times: ['10:00'], valid_from: '2026-07-06', valid_to: null }] }),
    );
    expect(open.map((s) => s.date)).toEqual(['2026-07-06', '2026-07-07']);
  });

  it('several rules on one day give the union of their times, sorted, without repeats', () => {
    const slots = computeAvailability(
      base({
        from: '2026-07-06',
        to: '2026-07-06',
        rules: [
          { weekdays: [1], times: ['15:30', '09:00'], valid_from: '2026-01-01', valid_to: null },
          { weekdays: [1, 2], times: ['09:00', '12:00'], valid_from: '2026-07-01', valid_to: '2026-07-31' },
        ],
      }),
    );
    expect(slots.map((s) => s.time)).toEqual(['09:00', '12:00', '15:30']);
  });

  it('a summer and a winter rule hand over on their boundary dates', () => {
    const slots = computeAvailability(
      base({
        from: '2026-09-28',
        to: '2026-10-04',
        rules: [
          { weekdays: [1, 3, 5, 6], times: ['08:30'], valid_from: '2026-04-01', valid_to: '2026-09-30' },
          { weekdays: [2, 4, 6], times: ['09:30'], valid_from: '2026-10-01', valid_to: '2027-03-31' },
        ],
      }),
    );
    // Mon 28, Wed 30 (summer, 08:30); Thu 1 Oct, Sat 3 Oct (winter, 09:30).
    expect(keys(slots)).toEqual(['2026-09-28 08:30', '2026-09-30 08:30', '2026-10-01 09:30', '2026-10-03 09:30']);
  });

  it('closed dates give no departures', () => {
    const slots = computeAvailability(base({ closedDates: ['2026-07-01', '2026-07-06'] }));
    expect(keys(slots)).toEqual(['2026-07-03 09:00', '2026-07-03 15:30']);
  });
});

describe('departure rows', () => {
  const row = (over: Partial<AvailabilityInput['departures'][number]> = {}) => ({
    id: 'dep-1',
    date: '2026-07-01',
    time: '09:00',
    capacity: 50,
    capacityOverride: false,
    seatsTaken: 0,
    closed: false,
    ...over,
  });
  const now = new Date('2026-06-01T00:00:00Z');

  it('a capacity override and the seats taken set capacity and seats left', () => {
    const [slot] = computeAvailability(
      base({ now, to: '2026-07-01', departures: [row({ capacity: 20, capacityOverride: true, seatsTaken: 12 })] }),
    );
    expect(slot).toMatchObject({
      capacity: 20,
      seats_taken: 12,
      seats_left: 8,
      available: true,
      departure_id: 'dep-1',
    });
  });

  it('a row without override follows the product capacity', () => {
    const [slot] = computeAvailability(base({ now, to: '2026-07-01', departures: [row({ seatsTaken: 5 })] }));
    expect(slot).toMatchObject({ capacity: 50, seats_left: 45, available: true });
  });

  it('a full departure is not available and seats left never go below zero', () => {
    const slots = computeAvailability(
      base({
        now,
        to: '2026-07-01',
        capacity: 10,
        departures: [row({ seatsTaken: 10 }), row({ id: 'dep-2', time: '15:30', seatsTaken: 12 })],
      }),
    );
    expect(slots.map((s) => [s.seats_left, s.available])).toEqual([
      [0, false],
      [0, false],
    ]);
  });

  it('a closed departure is shown closed and not available', () => {
    const slots = computeAvailability(base({ now, to: '2026-07-01', departures: [row({ closed: true })] }));
    expect(slots.map((s) => [s.time, s.closed, s.available])).toEqual([
      ['09:00', true, false],
      ['15:30', false, true],
    ]);
  });

  it('an extra departure (a time no rule gives) still appears, in time order', () => {
    const slots = computeAvailability(
      base({ now, to: '2026-07-02', departures: [row({ id: 'extra', date: '2026-07-02', time: '11:15' })] }),
    );
    expect(keys(slots)).toEqual(['2026-07-01 09:00', '2026-07-01 15:30', '2026-07-02 11:15']);
    expect(slots[2]).toMatchObject({ departure_id: 'extra', available: true, closed: false });
  });

  it('rows outside the range are ignored', () => {
    const slots = computeAvailability(base({ now, to: '2026-07-01', departures: [row({ date: '2026-08-01' })] }));
    expect(slots.every((s) => s.departure_id === null)).toBe(true);
  });

  it('on a closed date the rows still appear (customers booked on it), closed', () => {
    const slots = computeAvailability(
      base({ now, to: '2026-07-01', closedDates: ['2026-07-01'], departures: [row({ seatsTaken: 4 })] }),
    );
    expect(slots).toEqual([
      {
        date: '2026-07-01',
        time: '09:00',
        capacity: 50,
        seats_taken: 4,
        seats_left: 46,
        available: false,
        closed: true,
        departure_id: 'dep-1',
      },
    ]);
  });
});

describe('time zones', () => {
  it('a local time in Atlantic/Canary and in Europe/Madrid, summer and winter', () => {
    expect(zonedDateTimeToInstant('2026-07-01', '08:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-07-01T07:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-07-01', '08:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-07-01T06:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-01-15', '08:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-01-15T08:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-01-15', '08:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-01-15T07:30:00.000Z',
    );
  });

  it('DST change day in spring: offsets switch at the right hour; a missing time moves forward', () => {
    // Madrid: 02:00 CET → 03:00 CEST on 2026-03-29. Canary: 01:00 WET → 02:00 WEST.
    expect(zonedDateTimeToInstant('2026-03-29', '01:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '08:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T06:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '00:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-29', '08:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-03-29T07:30:00.000Z',
    );
  });

  it('DST change day in autumn: a time that happens twice is its first occurrence', () => {
    expect(zonedDateTimeToInstant('2026-10-25', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '01:30', 'Atlantic/Canary').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-25', '09:00', 'Atlantic/Canary').toISOString()).toBe(
      '2026-10-25T09:00:00.000Z',
    );
  });

  it('"today" is the operator’s: Canary is an hour behind Madrid', () => {
    const now = new Date('2026-07-01T22:30:00Z');
    expect(todayIn('Atlantic/Canary', now)).toBe('2026-07-01');
    expect(todayIn('Europe/Madrid', now)).toBe('2026-07-02');
  });
});

describe('cut-off and past departures', () => {
  // 07:00 UTC = 08:00 in Tenerife and 09:00 in Madrid on 1 July.
  const now = new Date('2026-07-01T07:00:00Z');
  const oneDeparture = (timeZone: string, cutoff: number) =>
    computeAvailability(
      base({
        now,
        timeZone,
        bookingCutoffHours: cutoff,
        to: '2026-07-01',
        rules: [{ weekdays: [3], times: ['08:30'], valid_from: '2026-01-01', valid_to: null }],
      }),
    )[0].available;

  it('08:30 is still ahead in Atlantic/Canary but already past in Europe/Madrid', () => {
    expect(oneDeparture('Atlantic/Canary', 0)).toBe(true);
    expect(oneDeparture('Europe/Madrid', 0)).toBe(false);
  });

  it('sales close booking_cutoff_hours before the start', () => {
    expect(oneDeparture('Atlantic/Canary', 1)).toBe(false);
    expect(isOnSale('2026-07-01', '10:00', 2, 'Atlantic/Canary', now)).toBe(true); // exactly 2 h ahead
    expect(isOnSale('2026-07-01', '09:59', 2, 'Atlantic/Canary', now)).toBe(false);
    expect(isOnSale('2026-07-02', '08:00', 24, 'Atlantic/Canary', now)).toBe(true);
    expect(isOnSale('2026-07-02', '07:59', 24, 'Atlantic/Canary', now)).toBe(false);
  });

  it('a departure that has started is never on sale, whatever the cut-off', () => {
    expect(isOnSale('2026-07-01', '08:00', 0, 'Atlantic/Canary', now)).toBe(false);
    expect(isOnSale('2026-06-30', '15:00', 0, 'Atlantic/Canary', now)).toBe(false);
  });

  it('the cut-off counts real hours across the spring DST change (that night lasts 23 h)', () => {
    // 09:00 CET on 28 March in Madrid; the departure is 09:00 CEST on 29 March: 23 real hours later.
    const sat = new Date('2026-03-28T08:00:00Z');
    expect(isOnSale('2026-03-29', '09:00', 23, 'Europe/Madrid', sat)).toBe(true);
    expect(isOnSale('2026-03-29', '09:00', 24, 'Europe/Madrid', sat)).toBe(false);
    // In autumn the night lasts 25 h.
    const oct = new Date('2026-10-24T07:00:00Z'); // 09:00 CEST
    expect(isOnSale('2026-10-25', '09:00', 25, 'Europe/Madrid', oct)).toBe(true);
  });
});

describe('bounded work (issue 12, item 16)', () => {
  const everyHalfHour = Array.from(
    { length: 48 },
    (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );

  it('"available" decided by whole days far from now equals the exact per-departure computation, in every zone', () => {
    for (const timeZone of [
      'Atlantic/Canary',
      'Europe/Madrid',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
      'America/Santiago',
    ]) {
      for (const now of [
        new Date('2026-03-28T22:10:00Z'),
        new Date('2026-10-24T23:59:00Z'),
        new Date('2026-07-01T12:00:00Z'),
      ]) {
        for (const cutoff of [0, 1, 12, 48]) {
          const from = todayIn(timeZone, new Date(now.getTime() - 3 * 86_400_000));
          const slots = computeAvailability(
            base({
              from,
              to: todayIn(timeZone, new Date(now.getTime() + 6 * 86_400_000)),
              rules: [
                { weekdays: [1, 2, 3, 4, 5, 6, 7], times: everyHalfHour, valid_from: '2026-01-01', valid_to: null },
              ],
              bookingCutoffHours: cutoff,
              timeZone,
              now,
            }),
          );
          for (const s of slots) {
            expect(s.available, `${timeZone} ${now.toISOString()} ${cutoff} h ${s.date} ${s.time}`).toBe(
              isOnSale(s.date, s.time, cutoff, timeZone, now),
            );
          }
        }
      }
    }
  });

  it('with maxSlots, stops as soon as there would be more departures', () => {
    const input = base({
      from: '2026-07-01',
      to: '2026-07-31',
      rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: everyHalfHour, valid_from: '2026-01-01', valid_to: null }],
    });
    expect(computeAvailability({ ...input, maxSlots: 31 * 48 })).toHaveLength(31 * 48);
    expect(() => computeAvailability({ ...input, maxSlots: 31 * 48 - 1 })).toThrow(TooManySlotsError);
  });

  it('the per-day index gives what ruleTimesOn gives, day by day', () => {
    const rules = [
      { weekdays: [1, 3, 5], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: '2026-06-30' },
      { weekdays: [3, 6], times: ['10:00', '09:00'], valid_from: '2026-03-01', valid_to: null },
      { weekdays: [7], times: ['18:00'], valid_from: '2026-06-15', valid_to: '2026-06-20' },
    ];
    const closed = new Set(['2026-03-04']);
    const index = ruleTimesIndex(rules, closed);
    for (const date of eachDate('2026-01-01', '2026-12-31')) {
      expect([...index(date)], date).toEqual(ruleTimesOn(date, rules, closed));
    }
  });

  // Up to 48 rules the combination in force is a number's bits, beyond it text: both exact.
  it.each([48, 49, 60])('with %i rules, the index still gives what ruleTimesOn gives', (n) => {
    const rules = Array.from({ length: n }, (_, i) => ({
      weekdays: [1 + (i % 7), 1 + ((i * 3) % 7)],
      times: [`${String(6 + (i % 14)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`],
      valid_from: `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      valid_to: i % 3 ? null : '2026-10-31',
    }));
    const closed = new Set(['2026-05-01']);
    const index = ruleTimesIndex(rules, closed);
    for (const date of eachDate('2026-01-01', '2026-12-31')) {
      expect([...index(date)], date).toEqual(ruleTimesOn(date, rules, closed));
    }
  });
});
