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

/** The plan of the list's `q` condition, with sequential scans priced out of the planner's reach. */
async function planOf(q: string) {
  const where = and(...buildListConditions(parseListQuery({ q }, BOOKING_LIST_SPEC), BOOKING_LIST_SPEC));
  const query = database.db.select({ id: bookings.id }).from(bookings).where(where);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return res.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('bookings search index', () => {
  it('serves `q` from the trigram index over the very expressions the filter builds', async () => {
    // If the filter's expression and the index's drift apart, the planner cannot use the index
    // and this plan falls back to a sequential scan (2–3 s per search at 1 M bookings).
    const plan = await planOf('lucía');
    expect(plan).toContain('bookings_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on bookings/);
  });

  it('the pg_trgm extension is installed on this engine', async () => {
    const res = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    );
    expect(Number(res.rows[0]?.n)).toBe(1);
  });
});
