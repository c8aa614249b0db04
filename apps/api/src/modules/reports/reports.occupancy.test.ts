/**
 * The occupancy report at 1 M bookings (issue 35, ADR 037): its page read in the index's order and
 * its products' totals added up before their names are joined — proven equal, page by page, to the
 * statement it replaces (ADR 026's, kept below verbatim) on departures of two operators with
 * products of the same name, the same day and time, closed ones and one product filtered.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import type { DbOrTx } from '../../db/client';
import { departures } from '../../db/schema';
import { day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import * as repo from './reports.repository';

let app: FastifyInstance;
let w: World;

async function referenceOccupancy(
  db: DbOrTx,
  tenant: SQL,
  from: string,
  to: string,
  productId: string | undefined,
  limit: number,
  offset: number,
) {
  const product = productId ? sql`and d.product_id = ${productId}::uuid` : sql``;
  type Row = {
    kind: string;
    departure_id: string | null;
    product_id: string;
    product_name: string;
    date: string | null;
    time: string | null;
    capacity: number | string;
    seats_taken: number | string;
    closed: boolean | null;
    departures: number | string;
  };
  const res = await db.execute<Row>(sql`
    with deps as (
      select d.id, d.product_id, d.date, d.time, d.capacity, d.seats_taken, d.closed
      from departures d
      where ${tenant} and d.date between ${from}::date and ${to}::date ${product}
    )
    (select 'departure' as kind, deps.id::text as departure_id, deps.product_id::text as product_id, p.name as product_name,
            deps.date::text as date, deps.time, deps.capacity, deps.seats_taken, deps.closed, 1 as departures
     from deps join products p on p.id = deps.product_id
     order by deps.date, deps.time, p.name, deps.id
     limit ${limit} offset ${offset})
    union all
    (select 'product', null, deps.product_id::text, min(p.name), null, null, sum(deps.capacity), sum(deps.seats_taken), null, count(*)
     from deps join products p on p.id = deps.product_id
     group by deps.product_id
     order by min(p.name), deps.product_id::text)`);
  return res.rows;
}

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('occupancy: the same rows as before, page by page', () => {
  it('two operators, equal names, equal times, closed departures, a product filter', async () => {
    const products = [
      await mkProduct(app, w.tokens.A1, { name: 'Teide' }),
      await mkProduct(app, w.tokens.A1, { name: 'Teide' }),
      await mkProduct(app, w.tokens.A1, { name: 'Anaga' }),
      await mkProduct(app, w.tokens.B1, { name: 'Masca' }),
    ];
    let k = 0;
    for (const p of products)
      for (let d = 0; d < 6; d++)
        for (const time of ['09:00', '12:30', '18:00']) {
          k += 1;
          await app.db
            .insert(departures)
            .values({
              tourOperatorId: p.tour_operator_id,
              productId: p.id,
              date: day(d),
              time,
              capacity: 10 + (k % 7),
              seatsTaken: k % 9,
              closed: k % 11 === 0,
            })
            .onConflictDoNothing();
        }
    const scopes: [repo.ReportScope, SQL][] = [
      [{ kind: 'operator', tourOperatorId: w.A.op.id }, sql`d.tour_operator_id = ${w.A.op.id}::uuid`],
      [{ kind: 'all' }, sql`d.tour_operator_id = any(array(select id from tour_operators))`],
    ];
    let compared = 0;
    for (const [scope, tenant] of scopes)
      for (const [from, to] of [
        [day(0), day(5)],
        [day(2), day(2)],
        [day(4), day(30)],
      ])
        for (const productId of [undefined, products[1].id])
          for (const [limit, offset] of [
            [50, 0],
            [7, 0],
            [7, 7],
            [7, 70],
          ]) {
            const expected = (await referenceOccupancy(app.db, tenant, from, to, productId, limit, offset)).map(
              (r) => ({
                ...r,
                capacity: Number(r.capacity),
                seats_taken: Number(r.seats_taken),
                departures: Number(r.departures),
              }),
            );
            const got = await repo.occupancy(app.db, scope, from, to, productId, limit, offset);
            expect(got.length).toBe(expected.length);
            expect(got.filter((r) => r.kind === 'departure').map((r) => r.departureId)).toEqual(
              expected.filter((r) => r.kind === 'departure').map((r) => r.departure_id),
            );
            expect(
              got.map((r) =>
                r.kind === 'product'
                  ? [r.productId, r.productName, r.departures, r.capacity, r.seatsTaken]
                  : [r.productId, r.productName, r.date, r.time, r.capacity, r.seatsTaken, r.closed],
              ),
            ).toEqual(
              expected.map((r) =>
                r.kind === 'product'
                  ? [r.product_id, r.product_name, r.departures, r.capacity, r.seats_taken]
                  : [r.product_id, r.product_name, r.date, r.time, r.capacity, r.seats_taken, r.closed],
              ),
            );
            compared += expected.length;
          }
    expect(compared).toBeGreaterThan(200);
  });
});
