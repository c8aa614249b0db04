import { BOOKING_CHANNELS, BOOKING_STATES, LEVEL, PAYMENT_STATES, SEAT_HOLDING_STATES } from '@trayecto/shared';
import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  accommodations,
  bookingEvents,
  bookings,
  departures,
  payments,
  productPickups,
  products,
  tourOperators,
  users,
} from '../../db/schema';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { BookingRow, BookingView, EventView, PaymentView } from './bookings.mapper';

export const BOOKING_LIST_SPEC: ResourceListSpec = {
  filters: {
    date: { column: bookings.date, type: 'date' },
    time: { column: bookings.time, type: 'text' },
    product_id: { column: bookings.productId, type: 'uuid' },
    departure_id: { column: bookings.departureId, type: 'uuid' },
    state: { column: bookings.state, type: 'enum', values: BOOKING_STATES },
    payment_state: { column: bookings.paymentState, type: 'enum', values: PAYMENT_STATES },
    seller_id: { column: bookings.sellerId, type: 'uuid' },
    channel: { column: bookings.channel, type: 'enum', values: BOOKING_CHANNELS },
    accommodation_id: { column: bookings.accommodationId, type: 'uuid' },
    locator: { column: bookings.locator, type: 'text' },
    // An SQL expression, so the Date the filter parser produces is bound as is.
    created_at: { column: sql`${bookings.createdAt}`, type: 'timestamp' },
    tour_operator_id: { column: bookings.tourOperatorId, type: 'uuid' },
  },
  sort: {
    date: bookings.date,
    time: bookings.time,
    created_at: bookings.createdAt,
    locator: bookings.locator,
    customer_name: sql`f_unaccent(${bookings.customerName})`,
    total_cents: bookings.totalCents,
    state: bookings.state,
  },
  defaultSort: ['date', 'time', 'created_at'],
  search: [bookings.locator, bookings.customerName, bookings.customerEmail, bookings.customerPhone],
  tiebreaker: bookings.id,
};

/** The default ordering, the only one keyset paging (`cursor`) serves. */
export const KEYSET_SORT = BOOKING_LIST_SPEC.defaultSort.join(',');

/** A position in the default ordering: the last row of a page. */
export type KeysetPosition = { date: string; time: string; createdAt: string; id: string };

/**
 * Which bookings the actor may read (PRODUCT.md §3): the tenant scope; a Vendedor only the ones
 * they sold. Chofer and Guía read the bookings of the departures whose schedule sheet has them as
 * driver or guide (an EXISTS on schedule_sheets by departure, served by its unique departure key).
 */
export function visibleTo(actor: Actor): SQL | undefined {
  if (actor.level === LEVEL.DRIVER || actor.level === LEVEL.GUIDE) {
    const crew = actor.level === LEVEL.DRIVER ? sql.raw('ss.driver_id') : sql.raw('ss.guide_id');
    return and(
      tenantScope(bookings.tourOperatorId, actor),
      sql`exists (select 1 from schedule_sheets ss where ss.departure_id = ${bookings.departureId} and ${crew} = ${actor.id}::uuid)`,
    );
  }
  return and(
    tenantScope(bookings.tourOperatorId, actor),
    actor.level === LEVEL.SELLER ? eq(bookings.sellerId, actor.id) : undefined,
  );
}

const seller = alias(users, 'seller');
const pickupAt = alias(accommodations, 'pickup_at');

/** A booking with what its response names: product, seller, accommodation and where it is collected. */
const viewSelect = (db: DbOrTx) =>
  db
    .select({
      booking: bookings,
      product: { id: products.id, code: products.code, name: products.name },
      operator: { id: tourOperators.id, name: tourOperators.name },
      seller: { id: seller.id, fullName: seller.fullName },
      accommodation: {
        id: accommodations.id,
        name: accommodations.name,
        zone: accommodations.zone,
        pickupPoint: accommodations.pickupPoint,
      },
      pickupAt: { id: pickupAt.id, name: pickupAt.name, pickupPoint: pickupAt.pickupPoint },
      // Exact (microseconds) for keyset cursors; a JS Date would round it to milliseconds.
      createdAtExact: sql<string>`${bookings.createdAt}::text`,
      // A scalar subquery, read only for the rows returned: the list's index plans stay as they were.
      timezone: sql<string>`(select ${tourOperators.timezone} from ${tourOperators} where ${tourOperators.id} = ${bookings.tourOperatorId})`,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(tourOperators, eq(tourOperators.id, bookings.tourOperatorId))
    .leftJoin(seller, eq(seller.id, bookings.sellerId))
    .leftJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .leftJoin(pickupAt, eq(pickupAt.id, accommodations.pickupAtId));

/**
 * A page of the actor's bookings and their total. With `after`, the page starts after that position
 * of the default ordering (keyset: an index range scan, no OFFSET and no count however deep the
 * page; total null); else `page` × `per_page`.
 */
export async function listBookings(db: DbOrTx, actor: Actor, params: ListParams, after?: KeysetPosition) {
  const where = combine([visibleTo(actor), ...buildListConditions(params, BOOKING_LIST_SPEC)]);
  const keyset = after
    ? sql`(${bookings.date}, ${bookings.time}, ${bookings.createdAt}, ${bookings.id}) > (${after.date}::date, ${after.time}, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const page = viewSelect(db)
    .where(combine([where, keyset]))
    .orderBy(...buildOrderBy(params, BOOKING_LIST_SPEC))
    // One more row than asked tells whether there is a next page.
    .limit(params.perPage + 1);
  if (after) {
    // Keyset pages skip the count: it costs as much as the whole list, and page one gave it.
    return { rows: (await page) as BookingView[], total: null };
  }
  const [rows, [{ total }]] = await Promise.all([
    page.offset((params.page - 1) * params.perPage),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { rows: rows as BookingView[], total: total as number | null };
}

export async function findVisibleBooking(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await viewSelect(db).where(and(visibleTo(actor), eq(bookings.id, id)));
  return row as BookingView | undefined;
}

export async function findBookingView(db: DbOrTx, id: string) {
  const [row] = await viewSelect(db).where(eq(bookings.id, id));
  return row as BookingView | undefined;
}

/** Locks a booking the actor may read for the rest of the transaction (edits run one at a time). */
export async function lockVisibleBooking(db: DbOrTx, actor: Actor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(visibleTo(actor), eq(bookings.id, id)))
    .for('update');
  return row;
}

export async function insertBooking(db: DbOrTx, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row;
}

/** Inserts unless the locator is taken (then undefined: the caller retries with another). */
export async function insertBookingIfLocatorFree(
  db: DbOrTx,
  values: typeof bookings.$inferInsert,
): Promise<BookingRow | undefined> {
  const [row] = await db.insert(bookings).values(values).onConflictDoNothing({ target: bookings.locator }).returning();
  return row;
}

/** A product by id, even deleted (a booking keeps pointing at it). */
export async function findProductRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function updateBookingRow(db: DbOrTx, id: string, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row;
}

// ── Departures: the seats ────────────────────────────────────────────────────────────────────────

export type DepartureKey = { productId: string; date: string; time: string };

export async function findDeparture(db: DbOrTx, key: DepartureKey) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, key.productId), eq(departures.date, key.date), eq(departures.time, key.time)));
  return row;
}

/**
 * Makes sure the departure row exists (INSERT … ON CONFLICT DO NOTHING, with the product's capacity)
 * and returns its id. Takes no seats.
 */
export async function ensureDeparture(
  db: DbOrTx,
  key: DepartureKey & { tourOperatorId: string; capacity: number },
): Promise<string> {
  await db
    .insert(departures)
    .values({
      tourOperatorId: key.tourOperatorId,
      productId: key.productId,
      date: key.date,
      time: key.time,
      capacity: key.capacity,
    })
    .onConflictDoNothing({ target: [departures.productId, departures.date, departures.time] });
  const row = await findDeparture(db, key);
  if (!row) throw new Error('departure row vanished after upsert');
  return row.id;
}

/**
 * Takes `seats` on an open departure in ONE conditional UPDATE (PRODUCT.md §4): the row lock and
 * the re-checked WHERE make two requests for the last seat never both succeed, and the
 * CHECK (seats_taken <= capacity) backs it. Returns undefined when the departure is closed or
 * cannot take them.
 */
export async function takeSeats(db: DbOrTx, departureId: string, seats: number) {
  const [row] = await db
    .update(departures)
    .set({ seatsTaken: sql`${departures.seatsTaken} + ${seats}`, updatedAt: new Date() })
    .where(
      and(
        eq(departures.id, departureId),
        eq(departures.closed, false),
        sql`${departures.seatsTaken} + ${seats} <= ${departures.capacity}`,
      ),
    )
    .returning({ id: departures.id, seatsTaken: departures.seatsTaken, capacity: departures.capacity });
  return row;
}

/** Gives seats back to a departure (the CHECK refuses going below zero). */
export async function releaseSeats(db: DbOrTx, departureId: string, seats: number) {
  await db
    .update(departures)
    .set({ seatsTaken: sql`${departures.seatsTaken} - ${seats}`, updatedAt: new Date() })
    .where(eq(departures.id, departureId));
}

export async function findDepartureById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(departures).where(eq(departures.id, id));
  return row;
}

// ── What a booking refers to ─────────────────────────────────────────────────────────────────────

/**
 * A product the actor may sell from, with its operator's time zone and default commission, in one
 * query: live, in the actor's tenant scope (the administrator: any operator).
 */
export async function findProductForSale(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({
      product: products,
      operator: {
        id: tourOperators.id,
        timezone: tourOperators.timezone,
        defaultCommissionPct: tourOperators.defaultCommissionPct,
      },
    })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(and(eq(products.id, id), isNull(products.deletedAt), tenantScope(products.tourOperatorId, actor)));
  return row;
}

/** The operator's settings a booking needs: time zone and default seller commission. */
export async function findOperatorSettings(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: tourOperators.id,
      timezone: tourOperators.timezone,
      currency: tourOperators.currency,
      defaultCommissionPct: tourOperators.defaultCommissionPct,
    })
    .from(tourOperators)
    .where(eq(tourOperators.id, id));
  return row;
}

/** A live, active Vendedor (level 2) of this operator, or undefined. */
export async function findSeller(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, commissionPct: users.commissionPct })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.tourOperatorId, tourOperatorId),
        eq(users.level, LEVEL.SELLER),
        eq(users.state, 1),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/**
 * A live accommodation the operator may use as a pickup place (its own or the shared catalogue),
 * with the place its customers are collected at when it redirects ("recoger en").
 */
export async function findUsableAccommodation(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select({
      accommodation: {
        id: accommodations.id,
        zone: accommodations.zone,
        state: accommodations.state,
        pickupAtId: accommodations.pickupAtId,
      },
      pickupAt: { id: pickupAt.id, zone: pickupAt.zone },
    })
    .from(accommodations)
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .where(
      and(
        eq(accommodations.id, id),
        isNull(accommodations.deletedAt),
        or(isNull(accommodations.tourOperatorId), eq(accommodations.tourOperatorId, tourOperatorId)),
      ),
    );
  return row;
}

/** The product's pickup list, as the pickup time rule needs it. */
export async function listPickupEntries(db: DbOrTx, productId: string) {
  return db
    .select({
      accommodationId: productPickups.accommodationId,
      zone: productPickups.zone,
      minutesBefore: productPickups.minutesBefore,
      fixedTime: productPickups.fixedTime,
    })
    .from(productPickups)
    .where(eq(productPickups.productId, productId))
    .orderBy(asc(productPickups.position), asc(productPickups.id));
}

// ── Payments and history ─────────────────────────────────────────────────────────────────────────

const recorder = alias(users, 'recorder');

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

export async function listPayments(db: DbOrTx, bookingId: string): Promise<PaymentView[]> {
  return db
    .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id)) as Promise<PaymentView[]>;
}

export async function findPaymentView(db: DbOrTx, id: string): Promise<PaymentView | undefined> {
  const [row] = await db
    .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.id, id));
  return row as PaymentView | undefined;
}

export async function insertEvents(db: DbOrTx, values: (typeof bookingEvents.$inferInsert)[]) {
  if (values.length > 0) await db.insert(bookingEvents).values(values);
}

const actorUser = alias(users, 'actor');

export async function listEvents(db: DbOrTx, bookingId: string): Promise<EventView[]> {
  return db
    .select({ event: bookingEvents, actor: { id: actorUser.id, fullName: actorUser.fullName } })
    .from(bookingEvents)
    .leftJoin(actorUser, eq(actorUser.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)) as Promise<EventView[]>;
}

// ── Calendar ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Products whose departures the calendar shows: live products in the actor's scope (a Vendedor
 * only active ones) that are active or have departure rows in the range (so staff still see who is
 * booked on a product taken off sale).
 */
export async function listCalendarProducts(
  db: DbOrTx,
  actor: Actor,
  opts: { from: string; to: string; productId?: string; tourOperatorId?: string },
) {
  const hasRows = sql`exists (select 1 from ${departures} where ${departures.productId} = ${products.id} and ${departures.date} between ${opts.from}::date and ${opts.to}::date and ${departures.seatsTaken} > 0)`;
  return db
    .select({ product: products, timezone: tourOperators.timezone })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(
      and(
        isNull(products.deletedAt),
        tenantScope(products.tourOperatorId, actor),
        actor.level === LEVEL.SELLER ? eq(products.state, 'active') : or(eq(products.state, 'active'), hasRows),
        opts.productId ? eq(products.id, opts.productId) : undefined,
        opts.tourOperatorId ? eq(products.tourOperatorId, opts.tourOperatorId) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
}

export async function listDeparturesOf(db: DbOrTx, productIds: string[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(departures)
    .where(and(inArray(departures.productId, productIds), gte(departures.date, from), lte(departures.date, to)));
}

/** Bookings and passengers holding seats on each of these departures. */
export async function countBookingsByDeparture(db: DbOrTx, departureIds: string[]) {
  if (departureIds.length === 0) return new Map<string, { bookings: number; pax: number }>();
  const rows = await db
    .select({
      departureId: bookings.departureId,
      bookings: sql<number>`count(*)::int`,
      pax: sql<number>`coalesce(sum(${bookings.paxTotal}), 0)::int`,
    })
    .from(bookings)
    .where(and(inArray(bookings.departureId, departureIds), inArray(bookings.state, [...SEAT_HOLDING_STATES])))
    .groupBy(bookings.departureId);
  return new Map(rows.map((r) => [r.departureId, { bookings: Number(r.bookings), pax: Number(r.pax) }]));
}
