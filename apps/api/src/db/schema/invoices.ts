import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { tourOperators } from './tour-operators';

/** One line of an invoice as issued (amounts in cents, tax included in `total_cents`). */
export type InvoiceLineRow = {
  description: string;
  quantity: number;
  /** Price of one unit, tax included. */
  unit_cents: number;
  tax_rate: number;
  base_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** The tax of one rate over the whole invoice. */
export type InvoiceTaxRow = { rate: number; base_cents: number; tax_cents: number };

/**
 * An invoice (issue 34, ADR 025), owned by modules/invoices. Never updated nor deleted: a mistake or a
 * refund is corrected by another invoice (`R1`/`R5`, `corrects_id`). Types (VERI*FACTU `TipoFactura`):
 * `F2` simplified (a consumer's), `F1` full (with the customer's tax data), `F3` a full invoice that
 * replaces a simplified one (`replaces_id`), `R1` corrects an `F1`/`F3`, `R5` corrects an `F2`.
 * Numbers are consecutive without gaps in each series (`invoice_counters`): `F<year>` for invoices,
 * `R<year>` for corrective ones.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /** Series and number as printed and sent (`NumSerieFactura`), e.g. `F2027-000042`. */
    code: text('code').notNull(),
    type: text('type').notNull(),
    correctsId: uuid('corrects_id'),
    replacesId: uuid('replaces_id'),
    /** Why a corrective invoice was issued. */
    reason: text('reason').notNull().default(''),
    /** The issue date in the operator's time zone. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language of its PDF (the booking's). */
    language: text('language').notNull().default('es'),
    /** The issuer as it was: the operator's legal name, tax id and address. */
    issuerName: text('issuer_name').notNull(),
    issuerTaxId: text('issuer_tax_id').notNull(),
    issuerAddress: text('issuer_address').notNull().default(''),
    /** The customer: a name for a simplified invoice; tax id and address for a full one. */
    customerName: text('customer_name').notNull().default(''),
    customerTaxId: text('customer_tax_id').notNull().default(''),
    customerAddress: text('customer_address').notNull().default(''),
    customerCountry: text('customer_country').notNull().default(''),
    /** `IGIC` or `IVA` (the operator's territory when it was issued). */
    taxKind: text('tax_kind').notNull(),
    lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    taxes: jsonb('taxes').$type<InvoiceTaxRow[]>().notNull(),
    baseCents: integer('base_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Who issued it (lib/actors.ts): staff, customer (their booking's page) or system. */
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tourOperatorId], foreignColumns: [tourOperators.id], name: 'invoices_tour_operator_fk' }),
    foreignKey({
      columns: [t.tourOperatorId, t.bookingId],
      foreignColumns: [bookings.tourOperatorId, bookings.id],
      name: 'invoices_booking_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.correctsId],
      foreignColumns: [t.tourOperatorId, t.id],
      name: 'invoices_corrects_fk',
    }),
    foreignKey({
      columns: [t.tourOperatorId, t.replacesId],
      foreignColumns: [t.tourOperatorId, t.id],
      name: 'invoices_replaces_fk',
    }),
    unique('invoices_tenant_id_key').on(t.tourOperatorId, t.id),
    unique('invoices_tenant_series_number_key').on(t.tourOperatorId, t.series, t.number),
    unique('invoices_tenant_code_key').on(t.tourOperatorId, t.code),
    // One invoice of each kind per booking: issuing the same one twice at once gives one.
    uniqueIndex('invoices_booking_type_key').on(t.bookingId, t.type).where(sql`${t.type} in ('F1', 'F2', 'F3')`),
    index('invoices_booking_idx').on(t.bookingId),
    index('invoices_tenant_issued_idx').on(t.tourOperatorId, t.issueDate, t.code),
    // The administrator's list of every operator's invoices in the default order (-issue_date, -code,
    // then id): read in order instead of sorting every invoice (issue 35: 150 ms alone at 140 k,
    // seconds under load).
    index('invoices_issued_idx').on(t.issueDate.desc().nullsFirst(), t.code.desc().nullsFirst(), t.id),
    index('invoices_corrects_idx').on(t.correctsId),
    // ADR 037: an invoice's dependents (what corrects or replaces it) by index, not a scan.
    index('invoices_replaces_idx').on(t.replacesId).where(sql`${t.replacesId} is not null`),
    check('invoices_type_check', sql`${t.type} in ('F1', 'F2', 'F3', 'R1', 'R5')`),
    check('invoices_tax_kind_check', sql`${t.taxKind} in ('IGIC', 'IVA')`),
    check('invoices_actor_kind_check', sql`${t.actorKind} in ('staff', 'customer', 'channel', 'system')`),
    check('invoices_number_check', sql`${t.number} >= 1`),
    check(
      'invoices_corrects_check',
      sql`(${t.type} in ('R1', 'R5')) = (${t.correctsId} is not null) and (${t.type} = 'F3') = (${t.replacesId} is not null)`,
    ),
    check('invoices_totals_check', sql`${t.baseCents} + ${t.taxCents} = ${t.totalCents}`),
  ],
);

/** The last number given in each series of an operator: the next invoice takes it + 1 in its transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    tourOperatorId: uuid('tour_operator_id').notNull(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tourOperatorId, t.series], name: 'invoice_counters_pkey' }),
    foreignKey({
      columns: [t.tourOperatorId],
      foreignColumns: [tourOperators.id],
      name: 'invoice_counters_tour_operator_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * VERI*FACTU invoicing records (issue 34, ADR 025): one `alta` per invoice issued (and an
 * `anulacion` if a record is ever cancelled), chained per operator: `seq` orders the chain and each
 * record's `fingerprint` covers the previous one's (`previous_fingerprint`, '' for the first). The
 * fields the fingerprint covers are kept exactly as written in it, so anyone can recompute the chain.
 * `state`: `pending` (to be sent), `sent` (accepted by the AEAT), `rejected` (refused: needs a
 * correction), `failed` (gave up retrying; the office can send it again).
 */
export const invoiceRecords = pgTable(
  'invoice_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourOperatorId: uuid('tour_operator_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    issuerNif: text('issuer_nif').notNull(),
    invoiceCode: text('invoice_code').notNull(),
    /** dd-mm-aaaa, as in the fingerprint. */
    issueDate: text('issue_date').notNull(),
    invoiceType: text('invoice_type'),
    /** `CuotaTotal` and `ImporteTotal` as written in the fingerprint (e.g. `12.35`); null on an anulación. */
    taxTotal: text('tax_total'),
    total: text('total'),
    previousFingerprint: text('previous_fingerprint').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** `FechaHoraHusoGenRegistro`, e.g. 2027-01-01T19:20:30+01:00. */
    generatedAt: text('generated_at').notNull(),
    xml: text('xml').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    /** The AEAT's secure verification code (CSV) of the submission that carried it. */
    aeatCsv: text('aeat_csv'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.tourOperatorId, t.invoiceId],
      foreignColumns: [invoices.tourOperatorId, invoices.id],
      name: 'invoice_records_invoice_fk',
    }),
    unique('invoice_records_tenant_seq_key').on(t.tourOperatorId, t.seq),
    index('invoice_records_invoice_idx').on(t.invoiceId),
    index('invoice_records_pending_idx').on(t.tourOperatorId, t.seq).where(sql`${t.state} = 'pending'`),
    check('invoice_records_kind_check', sql`${t.kind} in ('alta', 'anulacion')`),
    check('invoice_records_state_check', sql`${t.state} in ('pending', 'sent', 'rejected', 'failed')`),
    check('invoice_records_fingerprint_check', sql`${t.fingerprint} ~ '^[0-9A-F]{64}$'`),
  ],
);
