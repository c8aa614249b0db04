/**
 * PRODUCT.md §4 and §7 "No overbooking": simultaneous requests for the last seats of a departure
 * never sell more than its capacity, and every 201 is a booking that exists afterwards.
 *
 * Real concurrency needs a server: these tests run only on PostgreSQL (TEST_DATABASE_URL), through
 * real HTTP (app.listen on port 0 + fetch) against the pg pool (10 connections). CI sets
 * TEST_DATABASE_URL, so they always run there. PGlite serves one query at a time and would prove
 * nothing.
 */
import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactTotals, totalsDrift } from '../../../test/booking-totals';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld, login } from '../../../test/factories';
import { bookings, departures } from '../../db/schema';
import { booked, bookingBody, day, mkProduct, type World } from './bookings.test-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the concurrency tests (CI does)';

describe.skipIf(!onPostgres)(`concurrent sales on PostgreSQL${onPostgres ? '' : ` (${SKIP_NOTE})`}`, () => {
  let app: FastifyInstance;
  let w: World;
  let base: string;
  let tokens: string[];

  beforeAll(async () => {
    app = await buildTestApp();
    w = await createWorld(app);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Several staff sell at once, as a busy office would.
    tokens = [w.tokens.A1, w.tokens.A2, w.tokens.A3, await login(app, w.A.l1.email), w.tokens.admin];
  });
  afterAll(async () => {
    await app?.close();
  });

  type Answer = { status: number; body: { id?: string; message?: string; pax_total?: number; seats?: number } };

  /** Fires all requests at once over real HTTP and waits for every answer. */
  async function fire(requests: { method: string; path: string; token: string; body: object }[]): Promise<Answer[]> {
    return Promise.all(
      requests.map(async (r) => {
        const res = await fetch(`${base}${r.path}`, {
          method: r.method,
          headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(r.body),
        });
        return { status: res.status, body: (await res.json()) as Answer['body'] };
      }),
    );
  }

  async function departureOf(productId: string) {
    const [row] = await app.db
      .select()
      .from(departures)
      .where(and(eq(departures.productId, productId), eq(departures.date, day(1)), eq(departures.time, '09:00')));
    return row;
  }

  async function seatsHeld(productId: string) {
    const [row] = await app.db
      .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.productId, productId), inArray(bookings.state, ['pending', 'confirmed'])));
    return { seats: Number(row.seats), bookings: Number(row.n) };
  }

  it('capacity 10, 40 simultaneous requests for 1 seat: exactly 10 × 201, 30 × 409 "No quedan plazas suficientes", no 500', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const answers = await fire(
      Array.from({ length: 40 }, (_, i) => ({
        method: 'POST',
        path: '/api/v1/bookings',
        token: tokens[i % tokens.length],
        body: bookingBody(p.id, { pax: { adult: 1 }, customer_name: `Cliente ${i + 1}` }),
      })),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    console.info(
      `[concurrency] 40 requests × 1 seat on capacity 10: ${created.length} × 201, ${refused.length} × 409, others: ${answers.length - created.length - refused.length}`,
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.body.message).toBe(NO_SEATS_MESSAGE);

    // Every 201 is a booking that exists; the departure holds exactly what they hold.
    const createdIds = created.map((a) => a.body.id as string);
    const stored = await app.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, createdIds));
    expect(stored).toHaveLength(10);
    expect((await departureOf(p.id)).seatsTaken).toBe(10);
    expect(await seatsHeld(p.id)).toEqual({ seats: 10, bookings: 10 });
  });

  it('mixed party sizes (1–4 seats, babies without a seat): never above capacity, seats_taken = seats held, every refusal really did not fit', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 25 });
    const sizes = Array.from({ length: 40 }, (_, i) => ((i * 7) % 4) + 1);
    const answers = await fire(
      sizes.map((adult, i) => ({
        method: 'POST',
        path: '/api/v1/bookings',
        token: tokens[i % tokens.length],
        body: bookingBody(p.id, { pax: i % 5 === 0 ? { adult, infant: 1 } : { adult }, customer_name: `Grupo ${i}` }),
      })),
    );
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
    const created = answers.filter((a) => a.status === 201);
    const sold = created.reduce((n, a) => n + (a.body.seats ?? 0), 0);
    const dep = await departureOf(p.id);
    console.info(
      `[concurrency] 40 mixed requests (${sizes.reduce((a, b) => a + b, 0)} seats asked) on capacity 25: ${created.length} × 201 selling ${sold} seats, ${answers.length - created.length} × 409`,
    );
    expect(sold).toBeLessThanOrEqual(25);
    expect(dep.seatsTaken).toBe(sold);
    expect(await seatsHeld(p.id)).toEqual({ seats: sold, bookings: created.length });
    // Seats left only shrink: a request refused for lack of seats asked for more than is left now.
    answers.forEach((a, i) => {
      if (a.status === 409) {
        expect(a.body.message).toBe(NO_SEATS_MESSAGE);
        expect(sizes[i]).toBeGreaterThan(25 - dep.seatsTaken);
      }
    });
  });

  it('simultaneous edits that grow bookings on the same departure never oversell either', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 12 });
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } })));
    // 8 seats sold, 4 left: 8 bookings each try to add a seat at once (office staff: they are not a seller's).
    const office = [w.tokens.A1, w.tokens.A3, w.tokens.admin];
    const answers = await fire(
      made.map((b, i) => ({
        method: 'PUT',
        path: `/api/v1/bookings/${b.id}`,
        token: office[i % office.length],
        body: { pax: { adult: 2 } },
      })),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect((await departureOf(p.id)).seatsTaken).toBe(12);
    expect(await seatsHeld(p.id)).toEqual({ seats: 12, bookings: 8 });
  });

  it('cancellations and new sales at once: seats freed are resold, seats_taken always equals the seats held', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 6 });
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } })));
    const answers = await fire([
      ...made.slice(0, 3).map((b) => ({
        method: 'POST',
        path: `/api/v1/bookings/${b.id}/cancel`,
        token: w.tokens.A1,
        body: { reason: 'Cambio de planes' },
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        method: 'POST',
        path: '/api/v1/bookings',
        token: tokens[i % tokens.length],
        body: bookingBody(p.id, { pax: { adult: 1 } }),
      })),
    ]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    const resold = answers.slice(3).filter((a) => a.status === 201).length;
    expect(resold).toBeLessThanOrEqual(3);
    const dep = await departureOf(p.id);
    expect(dep.seatsTaken).toBe(3 + resold);
    expect(await seatsHeld(p.id)).toEqual({ seats: 3 + resold, bookings: 3 + resold });
  });
  it('lock waits are bounded: a departure row held by another transaction answers 409 after the lock timeout, never hangs', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }));
    const dep = await departureOf(p.id);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another transaction (say, a slow maintenance job) keeps the departure row locked.
    const holder = app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${departures} where ${departures.id} = ${dep.id} for update`);
      locked();
      await held;
    });
    await isLocked;
    const started = Date.now();
    const [answer] = await fire([
      { method: 'POST', path: '/api/v1/bookings', token: w.tokens.A1, body: bookingBody(p.id, { pax: { adult: 1 } }) },
    ]);
    const waited = Date.now() - started;
    release();
    await holder;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/inténtalo de nuevo/);
    expect(waited).toBeGreaterThanOrEqual(2500);
    expect(waited).toBeLessThan(10_000);
    expect((await departureOf(p.id)).seatsTaken).toBe(1);
    expect(await seatsHeld(p.id)).toEqual({ seats: 1, bookings: 1 });
  });

  it("crossing moves (09:00 ⇄ 18:00), babies added and cancellations at once: no deadlock, and each departure's bookings and passengers (migration 0025) are its bookings'", async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 40 });
    const morning = [];
    const evening = [];
    for (let i = 0; i < 8; i++) {
      morning.push(await booked(app, w.tokens.A1, bookingBody(p.id, { time: '09:00', pax: { adult: 1 } })));
      evening.push(await booked(app, w.tokens.A1, bookingBody(p.id, { time: '18:00', pax: { adult: 2 } })));
    }
    const office = [w.tokens.A1, w.tokens.A3, w.tokens.admin];
    const answers = await fire([
      // Each departure's bookings move to the other one, both ways at once (the departures'
      // rows locked in one order by the edit and by the counts' trigger).
      ...morning.slice(0, 6).map((b, i) => ({
        method: 'PUT',
        path: `/api/v1/bookings/${b.id}`,
        token: office[i % office.length] as string,
        body: { time: '18:00' },
      })),
      ...evening.slice(0, 6).map((b, i) => ({
        method: 'PUT',
        path: `/api/v1/bookings/${b.id}`,
        token: office[(i + 1) % office.length] as string,
        body: { time: '09:00' },
      })),
      // A baby: a passenger more, no seat more.
      ...[morning[6], evening[6]].map((b) => ({
        method: 'PUT',
        path: `/api/v1/bookings/${b?.id}`,
        token: w.tokens.A1,
        body: { pax: { adult: 1, infant: 1 } },
      })),
      ...[morning[7], evening[7]].map((b) => ({
        method: 'POST',
        path: `/api/v1/bookings/${b?.id}/cancel`,
        token: w.tokens.A3,
        body: { reason: 'Prueba' },
      })),
    ]);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    const rows = await app.db
      .select({ time: departures.time, bookings: departures.bookingsCount, pax: departures.paxCount })
      .from(departures)
      .where(eq(departures.productId, p.id))
      .orderBy(departures.time);
    // Each keeps 2 of its 8 (one with a baby now, one cancelled) and takes the other's 6.
    expect(rows).toEqual([
      { time: '09:00', bookings: 7, pax: 6 * 2 + (1 + 1) },
      { time: '18:00', bookings: 7, pax: 6 * 1 + (1 + 1) },
    ]);
  });

  it('the report totals (ADR 026): sales, edits and cancellations at once, folded while they run, add up to the bookings', async () => {
    // Everything the tests above sold, grew and cancelled at once left its deltas.
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    const p = await mkProduct(app, w.tokens.A1, { capacity: 30 });
    const mine = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }));
    let folding = true;
    const folds = (async () => {
      let n = 0;
      while (folding) n += await compactTotals(app.db);
      return n;
    })();
    const answers = await fire([
      ...Array.from({ length: 30 }, (_, i) => ({
        method: 'POST',
        path: '/api/v1/bookings',
        token: tokens[i % tokens.length] as string,
        body: bookingBody(p.id, { pax: { adult: 1 + (i % 2) } }),
      })),
      { method: 'POST', path: `/api/v1/bookings/${mine.id}/cancel`, token: w.tokens.A1, body: { reason: 'Prueba' } },
    ]);
    folding = false;
    await folds;
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await compactTotals(app.db);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
  });
});
