import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * Lock waits inside a booking or schedule-sheet transaction are bounded: a busy departure, sheet or
 * resource answers 409, never hangs.
 */
const LOCK_TIMEOUT = '3s';

/**
 * Runs `fn` in a transaction of its own with bounded lock waits (`SET LOCAL lock_timeout`, which
 * lasts until the end of the transaction), or inside the caller's when `db` already is one (the demo
 * seed sells hundreds of bookings in one transaction: savepoints there would only cost time, and a
 * refusal must abort it anyway).
 */
export function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db);
  return (db as Db).transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    return fn(tx);
  });
}
