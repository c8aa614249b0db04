import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /** The language its own texts are written in and its customers' fallback (issue 15). */
    defaultLanguage: text('default_language').notNull().default('es'),
    /** The languages its public pages are offered in (the default one always among them). */
    publicLanguages: text('public_languages').array().notNull().default(sql`'{es,en,de,fr,it,nl}'::text[]`),
    /** `booking_terms` in other languages: `{ "de": "…" }`; a missing one falls back to `booking_terms`. */
    bookingTermsTranslations: jsonb('booking_terms_translations')
      .$type<Partial<Record<string, string>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Where it pays indirect tax (issue 34, ADR 025): `canarias` (IGIC) or `peninsula` (IVA: the
     * mainland and the Balearics). It decides the rates a product may have.
     */
    taxTerritory: text('tax_territory').notNull().default('peninsula'),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tour_operators_state_check', sql`${t.state} in (1, 2)`),
    check('tour_operators_tax_territory_check', sql`${t.taxTerritory} in ('peninsula', 'canarias')`),
    check('tour_operators_default_language_check', sql`${t.defaultLanguage} in ('es', 'en', 'de', 'fr', 'it', 'nl')`),
    index('tour_operators_name_idx').on(t.name),
  ],
);
