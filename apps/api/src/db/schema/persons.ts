import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tourOperators } from './tour-operators';

/** Staff without login: freelance guides, escorts, assistants, subcontracted drivers. */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    fullName: text('full_name').notNull(),
    documentId: text('document_id').notNull().default(''),
    documentExpiry: date('document_expiry', { mode: 'string' }),
    role: text('role').notNull().default('guide'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    licenseNumber: text('license_number').notNull().default(''),
    licenseExpiry: date('license_expiry', { mode: 'string' }),
    state: smallint('state').notNull().default(1),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'persons_tour_operator_fk' }),
    unique('persons_tenant_id_key').on(t.tourOperatorId, t.id),
    index('persons_tenant_role_idx').on(t.tourOperatorId, t.role),
    check('persons_role_check', sql`${t.role} in ('guide', 'driver', 'assistant', 'other')`),
    check('persons_state_check', sql`${t.state} in (1, 2)`),
  ],
);
