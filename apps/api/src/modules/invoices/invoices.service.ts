/**
 * Invoices and their VERI*FACTU records (issue 34, ADR 025): issuing a booking's simplified (F2) or
 * full invoice (F1; F3 replacing its F2), corrective invoices (R5 of an F2, R1 of an F1/F3), and the
 * reads. Invoices are never edited nor deleted.
 *
 * One transaction issues an invoice: it locks the booking (two requests for the same invoice at
 * once run one after the other, and the second answers the first's invoice), takes the series'
 * next number (`invoice_counters`: gapless, since a rolled-back transaction gives its number back),
 * then the chain's head (`invoice_counters` series `VF`, locked the same way) for the record's
 * `seq` and the previous record's fingerprint, writes the invoice, its record and the job that
 * sends it, and the booking's audit entry. Lock order is always booking → series → chain head.
 */

import { randomUUID } from 'node:crypto';
import {
  displayDate,
  formatCustomerTaxId,
  INVOICE_MSG,
  type TInvoiceCorrectionRequest,
  type TInvoiceIssueRequest,
  type TInvoiceResponse,
  type TPublicInvoiceIssueRequest,
  timeZoneOf,
  zoneOffsetMs,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { type ChangeActor, customerActor, type RequestOrigin, staffActor } from '../../lib/actors';
import { AppError, notFound } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import { enqueueJob } from '../../lib/jobs/queue';
import type { Actor } from '../../lib/tenant';
import { auditContextOf, recordAudit } from '../audit/audit.service';
import { bookingAmounts, correctionAmounts, type InvoiceAmounts, splitLine, taxesOf } from './invoices.amounts';
import { type InvoicePdfLanguage, invoiceLanguage, LABELS } from './invoices.pdf-texts';
import { readInvoice, getInvoiceRecord as readInvoiceRecord } from './invoices.read';
import * as repo from './invoices.repository';
import { producerFor } from './invoices.settings';
import { altaRecordXml, type XmlInvoiceId } from './invoices.xml';
import { altaFingerprint, recordAmount, recordDate } from './verifactu';

/** The job that sends an operator's pending records to the AEAT (registered in background.ts). */
export const SEND_RECORDS_JOB = 'invoices.send';

// What the routes read, beside what they write (the reads are invoices.read.ts).
export {
  getInvoice,
  getInvoiceRecord,
  getPublicInvoice,
  listBookingInvoices,
  listInvoices,
  listPublicInvoices,
} from './invoices.read';
export { configureInvoices, verifactuMode } from './invoices.settings';

const INVOICE = 'La factura';
const BOOKING = 'La reserva';

const pad = (n: number, w = 2) => String(Math.trunc(Math.abs(n))).padStart(w, '0');

/**
 * An instant on the operator's wall with its offset, as a record writes it
 * (`2027-01-01T19:20:30+01:00`), and its date (YYYY-MM-DD).
 */
export function zonedStamp(instant: Date, timeZone: string): { stamp: string; date: string } {
  const offset = zoneOffsetMs(timeZone, instant.getTime());
  const wall = new Date(instant.getTime() + offset).toISOString();
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return {
    stamp: `${wall.slice(0, 19)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
    date: wall.slice(0, 10),
  };
}

export const invoiceCode = (series: string, number: number) => `${series}-${String(number).padStart(6, '0')}`;

// ── Issuing ──────────────────────────────────────────────────────────────────────────────────────

const notInvoiceable = (message: string) => new AppError({ code: 'NOT_INVOICEABLE', message });

function issuerOf(issuer: repo.Issuer | undefined) {
  if (!issuer) throw notFound(BOOKING);
  if (!issuer.legalName.trim() || !issuer.taxId.trim()) throw notInvoiceable(INVOICE_MSG.issuerIncomplete);
  return issuer;
}

/** What one issue writes: the invoice's own fields; the rest (number, record) the writer adds. */
type Draft = {
  tourOperatorId: string;
  bookingId: string;
  type: 'F1' | 'F2' | 'F3' | 'R1' | 'R5';
  correcting?: repo.InvoiceRow;
  replacing?: repo.InvoiceRow;
  reason: string;
  /** The invoice's language (a public one): its lines are written in it and its PDF prints in it. */
  language: InvoicePdfLanguage;
  customer: { name: string; taxId: string; address: string; country: string };
  amounts: InvoiceAmounts;
  description: string;
};

const xmlId = (r: { issuerTaxId: string; code: string; issueDate: string }): XmlInvoiceId => ({
  issuerNif: r.issuerTaxId,
  number: r.code,
  issueDate: recordDate(r.issueDate),
});

/**
 * Writes an invoice and its chained record in `tx`: the series' next number, then the chain's
 * head; enqueues the record's sending and writes the booking's audit entry.
 */
async function writeInvoice(
  tx: DbOrTx,
  issuer: repo.Issuer,
  d: Draft,
  actor: ChangeActor,
  now: Date,
): Promise<repo.InvoiceRow> {
  const tz = timeZoneOf(issuer.timezone);
  const { date } = zonedStamp(now, tz);
  const year = date.slice(0, 4);
  const series = `${d.type.startsWith('R') ? 'R' : 'F'}${year}`;
  const number = await repo.nextNumber(tx, d.tourOperatorId, series);
  const code = invoiceCode(series, number);
  const taxKind = issuer.taxTerritory === 'canarias' ? 'IGIC' : 'IVA';
  const invoice = await repo.insertInvoice(tx, {
    tourOperatorId: d.tourOperatorId,
    bookingId: d.bookingId,
    series,
    number,
    code,
    type: d.type,
    correctsId: d.correcting?.id ?? null,
    replacesId: d.replacing?.id ?? null,
    reason: d.reason,
    issueDate: date,
    issuedAt: now,
    language: d.language,
    issuerName: issuer.legalName.trim(),
    issuerTaxId: issuer.taxId.trim().toUpperCase(),
    issuerAddress: issuer.address.trim(),
    customerName: d.customer.name,
    customerTaxId: d.customer.taxId,
    customerAddress: d.customer.address,
    customerCountry: d.customer.country,
    taxKind,
    lines: d.amounts.lines,
    taxes: d.amounts.taxes,
    baseCents: d.amounts.baseCents,
    taxCents: d.amounts.taxCents,
    totalCents: d.amounts.totalCents,
    actorKind: actor.kind,
    actorId: actor.kind === 'staff' ? actor.user.id : null,
    createdAt: now,
  });

  // The chain: its head's next number is this record's place; the previous record is the one before.
  const seq = await repo.nextNumber(tx, d.tourOperatorId, repo.CHAIN_SERIES);
  const prev = seq > 1 ? await repo.findRecordBySeq(tx, d.tourOperatorId, seq - 1) : undefined;
  // Generated once the chain's head is ours: never before the previous record (which committed first).
  const stamp = zonedStamp(new Date(Math.max(now.getTime(), Date.now())), tz).stamp;
  const fields = {
    issuerNif: invoice.issuerTaxId,
    number: code,
    issueDate: recordDate(date),
    type: d.type,
    taxTotal: recordAmount(invoice.taxCents),
    total: recordAmount(invoice.totalCents),
    previous: prev?.fingerprint ?? '',
    generatedAt: stamp,
  };
  const fingerprint = altaFingerprint(fields);
  const xml = altaRecordXml({
    id: { issuerNif: fields.issuerNif, number: code, issueDate: fields.issueDate },
    issuerName: invoice.issuerName,
    type: d.type,
    corrected: d.correcting ? [xmlId(d.correcting)] : undefined,
    replaced: d.replacing ? [xmlId(d.replacing)] : undefined,
    description: d.description,
    recipients:
      d.type === 'F1' || d.type === 'F3' || (d.type === 'R1' && d.customer.taxId)
        ? [{ name: d.customer.name, taxId: d.customer.taxId, country: d.customer.country }]
        : undefined,
    breakdown: invoice.taxes.map((t) => ({
      tax: taxKind === 'IGIC' ? '03' : '01',
      rate: t.rate.toFixed(2),
      base: recordAmount(t.base_cents),
      amount: recordAmount(t.tax_cents),
    })),
    taxTotal: fields.taxTotal,
    total: fields.total,
    previous: prev
      ? {
          issuerNif: prev.issuerNif,
          number: prev.invoiceCode,
          issueDate: prev.issueDate,
          fingerprint: prev.fingerprint,
        }
      : undefined,
    generatedAt: stamp,
    fingerprint,
    system: (({ name, nif }) => ({ producerName: name, producerNif: nif }))(
      producerFor({ name: invoice.issuerName, nif: invoice.issuerTaxId }),
    ),
  });
  const record = await repo.insertRecord(tx, {
    tourOperatorId: d.tourOperatorId,
    invoiceId: invoice.id,
    seq,
    kind: 'alta',
    issuerNif: fields.issuerNif,
    invoiceCode: code,
    issueDate: fields.issueDate,
    invoiceType: d.type,
    taxTotal: fields.taxTotal,
    total: fields.total,
    previousFingerprint: fields.previous,
    fingerprint,
    generatedAt: stamp,
    xml,
    createdAt: now,
  });
  // Sent after the commit by the background runner: a sale or an invoice never waits for the AEAT.
  await enqueueJob(tx, {
    kind: SEND_RECORDS_JOB,
    payload: { tour_operator_id: d.tourOperatorId, record_id: record.id, seq },
    dedupeKey: `${SEND_RECORDS_JOB}:${record.id}`,
    maxAttempts: 8,
  });
  await recordAudit(tx, auditContextOf(actor), {
    tourOperatorId: d.tourOperatorId,
    entityType: 'booking',
    entityId: d.bookingId,
    action: 'invoice',
    summary: `Factura ${code} (${d.type}) emitida${d.reason ? `: ${d.reason}` : ''}`,
    changes: { invoice: [null, { id: invoice.id, code, type: d.type, total_cents: invoice.totalCents }] },
    at: now,
  });
  return invoice;
}

/**
 * The booking's lines and discount in the invoice's language, with an adjustment line if they do not
 * add up to its total. The product's name is its translation into that language when it has one.
 */
function amountsOfBooking(
  b: repo.InvoiceableBooking,
  language: InvoicePdfLanguage,
  issuer: repo.Issuer,
): InvoiceAmounts {
  const productName = b.productTranslations?.[language]?.name?.trim() || b.productName;
  // The discount's reason is the office's text, in the operator's own language.
  const a = bookingAmounts({ ...b, productName }, language, language === issuer.defaultLanguage);
  const diff = b.totalCents - a.lines.reduce((s, l) => s + l.total_cents, 0);
  if (diff === 0) return a;
  const lines = [...a.lines, splitLine(LABELS[language].otherCharges, 1, diff, diff, Number(b.taxRate))];
  const taxes = taxesOf(lines);
  const baseCents = taxes.reduce((s, t) => s + t.base_cents, 0);
  const taxCents = taxes.reduce((s, t) => s + t.tax_cents, 0);
  return { lines, taxes, baseCents, taxCents, totalCents: baseCents + taxCents };
}

export type IssueOutcome = { invoice: TInvoiceResponse; created: boolean };

/**
 * POST /bookings/{id}/invoices and the public twin: the booking's simplified (F2) or full invoice
 * (F1, or F3 replacing its F2). Asking again for what it has answers that (`created` false); a
 * full invoice answers a later request for a simplified one too. Only a booking paid in full
 * (`payment_state` paid) is invoiced (409 NOT_INVOICEABLE), and only with the operator's legal name
 * and NIF. `scope`: the staff user whose tenant the booking must be in; null for the customer's link.
 */
export async function issueInvoice(
  db: DbOrTx,
  actor: ChangeActor,
  scope: Actor | null,
  bookingId: string,
  body: TInvoiceIssueRequest,
  now: Date = new Date(),
): Promise<IssueOutcome> {
  const run = () =>
    inTransaction(db, async (tx) => {
      const b = await repo.lockInvoiceableBooking(tx, scope, bookingId);
      if (!b) throw notFound(scope ? BOOKING : 'Reserva no encontrada');
      const existing = await repo.findBookingInvoices(tx, b.id);
      const full = existing.find((i) => i.type === 'F1' || i.type === 'F3');
      const simplified = existing.find((i) => i.type === 'F2');
      if (full) return { id: full.id, created: false };
      if (body.kind === 'simplified' && simplified) return { id: simplified.id, created: false };
      // A booking paid in full is invoiced; an F3 only replaces what its F2 already invoiced.
      if (!simplified && b.paymentState !== 'paid') throw notInvoiceable(INVOICE_MSG.notPaid);
      const issuer = issuerOf(await repo.findIssuer(tx, b.tourOperatorId));
      const language = invoiceLanguage(b.language, issuer.defaultLanguage);
      const amounts = amountsOfBooking(b, language, issuer);
      if (amounts.lines.length === 0 || amounts.totalCents <= 0) throw notInvoiceable(INVOICE_MSG.noLines);
      const description = `Excursión ${b.productName} (${displayDate(b.date)}), reserva ${b.locator}`;
      if (body.kind === 'simplified') {
        const inv = await writeInvoice(
          tx,
          issuer,
          {
            tourOperatorId: b.tourOperatorId,
            bookingId: b.id,
            type: 'F2',
            reason: '',
            language,
            customer: { name: b.customerName, taxId: '', address: '', country: b.customerCountry },
            amounts,
            description,
          },
          actor,
          now,
        );
        return { id: inv.id, created: true };
      }
      const c = body.customer as NonNullable<TInvoiceIssueRequest['customer']>;
      if (simplified && (await repo.correctedCents(tx, simplified.id)) !== 0) {
        throw new AppError({
          code: 'CONFLICT',
          message: 'La factura simplificada ya tiene rectificativas: no se puede sustituir por una completa',
        });
      }
      const address = [c.address, [c.postcode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      const inv = await writeInvoice(
        tx,
        issuer,
        {
          tourOperatorId: b.tourOperatorId,
          bookingId: b.id,
          type: simplified ? 'F3' : 'F1',
          replacing: simplified,
          reason: '',
          // An F3 carries the F2's lines: in the F2's language.
          language: simplified ? invoiceLanguage(simplified.language, issuer.defaultLanguage) : language,
          customer: {
            name: c.name,
            taxId: formatCustomerTaxId(c.tax_id, c.country),
            address,
            country: c.country,
          },
          // An F3 invoices what the F2 did.
          amounts: simplified
            ? {
                lines: simplified.lines,
                taxes: simplified.taxes,
                baseCents: simplified.baseCents,
                taxCents: simplified.taxCents,
                totalCents: simplified.totalCents,
              }
            : amounts,
          description,
        },
        actor,
        now,
      );
      return { id: inv.id, created: true };
    });
  let out: { id: string; created: boolean };
  try {
    out = await run();
  } catch (err) {
    // The unique index is the backstop of the booking's lock: the other request's invoice stands.
    if (!isConstraintViolation(err, '23505', 'invoices_booking_type_key')) throw err;
    out = await run();
  }
  return { invoice: await readInvoice(db, null, out.id), created: out.created };
}

/**
 * POST /public/bookings/{id}/invoices: the customer asks for their invoice by their booking's link
 * (no body: the simplified one; with their tax data: a full one). 404 for an unknown booking or an
 * inactive operator's, as the other public booking endpoints.
 */
export async function issuePublicInvoice(
  db: DbOrTx,
  bookingId: string,
  body: TPublicInvoiceIssueRequest,
  origin: RequestOrigin = {},
): Promise<IssueOutcome> {
  if (!(await repo.bookingVisible(db, null, bookingId))) throw notFound('Reserva no encontrada');
  const kind = body.kind ?? (body.customer ? 'full' : 'simplified');
  return issueInvoice(db, customerActor('', origin), null, bookingId, { kind, customer: body.customer });
}

/** POST /bookings/{id}/invoices as a staff user. */
export const issueInvoiceAsStaff = (db: DbOrTx, actor: Actor, bookingId: string, body: TInvoiceIssueRequest) =>
  issueInvoice(db, staffActor(actor), actor, bookingId, body);

/**
 * POST /invoices/{id}/corrections: a corrective invoice (R5 of an F2, R1 of an F1/F3) for a refund
 * or a cancellation, of `amount_cents` (by default all that is still uncorrected), never more than
 * the invoice less its earlier corrections (422 CORRECTION_EXCEEDS_INVOICED). A corrective invoice
 * is not corrected itself, nor is a simplified one an F3 replaced (409 CONFLICT). The booking is
 * locked first, so two corrections at once are checked one after the other.
 */
export async function correctInvoice(
  db: DbOrTx,
  actor: Actor,
  invoiceId: string,
  body: TInvoiceCorrectionRequest,
  now: Date = new Date(),
): Promise<TInvoiceResponse> {
  const id = await inTransaction(db, async (tx) => {
    const found = await repo.findInvoice(tx, actor, invoiceId);
    if (!found) throw notFound(INVOICE);
    const b = await repo.lockInvoiceableBooking(tx, actor, found.bookingId);
    if (!b) throw notFound(INVOICE);
    if (found.type === 'R1' || found.type === 'R5') {
      throw new AppError({ code: 'CONFLICT', message: INVOICE_MSG.correctionOfCorrection });
    }
    const dependents = await repo.findDependents(tx, [found.id]);
    if (dependents.some((d) => d.replacesId === found.id)) {
      throw new AppError({ code: 'CONFLICT', message: INVOICE_MSG.replacedInvoice });
    }
    const left = found.totalCents + (await repo.correctedCents(tx, found.id));
    if (left <= 0) {
      throw new AppError({
        code: 'CORRECTION_EXCEEDS_INVOICED',
        message: INVOICE_MSG.nothingToCorrect,
        errors: { amount_cents: [INVOICE_MSG.nothingToCorrect] },
      });
    }
    const amount = body.amount_cents ?? left;
    if (amount > left) {
      const message = `${INVOICE_MSG.correctionTooLarge} (${recordAmount(left).replace('.', ',')} €)`;
      throw new AppError({ code: 'CORRECTION_EXCEEDS_INVOICED', message, errors: { amount_cents: [message] } });
    }
    const issuer = issuerOf(await repo.findIssuer(tx, found.tourOperatorId));
    const reason = body.reason.trim();
    const language = invoiceLanguage(found.language, issuer.defaultLanguage);
    const inv = await writeInvoice(
      tx,
      issuer,
      {
        tourOperatorId: found.tourOperatorId,
        bookingId: found.bookingId,
        type: found.type === 'F2' ? 'R5' : 'R1',
        correcting: found,
        reason,
        language,
        customer: {
          name: found.customerName,
          taxId: found.customerTaxId,
          address: found.customerAddress,
          country: found.customerCountry,
        },
        amounts: correctionAmounts(found, amount, language),
        description: `Rectificación de la factura ${found.code}: ${reason}`,
      },
      staffActor(actor),
      now,
    );
    return inv.id;
  });
  return readInvoice(db, null, id);
}

/**
 * POST /invoices/{id}/record/resend: the office sends the invoice's VERI*FACTU record to the AEAT
 * again, after it failed (the AEAT away past the job's attempts) or was rejected (once the cause is
 * put right: the certificate, the producer's NIF…). Never inline: the record goes back to `pending`
 * and a new `invoices.send` job is queued in the same transaction, which the background runner
 * sends as any other (with the operator's other pending records, in the chain's order). A record
 * the AEAT accepted is not sent again (409 STATE_CONFLICT). Writes the booking's audit entry.
 */
export async function resendInvoiceRecord(db: DbOrTx, actor: Actor, invoiceId: string, now: Date = new Date()) {
  await inTransaction(db, async (tx) => {
    const invoice = await repo.findInvoice(tx, actor, invoiceId);
    if (!invoice) throw notFound(INVOICE);
    const record = await repo.findRecordOfInvoice(tx, invoice.id);
    if (!record) throw notFound('El registro de facturación');
    const requeued = record.state === 'sent' ? undefined : await repo.requeueRecord(tx, record.id);
    if (!requeued) throw new AppError({ code: 'STATE_CONFLICT', message: INVOICE_MSG.recordAlreadySent });
    await enqueueJob(tx, {
      kind: SEND_RECORDS_JOB,
      payload: { tour_operator_id: record.tourOperatorId, record_id: record.id, seq: record.seq },
      // One job per request to send it again (the issue's job, `invoices.send:<record>`, is spent).
      dedupeKey: `${SEND_RECORDS_JOB}:${record.id}:resend:${randomUUID()}`,
      maxAttempts: 8,
    });
    const was = { pending: 'pendiente', failed: 'con error', rejected: 'rechazado' }[record.state] ?? record.state;
    await recordAudit(tx, auditContextOf(staffActor(actor)), {
      tourOperatorId: invoice.tourOperatorId,
      entityType: 'booking',
      entityId: invoice.bookingId,
      action: 'invoice',
      summary: `${INVOICE_MSG.recordResent}: factura ${invoice.code} (estaba ${was})`,
      changes: { record_state: [record.state, 'pending'] },
      at: now,
    });
  });
  return readInvoiceRecord(db, actor, invoiceId);
}
