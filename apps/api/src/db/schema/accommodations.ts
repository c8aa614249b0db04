import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tourOperators } from './tour-operators';

/**
 * A pickup place: hotel, apartment, meeting point or bus stop. `tour_operator_id` null = the shared
 * catalogue kept by the administrator and visible to every operator.
 */
export const accommodations = pgTable(
  'accommodations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id'),
    name: text('name').notNull(),
    type: text('type').notNull().default('hotel'),
    address: text('address').notNull().default(''),
    zone: text('zone').notNull().default(''),
    latLng: text('lat_lng').notNull().default(''),
    phone: text('phone').notNull().default(''),
    pickupPoint: text('pickup_point').notNull().default(''),
    /** "Hotel X, recoger en Hotel Y": customers of this one are collected at that one. */
    pickupAtId: uuid('pickup_at_id'),
    state: smallint('state').notNull().default(1),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'accommodations_tour_operator_fk',
    }),
    foreignKey({ columns: [t.pickupAtId], foreignColumns: [t.id], name: 'accommodations_pickup_at_fk' }),
    unique('accommodations_tenant_id_key').on(t.tourOperatorId, t.id),
    index('accommodations_tenant_zone_idx').on(t.tourOperatorId, t.zone),
    index('accommodations_name_idx').on(sql`f_unaccent(${t.name})`),
    check('accommodations_type_check', sql`${t.type} in ('hotel', 'apartment', 'meeting_point', 'bus_stop')`),
    check('accommodations_state_check', sql`${t.state} in (1, 2)`),
    check('accommodations_not_self_check', sql`${t.pickupAtId} is null or ${t.pickupAtId} <> ${t.id}`),
  ],
);
