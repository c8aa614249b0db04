import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products';

/**
 * A departure (product × date × start time) exists as a row once anything touches it: a capacity
 * override, a closure, a booking (issue 4 takes seats with one conditional UPDATE on this row). Owned by
 * modules/departures: every write goes through it; elsewhere it is only joined, read-only.
 */
export const departures = pgTable(
  'departures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    productId: uuid('product_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    capacity: integer('capacity').notNull(),
    /** Whether `capacity` was set by staff for this departure (else it follows the product). */
    capacityOverride: boolean('capacity_override').notNull().default(false),
    seatsTaken: integer('seats_taken').notNull().default(0),
    /**
     * Its seat-holding bookings (every state but cancelled) and their passengers, kept by the
     * database (migration 0025's trigger on `bookings`, at each commit): what the calendar shows
     * for the departure without counting its bookings per request (issue 35).
     */
    bookingsCount: integer('bookings_count').notNull().default(0),
    paxCount: integer('pax_count').notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'departures_product_fk',
    }),
    unique('departures_tenant_id_key').on(t.tourOperatorId, t.id),
    unique('departures_product_date_time_key').on(t.productId, t.date, t.time),
    index('departures_tenant_date_idx').on(t.tourOperatorId, t.date),
    check('departures_seats_check', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.capacity}`),
    check('departures_counts_check', sql`${t.bookingsCount} >= 0 and ${t.paxCount} >= 0`),
    check('departures_time_check', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
