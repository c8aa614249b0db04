/**
 * The invoices' queries (issue 34, ADR 025): invoices and their VERI*FACTU records, the gapless
 * counters (`invoice_counters`: one row per operator and series; `VF` is the head of the operator's
 * record chain), and what an invoice needs to read of its booking and operator. The tenant scope is
 * applied here: an invoice the actor may not see is never read.
 */
import { INVOICE_TYPES, LIST_COUNT_CAP } from '@trayecto/shared';
import { and, asc, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, invoiceRecords, invoices, products, tourOperators, users } from '../../db/schema';
import {
  bindUuidArray,
  runIdsTemplate,
  runKeyedTemplate,
  runListTemplate,
  runSelectTemplate,
  ShapeBinder,
} from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceRecordRow = typeof invoiceRecords.$inferSelect;
export type NewInvoiceRecordRow = typeof invoiceRecords.$inferInsert;

/** The chain head's series in `invoice_counters`. */
export const CHAIN_SERIES = 'VF';

export const INVOICE_LIST_SPEC: ResourceListSpec = {
  filters: {
    series: { column: invoices.series, type: 'text', ops: ['eq', 'in'], description: 'Serie, p. ej. F2027 o R2027' },
    year: {
      column: sql`extract(year from ${invoices.issueDate})::int`,
      type: 'int',
      description: 'Año de la fecha de expedición',
    },
    booking_id: { column: invoices.bookingId, type: 'uuid' },
    type: { column: invoices.type, type: 'enum', values: INVOICE_TYPES },
    tour_operator_id: { column: invoices.tourOperatorId, type: 'uuid' },
    issue_date: { column: sql`${invoices.issueDate}`, type: 'date' },
    code: { column: invoices.code, type: 'text' },
  },
  sort: {
    issue_date: invoices.issueDate,
    code: invoices.code,
    number: invoices.number,
    total_cents: invoices.totalCents,
    created_at: invoices.createdAt,
  },
  defaultSort: ['-issue_date', '-code'],
  search: [invoices.code, invoices.customerName, invoices.customerTaxId],
  tiebreaker: invoices.id,
};

const visibleTo = (actor: Actor, binder?: ShapeBinder): SQL | undefined =>
  tenantScope(invoices.tourOperatorId, actor, binder);

const selection = {
  ...getTableColumns(invoices),
  operatorName: tourOperators.name,
  timezone: tourOperators.timezone,
  bookingLocator: bookings.locator,
  currency: bookings.currency,
  actorName: users.fullName,
};
export type InvoiceView = InvoiceRow & {
  operatorName: string;
  timezone: string;
  bookingLocator: string;
  currency: string;
  actorName: string | null;
};

const withJoins = (db: DbOrTx) =>
  db
    .select(selection)
    .from(invoices)
    .innerJoin(tourOperators, eq(tourOperators.id, invoices.tourOperatorId))
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .leftJoin(users, eq(users.id, invoices.actorId));

/** A page of invoices and its capped total, built once per shape (ADR 052). */
export async function listInvoices(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('invoices.list');
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, INVOICE_LIST_SPEC, b)]);
  const order = buildOrderBy(params, INVOICE_LIST_SPEC, b);
  const list = { rows: withJoins, table: invoices, where, order, countCap: LIST_COUNT_CAP };
  const { rows, total } = await runListTemplate(db, b, params, list);
  return { rows: rows as InvoiceView[], total };
}

/** One invoice the actor may see (any operator's for the administrator, or `actor` null: the caller checked). */
export async function findInvoice(db: DbOrTx, actor: Actor | null, id: string): Promise<InvoiceView | undefined> {
  const b = new ShapeBinder('invoices.one').shape(actor ? 'actor' : 'checked');
  const where = combine([eq(invoices.id, b.bind(id, invoices.id) as never), actor ? visibleTo(actor, b) : undefined]);
  const [row] = await runSelectTemplate(db, b.key, (d) => withJoins(d).where(where), b.values, { strict: true });
  return row as InvoiceView | undefined;
}

/** A booking's invoices, oldest first. */
export async function listBookingInvoices(db: DbOrTx, bookingId: string): Promise<InvoiceView[]> {
  return (await runKeyedTemplate(db, 'invoices.of-booking', invoices.bookingId, bookingId, (d, where) =>
    withJoins(d).where(where).orderBy(asc(invoices.issuedAt), asc(invoices.code)),
  )) as InvoiceView[];
}

/**
 * What an answer says of a related invoice (the reference: code, type, date, total) and how it is
 * related (what it corrects or replaces). ADR 037: a page's relations read these columns, not each
 * related invoice's lines, taxes and parties.
 */
const refColumns = {
  id: invoices.id,
  code: invoices.code,
  type: invoices.type,
  issueDate: invoices.issueDate,
  totalCents: invoices.totalCents,
  correctsId: invoices.correctsId,
  replacesId: invoices.replacesId,
  issuedAt: invoices.issuedAt,
};
export type InvoiceRef = Pick<InvoiceRow, keyof typeof refColumns>;

/** Invoices by id (the references an answer names: what it corrects or replaces). */
export async function findInvoicesByIds(db: DbOrTx, ids: string[]): Promise<InvoiceRef[]> {
  if (ids.length === 0) return [];
  return runIdsTemplate(db, 'invoices.refs', invoices.id, ids, (d, where) =>
    d.select(refColumns).from(invoices).where(where),
  );
}

/** The invoices that correct or replace any of `ids` (invoices_corrects_idx, invoices_replaces_idx). */
export async function findDependents(db: DbOrTx, ids: string[]): Promise<InvoiceRef[]> {
  if (ids.length === 0) return [];
  // Built once (ADR 052): the ids as one parameter, used twice.
  const b = new ShapeBinder('invoices.dependents');
  const any = bindUuidArray(b, ids);
  const build = (d: DbOrTx) =>
    d
      .select(refColumns)
      .from(invoices)
      .where(sql`${invoices.correctsId} = any(${any}) or ${invoices.replacesId} = any(${any})`)
      .orderBy(asc(invoices.issuedAt), asc(invoices.code));
  return runSelectTemplate(db, b.key, build, b.values, { strict: true });
}

/** A record's state, as an invoice's answer shows it (not its XML: ~3 kB each). */
const recordStateColumns = {
  id: invoiceRecords.id,
  invoiceId: invoiceRecords.invoiceId,
  seq: invoiceRecords.seq,
  kind: invoiceRecords.kind,
  state: invoiceRecords.state,
  fingerprint: invoiceRecords.fingerprint,
  attempts: invoiceRecords.attempts,
  lastError: invoiceRecords.lastError,
  aeatCsv: invoiceRecords.aeatCsv,
  sentAt: invoiceRecords.sentAt,
};
export type InvoiceRecordState = Pick<InvoiceRecordRow, keyof typeof recordStateColumns>;

/** The latest record of each invoice of `ids`. */
export async function findRecordsOf(db: DbOrTx, ids: string[]): Promise<Map<string, InvoiceRecordState>> {
  if (ids.length === 0) return new Map();
  const rows = await runIdsTemplate(db, 'invoices.records-of', invoiceRecords.invoiceId, ids, (d, where) =>
    d.select(recordStateColumns).from(invoiceRecords).where(where).orderBy(asc(invoiceRecords.seq)),
  );
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

export async function findRecordOfInvoice(db: DbOrTx, invoiceId: string): Promise<InvoiceRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceRecords)
    .where(eq(invoiceRecords.invoiceId, invoiceId))
    .orderBy(sql`${invoiceRecords.seq} desc`)
    .limit(1);
  return row;
}

export async function findRecordBySeq(
  db: DbOrTx,
  tourOperatorId: string,
  seq: number,
): Promise<InvoiceRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceRecords)
    .where(and(eq(invoiceRecords.tourOperatorId, tourOperatorId), eq(invoiceRecords.seq, seq)));
  return row;
}

export async function findRecord(db: DbOrTx, id: string): Promise<InvoiceRecordRow | undefined> {
  const [row] = await db.select().from(invoiceRecords).where(eq(invoiceRecords.id, id));
  return row;
}

// ── What an invoice reads of its booking and operator (a read and a row lock, no change) ──────────

export type InvoiceableBooking = {
  id: string;
  tourOperatorId: string;
  locator: string;
  state: string;
  paymentState: string;
  lines: { pax_type: string; quantity: number; unit_cents: number; total_cents: number }[];
  subtotalCents: number;
  discountCents: number;
  discountReason: string;
  totalCents: number;
  taxRate: number;
  language: string;
  customerName: string;
  customerCountry: string;
  productName: string;
  /** The product's customer-facing texts by language (`{ en: { name } }`): its name on the invoice. */
  productTranslations: Partial<Record<string, { name?: string }>>;
  date: string;
};

/**
 * The booking an invoice is issued for, locked (`FOR UPDATE`) so that two requests for its invoice
 * at once run one after the other; tenant-scoped by `actor` (null: any, the public link's owner).
 */
export async function lockInvoiceableBooking(
  db: DbOrTx,
  actor: Actor | null,
  bookingId: string,
): Promise<InvoiceableBooking | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      tourOperatorId: bookings.tourOperatorId,
      locator: bookings.locator,
      state: bookings.state,
      paymentState: bookings.paymentState,
      lines: bookings.lines,
      subtotalCents: bookings.subtotalCents,
      discountCents: bookings.discountCents,
      discountReason: bookings.discountReason,
      totalCents: bookings.totalCents,
      taxRate: bookings.taxRate,
      language: bookings.language,
      customerName: bookings.customerName,
      customerCountry: bookings.customerCountry,
      productName: products.name,
      productTranslations: products.translations,
      date: bookings.date,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(combine([eq(bookings.id, bookingId), actor ? tenantScope(bookings.tourOperatorId, actor) : undefined]))
    .for('update', { of: bookings });
  return row as InvoiceableBooking | undefined;
}

/** Whether the booking exists for the actor (the booking's invoice list of a booking not theirs is 404). */
export async function bookingVisible(db: DbOrTx, actor: Actor | null, bookingId: string): Promise<boolean> {
  // Built once per shape (ADR 052): the actor's scope, or the customer's (a live operator).
  const b = new ShapeBinder('invoices.booking-visible').shape(actor ? 'staff' : 'customer');
  const where = combine([
    eq(bookings.id, b.bind(bookingId, bookings.id) as never),
    actor
      ? tenantScope(bookings.tourOperatorId, actor, b)
      : eq(tourOperators.state, b.bind(1, tourOperators.state) as never),
  ]);
  const build = (d: DbOrTx) =>
    d
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(tourOperators, eq(tourOperators.id, bookings.tourOperatorId))
      .where(where);
  const [row] = await runSelectTemplate(db, b.key, build, b.values, { strict: true });
  return Boolean(row);
}

export type Issuer = {
  id: string;
  name: string;
  legalName: string;
  taxId: string;
  address: string;
  taxTerritory: string;
  timezone: string;
  /** The language the operator writes its own texts in (its customers' fallback). */
  defaultLanguage: string;
};

export async function findIssuer(db: DbOrTx, tourOperatorId: string): Promise<Issuer | undefined> {
  const [row] = await db
    .select({
      id: tourOperators.id,
      name: tourOperators.name,
      legalName: tourOperators.legalName,
      taxId: tourOperators.taxId,
      address: tourOperators.address,
      taxTerritory: tourOperators.taxTerritory,
      timezone: tourOperators.timezone,
      defaultLanguage: tourOperators.defaultLanguage,
    })
    .from(tourOperators)
    .where(eq(tourOperators.id, tourOperatorId));
  return row;
}

/** The booking's invoices of the issuing kinds (F1, F2, F3), for the "already issued" check. */
export async function findBookingInvoices(db: DbOrTx, bookingId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.issuedAt));
}

// ── Numbering and the chain ──────────────────────────────────────────────────────────────────────

/**
 * The next number of a series, in the caller's transaction: the counter row is created or moved on
 * and stays locked until the transaction ends, so numbers are consecutive (a rolled-back
 * transaction gives its number back) and two issuers never get the same one.
 */
export async function nextNumber(tx: DbOrTx, tourOperatorId: string, series: string): Promise<number> {
  const res = await tx.execute<{ last_number: number }>(sql`
    insert into invoice_counters (tour_operator_id, series, last_number) values (${tourOperatorId}, ${series}, 1)
    on conflict (tour_operator_id, series) do update set last_number = invoice_counters.last_number + 1
    returning last_number`);
  return Number(res.rows[0].last_number);
}

export async function insertInvoice(tx: DbOrTx, row: NewInvoiceRow): Promise<InvoiceRow> {
  const [out] = await tx.insert(invoices).values(row).returning();
  return out;
}

export async function insertRecord(tx: DbOrTx, row: NewInvoiceRecordRow): Promise<InvoiceRecordRow> {
  const [out] = await tx.insert(invoiceRecords).values(row).returning();
  return out;
}

/** The sum of the corrections of an invoice (negative cents, as they were issued). */
export async function correctedCents(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.correctsId, invoiceId));
  return Number(row?.sum ?? 0);
}

// ── The sender's reads and writes ────────────────────────────────────────────────────────────────

/** An operator's pending records up to `uptoSeq`, in the chain's order (at most `limit`). */
export async function pendingRecords(
  db: DbOrTx,
  tourOperatorId: string,
  uptoSeq: number,
  limit: number,
): Promise<InvoiceRecordRow[]> {
  return db
    .select()
    .from(invoiceRecords)
    .where(
      and(
        eq(invoiceRecords.tourOperatorId, tourOperatorId),
        eq(invoiceRecords.state, 'pending'),
        lte(invoiceRecords.seq, uptoSeq),
      ),
    )
    .orderBy(asc(invoiceRecords.seq))
    .limit(limit);
}

/** Each operator's latest pending record (the sweep sends every operator's pending ones up to it). */
export async function latestPendingByOperator(db: DbOrTx, limit: number): Promise<{ id: string; seq: number }[]> {
  const res = await db.execute<{ id: string; seq: number }>(sql`
    select distinct on (tour_operator_id) id, seq from invoice_records
    where state = 'pending'
    order by tour_operator_id, seq desc
    limit ${limit}`);
  return res.rows.map((r) => ({ id: r.id, seq: Number(r.seq) }));
}

export async function markRecords(
  db: DbOrTx,
  ids: string[],
  set: Partial<Pick<InvoiceRecordRow, 'state' | 'lastError' | 'aeatCsv' | 'sentAt'>> & { attempt?: boolean },
) {
  if (ids.length === 0) return;
  const { attempt, ...fields } = set;
  await db
    .update(invoiceRecords)
    .set({ ...fields, ...(attempt ? { attempts: sql`${invoiceRecords.attempts} + 1` } : {}) })
    .where(and(inArray(invoiceRecords.id, ids), eq(invoiceRecords.state, 'pending')));
}

/**
 * Puts a record that failed or was rejected back to `pending` (the office sends it again), clearing
 * its last error; a pending one stays as it is. Never a record the AEAT accepted (`sent`): answers
 * the record after the change, or undefined when it was (or became meanwhile) `sent`.
 */
export async function requeueRecord(db: DbOrTx, id: string): Promise<InvoiceRecordRow | undefined> {
  const [row] = await db
    .update(invoiceRecords)
    .set({ state: 'pending', lastError: '' })
    .where(and(eq(invoiceRecords.id, id), inArray(invoiceRecords.state, ['pending', 'rejected', 'failed'])))
    .returning();
  return row;
}
