import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { channels } from './channels';
import { tourOperators } from './tour-operators';
import { users } from './users';

/**
 * A commission statement (issue 34, ADR 025), owned by modules/commissions: what one seller or one
 * channel (an agency or reseller) is owed for the bookings of a period, from each booking's
 * commission as it stands (0 once cancelled) less what earlier statements already settled for it.
 * `open` until settled (`settled_on`, `method`, `reference`); a settled statement is never changed:
 * a later change of one of its bookings appears as a correcting line in the next statement.
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    partyKind: text('party_kind').notNull(),
    sellerId: uuid('seller_id'),
    channelId: uuid('channel_id'),
    /** The departures' dates it covers (inclusive). */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    lineCount: integer('line_count').notNull(),
    state: text('state').notNull().default('open'),
    settledOn: date('settled_on', { mode: 'string' }),
    method: text('method'),
    reference: text('reference').notNull().default(''),
    settledBy: uuid('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'commission_statements_tour_operator_fk',
    }),
    foreignKey({ columns: [t.sellerId], foreignColumns: [users.id], name: 'commission_statements_seller_fk' }),
    foreignKey({
      columns: [t.tourOperatorId, t.channelId],
      foreignColumns: [channels.tourOperatorId, channels.id],
      name: 'commission_statements_channel_fk',
    }),
    unique('commission_statements_tenant_id_key').on(t.tourOperatorId, t.id),
    index('commission_statements_tenant_created_idx').on(t.tourOperatorId, t.createdAt),
    check('commission_statements_party_check', sql`${t.partyKind} in ('seller', 'channel')`),
    check(
      'commission_statements_party_id_check',
      sql`(${t.partyKind} = 'seller') = (${t.sellerId} is not null) and (${t.partyKind} = 'channel') = (${t.channelId} is not null)`,
    ),
    check('commission_statements_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('commission_statements_state_check', sql`${t.state} in ('open', 'settled')`),
    check(
      'commission_statements_settled_check',
      sql`(${t.state} = 'settled') = (${t.settledOn} is not null and ${t.method} is not null)`,
    ),
    check(
      'commission_statements_method_check',
      sql`${t.method} is null or ${t.method} in ('cash', 'transfer', 'card', 'offset')`,
    ),
  ],
);

/** One booking's amount in a statement: its commission now less what was settled for it before. */
export const commissionStatementLines = pgTable(
  'commission_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    statementId: uuid('statement_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** The booking's commission when the statement was made (0 if cancelled). */
    commissionCents: integer('commission_cents').notNull(),
    /** What this statement owes for it: `commission_cents` less earlier statements' lines (negative corrects). */
    amountCents: integer('amount_cents').notNull(),
    /**
     * The booking's departure date, kept equal to `bookings.date` (ADR 037: set under a share lock of
     * the booking when the line is written, followed by the trigger `commission_lines_follow_booking`
     * when the booking moves): what a period counted is a range of this index, not a visit to each booking.
     */
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.statementId],
      foreignColumns: [commissionStatements.tourOperatorId, commissionStatements.id],
      name: 'commission_statement_lines_statement_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'commission_statement_lines_booking_fk',
    }),
    unique('commission_statement_lines_statement_booking_key').on(t.statementId, t.bookingId),
    index('commission_statement_lines_booking_idx').on(t.bookingId),
    // Migration 0021 adds INCLUDE (statement_id, booking_id, amount_cents): the counted side of the due, index-only.
    index('commission_statement_lines_tenant_date_idx').on(t.tourOperatorId, t.bookingDate),
  ],
);

/**
 * What «Comisiones» owes, by operator, departure day and party (issue 35, ADR 037), kept by the
 * database like the booking totals of ADR 026: triggers of migration 0021 on `bookings`
 * (`commission_due_track`) and on the lines (`commission_due_track_line`) append each change's
 * difference to `commission_due_delta`; the task `commissions.compact-due` folds them into
 * `commission_due_totals`; «Pendiente» adds both up for its period. A pair (booking, party) owes its
 * commission for the party now less what the party's statements counted for it; `bookings` is how
 * many pairs of that day owe something (≠ 0), `amount_cents` their sum. A channel's commission
 * counts only while the operator collects for it (`channels.collects`; a change rebuilds its rows).
 * `select commission_due_rebuild(null)` computes every row again from the bookings and the lines.
 */
const dueColumns = {
  tourOperatorId: uuid('tour_operator_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  partyKind: text('party_kind').notNull(),
  partyId: uuid('party_id').notNull(),
  bookings: integer('bookings').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
};

export const commissionDueTotals = pgTable('commission_due_totals', dueColumns, (t) => [
  primaryKey({ name: 'commission_due_totals_pkey', columns: [t.tourOperatorId, t.day, t.partyKind, t.partyId] }),
]);

export const commissionDueDelta = pgTable('commission_due_delta', dueColumns, (t) => [
  index('commission_due_delta_idx').on(t.tourOperatorId, t.day),
]);
