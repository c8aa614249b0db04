import { sql } from 'drizzle-orm';
import {
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
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * The outbox (issue 14, docs/decisions/015-messages-outbox.md): every message Trayecto sends, written
 * in the same transaction as the change that causes it, sent later by the mail worker
 * (modules/messages/messages.worker.ts). Owned by modules/messages.
 *
 * - `state`: queued → sending (claimed, `locked_until` bounds the claim) → sent | queued (retry at
 *   `next_attempt_at`) | failed (`last_error`, after the last attempt).
 * - `dedupe_key`: one cause makes one message (`password_reset:<token id>`, later
 *   `booking_confirmed:<booking id>:<version>`…); a second insert of the same cause is a no-op.
 * - `tour_operator_id` is null for messages of the platform itself (e.g. a level-0 user's reset).
 * - Customer messages are rendered when they leave (the worker), from the booking as it is then and
 *   `payload` (the facts of the cause: what changed, the amount refunded…): `html`/`text` stay empty
 *   until then and keep what was sent after. Staff messages carry their one-time link and are
 *   rendered when written. `skipped`: never sent, with the reason in `last_error`.
 * - `channel` `whatsapp`: a click-to-chat link staff opened (its text is the body; `sent` when opened).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'messages_tour_operator_fk' }),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'messages_user_fk' }).onDelete('set null'),
    foreignKey({ columns: [t.actorId], foreignColumns: [users.id], name: 'messages_actor_fk' }).onDelete('set null'),
    uniqueIndex('messages_dedupe_key_key').on(t.dedupeKey),
    // The worker's claim: only what may still go out, oldest due first.
    index('messages_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('messages_tenant_created_idx').on(t.tourOperatorId, t.createdAt),
    index('messages_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check('messages_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    check('messages_channel_check', sql`${t.channel} in ('email', 'whatsapp')`),
    check('messages_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Staff password-reset links (issue 14): only the SHA-256 of the random token is stored; a token is
 * used once (`used_at`), expires (`expires_at`), and its use revokes the user's sessions. Owned by
 * modules/auth.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** `reset` (asked for from the login screen) or `invitation` (a new user sets their first password). */
    purpose: text('purpose').notNull().default('reset'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'password_reset_tokens_user_fk' }).onDelete(
      'cascade',
    ),
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
    check('password_reset_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invitation')`),
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
