/**
 * ADR 023 and PRODUCT.md §7 "No overbooking" through the OCTO API: channels reserving at once with
 * the office selling the same departure never sell more seats than it has, a channel never holds
 * more than its allotment, and one uuid reserved twice at once is one booking.
 *
 * The requests are fired together (Promise.all of app.inject: each runs its own transactions on the
 * pool). On PGlite they serialize, which checks the arithmetic; the race itself runs on PostgreSQL
 * (TEST_DATABASE_URL, as CI does): `TEST_DATABASE_URL=postgres://… npx vitest run <this file>`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings, departures } from '../../db/schema';
import { expireEndedHolds } from '../bookings/bookings.service';
import { book, bookingBody, day, enablePayments, mkProduct, TZ, type World } from '../bookings/bookings.test-helpers';
import { publicApi, publicBody } from '../public/public.test-helpers';
import { offsetOf } from './octo.availability';
import { checkAgainstOctoDocument, expectOctoError, mkChannel, mkKey, octoApi, spec } from './octo.test-helpers';

let app: FastifyInstance;
let w: World;

const idOf = (date: string, time: string) => `${date}T${time}:00${offsetOf(TZ, new Date(`${date}T${time}:00Z`))}`;
const reserveBody = (productId: string, over: Record<string, unknown> = {}) => ({
  uuid: crypto.randomUUID(),
  productId,
  optionId: 'DEFAULT',
  availabilityId: idOf(day(1), '09:00'),
  unitItems: [{ unitId: 'adult' }],
  ...over,
});

/** The seats the departure counts and those its live bookings hold: always equal. */
async function seatsOf(productId: string) {
  const [dep] = await app.db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, day(1)), eq(departures.time, '09:00')));
  const [held] = await app.db
    .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.productId, productId), inArray(bookings.state, ['pending', 'confirmed'])));
  return { taken: dep?.seatsTaken ?? 0, held: Number(held.seats), bookings: Number(held.n) };
}

beforeAll(async () => {
  app = await buildTestApp();
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

describe('OCTO reserves racing', () => {
  it('two channels and the office for the last seats: exactly the seats there are are sold, every refusal is clean', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 4 });
    const a = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id))).key);
    const b = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id, { allotment: 3 }))).key);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => a.post('/bookings', reserveBody(p.id))),
      ...Array.from({ length: 6 }, () => b.post('/bookings', reserveBody(p.id))),
      ...Array.from({ length: 6 }, (_, i) =>
        book(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 }, customer_name: `Cliente ${i + 1}` })),
      ),
    ]);
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const octo = answers.slice(0, 12);
    const staff = answers.slice(12);
    const sold = octo.filter((r) => r.statusCode === 200).length + staff.filter((r) => r.statusCode === 201).length;
    expect(sold).toBe(4);
    for (const r of octo) {
      if (r.statusCode === 200) expect(spec.booking(r.json()).status).toBe('ON_HOLD');
      else expect(expectOctoError(r, 400, 'UNPROCESSABLE_ENTITY').errorMessage).toMatch(/plazas/);
    }
    for (const r of staff) {
      if (r.statusCode !== 201) expect(r.json()).toMatchObject({ code: 'NO_SEATS' });
    }
    expect(await seatsOf(p.id)).toEqual({ taken: 4, held: 4, bookings: 4 });
  });

  it('every way to sell at once — two channels, the office, customers on the public pages whose seats wait for their online payment — for the last seats: never oversold, and every hold that ends gives its seats back', async () => {
    // The public bookings of a product paid online hold their seats while the customer pays (issue 32):
    // the same seats, the same departure lock and the same end of hold as a channel's reservation.
    await enablePayments(app, w.A.op.id);
    const p = await mkProduct(app, w.tokens.A1, { capacity: 5, payment_mode: 'full' });
    const a = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id))).key);
    const b = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id, { allotment: 2 }))).key);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => a.post('/bookings', reserveBody(p.id))),
      ...Array.from({ length: 5 }, () => b.post('/bookings', reserveBody(p.id))),
      ...Array.from({ length: 5 }, (_, i) =>
        book(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 }, customer_name: `Oficina ${i + 1}` })),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        publicApi(app).book(publicBody(p.id, { pax: { adult: 1 }, customer_name: `Web ${i + 1}` })),
      ),
    ]);
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    const [octoA, octoB, staff, web] = [0, 5, 10, 15].map((i) => answers.slice(i, i + 5));
    const ok = (rs: typeof answers, status: number) => rs.filter((r) => r.statusCode === status);
    expect(ok(octoB, 200).length).toBeLessThanOrEqual(2);
    const sold = ok([...octoA, ...octoB], 200).length + ok(staff, 201).length + ok(web, 201).length;
    expect(sold).toBe(5);
    for (const r of web) {
      if (r.statusCode === 201) expect(r.json()).toMatchObject({ state: 'pending', payment_state: 'pending' });
      else expect(r.json()).toMatchObject({ code: 'NO_SEATS' });
    }
    expect(await seatsOf(p.id)).toEqual({ taken: 5, held: 5, bookings: 5 });

    // Nobody pays and no channel confirms: every hold ends (the job's sweep) and only the office's
    // sales keep their seats.
    const later = new Date(Date.now() + 24 * 3600_000);
    await expireEndedHolds(app.db, later);
    const office = ok(staff, 201).length;
    expect(await seatsOf(p.id)).toEqual({ taken: office, held: office, bookings: office });
  });

  it("one channel's reserves at once never pass its allotment", async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 20 });
    const api = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id, { allotment: 3 }))).key);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/bookings', reserveBody(p.id))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expectOctoError(r, 400, 'UNPROCESSABLE_ENTITY');
    expect(await seatsOf(p.id)).toEqual({ taken: 3, held: 3, bookings: 3 });
  });

  it('one uuid reserved five times at once: one booking, its seats taken once, the same answer to all', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const api = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id))).key);
    const body = reserveBody(p.id, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post('/bookings', body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => spec.booking(r.json()).id));
    expect(ids.size).toBe(1);
    expect(await seatsOf(p.id)).toEqual({ taken: 2, held: 2, bookings: 1 });
  });
});
