/**
 * ADR 032: the indexes the bookings list relies on at 1 M bookings, and the SQL that reaches them.
 * If a query's expression and its index drift apart the answers stay right but the plan falls back
 * to scanning (seconds at 1 M bookings): these plans are checked with sequential scans priced out of
 * the planner's reach, on the migrated (empty) schema.
 */
import { LEVEL } from '@trayecto/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { buildListConditions, buildOrderBy, parseListQuery } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { BOOKING_LIST_SPEC, visibleTo } from './bookings.repository';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const OPERATOR = '00000000-0000-4000-8000-000000000001';
const actor = (level: number): Actor => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  level,
  tourOperatorId: OPERATOR,
  fullName: 'x',
});

/**
 * EXPLAIN of a query when `keep` (and the primary keys) are the only indexes of its tables: the
 * others, unique constraints included, are dropped inside a transaction that is rolled back; and
 * sequential scans and sorts are priced out. On an empty schema the planner's choice among indexes
 * proves nothing; whether the query can use this one at all is what drifts.
 */
async function planWith(keep: string[], query: { getSQL(): SQL }) {
  let plan = '';
  await database.db
    .transaction(async (tx) => {
      const others = await tx.execute<{ tbl: string; name: string; con: string | null }>(sql`
        select i.tablename as tbl, i.indexname as name, c.conname as con from pg_indexes i
        left join pg_constraint c on c.conname = i.indexname
        where i.schemaname = 'public' and i.tablename in ('bookings', 'schedule_sheets')
          and (c.contype is null or c.contype <> 'p')
          and i.indexname not in (${sql.join(
            keep.map((k) => sql`${k}`),
            sql`, `,
          )})`);
      for (const { tbl, name, con } of others.rows) {
        await tx.execute(
          sql.raw(con ? `alter table "${tbl}" drop constraint "${con}" cascade` : `drop index "${name}"`),
        );
      }
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const res = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
      throw new RollBack();
    })
    .catch((e) => {
      if (!(e instanceof RollBack)) throw e;
    });
  return plan;
}

class RollBack extends Error {}

/** The list's count query (countUpTo's inner select) for these conditions. */
const countOf = (where: SQL | undefined) =>
  database.db.select({ one: sql`1` }).from(bookings).where(where).limit(10_001);

describe('bookings list plans (ADR 032)', () => {
  it("a driver's and a guide's bookings start from their sheets' departures, read by departure", async () => {
    for (const [level, index] of [
      [LEVEL.DRIVER, 'schedule_sheets_driver_departure_idx'],
      [LEVEL.GUIDE, 'schedule_sheets_guide_departure_idx'],
    ] as const) {
      const plan = await planWith([index, 'bookings_departure_order_idx'], countOf(visibleTo(actor(level))));
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${index} on schedule_sheets`));
      expect(plan).toMatch(/Index Cond: \(\(departure_id = ANY \(.+\)\) AND \(tour_operator_id = /);
      expect(plan).toContain('bookings_departure_order_idx');
      expect(plan).not.toMatch(/Seq Scan|Filter/);
    }
  });

  it("one product's bookings are counted from the product index, operator included", async () => {
    const where = and(
      visibleTo(actor(LEVEL.TOUR_OPERATOR_ADMIN)),
      eq(bookings.productId, '00000000-0000-4000-8000-0000000000bb'),
    );
    const plan = await planWith(['bookings_product_date_tenant_idx'], countOf(where));
    expect(plan).toContain('bookings_product_date_tenant_idx');
    // Both conditions are the index's: no row is read to check the operator.
    expect(plan).toMatch(/Index Cond: \(\(product_id = .*\) AND \(tour_operator_id = /);
    expect(plan).not.toMatch(/Seq Scan|Filter/);
  });

  it('sort=customer_name reads its order from an index over the very expression it sorts by', async () => {
    const params = parseListQuery(
      { sort: 'customer_name', 'date[gte]': '2026-11-19', 'date[lte]': '2026-11-25' },
      BOOKING_LIST_SPEC,
    );
    const query = database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(visibleTo(actor(LEVEL.TOUR_OPERATOR_ADMIN)), ...buildListConditions(params, BOOKING_LIST_SPEC)))
      .orderBy(...buildOrderBy(params, BOOKING_LIST_SPEC))
      .limit(51);
    const plan = await planWith(['bookings_tenant_name_idx'], query);
    expect(plan).toContain('Index Scan using bookings_tenant_name_idx');
    // The index gives the names in order; the id tiebreaker sorts within equal names only.
    expect(plan).toContain('Incremental Sort');
    expect(plan).not.toMatch(/(^|->\s+)Sort\s+\(/m);
  });
});
