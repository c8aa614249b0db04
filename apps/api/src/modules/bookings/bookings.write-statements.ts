/**
 * The statements that write a booking row (ADR 035, 041, 042, 045): a sale's one statement — the
 * booking, its `created` event, its audit entry and whatever else the sale writes over the new row,
 * the departure's seats taken first — and a change's version-checked UPDATE with its events and audit
 * entry; and how PostgreSQL's refusals of a sale's statement read. Only the booking writer
 * (booking-writer.ts) and the sales path (bookings.sale-writes.ts) use them: every booking row is
 * written through those. The reads and locks stay in bookings.repository.ts.
 */
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Cte, returningAll, runCteStatement } from '../../db/cte-statement';
import { bookingEvents, bookings } from '../../db/schema';
import { rowShapeOf, templated, type ValueOf } from '../../db/statement-template';
import { isConstraintViolation, pgErrorOf } from '../../lib/db-errors';
import type { takeSeatsQuery } from '../departures/departures.service';
import type { BookingRow } from './bookings.mapper';

export type BookingInsert = typeof bookings.$inferInsert;

/** An event of a booking a statement is writing (its booking and operator come from that row). */
export type SaleEvent = Omit<typeof bookingEvents.$inferInsert, 'id' | 'bookingId' | 'tourOperatorId'>;

/** The INSERT of an event of the booking row `source` (a CTE of the same statement) writes. */
function eventInsertFrom(source: SQL, event: SaleEvent): SQL {
  return sql`insert into ${bookingEvents} (tour_operator_id, booking_id, type, data, actor_id, actor_kind, actor_label, created_at)
    select s.tour_operator_id, s.id, ${event.type}, ${JSON.stringify(event.data ?? {})}::jsonb, ${event.actorId ?? null}::uuid,
      ${event.actorKind ?? 'staff'}, ${event.actorLabel ?? ''}, ${(event.createdAt ?? new Date()).toISOString()}::timestamptz
    from ${source} s`;
}

/**
 * A sale's rows in ONE statement (ADR 035): the booking (unless its locator is taken: then nothing
 * at all is written and the answer is undefined, the caller retries with another locator), its
 * `created` event and the statement `audit` builds over the inserted row (`sold`: the audit entry).
 * Data-modifying CTEs: the event and the entry read the booking the statement inserts, so they exist
 * exactly when it does, and the history's and audit's inserts cost no round trip of their own.
 *
 * With `takeSeats` (ADR 041: a staff sale outside any transaction) the same statement takes the
 * departure's seats first, and the booking's `departure_id` is the id that UPDATE returned: when the
 * departure is closed or cannot take them there is none, PostgreSQL refuses the booking's row (not
 * null, {@link isSeatsRefusal}) and the whole statement writes nothing. A taken locator is then a
 * unique violation (`bookings_locator_key`) that also writes nothing: without a transaction around
 * it, no error leaves anything behind, and the caller tries another locator.
 */
export async function insertSale(
  db: DbOrTx,
  values: BookingInsert,
  event: SaleEvent,
  audit: (sold: SQL) => SQL,
  more: {
    /** More writes over the new row in the same statement (the customer's message, ADR 040; a hold's job, ADR 042). */
    also?: ((sold: SQL) => SQL)[];
    takeSeats?: SeatsUpdate;
    /**
     * ADR 042: a write the sale depends on (the public API's stored answer), returning a row while it
     * may be written. None: the booking's `created_at` reads null, PostgreSQL refuses the row
     * ({@link isGuardRefusal}) and the statement writes nothing. Only with `takeSeats`.
     */
    guard?: SQL;
  } = {},
): Promise<BookingRow | undefined> {
  const { also = [], takeSeats, guard } = more;
  // The CTEs as plain SQL and the rows mapped from a column list built once (db/cte-statement.ts,
  // ADR 045): drizzle's `$with`/`with` rebuilt the booking's ~50 columns through proxies every sale.
  // The booking's INSERT is built once per shape and filled with this sale's values (ADR 051).
  const seats = takeSeats !== undefined;
  const guarded = seats && guard !== undefined;
  const source: Record<string, unknown> = guarded
    ? { ...values, [GUARD_AT]: (values.createdAt ?? new Date()).toISOString() }
    : values;
  const shape = rowShapeOf(bookings, values);
  const build = (value: ValueOf) => saleInsert(db, value, seats, guarded);
  const sold =
    shape === null
      ? build((name) => source[name]).getSQL()
      : templated(db, `bookings sale ${seats ? 1 : 0}${guarded ? 1 : 0} ${shape}`, source, build);
  const from = sql`${sql.identifier(SOLD)}`;
  const ctes: Cte[] = [
    ...(takeSeats ? [[TAKEN, takeSeats] as const] : []),
    ...(takeSeats && guard ? [[GUARD, guard] as const] : []),
    [SOLD, sold],
    ['sold_event', eventInsertFrom(from, event)],
    ['sold_audit', audit(from)],
    ...also.map((write, k) => [`sold_also_${k}`, write(from)] as const),
  ];
  const [row] = await runCteStatement(db, bookings, ctes, SOLD);
  return row;
}

const SOLD = 'sold';
const TAKEN = 'taken';
const GUARD = 'guard';
/** The name of the guarded sale's `created_at` text among a sale's values (not a column). */
const GUARD_AT = '$guardAt';

/** Every column's name of a booking (drizzle leaves the generated ones out of an INSERT). */
const BOOKING_FIELDS = Object.keys(getTableColumns(bookings));

/**
 * A sale's booking INSERT `returning *` from `value` (its values, or the template's placeholders):
 * with the seats taken, its departure is the one that took them and, guarded, its `created_at` reads
 * through the guard's row (`insertSale`); else a taken locator writes nothing.
 */
function saleInsert(db: DbOrTx, value: ValueOf, seats: boolean, guarded: boolean): SQL {
  const row: Record<string, unknown> = {};
  for (const name of BOOKING_FIELDS) row[name] = value(name);
  if (!seats) {
    return returningAll(
      db
        .insert(bookings)
        .values(row as BookingInsert)
        .onConflictDoNothing({ target: bookings.locator }),
    );
  }
  row.departureId = sql`(select ${sql.identifier('id')} from ${sql.identifier(TAKEN)})`;
  if (guarded) row.createdAt = sql`(select ${value(GUARD_AT)}::timestamptz from ${sql.identifier(GUARD)})`;
  return returningAll(db.insert(bookings).values(row as BookingInsert));
}

/** The refusal {@link insertSale} with `guard` ends in when the guard's write found nothing to write. */
export function isGuardRefusal(err: unknown): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23502' && pg.column === 'created_at';
}

/** The departures module's conditional seats UPDATE, returning the departure's id. */
export type SeatsUpdate = ReturnType<typeof takeSeatsQuery>;

/** The refusal {@link insertSale} with `takeSeats` ends in when the departure did not take the seats. */
export function isSeatsRefusal(err: unknown): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23502' && (pg.column === undefined || pg.column === 'departure_id');
}

/** A locator already taken, as {@link insertSale} with `takeSeats` reports it (the caller tries another). */
export const isLocatorTaken = (err: unknown) => isConstraintViolation(err, '23505', 'bookings_locator_key');

/**
 * Writes a change of a booking the caller locked, bumping its version by one: the only UPDATE of a
 * booking row (booking-writer.ts calls it). Undefined when the row is not at `version` any more.
 * With `records`, the change's events and audit entry are written by the same statement (ADR 035:
 * data-modifying CTEs over the updated row), so a stale row writes none of them either.
 */
export async function applyBookingChange(
  db: DbOrTx,
  cur: { id: string; version: number },
  values: Omit<Partial<BookingInsert>, 'version' | 'id'>,
  records: { events?: SaleEvent[]; audit?: (changed: SQL) => SQL } = {},
): Promise<BookingRow | undefined> {
  const update = db
    .update(bookings)
    .set({ ...values, version: cur.version + 1 })
    .where(and(eq(bookings.id, cur.id), eq(bookings.version, cur.version)));
  const events = records.events ?? [];
  if (events.length === 0 && !records.audit) {
    const [row] = await update.returning();
    return row;
  }
  // As the sale's statement (db/cte-statement.ts, ADR 045).
  const from = sql`${sql.identifier(CHANGED)}`;
  const [row] = await runCteStatement(
    db,
    bookings,
    [
      [CHANGED, returningAll(update)],
      ...events.map((e, k) => [`changed_event_${k}`, eventInsertFrom(from, e)] as const),
      ...(records.audit ? [['changed_audit', records.audit(from)] as const] : []),
    ],
    CHANGED,
  );
  return row;
}

const CHANGED = 'changed';
