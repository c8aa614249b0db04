import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A tour operator is a tenant (PRODUCT.md §3, §4). */
export const tourOperators = pgTable(
  'tour_operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    website: text('website').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    brandColor: text('brand_color').notNull().default(''),
    timezone: text('timezone').notNull().default('Europe/Madrid'),
    currency: text('currency').notNull().default('EUR'),
    defaultCommissionPct: numeric('default_commission_pct', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    bookingTerms: text('booking_terms').notNull().default(''),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tour_operators_state_check', sql`${t.state} in (1, 2)`), index('tour_operators_name_idx').on(t.name)],
);
