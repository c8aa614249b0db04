import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * Cash handed over to the office (issue 34, ADR 025), owned by modules/cash: the money a seller, guide
 * or driver collected (payments by `method` cash or card on the spot, `recorded_by` them, no
 * `handover_id` yet) is closed by one handover that says how much the office received; any
 * difference is recorded, never hidden. A handover is never changed afterwards.
 */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    /** Who held the money. */
    holderId: uuid('holder_id').notNull(),
    /** What the payments it closes add up to (cash and card on the spot, net of cash refunds). */
    expectedCents: integer('expected_cents').notNull(),
    /** What the office counted. */
    receivedCents: integer('received_cents').notNull(),
    differenceCents: integer('difference_cents').notNull(),
    paymentCount: integer('payment_count').notNull(),
    notes: text('notes').notNull().default(''),
    receivedBy: uuid('received_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'cash_handovers_tour_operator_fk',
    }),
    foreignKey({ columns: [t.holderId], foreignColumns: [users.id], name: 'cash_handovers_holder_fk' }),
    foreignKey({ columns: [t.receivedBy], foreignColumns: [users.id], name: 'cash_handovers_received_by_fk' }),
    unique('cash_handovers_tenant_id_key').on(t.tourOperatorId, t.id),
    index('cash_handovers_tenant_created_idx').on(t.tourOperatorId, t.createdAt),
    index('cash_handovers_holder_idx').on(t.holderId, t.createdAt),
    check('cash_handovers_difference_check', sql`${t.differenceCents} = ${t.receivedCents} - ${t.expectedCents}`),
    check('cash_handovers_received_check', sql`${t.receivedCents} >= 0`),
  ],
);
