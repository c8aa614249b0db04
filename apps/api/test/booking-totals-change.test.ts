/**
 * ADR 035 (migration 0020): a booking change appends ONE row to `booking_totals_change` (two for an
 * update that moves a total, none for one that moves nothing), the view `booking_totals_delta`
 * spreads those rows as ADR 026 wrote its deltas, and the three forms of a booking's contribution
 * agree: `booking_totals_of(b)` (the rebuild's and the drift check's), the spread of
 * `booking_totals_change_of(b)` (the trigger's row) and the view.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bookingBody, day, mkProduct } from '../src/modules/bookings/bookings.test-helpers';
import { compactTotals, totalsDrift } from './booking-totals';
import { buildTestApp } from './build-app';
import { createWorld } from './factories';

let app: FastifyInstance;
let token: string;
let send: ReturnType<typeof api>['send'];

beforeAll(async () => {
  app = await buildTestApp();
  ({ send } = api(app));
  const w = await createWorld(app);
  token = w.tokens.A1;
});
afterAll(async () => {
  await app?.close();
});

const changes = async () =>
  Number((await app.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_totals_change`)).rows[0]?.n);

describe('one totals row per booking change (ADR 035)', () => {
  it('a sale appends one row, a cancellation two, a payment none; the view spreads them as the deltas were', async () => {
    const product = await mkProduct(app, token);
    await compactTotals(app.db);
    expect(await changes()).toBe(0);
    const sold = await send('POST', '/api/v1/bookings', token, bookingBody(product.id, { date: day(3) }));
    expect(sold.statusCode).toBe(201);
    expect(await changes()).toBe(1);
    // A sale of three passengers spreads over 2 bases × 2 grains × 5 dimensions.
    const [spread] = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_totals_delta`))
      .rows;
    expect(spread?.n).toBe(20);

    const paid = await send('POST', `/api/v1/bookings/${sold.json().id}/payments`, token, {
      amount_cents: 1000,
      method: 'cash',
    });
    expect(paid.statusCode).toBe(201);
    expect(await changes()).toBe(1);

    const cancelled = await send('POST', `/api/v1/bookings/${sold.json().id}/cancel`, token, {
      reason: 'El cliente no puede venir',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await changes()).toBe(3);
    expect(await totalsDrift(app.db)).toEqual([]);
    await compactTotals(app.db);
    expect(await changes()).toBe(0);
    expect(await totalsDrift(app.db)).toEqual([]);
  });

  it("booking_totals_of and the spread of the trigger's row are the same rows, for every booking", async () => {
    const [diff] = (
      await app.db.execute<{ only_of: number; only_spread: number; rows: number }>(sql`
        with x as (select t.* from bookings b cross join lateral booking_totals_of(b, 1) t),
             y as (select t.* from bookings b cross join lateral booking_totals_spread(booking_totals_change_of(b, 1)) t)
        select (select count(*)::int from (select * from x except all select * from y) d) as only_of,
               (select count(*)::int from (select * from y except all select * from x) d) as only_spread,
               (select count(*)::int from x) as rows`)
    ).rows;
    expect(diff?.rows).toBeGreaterThan(0);
    expect(diff).toMatchObject({ only_of: 0, only_spread: 0 });
  });
});
