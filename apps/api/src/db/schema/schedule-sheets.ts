import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { departures } from './departures';
import { persons } from './persons';
import { products } from './products';
import { tourOperators } from './tour-operators';
import { users } from './users';
import { vehicles } from './vehicles';

/**
 * A schedule sheet [Hoja de servicio] (PRODUCT.md §4): the work order of one departure. Its
 * passengers are the departure's non-cancelled bookings; its pickup route is computed from them.
 * One sheet per departure. `starts_at`/`ends_at` (the departure and its end by the product's
 * duration, in the operator's time zone) let overlapping assignments be found with one query.
 */
export const scheduleSheets = pgTable(
  'schedule_sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    productId: uuid('product_id').notNull(),
    departureId: uuid('departure_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    vehicleId: uuid('vehicle_id'),
    /** A user of level 4 (Chofer). */
    driverId: uuid('driver_id'),
    /** A user of level 5 (Guía). */
    guideId: uuid('guide_id'),
    /** "Libro de ruta": origin and destination of the service (defaults from the product). */
    origin: text('origin').notNull().default(''),
    destination: text('destination').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** draft Borrador → ready Confirmada → in_progress En curso → done Finalizada. */
    state: text('state').notNull().default('draft'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Bumped on every change: a stale edit (older version) answers 409. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'schedule_sheets_tour_operator_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.productId],
      foreignColumns: [products.tourOperatorId, products.id],
      name: 'schedule_sheets_product_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.departureId],
      foreignColumns: [departures.tourOperatorId, departures.id],
      name: 'schedule_sheets_departure_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.vehicleId],
      foreignColumns: [vehicles.tourOperatorId, vehicles.id],
      name: 'schedule_sheets_vehicle_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.driverId],
      foreignColumns: [users.tourOperatorId, users.id],
      name: 'schedule_sheets_driver_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.guideId],
      foreignColumns: [users.tourOperatorId, users.id],
      name: 'schedule_sheets_guide_fk',
    }),
    unique('schedule_sheets_tenant_id_key').on(t.tourOperatorId, t.id),
    unique('schedule_sheets_departure_key').on(t.departureId),
    index('schedule_sheets_tenant_date_idx').on(t.tourOperatorId, t.date, t.time),
    // ADR 029: the list in its default order (date, time) for each filter it is opened with.
    index('schedule_sheets_tenant_state_date_idx').on(t.tourOperatorId, t.state, t.date, t.time),
    index('schedule_sheets_driver_date_idx').on(t.driverId, t.date, t.time),
    index('schedule_sheets_guide_date_idx').on(t.guideId, t.date, t.time),
    index('schedule_sheets_product_date_idx').on(t.productId, t.date, t.time),
    index('schedule_sheets_date_idx').on(t.date, t.time),
    // ADR 032: a driver's or guide's departures, for their bookings list, read index-only.
    index('schedule_sheets_driver_departure_idx').on(t.driverId, t.departureId),
    index('schedule_sheets_guide_departure_idx').on(t.guideId, t.departureId),
    // The overlap check (sheet-assignments.repository.ts): by resource and start, the persons' by
    // start, both bounded below by the longest sheet (its duration, read off the last index).
    index('schedule_sheets_vehicle_idx').on(t.vehicleId, t.startsAt),
    index('schedule_sheets_driver_idx').on(t.driverId, t.startsAt),
    index('schedule_sheets_guide_idx').on(t.guideId, t.startsAt),
    index('schedule_sheets_starts_idx').on(t.startsAt),
    index('schedule_sheets_duration_idx').on(sql`(${t.endsAt} - ${t.startsAt})`),
    check('schedule_sheets_state_check', sql`${t.state} in ('draft', 'ready', 'in_progress', 'done')`),
    check('schedule_sheets_interval_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Extra staff on a sheet who do not log in (freelance guides, escorts, assistants). */
export const scheduleSheetPersons = pgTable(
  'schedule_sheet_persons',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    sheetId: uuid('sheet_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.personId] }),
    foreignKey({
      columns: [t.tourOperatorId, t.sheetId],
      foreignColumns: [scheduleSheets.tourOperatorId, scheduleSheets.id],
      name: 'schedule_sheet_persons_sheet_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tourOperatorId, t.personId],
      foreignColumns: [persons.tourOperatorId, persons.id],
      name: 'schedule_sheet_persons_person_fk',
    }),
    index('schedule_sheet_persons_person_idx').on(t.personId),
  ],
);

/**
 * Check-in log: who marked which booking present (or absent) on which sheet, and when. The
 * booking keeps the current state (`checked_in_at`/`checked_in_by`); this keeps every tap.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    sheetId: uuid('sheet_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** `present`, `absent` (undo) or `no_show` (set when the sheet is finished). */
    action: text('action').notNull(),
    /** `tap`, `scan`, `locator` or `finish`. */
    method: text('method').notNull().default('tap'),
    actorId: uuid('actor_id'),
    /** Why a check-in was made before the departure's day (an office override); null otherwise. */
    overrideReason: text('override_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.sheetId],
      foreignColumns: [scheduleSheets.tourOperatorId, scheduleSheets.id],
      name: 'check_ins_sheet_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'check_ins_booking_fk',
    }),
    index('check_ins_sheet_idx').on(t.sheetId, t.createdAt),
    index('check_ins_booking_idx').on(t.bookingId),
    check('check_ins_action_check', sql`${t.action} in ('present', 'absent', 'no_show')`),
    check('check_ins_method_check', sql`${t.method} in ('tap', 'scan', 'locator', 'finish')`),
  ],
);
