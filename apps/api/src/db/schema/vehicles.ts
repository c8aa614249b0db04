import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tourOperators } from './tour-operators';

/** A vehicle of the fleet (PRODUCT.md §4 Vehicle). State: 1 Activo, 2 Inactivo, 3 En taller. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    plate: text('plate').notNull(),
    name: text('name').notNull().default(''),
    model: text('model').notNull().default(''),
    type: text('type').notNull().default('bus'),
    seats: integer('seats').notNull(),
    transportAuthorization: text('transport_authorization').notNull().default(''),
    state: smallint('state').notNull().default(1),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'vehicles_tour_operator_fk' }),
    unique('vehicles_tenant_id_key').on(t.tourOperatorId, t.id),
    uniqueIndex('vehicles_tenant_plate_key')
      .on(t.tourOperatorId, sql`upper(${t.plate})`)
      .where(sql`${t.deletedAt} is null`),
    check('vehicles_type_check', sql`${t.type} in ('bus', 'minibus', 'van', 'car', '4x4', 'boat')`),
    check('vehicles_state_check', sql`${t.state} in (1, 2, 3)`),
    check('vehicles_seats_check', sql`${t.seats} between 1 and 200`),
  ],
);

/** Periods a vehicle cannot be assigned (workshop, ITV, rented out), inclusive dates. */
export const vehicleUnavailabilities = pgTable(
  'vehicle_unavailabilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.vehicleId],
      foreignColumns: [vehicles.tourOperatorId, vehicles.id],
      name: 'vehicle_unavailabilities_vehicle_fk',
    }).onDelete('cascade'),
    index('vehicle_unavailabilities_vehicle_idx').on(t.vehicleId, t.from),
    check('vehicle_unavailabilities_range_check', sql`${t.from} <= ${t.to}`),
  ],
);
