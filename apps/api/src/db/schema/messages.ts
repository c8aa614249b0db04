import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timeOrderedId } from './time-ordered-id';
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * Where signed HTTP deliveries go (issue 31 item 3; issue 33 makes one per channel), owned by
 * modules/messages. `secret` signs every delivery (HMAC-SHA256, the `Trayecto-Signature` header:
 * docs/decisions/015-messages-outbox.md, "Webhooks") and never leaves the server: no answer of the
 * API carries it. An endpoint switched off (`active` false) gets nothing; what was queued for it is
 * `skipped` when its turn comes.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'webhook_endpoints_tour_operator_fk',
    }).onDelete('cascade'),
    index('webhook_endpoints_tenant_idx').on(t.tourOperatorId),
    check('webhook_endpoints_url_check', sql`${t.url} ~ '^https?://'`),
  ],
);

/**
 * The outbox (issue 14, docs/decisions/015-messages-outbox.md): every message Trayecto sends, written
 * in the same transaction as the change that causes it, sent later by the `messages.deliver`
 * background task (modules/messages/messages.delivery.ts). Owned by modules/messages.
 *
 * - `state`: queued → sending (claimed, `locked_until` bounds the claim) → sent | queued (retry at
 *   `next_attempt_at`) | failed (`last_error`, after the last attempt).
 * - `dedupe_key`: one cause makes one message (`password_reset:<token id>`, later
 *   `booking_confirmed:<booking id>:<version>`…); a second insert of the same cause is a no-op.
 * - `tour_operator_id` is null for messages of the platform itself (e.g. a level-0 user's reset).
 * - Customer messages are rendered when they leave (the delivery), from the booking as it is then and
 *   `payload` (the facts of the cause: what changed, the amount refunded…): `html`/`text` stay empty
 *   until then and keep what was sent after. Staff messages carry their one-time link and are
 *   rendered when written. `skipped`: never sent, with the reason in `last_error`.
 * - `channel` `whatsapp`: a click-to-chat link staff opened (its text is the body; `sent` when opened).
 * - `channel` `webhook` (issue 31): a signed POST to `webhook_endpoint_id`'s URL (`recipient`), the
 *   event's name in `subject`, the JSON body in `text`; 2xx is `sent`; the last answer's status and
 *   the first characters of its body are kept (`response_status`, `response_excerpt`).
 */
export const messages = pgTable(
  'messages',
  {
    id: timeOrderedId(),
    tourOperatorId: uuid('tour_operator_id'),
    kind: text('kind').notNull(),
    channel: text('channel').notNull().default('email'),
    dedupeKey: text('dedupe_key').notNull(),
    recipient: text('recipient').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    bookingId: uuid('booking_id'),
    userId: uuid('user_id'),
    /** The facts of the cause, for rendering when it leaves (see above). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The customer's language when it was written (issue 15 renders in it). */
    locale: text('locale').notNull().default('es'),
    /** The staff user who caused it by hand (a resend, a WhatsApp chat); null: the system. */
    actorId: uuid('actor_id'),
    /** The message this one sends again. */
    resendOf: uuid('resend_of'),
    /** A webhook delivery's endpoint (its secret signs it when it leaves). */
    webhookEndpointId: uuid('webhook_endpoint_id'),
    /** A webhook delivery's last answer: HTTP status and the start of its body. */
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'messages_tour_operator_fk' }),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'messages_user_fk' }).onDelete('set null'),
    foreignKey({ columns: [t.actorId], foreignColumns: [users.id], name: 'messages_actor_fk' }).onDelete('set null'),
    foreignKey({
      columns: [t.webhookEndpointId],
      foreignColumns: [webhookEndpoints.id],
      name: 'messages_webhook_endpoint_fk',
    }).onDelete('set null'),
    uniqueIndex('messages_dedupe_key_key').on(t.dedupeKey),
    // The delivery's claim, one channel at a time: only what may still go out, oldest due first. By
    // channel, so that a process without SMTP (webhooks only) never reads the e-mails queued for
    // later (issue 35: 95–139 ms per claim at 220,000 queued e-mails, by due time alone).
    index('messages_due_channel_idx').on(t.channel, t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('messages_tenant_created_idx').on(t.tourOperatorId, t.createdAt),
    // The administrator's list of every operator's messages, newest first (issue 35: without it, a
    // sort of every message: 0.9 s at 1.6 M).
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check('messages_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    check('messages_channel_check', sql`${t.channel} in ('email', 'whatsapp', 'webhook')`),
    check('messages_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * An operator's message settings (issue 14), owned by modules/messages: the sender's name and
 * reply-to customers see, the hour of the day-before reminder in the operator's zone, and the
 * customer messages switched off (kinds not listed are on, so a new kind starts on). No row: the
 * defaults (the operator's name and e-mail, 18:00, everything on).
 */
export const messageSettings = pgTable(
  'message_settings',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    senderName: text('sender_name').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    reminderTime: text('reminder_time').notNull().default('18:00'),
    disabledKinds: text('disabled_kinds').array().notNull().default(sql`'{}'::text[]`),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tourOperatorId], name: 'message_settings_pkey' }),
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'message_settings_tour_operator_fk',
    }).onDelete('cascade'),
    foreignKey({ columns: [t.updatedBy], foreignColumns: [users.id], name: 'message_settings_updated_by_fk' }).onDelete(
      'set null',
    ),
    check('message_settings_reminder_time_check', sql`${t.reminderTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
