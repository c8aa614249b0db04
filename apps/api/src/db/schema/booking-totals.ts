import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The bookings added up by day and by month (issue 34 item 1, issue 35; ADR 026): what «Informes»
 * reads instead of a year of bookings. Kept by the database itself — a trigger on `bookings`
 * (`booking_totals_track`, migrations 0018 and 0020) appends each change's contribution to
 * `booking_totals_change` (read spread out as `booking_totals_delta`) in the change's own transaction, so a report is never behind and a sale
 * never waits for another's lock; the task `reports.compact-totals` folds the deltas into
 * `booking_totals` every minute. A report adds both up.
 *
 * One row per operator, basis (the sale's day in the operator's zone, or the service day), grain
 * (a day, or a month on its first day), dimension (`product`, `channel`, `seller`, `agency`, `tax`;
 * `reason` for cancelled and no-show bookings only), the dimension's key (the id as text, `''` for
 * none; the rate for `tax`; `state:reason` for `reason`) and whether the bookings are cancelled.
 * The amounts are those of the reports; `base_cents` is each booking's tax-exclusive base rounded
 * to the cent, then added up (the taxes report's rule).
 */
const columns = {
  tourOperatorId: uuid('tour_operator_id').notNull(),
  basis: text('basis').notNull(),
  grain: text('grain').notNull(),
  dim: text('dim').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  key: text('key').notNull(),
  cancelled: boolean('cancelled').notNull(),
  bookings: integer('bookings').notNull(),
  pax: bigint('pax', { mode: 'number' }).notNull(),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
  commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
  baseCents: bigint('base_cents', { mode: 'number' }).notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
};

export const bookingTotals = pgTable('booking_totals', columns, (t) => [
  primaryKey({
    name: 'booking_totals_pkey',
    columns: [t.tourOperatorId, t.basis, t.grain, t.dim, t.day, t.key, t.cancelled],
  }),
  check('booking_totals_basis_check', sql`${t.basis} in ('sale', 'service')`),
  check('booking_totals_grain_check', sql`${t.grain} in ('day', 'month')`),
  check('booking_totals_dim_check', sql`${t.dim} in ('product', 'channel', 'seller', 'agency', 'tax', 'reason')`),
]);

/**
 * Each booking change's contribution (+ new row, − old row) as ONE row, until the next compaction
 * (ADR 035, migration 0020): its two days and its key in every dimension; the view
 * `booking_totals_delta` spreads it over basis × grain × dimension.
 */
export const bookingTotalsChange = pgTable(
  'booking_totals_change',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    /** The sale's day in the operator's time zone. */
    saleDay: date('sale_day', { mode: 'string' }).notNull(),
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    channel: text('channel').notNull(),
    seller: text('seller').notNull(),
    agency: text('agency').notNull(),
    tax: text('tax').notNull(),
    /** `state:reason` of a cancelled or no-show booking; null for the others. */
    reason: text('reason'),
    cancelled: boolean('cancelled').notNull(),
    bookings: integer('bookings').notNull(),
    pax: columns.pax,
    grossCents: columns.grossCents,
    discountCents: columns.discountCents,
    commissionCents: columns.commissionCents,
    baseCents: columns.baseCents,
    refundedCents: columns.refundedCents,
  },
  (t) => [index('booking_totals_change_tenant_idx').on(t.tourOperatorId)],
);

/**
 * The contributions not yet folded, as the reports and dashboards read them (the rows of
 * `booking_totals`' shape): a view over `booking_totals_change`, made by migration 0020.
 */
export const bookingTotalsDelta = pgView('booking_totals_delta', columns).existing();
