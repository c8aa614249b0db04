import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { buildListConditions, parseListQuery } from '../../lib/filters';
import { BOOKING_LIST_SPEC } from './bookings.repository';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/**
 * The plan of the list's `q` condition, with sequential scans priced out of the planner's reach and
 * the order index (which carries the search text, for `q` within dates) set aside for the plan: on
 * an empty table the planner would scan that one whole as gladly. Rolled back.
 */
async function planOf(q: string) {
  const where = and(...buildListConditions(parseListQuery({ q }, BOOKING_LIST_SPEC), BOOKING_LIST_SPEC));
  const query = database.db.select({ id: bookings.id }).from(bookings).where(where);
  let plan = '';
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index bookings_tenant_order_idx`);
      const res = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
      tx.rollback();
    })
    .catch(() => {});
  return plan;
}

describe('bookings search index', () => {
  it('serves `q` from the search-text index, rechecking the stored text without f_unaccent', async () => {
    // If the filter's column and the index's drift apart, the planner cannot use the index and
    // this plan falls back to a sequential scan (2–3 s per search at 1 M bookings); a recheck that
    // unaccents each candidate cost ~1 s for a common surname over every date (ADR 032).
    const plan = await planOf('lucía');
    expect(plan).toContain('Bitmap Index Scan on bookings_tenant_search_idx');
    expect(plan).toContain("Index Cond: (search_text ~~ '%lucia%'::text)");
    expect(plan).not.toMatch(/Seq Scan on bookings/);
    expect(plan).not.toMatch(/translate|f_unaccent/);
  });

  it('the index leads with the operator, so a search reads only its operator’s matches', async () => {
    const res = await database.db.execute<{ def: string }>(
      sql`select indexdef as def from pg_indexes where indexname = 'bookings_tenant_search_idx'`,
    );
    expect(res.rows[0]?.def).toMatch(/USING gin \(tour_operator_id, search_text gin_trgm_ops\)$/);
  });

  it('the order index carries the search text, so `q` within dates is checked on its entries', async () => {
    const res = await database.db.execute<{ def: string }>(
      sql`select indexdef as def from pg_indexes where indexname = 'bookings_tenant_order_idx'`,
    );
    expect(res.rows[0]?.def).toMatch(
      /USING btree \(tour_operator_id, date, "time", created_at, id\) INCLUDE \(search_text\)$/,
    );
  });

  it('a query with a line break (the search text’s separator) is matched column by column', async () => {
    const plan = await planOf('ez\nlu');
    expect(plan).toMatch(/translate\(lower\(customer_name\)/);
    expect(plan).not.toMatch(/search_text/);
  });

  it('the pg_trgm and btree_gin extensions are installed on this engine', async () => {
    const res = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_extension where extname in ('pg_trgm', 'btree_gin')`,
    );
    expect(Number(res.rows[0]?.n)).toBe(2);
  });
});
