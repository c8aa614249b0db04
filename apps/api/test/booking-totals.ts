/**
 * The booking totals (ADR 026) as kept — folded rows plus the deltas not yet folded — against the
 * same totals computed afresh from the bookings: the rows that differ, none when they agree. The
 * concurrency and report tests and the fault bench (bench/fault-pg-restart.ts) run it after their
 * writes.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

const AMOUNTS = [
  'bookings',
  'pax',
  'gross_cents',
  'discount_cents',
  'commission_cents',
  'base_cents',
  'refunded_cents',
];
const SUMS = AMOUNTS.map((c) => `sum(t.${c})::bigint as ${c}`).join(', ');
const NOT_ZERO = AMOUNTS.map((c) => `sum(t.${c}) <> 0`).join(' or ');

/** At most 20 rows that differ (`side`: which one has the row), every operator. */
export const TOTALS_DRIFT_SQL = `
  with kept as (
    select t.tour_operator_id, t.basis, t.grain, t.dim, t.day::text, t.key, t.cancelled, ${SUMS}
    from (select * from booking_totals union all select * from booking_totals_delta) t
    group by 1, 2, 3, 4, 5, 6, 7
    having ${NOT_ZERO}
  ), fresh as (
    select t.tour_operator_id, t.basis, t.grain, t.dim, t.day::text, t.key, t.cancelled, ${SUMS}
    from bookings b cross join lateral booking_totals_of(b, 1) t
    group by 1, 2, 3, 4, 5, 6, 7
  )
  (select 'kept' as side, * from kept except select 'kept', * from fresh)
  union all
  (select 'fresh' as side, * from fresh except select 'fresh', * from kept)
  order by 2, 3, 4, 5, 6, 7, 8, 1
  limit 20`;

export async function totalsDrift(db: DbOrTx) {
  return (await db.execute<Record<string, unknown>>(sql.raw(TOTALS_DRIFT_SQL))).rows;
}

/** Folds every delta into the totals (what the task `reports.compact-totals` does each minute). */
export async function compactTotals(db: DbOrTx) {
  const res = await db.execute<{ n: number }>(sql`select booking_totals_compact(100000) as n`);
  return Number(res.rows[0]?.n ?? 0);
}
