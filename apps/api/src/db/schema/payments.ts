import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { messages } from './messages';
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * An operator's online payment settings (ADR 022), owned by modules/payments. No row: not
 * configured (hold 15 min). `secrets` is an AES-256-GCM envelope (`lib/encryption.ts`, key
 * `APP_ENCRYPTION_KEY`) of `{ redsys_secret_key?, stripe_secret_key?, stripe_webhook_secret? }`:
 * it never leaves the server and never reaches a log.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    provider: text('provider'),
    mode: text('mode').notNull().default('test'),
    holdMinutes: integer('hold_minutes').notNull().default(15),
    redsysMerchantCode: text('redsys_merchant_code'),
    redsysTerminal: text('redsys_terminal'),
    redsysBizum: boolean('redsys_bizum').notNull().default(false),
    secrets: text('secrets'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tourOperatorId], name: 'payment_settings_pkey' }),
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'payment_settings_tour_operator_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.updatedBy], foreignColumns: [users.id], name: 'payment_settings_updated_by_fk' }).onDelete(
      'set null',
    ),
    check('payment_settings_provider_check', sql`${t.provider} is null or ${t.provider} in ('redsys', 'stripe')`),
    check('payment_settings_mode_check', sql`${t.mode} in ('test', 'live')`),
    check('payment_settings_hold_check', sql`${t.holdMinutes} between 1 and 120`),
    check(
      'payment_settings_redsys_check',
      sql`(${t.redsysMerchantCode} is null or ${t.redsysMerchantCode} ~ '^[0-9]{9}$') and (${t.redsysTerminal} is null or ${t.redsysTerminal} ~ '^[0-9]{1,3}$')`,
    ),
  ],
);

/**
 * A payment link the office sent (ADR 022): its amount is payable online on the booking's public
 * page until `expires_at`; `paid_at` once a payment through it arrived.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull().default('none'),
    messageId: uuid('message_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'payment_links_booking_fk',
    }),
    foreignKey({ columns: [t.messageId], foreignColumns: [messages.id], name: 'payment_links_message_fk' }).onDelete(
      'set null',
    ),
    foreignKey({ columns: [t.createdBy], foreignColumns: [users.id], name: 'payment_links_created_by_fk' }).onDelete(
      'set null',
    ),
    unique('payment_links_tenant_id_key').on(t.tourOperatorId, t.id),
    index('payment_links_booking_idx').on(t.bookingId, t.createdAt),
    check('payment_links_amount_check', sql`${t.amountCents} > 0`),
    check('payment_links_channel_check', sql`${t.channel} in ('email', 'whatsapp', 'none')`),
  ],
);

/**
 * One checkout started (ADR 022). `order_ref`: the Redsys `Ds_Merchant_Order` (12 characters, four
 * digits first) or the Stripe Checkout Session id; `provider_payment_ref`: the provider's id of the
 * payment once it arrived (Redsys order, Stripe PaymentIntent). `refunded_late`: paid after the hold
 * ended with no seats left, refunded automatically.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    provider: text('provider').notNull(),
    mode: text('mode').notNull(),
    orderRef: text('order_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    linkId: uuid('link_id'),
    /** What the customer chose to pay with (Bizum sends Redsys `Ds_Merchant_PayMethods=z`). */
    payMethod: text('pay_method').notNull().default('card'),
    state: text('state').notNull().default('started'),
    providerPaymentRef: text('provider_payment_ref'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'payment_attempts_booking_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.linkId],
      foreignColumns: [paymentLinks.tourOperatorId, paymentLinks.id],
      name: 'payment_attempts_link_fk',
    }),
    unique('payment_attempts_order_key').on(t.provider, t.orderRef),
    index('payment_attempts_booking_idx').on(t.bookingId, t.createdAt),
    check('payment_attempts_provider_check', sql`${t.provider} in ('redsys', 'stripe')`),
    check('payment_attempts_mode_check', sql`${t.mode} in ('test', 'live')`),
    check('payment_attempts_pay_method_check', sql`${t.payMethod} in ('card', 'bizum')`),
    check('payment_attempts_state_check', sql`${t.state} in ('started', 'paid', 'failed', 'refunded_late')`),
    check('payment_attempts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every verified notification from a provider (ADR 022). The unique `(provider, event_key)` row is
 * written in the same transaction as the booking change, so a replay commits nothing new.
 * `tour_operator_id`/`attempt_id` are null for an order we do not know (`ignored`).
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    tourOperatorId: uuid('tour_operator_id'),
    attemptId: uuid('attempt_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'provider_events_tour_operator_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.attemptId],
      foreignColumns: [paymentAttempts.id],
      name: 'provider_events_attempt_fk',
    }).onDelete('set null'),
    unique('provider_events_key').on(t.provider, t.eventKey),
    index('provider_events_tenant_received_idx').on(t.tourOperatorId, t.receivedAt),
    check('provider_events_provider_check', sql`${t.provider} in ('redsys', 'stripe')`),
    check('provider_events_outcome_check', sql`${t.outcome} in ('applied', 'duplicate', 'ignored', 'refunded_late')`),
  ],
);
