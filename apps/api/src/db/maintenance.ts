/**
 * VACUUM of the queues the background tasks fold and delete (ADR 049): the report totals' changes
 * (`booking_totals_change`, ADR 026) and the commissions' (`commission_due_delta`, ADR 037). Every
 * sale appends to them and every minute's fold deletes what it folded, so they are all dead rows
 * until a VACUUM. PostgreSQL's autovacuum does it where it runs, but the embedded database (PGlite:
 * one backend, no autovacuum launcher) never would, nor a server configured without it (this
 * project's CI machines): a day of sales at the bench's pace left 1.5 M dead rows, 263 MB, and the
 * seller's «Inicio», which reads the queue with the totals, went from 25 to 650 ms.
 *
 * `skip_locked`: where autovacuum is already at the table, this one steps aside instead of waiting
 * (the API's connections give up on a lock after 3 s). Never inside a transaction (VACUUM refuses).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './types';

/** The queue tables a fold empties. */
export type FoldedQueue = 'booking_totals_change' | 'commission_due_delta';

export async function vacuumFoldedQueue(db: DbOrTx, table: FoldedQueue): Promise<void> {
  await db.execute(sql.raw(`vacuum (skip_locked) ${table}`));
}

/**
 * What to tell the operator when the PostgreSQL server runs without autovacuum (ADR 049): the
 * application vacuums its two queues itself, every other table it updates or deletes from needs the
 * server's autovacuum or a scheduled VACUUM (docs/deployment.md). Undefined when it is on. The
 * embedded database reports `on` (it has no launcher; what it churns is the queues, vacuumed here).
 */
export async function autovacuumWarning(db: DbOrTx): Promise<string | undefined> {
  if (!(await autovacuumOff(db))) return undefined;
  return 'PostgreSQL runs with autovacuum = off: dead rows of bookings, departures, messages and the purged tables are never removed and reads slow down as they grow; turn autovacuum on (the default) or schedule VACUUM (docs/deployment.md)';
}

/** Whether the server runs without autovacuum (the embedded database reports `on`). */
export async function autovacuumOff(db: DbOrTx): Promise<boolean> {
  const res = await db.execute<{ on: boolean }>(sql`select current_setting('autovacuum')::boolean as on`);
  return res.rows[0]?.on === false;
}

/** {@link autovacuumWarning} for `/ready`'s `warnings`, in Spanish as its `problems` are. */
export const AUTOVACUUM_OFF_READY_WARNING =
  'PostgreSQL funciona sin autovacuum: las filas muertas no se eliminan y las lecturas se vuelven más lentas; activa autovacuum o programa VACUUM (docs/deployment.md)';
