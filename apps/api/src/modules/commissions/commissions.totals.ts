/**
 * What «Comisiones» owes by day and party (ADR 037): kept by the database (migration 0021's triggers
 * on `bookings` and on the statement lines); what the application does is fold the deltas each
 * change appended into the totals, in bounded batches (the task `commissions.compact-due`, every
 * minute, one process at a time).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Folds up to `batch` deltas into the totals; answers how many it folded. */
export async function compactCommissionDue(db: DbOrTx, batch: number): Promise<number> {
  const res = await db.execute<{ n: number | string }>(sql`select commission_due_compact(${batch}::int) as n`);
  return Number(res.rows[0]?.n ?? 0);
}
