/**
 * Issue 12, item 16: one tenant must not be able to stall the server for everyone. A product
 * could legally have 30 rules × 48 start times (1440 departures a day): three anonymous requests
 * for 62 days of its availability answered 7.5 MB each and /health waited seconds. Now the product
 * schema bounds the start times of a day and the number of rules, every availability range is at
 * most 62 days, extra departures cannot push a day past the limit, and the bookings calendar has a
 * ceiling. The sizes are checked here; the times only by the benchmark (bench/availability-stall.ts),
 * never in a test.
 */
import {
  AVAILABILITY_MAX_DAYS,
  MAX_AVAILABILITY_RULES,
  MAX_START_TIMES_MESSAGE,
  MAX_START_TIMES_PER_DAY,
} from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { api, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { CALENDAR_MAX_ENTRIES, CALENDAR_TOO_BIG_MESSAGE } from '../bookings/calendar.service';
import { DAY_FULL_OF_DEPARTURES } from '../departures/departures.service';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** `n` start times, `step` minutes apart from `first` (minutes after midnight). */
const times = (n: number, first = 0, step = 30) => Array.from({ length: n }, (_, i) => hhmm(first + i * step));
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const rule = (t: string[], over: Record<string, unknown> = {}) => ({
  weekdays: everyDay,
  times: t,
  valid_from: day(-30),
  valid_to: null,
  ...over,
});

/** The worst product the schema accepts: every rule it allows, the most start times a day. */
const worstRules = () =>
  Array.from({ length: MAX_AVAILABILITY_RULES }, (_, r) =>
    rule(times(48).filter((_, i) => i % 2 === r % 2 || r === 0)),
  );

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  ({ get, send } = api(app));
});
afterAll(async () => {
  await app?.close();
});

describe('the product schema bounds the departures of a day', () => {
  it('rules that together give more than 48 start times on some day answer 422 and store nothing', async () => {
    const before = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows[0].n;
    const cases: [string, unknown[]][] = [
      // The product: 30 rules × 48 different times.
      ['30 × 48', Array.from({ length: 30 }, (_, r) => rule(times(48, r * 48, 1)))],
      // Two rules of 25 times on the same weekday.
      [
        '25 + 25 on Wednesdays',
        [rule(times(25, 0), { weekdays: [3] }), rule(times(25, 15 * 60), { weekdays: [3, 4] })],
      ],
      // A season that overlaps another by one day.
      [
        'overlapping seasons',
        [
          rule(times(30, 0), { valid_from: '2030-01-01', valid_to: '2030-06-30' }),
          rule(times(30, 15 * 60), { valid_from: '2030-06-30', valid_to: '2030-12-31' }),
        ],
      ],
    ];
    for (const [label, availability_rules] of cases) {
      const res = await send('POST', '/api/v1/products', w.tokens.A1, {
        code: `LIM-${label.length}`,
        name: 'Demasiadas salidas',
        capacity: 10,
        availability_rules,
      });
      expect(res.statusCode, label).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors.availability_rules ?? [], label).toEqual(
        label === '30 × 48'
          ? [`Como máximo ${MAX_AVAILABILITY_RULES} reglas de disponibilidad`]
          : [MAX_START_TIMES_MESSAGE],
      );
    }
    const after = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows[0].n;
    expect(after).toBe(before);
  });

  it('the same times on different weekdays or in seasons that do not overlap are fine; so is the worst legal product', async () => {
    await mkProduct(app, w.tokens.A1, {
      availability_rules: [rule(times(48, 0), { weekdays: [1, 2, 3] }), rule(times(48, 1), { weekdays: [4, 5, 6, 7] })],
    });
    await mkProduct(app, w.tokens.A1, {
      availability_rules: [
        rule(times(48, 0), { valid_from: '2030-01-01', valid_to: '2030-06-30' }),
        rule(times(48, 1), { valid_from: '2030-07-01', valid_to: null }),
      ],
    });
    await mkProduct(app, w.tokens.A1, { availability_rules: worstRules() });
  });
});

describe('availability answers are bounded', () => {
  let worst: string;
  beforeAll(async () => {
    worst = (await mkProduct(app, w.tokens.A1, { availability_rules: worstRules() })).id;
  });

  it(`a range longer than ${AVAILABILITY_MAX_DAYS} days answers 400 naming the limit (staff, public, calendar)`, async () => {
    const to = day(AVAILABILITY_MAX_DAYS);
    for (const [url, token] of [
      [`/api/v1/products/${worst}/availability?from=${day(0)}&to=${to}`, w.tokens.A1],
      [`/api/v1/public/products/${worst}/availability?from=${day(0)}&to=${to}`, ''],
      [`/api/v1/bookings/calendar?from=${day(0)}&to=${to}`, w.tokens.A1],
      [`/api/v1/products/${worst}/availability?from=${day(0)}&to=${day(364)}`, w.tokens.A1],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.to, url).toEqual([`El intervalo no puede superar ${AVAILABILITY_MAX_DAYS} días`]);
    }
  });

  it('the worst legal product over the longest range: 48 departures a day and bounded bytes', async () => {
    const from = day(1);
    const to = day(AVAILABILITY_MAX_DAYS);
    const slots = AVAILABILITY_MAX_DAYS * MAX_START_TIMES_PER_DAY;
    const pub = await get(`/api/v1/public/products/${worst}/availability?from=${from}&to=${to}`, '');
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toHaveLength(slots);
    // {"date":"2026-07-01","time":"09:00","capacity":10,"seats_left":10,"available":true}
    expect(pub.body.length).toBeLessThanOrEqual(slots * 90);
    const staff = await get(`/api/v1/products/${worst}/availability?from=${from}&to=${to}`, w.tokens.A1);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toHaveLength(slots);
    expect(staff.body.length).toBeLessThanOrEqual(slots * 200);
  });

  it('an extra departure cannot take a day past 48 start times; one at a time the rules give is fine', async () => {
    const extra = await send('PUT', `/api/v1/products/${worst}/departures`, w.tokens.A1, {
      date: day(3),
      time: '00:15',
      capacity: 5,
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.time).toEqual([DAY_FULL_OF_DEPARTURES]);
    const ruled = await send('PUT', `/api/v1/products/${worst}/departures`, w.tokens.A1, {
      date: day(3),
      time: '00:30',
      capacity: 5,
    });
    expect(ruled.statusCode).toBe(200);
    // A product with room left takes the extra departure.
    const small = await mkProduct(app, w.tokens.A1);
    const ok = await send('PUT', `/api/v1/products/${small.id}/departures`, w.tokens.A1, {
      date: day(3),
      time: '12:15',
    });
    expect(ok.statusCode).toBe(200);
  });

  it(`the bookings calendar answers at most ${CALENDAR_MAX_ENTRIES} departures: more is a 400 that says what to do`, async () => {
    // Each worst product gives 2976 departures in 62 days: four of them (with the others) are too many.
    for (let i = 0; i < 3; i++) await mkProduct(app, w.tokens.A1, { availability_rules: worstRules() });
    const all = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(AVAILABILITY_MAX_DAYS)}`, w.tokens.A1);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(CALENDAR_TOO_BIG_MESSAGE);
    expect(CALENDAR_TOO_BIG_MESSAGE).toBe(
      'El calendario tendría más de 10.000 salidas: acorta el intervalo o filtra por producto',
    );
    const one = await get(
      `/api/v1/bookings/calendar?from=${day(1)}&to=${day(AVAILABILITY_MAX_DAYS)}&product_id=${worst}`,
      w.tokens.A1,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().length).toBeLessThanOrEqual(CALENDAR_MAX_ENTRIES);
    const week = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(7)}`, w.tokens.A1);
    expect(week.statusCode).toBe(200);
  });
});
