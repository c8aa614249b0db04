import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timeOrderedId } from './time-ordered-id';
import { tourOperators } from './tour-operators';

/** What an audited record is. */
export const AUDIT_ENTITY_TYPES = ['booking', 'user', 'schedule_sheet'] as const;

/**
 * Who changed what (issue 7: audit log of bookings, users and schedule sheets, visible to
 * administrators). Written in the same transaction as the change it records, so a rolled-back
 * change leaves no entry and a committed one always has its entry. Entries are never updated or
 * deleted by the application; they outlive the records they describe (no foreign key to them).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: timeOrderedId(),
    /** The operator the record belongs to; null for records of no operator (level-0 users). */
    tourOperatorId: uuid('tour_operator_id'),
    /** The staff user who acted; null for customers on the public pages and for the system. */
    actorId: uuid('actor_id'),
    /** `staff`, `customer` (public pages), `channel` (a reseller's API key) or `system` (seed, start-up, jobs, a provider's notification). */
    actorKind: text('actor_kind').notNull().default('staff'),
    /** The actor's name and e-mail at the time, kept even if the user is later deleted. */
    actorLabel: text('actor_label').notNull().default(''),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** A short verb: create, update, delete, cancel, state, payment, check_in, assign, … */
    action: text('action').notNull(),
    /** Changed fields as `{ field: [before, after] }`; secrets (password hashes) never appear. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** A human summary in Spanish, e.g. the booking's locator or the user's e-mail. */
    summary: text('summary').notNull().default(''),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'audit_log_tour_operator_fk' }),
    // Ascending on purpose: drizzle's `.desc()` means DESC NULLS LAST, which `ORDER BY created_at
    // DESC` (NULLS FIRST) cannot use, so the newest-first list sorted the whole log (2 s at 3 M
    // entries, docs/benchmarks.md run 8). A backward scan of an ascending index serves DESC.
    index('audit_log_tenant_created_idx').on(t.tourOperatorId, t.createdAt, t.id),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    // ADR 028: every filter the screen offers has an index that serves both its newest-first page
    // (keyset or not) and its capped count (ADR 027, an index-only scan of up to 10,001 entries).
    // A trailing column is checked inside the index, so neither the count nor the skipped rows read
    // the table: an operator's admin filtering one person (actor_id) needs the tenant there (128 ms
    // → 4 ms at 2.9 M entries), "Reservas" + "Cancelación" the type (260 → 17 ms).
    index('audit_log_actor_tenant_idx').on(t.actorId, t.createdAt, t.id, t.tourOperatorId),
    // The screen's "Bookings / Users / Sheets" filter with a date range, newest first.
    index('audit_log_tenant_entity_type_idx').on(t.tourOperatorId, t.entityType, t.createdAt, t.id),
    // The administrator's (every operator) type filter with a date range (102 → 3 ms).
    index('audit_log_entity_type_created_idx').on(t.entityType, t.createdAt, t.id),
    // The "Acción" filter, of an operator and of the administrator (an action no entry has: 0.8 s → 0.1 ms).
    index('audit_log_tenant_action_idx').on(t.tourOperatorId, t.action, t.createdAt, t.id, t.entityType),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id, t.entityType),
    check(
      'audit_log_entity_type_check',
      sql`${t.entityType} in ('booking', 'user', 'schedule_sheet', 'payment_settings', 'channel')`,
    ),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in ('staff', 'customer', 'channel', 'system')`),
  ],
);
