import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of public writes (PRODUCT.md §4, as Stripe and the IETF draft define them):
 * the first request with a key stores its fingerprint and, once done, its response; a retry with
 * the same key and body gets that response back. Kept in the database (any API process sees
 * them) for 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** What the key protects, e.g. `public-bookings`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body: the same key with another body answers 422. */
    requestHash: text('request_hash').notNull(),
    /** `running` while the first request is in flight (a retry then answers 409), then `done`. */
    state: text('state').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Fixed-window request counters for the public API's rate limits, shared by every API process
 * (PRODUCT.md §1: nothing kept in process memory).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
