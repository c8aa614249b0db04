import type { TBookingAnswer } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accommodations } from './accommodations';
import { cashHandovers } from './cash';
import { channels } from './channels';
import { departures } from './departures';
import { products } from './products';
import { timeOrderedId } from './time-ordered-id';
import { tourOperators } from './tour-operators';
import { users } from './users';

export type BookingLineRow = {
  pax_type: string;
  quantity: number;
  unit_cents: number;
  total_cents: number;
  occupies_seat: boolean;
};
export type PassengerRow = { full_name: string; pax_type: string; document_id: string };

/**
 * A booking (PRODUCT.md §4). Its seats live on the departure row: every change of pax, departure
 * or state moves them in the same transaction with one conditional UPDATE of `departures`.
 */
export const bookings = pgTable(
  'bookings',
  {
    /** Random (v4): it appears in public URLs. */
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    /** Short human code for phone and voucher use, e.g. TRY-7K2QF9. */
    locator: text('locator').notNull(),
    productId: uuid('product_id').notNull(),
    departureId: uuid('departure_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    lines: jsonb('lines').$type<BookingLineRow[]>().notNull(),
    paxTotal: integer('pax_total').notNull(),
    seats: integer('seats').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    discountReason: text('discount_reason').notNull().default(''),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    customerCountry: text('customer_country').notNull().default(''),
    language: text('language').notNull().default('es'),
    accommodationId: uuid('accommodation_id'),
    room: text('room').notNull().default(''),
    pickupTime: text('pickup_time'),
    pickupTimeOverridden: boolean('pickup_time_overridden').notNull().default(false),
    notes: text('notes').notNull().default(''),
    internalNotes: text('internal_notes').notNull().default(''),
    channel: text('channel').notNull().default('office'),
    sellerId: uuid('seller_id'),
    commissionPct: numeric('commission_pct', { precision: 5, scale: 2, mode: 'number' }),
    commissionCents: integer('commission_cents').notNull().default(0),
    /** The product's tax rate when it was sold (ADR 025): its invoices use it, whatever the product says later. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    state: text('state').notNull().default('confirmed'),
    paymentState: text('payment_state').notNull().default('pending'),
    passengers: jsonb('passengers').$type<PassengerRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** Answers to the product's booking questions (issue 33 item 3, ADR 024), with each question's label then. */
    answers: jsonb('answers').$type<TBookingAnswer[]>().notNull().default(sql`'[]'::jsonb`),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by'),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the customer reviewed and confirmed the booking on its public page. */
    customerConfirmedAt: timestamp('customer_confirmed_at', { withTimezone: true }),
    /**
     * A booking waiting for its online payment (ADR 022) or a channel's ON_HOLD reservation (ADR 023)
     * holds its seats until then.
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The channel it was sold through (channel `channel`, ADR 023): a reseller or an agency. */
    channelId: uuid('channel_id'),
    /** The reseller's own reference of the booking (OCTO `resellerReference`). */
    resellerReference: text('reseller_reference'),
    /** The OCTO booking `uuid` the reseller chose: a reserve repeated with it answers the same booking. */
    octoUuid: uuid('octo_uuid'),
    /** Bumped on every change: a stale edit (older version) answers 409. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's `q` searches (locator, customer name, e-mail, phone, reseller reference),
     * unaccented and lower-case, one per line: kept by the database on every write (migration 0022,
     * ADR 032), so a search reads and rechecks it without calling f_unaccent per row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`f_unaccent(locator || E'\\n' || customer_name || E'\\n' || customer_email || E'\\n' || customer_phone || E'\\n' || coalesce(reseller_reference, ''))`,
    ),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'bookings_tour_operator_fk' }),
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'bookings_channel_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'bookings_product_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.departureId],
      foreignColumns: [departures.tourOperatorId, departures.id],
      name: 'bookings_departure_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.sellerId],
      foreignColumns: [users.tourOperatorId, users.id],
      name: 'bookings_seller_fk',
    }),
    // Shared accommodations have no operator: the service checks own-or-shared.
    foreignKey({
      columns: [t.accommodationId],
      foreignColumns: [accommodations.id],
      name: 'bookings_accommodation_fk',
    }),
    unique('bookings_locator_key').on(t.locator),
    unique('bookings_tenant_id_key').on(t.tourOperatorId, t.id),
    // ADR 032 (2026-11-26): the default order whole, with the id every order ends with, so a page's
    // ids (and a `sort=date,time` page's tie-break) come from the index alone; replaces
    // (tour_operator_id, date, time), a prefix of it. Migration 0022 also carries `search_text` in
    // its entries (INCLUDE, which drizzle cannot declare): `q` within dates is checked on the index.
    index('bookings_tenant_order_idx').on(t.tourOperatorId, t.date, t.time, t.createdAt, t.id),
    // `state[eq]=` on the whole operator, in the default order (a rare state such as `pending`
    // walked the date index for seconds at 1 M bookings: docs/benchmarks.md, run 8).
    index('bookings_tenant_state_date_idx').on(t.tourOperatorId, t.state, t.date, t.time),
    // sort=created_at and the dashboard's 30-day chart: the chart's columns are in the index, so
    // adding up a month of bookings reads the index only, not 60,000 scattered heap pages.
    index('bookings_tenant_created_idx').on(t.tourOperatorId, t.createdAt, t.state, t.totalCents, t.sellerId),
    // ADR 032: sort=customer_name reads this order (7 days by name: 224 ms → 1.6 ms at 1 M bookings).
    index('bookings_tenant_name_idx').on(t.tourOperatorId, sql`f_unaccent(${t.customerName})`, t.date),
    // ADR 032: a departure's bookings in the list's order, with the operator: a driver's or guide's
    // bookings (their sheets' departures) are counted and paged from this index alone.
    index('bookings_departure_order_idx').on(t.departureId, t.tourOperatorId, t.date, t.time, t.createdAt, t.id),
    // ADR 032: one product, every date: the operator in the index makes the count index-only (it
    // was a BitmapAnd with the operator's 521,000 entries at 1 M bookings).
    index('bookings_product_date_tenant_idx').on(t.productId, t.date, t.tourOperatorId),
    // The bookings calendar (ADR 031): a range of products' dates counted per departure from the
    // index alone — the bookings that hold seats (all but cancelled) with their departure and pax.
    index('bookings_calendar_idx')
      .on(t.productId, t.date, t.departureId, t.paxTotal)
      .where(sql`${t.state} <> 'cancelled'`),
    // ADR 030: the dashboard's "cobros pendientes" of the coming days from the index alone: only the
    // bookings that still owe money, with the amounts that say how much.
    index('bookings_owing_idx')
      .on(t.tourOperatorId, t.date, t.totalCents, t.paidCents, t.refundedCents)
      .where(sql`${t.state} <> 'cancelled' and ${t.totalCents} - ${t.paidCents} + ${t.refundedCents} > 0`),
    // A seller's own bookings (their list is tenant + seller): page in order, count index-only.
    index('bookings_seller_date_idx').on(t.sellerId, t.tourOperatorId, t.date, t.time),
    // The hold-expiry sweep: only the few bookings holding seats for a payment.
    index('bookings_hold_expires_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
    // `q` (ADR 032, 2026-11-26): the operator's bookings whose search text contains the words, from one
    // index (btree_gin for the operator, pg_trgm for the text): no recheck calls f_unaccent, and no
    // other operator's matches are read.
    index('bookings_tenant_search_idx').using('gin', t.tourOperatorId, sql`${t.searchText} gin_trgm_ops`),
    check('bookings_state_check', sql`${t.state} in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')`),
    check('bookings_payment_state_check', sql`${t.paymentState} in ('pending', 'partial', 'paid', 'refunded')`),
    check('bookings_channel_check', sql`${t.channel} in ('public', 'seller', 'office', 'channel')`),
    check('bookings_channel_id_check', sql`(${t.channel} = 'channel') = (${t.channelId} is not null)`),
    // OCTO: a reseller's reserve is idempotent by its uuid; its bookings are found by its reference.
    uniqueIndex('bookings_channel_octo_uuid_key').on(t.channelId, t.octoUuid).where(sql`${t.octoUuid} is not null`),
    // A channel's bookings (the list's channel_id filter, always within the actor's operator): the
    // operator in the index too (migration 0024), so the planner never ANDs it with the search
    // index's operator entries (half a million of them, 40 ms) to count a channel's few thousand.
    index('bookings_channel_tenant_date_idx')
      .on(t.channelId, t.tourOperatorId, t.date)
      .where(sql`${t.channelId} is not null`),
    index('bookings_channel_reference_idx')
      .on(t.channelId, t.resellerReference)
      .where(sql`${t.resellerReference} is not null`),
    check(
      'bookings_amounts_check',
      sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0 and ${t.seats} >= 0 and ${t.paxTotal} > 0`,
    ),
  ],
);

/** Money received or returned for a booking; `paid_cents`/`payment_state` follow from them. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    kind: text('kind').notNull().default('payment'),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Online payments and refunds (ADR 022): the provider and its id of the money movement. */
    provider: text('provider'),
    providerRef: text('provider_ref'),
    attemptId: uuid('attempt_id'),
    linkId: uuid('link_id'),
    /** How an online payment (or its refund) was made: card or Bizum; null for the office's and crew's. */
    payMethod: text('pay_method'),
    /** Why a refund was made. */
    reason: text('reason').notNull().default(''),
    /** Cash or card the crew collected at check-in. */
    collectedAtCheckIn: boolean('collected_at_check_in').notNull().default(false),
    /** The cash handover (ADR 025) that brought this money to the office; null while its collector holds it. */
    handoverId: uuid('handover_id'),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'payments_booking_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.handoverId],
      foreignColumns: [cashHandovers.tourOperatorId, cashHandovers.id],
      name: 'payments_handover_fk',
    }),
    index('payments_booking_idx').on(t.bookingId),
    // The money a collector still holds (issue 34, cash): their payments not yet handed over.
    index('payments_unhanded_idx')
      .on(t.tourOperatorId, t.recordedBy)
      .where(sql`${t.handoverId} is null and ${t.method} in ('cash', 'card') and ${t.recordedBy} is not null`),
    // A provider's payment or refund is recorded once, whatever the order of its events.
    uniqueIndex('payments_provider_ref_key')
      .on(t.provider, t.providerRef)
      .where(sql`${t.provider} is not null and ${t.providerRef} is not null`),
    check('payments_provider_check', sql`${t.provider} is null or ${t.provider} in ('redsys', 'stripe')`),
    check('payments_pay_method_check', sql`${t.payMethod} is null or ${t.payMethod} in ('card', 'bizum')`),
    check('payments_kind_check', sql`${t.kind} in ('payment', 'refund')`),
    check('payments_method_check', sql`${t.method} in ('cash', 'card', 'transfer', 'online')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What happened to a booking, by whom and when (history on the edit screen; audit log). Who acted is
 * one of four kinds (issue 31): `staff` (`actor_id` is the user), `customer` (the booking's link),
 * `channel` (a reseller's API key, issue 33) or `system` (a job, a provider's notification, the demo
 * seed); `actor_label` keeps the name at the time.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: timeOrderedId(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    actorId: uuid('actor_id'),
    actorKind: text('actor_kind').notNull().default('staff'),
    actorLabel: text('actor_label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'booking_events_booking_fk',
    }),
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_events_actor_kind_check', sql`${t.actorKind} in ('staff', 'customer', 'channel', 'system')`),
  ],
);
