/**
 * The booking totals «Informes» reads (ADR 026): kept by the database (migration 0018's trigger on
 * `bookings`); what the application does is fold the deltas each change appended into the totals,
 * in bounded batches (the task `reports.compact-totals`, every minute, one process at a time).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Folds up to `batch` deltas into the totals; answers how many it folded. */
export async function compactBookingTotals(db: DbOrTx, batch: number): Promise<number> {
  const res = await db.execute<{ n: number | string }>(sql`select booking_totals_compact(${batch}::int) as n`);
  return Number(res.rows[0]?.n ?? 0);
}
