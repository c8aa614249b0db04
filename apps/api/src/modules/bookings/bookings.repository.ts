/**
 * The bookings table's owner, with booking_events: the list and views, the rows a sale inserts and an
 * edit, cancel, check-in or sheet finish updates, and the history. Departure rows (seats) are the
 * departures module's.
 */
import {
  BOOKING_CHANNELS,
  BOOKING_STATES,
  LEVEL,
  LIST_COUNT_CAP,
  LIST_SEARCH_COUNT_CAP,
  PAYMENT_STATES,
  TOUR_OPERATOR_STATE,
} from '@trayecto/shared';
import { and, asc, eq, inArray, or, type Param, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { bookingEvents, bookings, products, scheduleSheets, tourOperators, users } from '../../db/schema';
import { runCountUpTo, runKeyedTemplate, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, isAdmin, tenantScope } from '../../lib/tenant';
import type { BookingRow, EventView } from './bookings.mapper';
import { linksOfRow, ownOperator, type ViewRow, viewFieldsFor, viewOf, viewSelect } from './bookings.view';

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
    channel_id: { column: bookings.channelId, type: 'uuid' },
    reseller_reference: { column: bookings.resellerReference, type: 'text' },
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
  search: [
    bookings.locator,
    bookings.customerName,
    bookings.customerEmail,
    bookings.customerPhone,
    // ADR 023: the office finds a channel's booking by the reference the reseller gave it.
    bookings.resellerReference,
  ],
  // ADR 032: the same five, unaccented and one per line, kept by the row (migration 0022).
  searchText: { column: bookings.searchText, separator: '\n' },
  tiebreaker: bookings.id,
};

/** The default ordering, the only one keyset paging (`cursor`) serves. */
export const KEYSET_SORT = BOOKING_LIST_SPEC.defaultSort.join(',');

/** A position in the default ordering: the last row of a page. */
export type KeysetPosition = { date: string; time: string; createdAt: string; id: string };

/**
 * Which bookings the actor may read (PRODUCT.md §3): the tenant scope; a Vendedor only the ones
 * they sold. Chofer and Guía read the bookings of the departures whose schedule sheet has them as
 * driver or guide.
 *
 * ADR 032: the crew's departures are read first, as an array (an InitPlan: an index-only scan of
 * `schedule_sheets (driver_id | guide_id, departure_id)`), and their bookings are then fetched by
 * `bookings_departure_order_idx`. An EXISTS per booking let the planner walk the operator's whole
 * date index checking each row's sheet: fast for a busy driver, but 5.7 s at 1 M bookings for one
 * whose sheets are all in the future (or none), and its count ran a parallel scan of every sheet.
 */
export function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  binder?.shape(`level:${actor.level}`);
  const bind = (v: string, column: AnyPgColumn) => (binder ? binder.bind(v, column) : v);
  if (actor.level === LEVEL.DRIVER || actor.level === LEVEL.GUIDE) {
    const crew = actor.level === LEVEL.DRIVER ? scheduleSheets.driverId : scheduleSheets.guideId;
    return and(
      tenantScope(bookings.tourOperatorId, actor, binder),
      sql`${bookings.departureId} = any(array(select ${scheduleSheets.departureId} from ${scheduleSheets} where ${crew} = ${bind(actor.id, crew)}::uuid))`,
    );
  }
  return and(
    tenantScope(bookings.tourOperatorId, actor, binder),
    actor.level === LEVEL.SELLER ? eq(bookings.sellerId, bind(actor.id, bookings.sellerId)) : undefined,
  );
}

/**
 * A page of the actor's bookings, their payment links and their total, in ONE statement. With
 * `after`, the page starts after that position of the default ordering (keyset: an index range scan,
 * no OFFSET and no count however deep the page; total null); else `page` × `per_page`.
 *
 * ADR 032: the page's ids are found first, on the bookings table alone (narrow rows, the list's
 * indexes), and only those rows are read for the answer. 2026-11-26: the total (ADR 027: counted up
 * to `cap`, LIST_SEARCH_COUNT_CAP with `q`, else LIST_COUNT_CAP) is an uncorrelated subquery of the
 * same statement, run once, and the payment links one per row: one round trip instead of three.
 * Counting a short page costs what its rows did; only a page past the end counts on its own.
 */
export async function listBookings(db: DbOrTx, actor: Actor, params: ListParams, after?: KeysetPosition) {
  // Built once per shape (ADR 052): every value below is the binder's placeholder.
  const b = new ShapeBinder('bookings.list');
  // The select's own value comes first in the text, so it is bound first.
  const operatorAt = ownOperator(actor, b);
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, BOOKING_LIST_SPEC, b)]);
  b.shape(after ? 'keyset' : 'paged');
  const keyset = after
    ? sql`(${bookings.date}, ${bookings.time}, ${bookings.createdAt}, ${bookings.id}) > (${b.bind(after.date)}::date, ${b.bind(after.time)}, ${b.bind(after.createdAt)}::timestamptz, ${b.bind(after.id)}::uuid)`
    : undefined;
  const order = buildOrderBy(params, BOOKING_LIST_SPEC, b);
  const offset = after ? 0 : (params.page - 1) * params.perPage;
  const cap = params.q ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  // One more row than asked tells whether there is a next page.
  const take = params.perPage + 1;
  const matching = combine([where, keyset]);
  // The level is part of the key (visibleTo): the administrator's page is chosen per operator.
  const takeAt = b.bind(take);
  // The first page has no OFFSET (drizzle leaves out an offset of 0): the same text as before.
  const offsetAt = offset === 0 ? undefined : b.shape('offset').bind(offset);
  const firstN = isAdmin(actor) ? b.bind(offset + take) : undefined;
  const pageIds = (d: DbOrTx) => {
    const ids = d
      .select({ id: bookings.id })
      .from(bookings)
      .where(firstN === undefined ? matching : eachOperatorsFirst(d, matching, order, firstN))
      .orderBy(...order)
      .limit(takeAt as never);
    return offsetAt === undefined ? ids : ids.offset(offsetAt as never);
  };
  // Keyset pages skip the count: page one gave it.
  const capAt = after ? undefined : b.bind(cap + 1);
  const counted = (d: DbOrTx) => (capAt === undefined ? undefined : countedUpTo(d, where, capAt));
  const found = await runSelectTemplate(
    db,
    b.key,
    (d) => {
      const total = counted(d);
      return d
        .select({ ...viewFieldsFor(operatorAt), links: linksOfRow, ...(total ? { total } : {}) })
        .from(bookings)
        .where(inArray(bookings.id, pageIds(d)))
        .orderBy(...order);
    },
    b.values,
    { strict: true },
  );
  const rows = found.map((r) => viewOf(r as ViewRow));
  if (after) return { rows, total: null, cap };
  const first = found[0] as { total?: number } | undefined;
  if (first?.total !== undefined) return { rows, total: Number(first.total), cap };
  // No row carried it: nothing on page one, or a page past the end (counted on its own).
  if (offset === 0) return { rows, total: 0, cap };
  return { rows, total: await runCountUpTo(db, b, bookings, where, cap), cap };
}

/** ADR 027: the rows matching `where`, counted up to `limit` (`cap` + 1: one more says "more than the cap"). */
const countedUpTo = (db: DbOrTx, where: SQL | undefined, limit: Placeholder | Param) =>
  sql<number>`(select count(*)::int from (${db
    .select({ one: sql`1` })
    .from(bookings)
    .where(where)
    .limit(limit as never)}) as counted)`;

/**
 * The administrator's list spans every operator, and every list index starts with the operator:
 * no index gives all bookings in the list's order, so PostgreSQL sorted the whole table (0.6–16 s
 * at 1 M bookings). The first `n` of the order are among the first `n` of each operator, which an
 * index range of each operator gives (ADR 032): the page is then chosen among those.
 */
function eachOperatorsFirst(db: DbOrTx, matching: SQL | undefined, order: SQL[], n: unknown): SQL {
  const ofOperator = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(combine([sql`${bookings.tourOperatorId} = o.id`, matching]))
    .orderBy(...order)
    .limit(n as number);
  return sql`${bookings.id} in (select x.id from ${tourOperators} o cross join lateral (${ofOperator}) x)`;
}

/** A booking the actor may read, as its page shows it: built once per shape (ADR 052). */
export async function findVisibleBooking(db: DbOrTx, actor: Actor, id: string) {
  const b = new ShapeBinder('bookings.view');
  const operatorAt = ownOperator(actor, b);
  const where = and(visibleTo(actor, b), eq(bookings.id, b.bind(id, bookings.id) as never));
  const [row] = await runSelectTemplate(db, b.key, (d) => viewSelect(d, operatorAt).where(where), b.values, {
    strict: true,
  });
  return row === undefined ? undefined : viewOf(row as ViewRow);
}

/**
 * Whether the actor may read the booking, and its currency: what a booking's tabs (history,
 * payments, messages) check before reading their own rows, without the booking's whole view.
 */
export async function findVisibleBookingRef(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<{ id: string; currency: string } | undefined> {
  const b = new ShapeBinder('bookings.ref');
  const where = and(visibleTo(actor, b), eq(bookings.id, b.bind(id, bookings.id) as never));
  const build = (d: DbOrTx) => d.select({ id: bookings.id, currency: bookings.currency }).from(bookings).where(where);
  const [row] = await runSelectTemplate(db, b.key, build, b.values, { strict: true });
  return row;
}

export async function findBookingView(db: DbOrTx, id: string) {
  const [row] = await viewSelect(db).where(eq(bookings.id, id));
  return row === undefined ? undefined : viewOf(row as ViewRow);
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

/** Booking rows by id, unlocked (reads that decide nothing alone). */
export async function findBookingRows(db: DbOrTx, ids: string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(bookings).where(inArray(bookings.id, ids));
}

/** Locks a booking by id alone, for callers that act for its operator already (the seed, a provider). */
export async function lockBookingById(db: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

// ── History ──────────────────────────────────────────────────────────────────────────────────────

export async function insertEvents(db: DbOrTx, values: (typeof bookingEvents.$inferInsert)[]) {
  if (values.length > 0) await db.insert(bookingEvents).values(values);
}

const actorUser = alias(users, 'actor');

/** The history of a booking, oldest first, with the staff user who acted (their name today). */
export async function listEvents(db: DbOrTx, bookingId: string): Promise<EventView[]> {
  return runKeyedTemplate(db, 'bookings.events', bookingEvents.bookingId, bookingId, (d, where) =>
    d
      .select({ event: bookingEvents, actor: { id: actorUser.id, fullName: actorUser.fullName } })
      .from(bookingEvents)
      .leftJoin(actorUser, eq(actorUser.id, bookingEvents.actorId))
      .where(where)
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
  ) as Promise<EventView[]>;
}

// ── What a schedule sheet does to its bookings (check-in, finish) ───────────────────────────────

/** Locks the booking of this departure named by id or locator (case-insensitive), in the operator. */
export async function lockDepartureBooking(
  db: DbOrTx,
  on: { tourOperatorId: string; departureId: string },
  by: { id: string } | { locator: string },
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.tourOperatorId, on.tourOperatorId),
        eq(bookings.departureId, on.departureId),
        'id' in by ? eq(bookings.id, by.id) : eq(sql`upper(${bookings.locator})`, by.locator.toUpperCase()),
      ),
    )
    .for('update');
  return row;
}

/** Locks the departure's bookings still waiting for the end of the tour (pending, confirmed), by id. */
export async function lockOpenBookings(db: DbOrTx, departureId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.departureId, departureId), or(eq(bookings.state, 'pending'), eq(bookings.state, 'confirmed'))),
    )
    .orderBy(asc(bookings.id))
    .for('update');
}

/**
 * Locks a booking of an active operator for a change by its customer (through the booking's link)
 * with its product and the operator's time zone: customer edits and cancellations run one at a
 * time, like staff ones.
 */
export async function lockCustomerBooking(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ booking: bookings, product: products, timezone: tourOperators.timezone })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(tourOperators, eq(tourOperators.id, bookings.tourOperatorId))
    .where(and(eq(bookings.id, id), eq(tourOperators.state, TOUR_OPERATOR_STATE.ACTIVE)))
    .for('update', { of: bookings });
  return row as { booking: BookingRow; product: typeof products.$inferSelect; timezone: string } | undefined;
}

/** Locks the whole rows of a departure's bookings that still hold it (pending, confirmed), oldest first. */
export async function lockHoldingBookings(db: DbOrTx, departureId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.departureId, departureId), or(eq(bookings.state, 'pending'), eq(bookings.state, 'confirmed'))),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .for('update');
}

// ── Counts for the calendar ──────────────────────────────────────────────────────────────────────

/** Seats a channel's live bookings (pending or confirmed) hold on one departure (ADR 023 allotment). */
export async function channelSeatsOnDeparture(db: DbOrTx, channelId: string, departureId: string): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.channelId, channelId),
        eq(bookings.departureId, departureId),
        inArray(bookings.state, ['pending', 'confirmed']),
      ),
    );
  return Number(row?.seats ?? 0);
}

/** A channel's booking by the OCTO uuid its reseller gave it, locked when `lock`. */
export async function findChannelBookingRow(
  db: DbOrTx,
  channelId: string,
  octoUuid: string,
  lock = false,
): Promise<BookingRow | undefined> {
  // Every OCTO booking request asks it: its text built once per lock mode (db/select-template.ts, ADR 040).
  const [row] = await runSelectTemplate(
    db,
    lock ? 'channel-booking:lock' : 'channel-booking',
    (d) => {
      const q = d
        .select()
        .from(bookings)
        .where(
          and(eq(bookings.channelId, sql.placeholder('channelId')), eq(bookings.octoUuid, sql.placeholder('octoUuid'))),
        );
      return lock ? q.for('update') : q;
    },
    { channelId, octoUuid },
  );
  return row;
}

/** A channel's bookings by its reference, our locator or their dates (at most `limit`, by date). */
export async function listChannelBookingRows(
  db: DbOrTx,
  channelId: string,
  f: { resellerReference?: string; locator?: string; dateFrom?: string; dateTo?: string },
  limit: number,
): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.channelId, channelId),
        f.resellerReference !== undefined ? eq(bookings.resellerReference, f.resellerReference) : undefined,
        f.locator !== undefined ? eq(bookings.locator, f.locator) : undefined,
        f.dateFrom !== undefined ? sql`${bookings.date} >= ${f.dateFrom}` : undefined,
        f.dateTo !== undefined ? sql`${bookings.date} <= ${f.dateTo}` : undefined,
      ),
    )
    .orderBy(asc(bookings.date), asc(bookings.time), asc(bookings.createdAt))
    .limit(limit);
}
