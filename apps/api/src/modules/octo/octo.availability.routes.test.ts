/**
 * The OCTO API's availability (ADR 023): POST /availability and /availability/calendar give the
 * numbers the public booking form shows, with the channel's allotment, every day asked (CLOSED and
 * SOLD_OUT included), units, octo/pricing and octo/pickups. Every answer is checked against
 * `@octocloud/types`' schemas and the OCTO API's OpenAPI document.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings } from '../../db/schema';
import {
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  api as staffApi,
  TZ,
  type World,
} from '../bookings/bookings.test-helpers';
import { offsetOf } from './octo.availability';
import {
  caps,
  checkAgainstOctoDocument,
  expectOctoError,
  mkChannel,
  mkKey,
  type OctoAvailability,
  octoApi,
  spec,
} from './octo.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };
let hotel: string;
let channel: Awaited<ReturnType<typeof mkChannel>>;
let octo: ReturnType<typeof octoApi>;

/** A departure's availability id: its local start with the operator's offset that day. */
const idOf = (date: string, time: string) => `${date}T${time}:00${offsetOf(TZ, new Date(`${date}T${time}:00Z`))}`;
const body = (over: Record<string, unknown> = {}) => ({ productId: product.id, optionId: 'DEFAULT', ...over });
const sell = (date: string, time: string, pax: Record<string, number>, productId = product.id) =>
  booked(app, w.tokens.A1, bookingBody(productId, { date, time, pax }));

beforeAll(async () => {
  app = await buildTestApp();
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', { pickupPoint: 'Puerta' });
  // Every day at 09:00 and 18:00, 10 seats, 3 hours; closed on day 5; a dearer season on day 10.
  product = await mkProduct(app, w.tokens.A1, {
    duration_minutes: 180,
    closed_dates: [day(5)],
    pickups: [{ accommodation_id: hotel, minutes_before: 30 }],
    seasons: [
      {
        name: 'Navidad',
        from: day(10),
        to: day(10),
        prices: [{ pax_type: 'adult', amount_cents: 6000, min_age: 12 }],
      },
    ],
  });
  // Day 2 sold out; day 3 at 09:00 sold out; day 4 at 09:00 with 2 seats left; day 6 at 18:00 cancelled.
  await sell(day(2), '09:00', { adult: 10 });
  await sell(day(2), '18:00', { adult: 10 });
  await sell(day(3), '09:00', { adult: 8, child: 2 });
  await sell(day(4), '09:00', { adult: 8 });
  const closed = await staffApi(app).send('PUT', `/api/v1/products/${product.id}/departures`, w.tokens.A1, {
    date: day(6),
    time: '18:00',
    closed: true,
  });
  expect(closed.statusCode, closed.body).toBe(200);
  channel = await mkChannel(app, w.A.op.id, { commissionPct: 10 });
  octo = octoApi(app, (await mkKey(app, channel)).key);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /availability', () => {
  it("gives exactly the public availability's seats for the same days", async () => {
    const from = day(1);
    const to = day(9);
    const res = await octo.post('/availability', body({ localDateStart: from, localDateEnd: to }));
    const slots = spec.availability(res.json());
    const pub = await app.inject({
      method: 'GET',
      url: `/api/v1/public/products/${product.id}/availability?from=${from}&to=${to}`,
    });
    const publicSlots = pub.json() as {
      date: string;
      time: string;
      seats_left: number;
      available: boolean;
      capacity: number;
    }[];
    expect(slots.map((s) => s.id)).toEqual(publicSlots.map((p) => idOf(p.date, p.time)));
    for (const p of publicSlots) {
      const s = slots.find((x) => x.id === idOf(p.date, p.time)) as OctoAvailability;
      expect(s.available, s.id).toBe(p.available);
      expect(s.capacity, s.id).toBe(p.capacity);
      if (p.available) expect(s.vacancies, s.id).toBe(p.seats_left);
    }
  });

  it('AVAILABLE, LIMITED (≤ 20 % left), SOLD_OUT and CLOSED (a cancelled departure) departures, with their times', async () => {
    const res = await octo.post('/availability', body({ localDateStart: day(3), localDateEnd: day(6) }));
    const slots = spec.availability(res.json());
    const at = (date: string, time: string) => slots.find((s) => s.id === idOf(date, time));
    expect(at(day(3), '09:00')).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 0, capacity: 10 });
    expect(at(day(3), '18:00')).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 10 });
    expect(at(day(4), '09:00')).toMatchObject({ status: 'LIMITED', available: true, vacancies: 2 });
    expect(at(day(6), '18:00')).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0 });
    // A closed date has no departures at all.
    expect(slots.filter((s) => s.id.startsWith(day(5)))).toEqual([]);
    const s = at(day(3), '18:00') as OctoAvailability;
    const offset = offsetOf(TZ, new Date(`${day(3)}T18:00:00Z`));
    expect(s.localDateTimeStart).toBe(`${day(3)}T18:00:00${offset}`);
    expect(s.localDateTimeEnd).toBe(`${day(3)}T21:00:00${offset}`);
    expect(s.utcCutoffAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(Date.parse(s.utcCutoffAt)).toBe(Date.parse(s.localDateTimeStart));
  });

  it('past the sale cut-off a departure is CLOSED', async () => {
    const early = await mkProduct(app, w.tokens.A1, { booking_cutoff_hours: 48 });
    const slots = spec.availability(
      (await octo.post('/availability', { productId: early.id, optionId: 'DEFAULT', localDate: day(1) })).json(),
    );
    expect(slots.map((s) => [s.status, s.available])).toEqual([
      ['CLOSED', false],
      ['CLOSED', false],
    ]);
    const later = spec.availability(
      (await octo.post('/availability', { productId: early.id, optionId: 'DEFAULT', localDate: day(4) })).json(),
    );
    expect(later[0]).toMatchObject({ status: 'AVAILABLE', available: true });
    expect(Date.parse(later[0].utcCutoffAt)).toBe(Date.parse(later[0].localDateTimeStart) - 48 * 3_600_000);
  });

  it("the channel's allotment caps its vacancies: less what its live bookings hold on that departure", async () => {
    const limited = await mkChannel(app, w.A.op.id, { allotment: 4 });
    const own = await sell(day(8), '09:00', { adult: 3 });
    const cancelledOwn = await sell(day(8), '18:00', { adult: 2 });
    await app.db.update(bookings).set({ channel: 'channel', channelId: limited.id }).where(eq(bookings.id, own.id));
    await app.db
      .update(bookings)
      .set({ channel: 'channel', channelId: limited.id, state: 'cancelled' })
      .where(eq(bookings.id, cancelledOwn.id));
    const api = octoApi(app, (await mkKey(app, limited)).key);
    const slots = spec.availability((await api.post('/availability', body({ localDate: day(8) }))).json());
    // 09:00: 7 seats left, but the channel holds 3 of its 4 → 1 (25 % of its 4: not yet LIMITED).
    expect(slots[0]).toMatchObject({ vacancies: 1, capacity: 4, status: 'AVAILABLE', available: true });
    // 18:00: its cancelled booking holds nothing → its 4.
    expect(slots[1]).toMatchObject({ vacancies: 4, capacity: 4, status: 'AVAILABLE' });
    // Another channel without allotment sees the departure's seats.
    const other = spec.availability((await octo.post('/availability', body({ localDate: day(8) }))).json());
    expect(other[0]).toMatchObject({ vacancies: 7, capacity: 10 });
    // Its allotment used up: SOLD_OUT for it, not for the others.
    const more = await sell(day(8), '09:00', { adult: 1 });
    await app.db.update(bookings).set({ channel: 'channel', channelId: limited.id }).where(eq(bookings.id, more.id));
    const full = spec.availability((await api.post('/availability', body({ localDate: day(8) }))).json());
    expect(full[0]).toMatchObject({ vacancies: 0, status: 'SOLD_OUT', available: false });
    const cal = spec.calendar(
      (await api.post('/availability/calendar', body({ localDateStart: day(8), localDateEnd: day(8) }))).json(),
    );
    expect(cal[0]).toMatchObject({ status: 'AVAILABLE', vacancies: 4 });
  });

  it('with units: a departure where their seats do not fit is SOLD_OUT for that request; seatless units fit anywhere', async () => {
    const slots = spec.availability(
      (
        await octo.post(
          '/availability',
          body({
            localDate: day(4),
            units: [
              { id: 'adult', quantity: 2 },
              { id: 'child', quantity: 1 },
            ],
          }),
        )
      ).json(),
    );
    expect(slots[0]).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 2 });
    expect(slots[1]).toMatchObject({ status: 'AVAILABLE', available: true });
    const infants = spec.availability(
      (await octo.post('/availability', body({ localDate: day(4), units: [{ id: 'infant', quantity: 3 }] }))).json(),
    );
    expect(infants[0]).toMatchObject({ status: 'LIMITED', available: true });
    const unknown = expectOctoError(
      await octo.post('/availability', body({ localDate: day(4), units: [{ id: 'student', quantity: 1 }] })),
      400,
      'INVALID_UNIT_ID',
    );
    expect(unknown.unitId).toBe('student');
  });

  it("octo/pricing: each unit's price that day (retail, net less the commission); with units, their total", async () => {
    const res = await octo.post(
      '/availability',
      body({
        localDate: day(9),
        units: [
          { id: 'adult', quantity: 2 },
          { id: 'child', quantity: 1 },
        ],
      }),
      caps('octo/pricing'),
    );
    const [s] = spec.availability(res.json());
    expect(s.unitPricing?.map((u) => [u.unitId, u.retail, u.net])).toEqual([
      ['adult', 4500, 4050],
      ['child', 2500, 2250],
      ['infant', 0, 0],
    ]);
    expect(s.pricing).toEqual({
      original: 11500,
      retail: 11500,
      net: 10350,
      currency: 'EUR',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    // A season's prices on its days; a type it does not sell is not offered that day.
    const [xmas] = spec.availability(
      (await octo.post('/availability', body({ localDate: day(10) }), caps('octo/pricing'))).json(),
    );
    expect(xmas.unitPricing?.map((u) => [u.unitId, u.retail, u.net])).toEqual([['adult', 6000, 5400]]);
    const [childOnXmas] = spec.availability(
      (await octo.post('/availability', body({ localDate: day(10), units: [{ id: 'child', quantity: 1 }] }))).json(),
    );
    expect(childOnXmas).toMatchObject({ status: 'CLOSED', available: false });
  });

  it('octo/pickups: each place with its pickup time for the departure', async () => {
    const res = await octo.post('/availability', body({ localDate: day(9) }), caps('octo/pickups'));
    const slots = spec.availability(res.json(), { pickups: true });
    const offset = offsetOf(TZ, new Date(`${day(9)}T09:00:00Z`));
    expect(slots[0].pickupPoints).toEqual([
      expect.objectContaining({
        id: hotel,
        name: 'Hotel Bahía del Duque',
        localDateTime: `${day(9)}T08:30:00${offset}`,
      }),
    ]);
    expect(slots[1].pickupPoints?.[0].localDateTime).toBe(`${day(9)}T17:30:00${offset}`);
  });

  it('availabilityIds: exactly those departures; one that is not a departure of the product is INVALID_AVAILABILITY_ID', async () => {
    const ids = [idOf(day(7), '18:00'), idOf(day(9), '09:00')];
    const slots = spec.availability((await octo.post('/availability', body({ availabilityIds: ids }))).json());
    expect(slots.map((s) => s.id)).toEqual(ids);
    const wrongTime = idOf(day(7), '10:00');
    const e = expectOctoError(
      await octo.post('/availability', body({ availabilityIds: [ids[0], wrongTime] })),
      400,
      'INVALID_AVAILABILITY_ID',
    );
    expect(e.availabilityId).toBe(wrongTime);
    expectOctoError(
      await octo.post('/availability', body({ availabilityIds: ['mañana'] })),
      400,
      'INVALID_AVAILABILITY_ID',
    );
    expectOctoError(
      await octo.post('/availability', body({ availabilityIds: ids, localDateStart: day(7), localDateEnd: day(7) })),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses a request without dates, a wrong option, a product it may not sell, another currency', async () => {
    expectOctoError(await octo.post('/availability', body()), 400, 'BAD_REQUEST');
    expectOctoError(await octo.post('/availability', body({ localDateStart: day(3) })), 400, 'BAD_REQUEST');
    const option = expectOctoError(
      await octo.post('/availability', body({ optionId: 'VIP', localDate: day(3) })),
      400,
      'INVALID_OPTION_ID',
    );
    expect(option.optionId).toBe('VIP');
    const ofB = await mkProduct(app, w.tokens.B1);
    const p = expectOctoError(
      await octo.post('/availability', { productId: ofB.id, optionId: 'DEFAULT', localDate: day(3) }),
      400,
      'INVALID_PRODUCT_ID',
    );
    expect(p.productId).toBe(ofB.id);
    expectOctoError(await octo.post('/availability', body({ localDate: day(3), currency: 'USD' })), 400, 'BAD_REQUEST');
    expect((await octo.post('/availability', body({ localDate: day(3), currency: 'EUR' }))).statusCode).toBe(200);
  });
});

describe('POST /availability/calendar', () => {
  it('one entry per day asked: AVAILABLE, LIMITED-only, SOLD_OUT, CLOSED (closed date, past) days', async () => {
    const res = await octo.post('/availability/calendar', body({ localDateStart: day(-1), localDateEnd: day(6) }));
    const days = spec.calendar(res.json());
    expect(days.map((d) => d.localDate)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6].map(day));
    const on = (n: number) => days.find((d) => d.localDate === day(n));
    expect(on(-1)).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0, capacity: 0 });
    expect(on(1)).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 10, capacity: 20 });
    expect(on(2)).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 0 });
    // Day 3: 09:00 sold out, 18:00 free → the best of the day.
    expect(on(3)).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 10 });
    expect(on(5)).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0, capacity: 0 });
    // Day 6: 18:00 cancelled, 09:00 free.
    expect(on(6)).toMatchObject({ status: 'AVAILABLE', vacancies: 10, capacity: 10 });
    for (const d of days) expect(d.openingHours).toEqual([]);
  });

  it('the same status per day as the departures of /availability', async () => {
    const days = spec.calendar(
      (await octo.post('/availability/calendar', body({ localDateStart: day(1), localDateEnd: day(9) }))).json(),
    );
    const slots = spec.availability(
      (await octo.post('/availability', body({ localDateStart: day(1), localDateEnd: day(9) }))).json(),
    );
    for (const d of days) {
      const ofDay = slots.filter((s) => s.id.startsWith(d.localDate));
      expect(d.available, d.localDate).toBe(ofDay.some((s) => s.available));
      expect(d.vacancies, d.localDate).toBe(
        Math.max(0, ...ofDay.filter((s) => s.available).map((s) => s.vacancies ?? 0)),
      );
    }
  });

  it('octo/pricing: each day\'s unit prices ("from"), and with units their total', async () => {
    const days = spec.calendar(
      (
        await octo.post(
          '/availability/calendar',
          body({ localDateStart: day(9), localDateEnd: day(10), units: [{ id: 'adult', quantity: 2 }] }),
          caps('octo/pricing'),
        )
      ).json(),
    );
    expect(days[0].unitPricingFrom?.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 4500, net: 4050 });
    expect(days[0].pricingFrom).toMatchObject({ retail: 9000, net: 8100, currency: 'EUR' });
    expect(days[1].unitPricingFrom?.map((u) => u.unitId)).toEqual(['adult']);
    expect(days[1].pricingFrom).toMatchObject({ retail: 12000, net: 10800 });
  });

  it('up to 366 days ahead; more, a longer range or an end before the start: 400 BAD_REQUEST with a clear message', async () => {
    const year = spec.calendar(
      (await octo.post('/availability/calendar', body({ localDateStart: day(1), localDateEnd: day(366) }))).json(),
    );
    expect(year).toHaveLength(366);
    const far = expectOctoError(
      await octo.post('/availability/calendar', body({ localDateStart: day(300), localDateEnd: day(367) }), {
        'accept-language': 'en',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(far.errorMessage).toContain('366 days');
    expectOctoError(
      await octo.post('/availability/calendar', body({ localDateStart: day(-10), localDateEnd: day(360) })),
      400,
      'BAD_REQUEST',
    );
    expectOctoError(
      await octo.post('/availability/calendar', body({ localDateStart: day(3), localDateEnd: day(2) })),
      400,
      'BAD_REQUEST',
    );
    expectOctoError(
      await octo.post('/availability/calendar', body({ localDateStart: '2026-02-30', localDateEnd: day(2) })),
      400,
      'BAD_REQUEST',
    );
  });
});
