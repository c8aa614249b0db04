/**
 * The departures table's one owner (issue 13): every read and write of departure rows — the seats a
 * sale takes and an edit or cancel gives back, staff overrides, the capacity that follows the
 * product's, and the departures a day's schedule sheets are planned from — goes through here.
 */
import { and, asc, eq, gt, gte, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { bookings, departures, products, scheduleSheets, tourOperators } from '../../db/schema';
import { runSelectTemplate } from '../../db/select-template';

export type DepartureRow = typeof departures.$inferSelect;

/** A departure's natural key: one row per product, date and start time. */
export type DepartureKey = { productId: string; date: string; time: string };

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

/** The product's departure rows between two dates (inclusive). */
export async function listDepartures(db: DbOrTx, productId: string, from: string, to: string) {
  // Every availability asks it (the calendar, the public pages, OCTO): its text built once (ADR 040).
  return runSelectTemplate(
    db,
    'departures-between',
    (d) =>
      d
        .select()
        .from(departures)
        .where(
          and(
            eq(departures.productId, sql.placeholder('productId')),
            gte(departures.date, sql.placeholder('from')),
            lte(departures.date, sql.placeholder('to')),
          ),
        )
        .orderBy(asc(departures.date), asc(departures.time)),
    { productId, from, to },
  );
}

/** The departure rows of these products between two dates (inclusive), in no particular order. */
export async function listDeparturesOf(db: DbOrTx, productIds: string[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(departures)
    .where(and(inArray(departures.productId, productIds), gte(departures.date, from), lte(departures.date, to)));
}

export async function findDeparture(db: DbOrTx, key: DepartureKey): Promise<DepartureRow | undefined> {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, key.productId), eq(departures.date, key.date), eq(departures.time, key.time)));
  return row;
}

/**
 * The join condition of "the departure of this product at that date and time" (its natural key),
 * for a query that reads a departure with what it belongs to (a sale's one read, ADR 035).
 */
export const departureAt = (productId: AnyPgColumn, date: string, time: string): SQL =>
  and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)) as SQL;

export async function findDepartureById(db: DbOrTx, id: string): Promise<DepartureRow | undefined> {
  const [row] = await db.select().from(departures).where(eq(departures.id, id));
  return row;
}

/**
 * A condition for a query on products: the product has departure rows between two dates with seats
 * sold (the bookings calendar still shows a product taken off sale there).
 */
export const hasSoldDeparturesBetween = (
  productId: AnyPgColumn,
  from: string | SQLWrapper,
  to: string | SQLWrapper,
): SQL =>
  sql`exists (select 1 from ${departures} where ${departures.productId} = ${productId} and ${departures.date} between ${from}::date and ${to}::date and ${departures.seatsTaken} > 0)`;

/**
 * The departures of a date with seat-holding bookings, in scope (one operator or all), with their
 * product, operator time zone and sheet (if any): what a day's schedule sheets are planned from.
 */
export async function listDeparturesToPlan(
  db: DbOrTx,
  opts: { date: string; tourOperatorId: string | null; productIds?: string[] },
) {
  return db
    .select({
      departure: { id: departures.id, date: departures.date, time: departures.time },
      tourOperatorId: departures.tourOperatorId,
      product: {
        id: products.id,
        name: products.name,
        durationMinutes: products.durationMinutes,
        meetingPoint: products.meetingPoint,
        meetingLatLng: products.meetingLatLng,
        pickupEnabled: products.pickupEnabled,
      },
      timezone: tourOperators.timezone,
      sheetId: scheduleSheets.id,
    })
    .from(departures)
    .innerJoin(products, eq(products.id, departures.productId))
    .innerJoin(tourOperators, eq(tourOperators.id, departures.tourOperatorId))
    .leftJoin(scheduleSheets, eq(scheduleSheets.departureId, departures.id))
    .where(
      and(
        eq(departures.date, opts.date),
        opts.tourOperatorId ? eq(departures.tourOperatorId, opts.tourOperatorId) : undefined,
        opts.productIds ? inArray(departures.productId, opts.productIds) : undefined,
        sql`exists (select 1 from ${bookings} where ${bookings.departureId} = ${departures.id} and ${bookings.state} <> 'cancelled')`,
      ),
    )
    .orderBy(asc(departures.time), asc(products.name), asc(departures.id));
}

export async function findDepartureForUpdate(db: DbOrTx, productId: string, date: string, time: string) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)))
    .for('update');
  return row as DepartureRow | undefined;
}

/** The first departure that follows the product's capacity and has sold more than `capacity`. */
export async function findFollowerAbove(db: DbOrTx, productId: string, capacity: number) {
  const [row] = await db
    .select()
    .from(departures)
    .where(
      and(
        eq(departures.productId, productId),
        eq(departures.capacityOverride, false),
        gt(departures.seatsTaken, capacity),
      ),
    )
    .orderBy(asc(departures.date), asc(departures.time))
    .limit(1);
  return row as DepartureRow | undefined;
}

/** The first departure from `today` on with seats sold, if any. */
export async function findSoldDepartureFrom(db: DbOrTx, productId: string, today: string) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), gte(departures.date, today), gt(departures.seatsTaken, 0)))
    .orderBy(asc(departures.date), asc(departures.time))
    .limit(1);
  return row as DepartureRow | undefined;
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Makes sure the departure row exists (INSERT … ON CONFLICT DO NOTHING, with the product's capacity)
 * and returns it. Takes no seats.
 */
export async function ensureDeparture(
  db: DbOrTx,
  key: DepartureKey & { tourOperatorId: string; capacity: number },
): Promise<DepartureRow> {
  const [made] = await db
    .insert(departures)
    .values({
      tourOperatorId: key.tourOperatorId,
      productId: key.productId,
      date: key.date,
      time: key.time,
      capacity: key.capacity,
    })
    .onConflictDoNothing({ target: [departures.productId, departures.date, departures.time] })
    .returning();
  if (made) return made;
  // Another transaction made it meanwhile (the insert waited for it): read it.
  const row = await findDeparture(db, key);
  if (!row) throw new Error('departure row vanished after upsert');
  return row;
}

/**
 * Takes `seats` on an open departure in ONE conditional UPDATE (PRODUCT.md §4): the row lock and
 * the re-checked WHERE make two requests for the last seat never both succeed, and the
 * CHECK (seats_taken <= capacity) backs it. Returns undefined when the departure is closed or
 * cannot take them.
 */
export async function takeSeats(db: DbOrTx, departureId: string, seats: number) {
  const [row] = await seatsUpdate(db, departureId, seats).returning({
    id: departures.id,
    seatsTaken: departures.seatsTaken,
    capacity: departures.capacity,
  });
  return row;
}

/**
 * {@link takeSeats}'s UPDATE as a part of another statement (ADR 041: a staff sale's one write):
 * returns the departure's id when it took the seats, no row when the departure is closed or cannot
 * take them. The caller makes it a CTE and reads `id` from it.
 */
export function takeSeatsQuery(db: DbOrTx, departureId: string, seats: number) {
  return seatsUpdate(db, departureId, seats).returning({ id: departures.id });
}

function seatsUpdate(db: DbOrTx, departureId: string, seats: number) {
  return db
    .update(departures)
    .set({ seatsTaken: sql`${departures.seatsTaken} + ${seats}`, updatedAt: new Date() })
    .where(
      and(
        eq(departures.id, departureId),
        eq(departures.closed, false),
        sql`${departures.seatsTaken} + ${seats} <= ${departures.capacity}`,
      ),
    );
}

/** Gives seats back to a departure (the CHECK refuses going below zero). */
export async function releaseSeats(db: DbOrTx, departureId: string, seats: number) {
  await db
    .update(departures)
    .set({ seatsTaken: sql`${departures.seatsTaken} - ${seats}`, updatedAt: new Date() })
    .where(eq(departures.id, departureId));
}

/**
 * Creates the departure row or updates the existing one in one statement
 * (INSERT … ON CONFLICT (product_id, date, time) DO UPDATE). `changes` holds only what was sent.
 */
export async function upsertDeparture(
  db: DbOrTx,
  insert: typeof departures.$inferInsert,
  changes: Partial<Pick<DepartureRow, 'capacity' | 'capacityOverride' | 'closed' | 'notes'>>,
): Promise<DepartureRow> {
  const [row] = await db
    .insert(departures)
    .values(insert)
    .onConflictDoUpdate({
      target: [departures.productId, departures.date, departures.time],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** Departures without their own capacity follow the product's. */
export async function setFollowersCapacity(db: DbOrTx, productId: string, capacity: number) {
  await db
    .update(departures)
    .set({ capacity, updatedAt: new Date() })
    .where(
      and(
        eq(departures.productId, productId),
        eq(departures.capacityOverride, false),
        sql`${departures.capacity} <> ${capacity}`,
      ),
    );
}
