import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/** Whether `db` is a transaction's handle (else the pool's: each statement commits on its own). */
export const isTransaction = (db: DbOrTx): boolean => db instanceof PgTransaction;

/** The work left for the end of each transaction opened by {@link inTransaction}. */
const endOfTransaction = new WeakMap<object, (() => Promise<void>)[]>();

/**
 * Runs `fn` once the transaction `tx` has done its work, just before it commits: still inside it,
 * so what `fn` writes commits or rolls back with the rest, and a throw rolls everything back. For
 * what must describe the transaction's outcome rather than one step of it (a channel's webhook
 * carries the booking as it is once its seats have moved too). In the order added; at once when
 * `tx` was not opened by {@link inTransaction} (or is not a transaction).
 */
export async function beforeCommit(tx: DbOrTx, fn: () => Promise<void>): Promise<void> {
  const hooks = endOfTransaction.get(tx);
  if (hooks) hooks.push(fn);
  else await fn();
}

/**
 * Runs `fn` in a transaction of its own, or inside the caller's when `db` already is one (the demo
 * seed sells hundreds of bookings in one transaction: savepoints there would only cost time, and a
 * refusal must abort it anyway). What was left for its end ({@link beforeCommit}) runs after `fn`. Lock waits are bounded
 * by every connection's `lock_timeout` (db/pg-session.ts: a busy departure, sheet or resource answers
 * 409, never hangs); PGlite has one connection, so nothing there ever waits for a lock.
 */
export function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return fn(db);
  return (db as Db).transaction(async (tx) => {
    const hooks: (() => Promise<void>)[] = [];
    endOfTransaction.set(tx, hooks);
    const out = await fn(tx);
    // A hook may leave more for the end: run until none is left.
    for (let i = 0; i < hooks.length; i++) await hooks[i]();
    endOfTransaction.delete(tx);
    return out;
  });
}
