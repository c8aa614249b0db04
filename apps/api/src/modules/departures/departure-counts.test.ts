/**
 * Migration 0025: each departure keeps its seat-holding bookings and their passengers on its row,
 * by a deferred trigger on `bookings` (counted at COMMIT). Every kind of change counts the same as
 * adding the bookings up afresh (test/departure-counts.ts): sales, passengers changed (a baby: a
 * passenger, no seat), a move to another departure, a cancellation, a deletion; several changes of
 * one booking in one transaction; a transaction rolled back; TRUNCATE. Concurrent crossing moves on
 * PostgreSQL: bookings.concurrency.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import { bookings, departures } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let productId: string;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  productId = (await mkProduct(app, w.tokens.A1, { capacity: 30 })).id;
});
afterAll(async () => {
  await app?.close();
});

/** The product's departures as (date time → bookings / passengers), those with any. */
async function counts() {
  const rows = await app.db
    .select({ date: departures.date, time: departures.time, n: departures.bookingsCount, pax: departures.paxCount })
    .from(departures)
    .where(eq(departures.productId, productId))
    .orderBy(departures.date, departures.time);
  return Object.fromEntries(rows.filter((r) => r.n > 0 || r.pax > 0).map((r) => [`${r.date} ${r.time}`, [r.n, r.pax]]));
}

describe("a departure's bookings and passengers, kept on its row (migration 0025)", () => {
  it('follow sales, a baby added, moves and a cancellation through the API', async () => {
    const { send } = api(app);
    const a = await booked(app, w.tokens.A1, bookingBody(productId, { pax: { adult: 2 } }));
    const b = await booked(app, w.tokens.A1, bookingBody(productId, { pax: { adult: 1, child: 1 } }));
    expect(await counts()).toEqual({ [`${day(1)} 09:00`]: [2, 4] });

    // A baby: one passenger more on the same departure.
    expect(
      (await send('PUT', `/api/v1/bookings/${a.id}`, w.tokens.A1, { pax: { adult: 2, infant: 1 } })).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual({ [`${day(1)} 09:00`]: [2, 5] });

    // Moved to the evening and to another day.
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { time: '18:00' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/v1/bookings/${a.id}`, w.tokens.A1, { date: day(2) })).statusCode).toBe(200);
    expect(await counts()).toEqual({ [`${day(1)} 18:00`]: [1, 2], [`${day(2)} 09:00`]: [1, 3] });

    // Cancelled: it holds nothing.
    expect((await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'Lluvia' })).statusCode).toBe(
      200,
    );
    expect(await counts()).toEqual({ [`${day(2)} 09:00`]: [1, 3] });
    expect(await departureCountsDrift(app.db)).toEqual([]);
  });

  it('several changes of one booking in one transaction count once, as it ends; a rolled-back one counts nothing', async () => {
    const c = await booked(app, w.tokens.A1, bookingBody(productId, { date: day(3), pax: { adult: 3 } }));
    const [other] = await app.db
      .select({ id: departures.id })
      .from(departures)
      .where(
        sql`${departures.productId} = ${productId} and ${departures.date} = ${day(2)} and ${departures.time} = '09:00'`,
      );
    const before = await counts();
    await app.db.transaction(async (tx) => {
      await tx.update(bookings).set({ paxTotal: 4 }).where(eq(bookings.id, c.id));
      await tx
        .update(bookings)
        .set({ departureId: other?.id as string, date: day(2) })
        .where(eq(bookings.id, c.id));
      await tx.update(bookings).set({ state: 'cancelled' }).where(eq(bookings.id, c.id));
      await tx.update(bookings).set({ state: 'confirmed' }).where(eq(bookings.id, c.id));
    });
    expect(await counts()).toEqual({
      ...Object.fromEntries(Object.entries(before).filter(([k]) => k !== `${day(3)} 09:00`)),
      [`${day(2)} 09:00`]: [2, 3 + 4],
    });
    const settled = await counts();
    await expect(
      app.db.transaction(async (tx) => {
        await tx.update(bookings).set({ state: 'cancelled' }).where(eq(bookings.id, c.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counts()).toEqual(settled);
    expect(await departureCountsDrift(app.db)).toEqual([]);
  });

  it('a booking deleted takes its count with it; TRUNCATE leaves every departure at none', async () => {
    const d = await booked(app, w.tokens.A1, bookingBody(productId, { date: day(4), pax: { adult: 2 } }));
    expect((await counts())[`${day(4)} 09:00`]).toEqual([1, 2]);
    await app.db.execute(sql`delete from booking_events where booking_id = ${d.id}::uuid`);
    await app.db.delete(bookings).where(eq(bookings.id, d.id));
    expect((await counts())[`${day(4)} 09:00`]).toBeUndefined();
    expect(await departureCountsDrift(app.db)).toEqual([]);

    await app.db.execute(sql.raw('truncate bookings cascade'));
    const [left] = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from departures where bookings_count <> 0 or pax_count <> 0`,
      )
    ).rows;
    expect(left?.n).toBe(0);
  });
});
