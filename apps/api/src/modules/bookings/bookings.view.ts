/**
 * A booking as its answer reads it (ADR 032, ADR 060): the booking's columns and what it names, as
 * scalar subqueries of the bookings statement, and the row turned back into the mapper's
 * BookingView. The repository's list and reads select these columns.
 */
import { getTableColumns, type Param, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { ShapeBinder } from '../../db/select-template';
import { type Actor, tenantOf } from '../../lib/tenant';
import type { BookingRow, BookingView } from './bookings.mapper';
import type { PaymentLinkRow } from './online.repository';

/**
 * A column of the outer `bookings` row, table-qualified: drizzle writes a one-table select's columns
 * bare, and a bare name inside a subquery means the subquery's own table's column when it has one
 * (`payment_links.id`, `payment_settings.tour_operator_id`). Column names are constants.
 */
const outer = (column: AnyPgColumn) => sql.raw(`"bookings"."${column.name}"`);

/** The booking's own columns but its search text (the answer never shows it). */
const { searchText: _searchText, ...bookingColumns } = getTableColumns(bookings);

/** The product as the view reads it: what the answer names and its payment terms (ADR 022). */
type ProductJson = BookingView['product'] & Omit<BookingView['payment'], 'onlineEnabled'>;
/** The operator as the view reads it: its name, time zone and whether it has a payment provider. */
type OperatorJson = BookingView['operator'] & { timezone: string; onlineEnabled: boolean };
/** The accommodation with the place where its guests are collected, when another. */
type AccommodationJson = NonNullable<BookingView['accommodation']> & { pickupAt: BookingView['pickupAt'] };

/**
 * A booking with what its response names: product and its payment terms, operator with its time
 * zone and payment provider, seller, accommodation and where it is collected, the channel. Only
 * `bookings` is scanned; each of the others is a scalar subquery (`json_build_object` of the
 * columns the answer names, by primary key) read for the rows returned. ADR 032 (2026-11-26): as the
 * six-table join it took PostgreSQL 2–7 ms (up to 50 ms on a loaded machine) to plan, more than
 * running it for a page of 50 (1–2 ms); the same answer.
 *
 * ADR 060: each subquery a row runs costs PostgreSQL ~5 µs, and a page ran twelve per row. One
 * per table now (the product with its terms, the operator with its zone and provider, the
 * accommodation with its pickup place); the seller, accommodation and channel only where the
 * booking has one (a CASE does not run its subquery otherwise); and for an operator's own staff,
 * the operator is their own (`operatorId`, bound): an uncorrelated subquery, run once per statement.
 */
export function viewFieldsFor(operatorId?: Placeholder | Param | string) {
  const operator = operatorId === undefined ? outer(bookings.tourOperatorId) : sql`${operatorId}::uuid`;
  return {
    booking: bookingColumns,
    product: sql<ProductJson>`(select json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'mode', p.payment_mode, 'depositPercent', p.deposit_percent, 'depositPerPaxCents', p.deposit_per_pax_cents) from products p where p.id = ${outer(bookings.productId)})`,
    operator: sql<OperatorJson>`(select json_build_object('id', o.id, 'name', o.name, 'timezone', o.timezone, 'onlineEnabled', exists (select 1 from payment_settings ps where ps.tour_operator_id = o.id and ps.provider is not null)) from tour_operators o where o.id = ${operator})`,
    seller: sql<
      BookingView['seller']
    >`case when ${outer(bookings.sellerId)} is null then null else (select json_build_object('id', u.id, 'fullName', u.full_name) from users u where u.id = ${outer(bookings.sellerId)}) end`,
    accommodation: sql<AccommodationJson | null>`case when ${outer(bookings.accommodationId)} is null then null else (select json_build_object('id', a.id, 'name', a.name, 'zone', a.zone, 'pickupPoint', a.pickup_point, 'pickupAt', case when a.pickup_at_id is null then null else (select json_build_object('id', pa.id, 'name', pa.name, 'pickupPoint', pa.pickup_point) from accommodations pa where pa.id = a.pickup_at_id) end) from accommodations a where a.id = ${outer(bookings.accommodationId)}) end`,
    // Exact (microseconds) for keyset cursors; a JS Date would round it to milliseconds.
    createdAtExact: sql<string>`${outer(bookings.createdAt)}::text`,
    // ADR 023: the channel it was sold through (null for most bookings).
    salesChannel: sql<
      BookingView['salesChannel']
    >`case when ${outer(bookings.channelId)} is null then null else (select json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'collects', c.collects) from channels c where c.id = ${outer(bookings.channelId)}) end`,
  };
}

/** A row of {@link viewFieldsFor} (with the list's links), as the mapper takes it. */
export type ViewRow = {
  booking: BookingRow;
  product: ProductJson;
  operator: OperatorJson;
  seller: BookingView['seller'];
  accommodation: AccommodationJson | null;
  createdAtExact: string;
  salesChannel: BookingView['salesChannel'];
  links?: LinkJson[];
};

/** The view's row as BookingView: the product's, operator's and accommodation's parts where the mapper reads them. */
export function viewOf(r: ViewRow): BookingView {
  const { product: p, operator: o, accommodation: a } = r;
  return {
    booking: r.booking,
    product: { id: p.id, code: p.code, name: p.name },
    operator: { id: o.id, name: o.name },
    seller: r.seller,
    salesChannel: r.salesChannel,
    accommodation: a === null ? null : { id: a.id, name: a.name, zone: a.zone, pickupPoint: a.pickupPoint },
    pickupAt: a?.pickupAt ?? null,
    createdAtExact: r.createdAtExact,
    timezone: o.timezone,
    payment: {
      mode: p.mode,
      depositPercent: p.depositPercent,
      depositPerPaxCents: p.depositPerPaxCents,
      onlineEnabled: o.onlineEnabled,
    },
    ...(r.links === undefined ? {} : { links: r.links.map(linkOf) }),
  };
}

/** The operator the actor's rows all belong to, bound; none for the administrator (every operator's). */
export const ownOperator = (actor: Actor, b: ShapeBinder) => {
  const operatorId = tenantOf(actor);
  return operatorId === null ? undefined : b.bind(operatorId);
};

export const viewSelect = (db: DbOrTx, operatorId?: Placeholder | Param) =>
  db.select(viewFieldsFor(operatorId)).from(bookings);

/** A payment link as the list reads it (JSON: its instants as text). */
type LinkJson = Omit<PaymentLinkRow, 'expiresAt' | 'createdAt' | 'paidAt'> & {
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
};

/** The booking's payment links, latest first (online.repository's listLinks, for the page's rows). */
export const linksOfRow = sql<
  LinkJson[]
>`(select coalesce(json_agg(json_build_object('id', l.id, 'tourOperatorId', l.tour_operator_id, 'bookingId', l.booking_id, 'amountCents', l.amount_cents, 'expiresAt', l.expires_at, 'channel', l.channel, 'messageId', l.message_id, 'createdBy', l.created_by, 'createdAt', l.created_at, 'paidAt', l.paid_at) order by l.created_at desc, l.id desc), '[]'::json) from payment_links l where l.booking_id = ${outer(bookings.id)})`;

const linkOf = (l: LinkJson): PaymentLinkRow => ({
  ...l,
  expiresAt: new Date(l.expiresAt),
  createdAt: new Date(l.createdAt),
  paidAt: l.paidAt === null ? null : new Date(l.paidAt),
});
