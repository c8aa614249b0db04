import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';

/** Lock waits inside a sheet transaction are bounded: a busy sheet or resource answers 409, never hangs. */
const LOCK_TIMEOUT = '3s';

/**
 * Runs `fn` in a transaction of its own with bounded lock waits, or inside the caller's when `db`
 * already is one (the demo seed).
 */
export function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db);
  return (db as Db).transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    return fn(tx);
  });
}
