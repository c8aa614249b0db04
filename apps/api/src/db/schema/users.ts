import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tourOperators } from './tour-operators';

/** Staff users (spec §3). Level 0 has no tour operator; levels 1–5 need one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    level: smallint('level').notNull(),
    state: smallint('state').notNull().default(1),
    address: text('address').notNull().default(''),
    latLng: text('lat_lng').notNull().default(''),
    commissionPct: numeric('commission_pct', { precision: 5, scale: 2, mode: 'number' }),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on logout, disable, demotion or password change: earlier tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The user's own screen settings (e.g. the columns chosen per list), kept across devices. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'users_tour_operator_fk' }),
    // Composite key so tenant tables can reference (tour_operator_id, user id) — PRODUCT.md §3.
    unique('users_tenant_id_key').on(t.tourOperatorId, t.id),
    uniqueIndex('users_email_active_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_tenant_level_idx').on(t.tourOperatorId, t.level),
    check('users_level_check', sql`${t.level} between 0 and 5`),
    check('users_state_check', sql`${t.state} in (1, 2)`),
    check(
      'users_tenant_required_check',
      sql`(${t.level} = 0 and ${t.tourOperatorId} is null) or (${t.level} > 0 and ${t.tourOperatorId} is not null)`,
    ),
  ],
);

/**
 * Staff password-reset links (issue 14): only the SHA-256 of the random token is stored; a token is
 * used once (`used_at`), expires (`expires_at`), and its use revokes the user's sessions. Owned by
 * modules/users (the links that let a user choose a password: a reset, or a new user's invitation).
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
