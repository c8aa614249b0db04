import type { TProductQuestion } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { accommodations } from './accommodations';
import { tourOperators } from './tour-operators';

/** A price of one passenger type (PRODUCT.md §4 "Prices"). */
export type ProductPrice = {
  pax_type: 'adult' | 'child' | 'infant' | 'senior';
  amount_cents: number;
  min_age: number | null;
  max_age: number | null;
  occupies_seat: boolean;
};
/** A seasonal period whose prices override the base ones between `from` and `to` (inclusive). */
export type ProductSeason = { name: string; from: string; to: string; prices: ProductPrice[] };
/** A weekly rule: on these ISO weekdays (1 = Monday … 7 = Sunday), at these times, in this range. */
export type AvailabilityRule = { weekdays: number[]; times: string[]; valid_from: string; valid_to: string | null };

/** A product's customer-facing texts in one language (every key optional: missing falls back). */
export type ProductTranslation = Partial<{
  name: string;
  short_description: string;
  description: string;
  includes: string[];
  excludes: string[];
  what_to_bring: string[];
  meeting_point: string;
  booking_terms: string;
  pickup_notes: string;
}>;
export type ProductTranslations = Partial<Record<string, ProductTranslation>>;

/** A product (tour) of a tour operator. Lists owned by the product live as validated JSON. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    /** Rich text, sanitised on the server before it is stored. */
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    meetingPoint: text('meeting_point').notNull().default(''),
    meetingLatLng: text('meeting_lat_lng').notNull().default(''),
    pickupEnabled: boolean('pickup_enabled').notNull().default(false),
    includes: text('includes').array().notNull().default(sql`'{}'::text[]`),
    excludes: text('excludes').array().notNull().default(sql`'{}'::text[]`),
    /** What the customer should bring (one item per entry), in the operator's default language. */
    whatToBring: text('what_to_bring').array().notNull().default(sql`'{}'::text[]`),
    /** What a customer collected at their hotel should know (where to wait, how to be seen). */
    pickupNotes: text('pickup_notes').notNull().default(''),
    /**
     * The customer-facing texts in other languages (issue 15): `{ "de": { "name": "…", … } }`.
     * The columns above hold the operator's default language; a text missing here falls back to them.
     */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default(sql`'{}'::jsonb`),
    /** What is asked when it is booked (issue 33 item 3, ADR 024), in order, with their translations. */
    questions: jsonb('questions').$type<TProductQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    capacity: integer('capacity').notNull(),
    minPax: integer('min_pax').notNull().default(1),
    bookingCutoffHours: integer('booking_cutoff_hours').notNull().default(0),
    freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
    instantConfirmation: boolean('instant_confirmation').notNull().default(true),
    currency: text('currency').notNull().default('EUR'),
    state: text('state').notNull().default('draft'),
    prices: jsonb('prices').$type<ProductPrice[]>().notNull().default(sql`'[]'::jsonb`),
    seasons: jsonb('seasons').$type<ProductSeason[]>().notNull().default(sql`'[]'::jsonb`),
    availabilityRules: jsonb('availability_rules').$type<AvailabilityRule[]>().notNull().default(sql`'[]'::jsonb`),
    closedDates: date('closed_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** The product's own booking terms; empty = the tour operator's `booking_terms` apply. */
    bookingTerms: text('booking_terms').notNull().default(''),
    /** What is paid online when booking (ADR 022): `full`, a `deposit` or nothing (`on_the_day`). */
    paymentMode: text('payment_mode').notNull().default('on_the_day'),
    /** The deposit as a percentage of the total (1–99) or a fixed amount per passenger: one of the two. */
    depositPercent: integer('deposit_percent'),
    depositPerPaxCents: integer('deposit_per_pax_cents'),
    /** Its indirect tax in percent (IGIC or IVA by the operator's territory, ADR 025): prices include it. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(21),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'products_tour_operator_fk' }),
    unique('products_tenant_id_key').on(t.tourOperatorId, t.id),
    uniqueIndex('products_tenant_code_key')
      .on(t.tourOperatorId, sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} is null`),
    index('products_tenant_state_idx').on(t.tourOperatorId, t.state),
    check('products_state_check', sql`${t.state} in ('draft', 'active', 'inactive')`),
    check('products_capacity_check', sql`${t.capacity} >= 1 and ${t.capacity} <= 10000`),
    check('products_min_pax_check', sql`${t.minPax} >= 1`),
    check('products_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} < 100`),
    check('products_payment_mode_check', sql`${t.paymentMode} in ('full', 'deposit', 'on_the_day')`),
    check(
      'products_deposit_check',
      sql`(${t.depositPercent} is null or ${t.depositPercent} between 1 and 99) and (${t.depositPerPaxCents} is null or ${t.depositPerPaxCents} >= 1) and (case when ${t.paymentMode} = 'deposit' then (${t.depositPercent} is null) <> (${t.depositPerPaxCents} is null) else ${t.depositPercent} is null and ${t.depositPerPaxCents} is null end)`,
    ),
  ],
);

/** Ordered product photos; both resized versions live in `stored_files` under these paths. */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: smallint('position').notNull().default(0),
    /** Name under /uploads/ (the `stored_files` key) of the large version; `thumb_path` of the thumbnail. */
    path: text('path').notNull(),
    thumbPath: text('thumb_path').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'product_images_product_fk',
    }).onDelete('cascade'),
    index('product_images_product_idx').on(t.productId, t.position),
  ],
);

/**
 * Where a product collects its customers: an accommodation (own or shared) or a whole zone, with
 * minutes before departure or a fixed time.
 */
export const productPickups = pgTable(
  'product_pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    productId: uuid('product_id').notNull(),
    accommodationId: uuid('accommodation_id'),
    zone: text('zone'),
    minutesBefore: integer('minutes_before'),
    fixedTime: text('fixed_time'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'product_pickups_product_fk',
    }).onDelete('cascade'),
    // Shared accommodations have no operator, so this key is the accommodation alone; the service
    // checks it is the operator's own or shared.
    foreignKey({
      columns: [t.accommodationId],
      foreignColumns: [accommodations.id],
      name: 'product_pickups_accommodation_fk',
    }),
    index('product_pickups_product_idx').on(t.productId, t.position),
    check('product_pickups_target_check', sql`(${t.accommodationId} is null) <> (${t.zone} is null)`),
    check('product_pickups_when_check', sql`(${t.minutesBefore} is null) <> (${t.fixedTime} is null)`),
    check('product_pickups_minutes_check', sql`${t.minutesBefore} is null or (${t.minutesBefore} between 0 and 720)`),
  ],
);
