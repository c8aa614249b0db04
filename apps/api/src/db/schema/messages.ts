import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'messages_tour_operator_fk' }),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'messages_user_fk' }).onDelete('set null'),
    uniqueIndex('messages_dedupe_key_key').on(t.dedupeKey),
    // The worker's claim: only what may still go out, oldest due first.
    index('messages_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('messages_tenant_created_idx').on(t.tourOperatorId, t.createdAt),
    index('messages_booking_idx').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check('messages_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    check('messages_channel_check', sql`${t.channel} in ('email')`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'password_reset_tokens_user_fk' }).onDelete(
      'cascade',
    ),
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
