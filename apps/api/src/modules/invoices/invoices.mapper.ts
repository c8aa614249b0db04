/**
 * Invoice and record rows → the API's answers (issue 34). Pure: the service reads the rows.
 */
import {
  INVOICE_TYPE_NAMES,
  type TInvoiceRecordResponse,
  type TInvoiceRef,
  type TInvoiceResponse,
  type TInvoiceType,
  timeZoneOf,
} from '@trayecto/shared';
import type { InvoiceRecordRow, InvoiceRecordState, InvoiceRef, InvoiceRow, InvoiceView } from './invoices.repository';
import {
  altaFingerprintInput,
  anulacionFingerprintInput,
  recordAmount,
  recordDate,
  verificationUrl,
} from './verifactu';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const refOf = (r: InvoiceRef): TInvoiceRef => ({
  id: r.id,
  code: r.code,
  type: r.type as TInvoiceType,
  issue_date: r.issueDate,
  total_cents: r.totalCents,
});

export type InvoiceRelations = {
  corrects: InvoiceRef | null;
  replaces: InvoiceRef | null;
  replacedBy: InvoiceRef | null;
  corrections: InvoiceRef[];
  record: InvoiceRecordState | null;
};

/** What may still be corrected of an invoice: its total less its corrections (0 for a corrective or replaced one). */
export function correctableCents(
  inv: Pick<InvoiceRow, 'type' | 'totalCents'>,
  rel: Pick<InvoiceRelations, 'replacedBy' | 'corrections'>,
): number {
  if (inv.type === 'R1' || inv.type === 'R5' || rel.replacedBy) return 0;
  const corrected = rel.corrections.reduce((s, c) => s + c.totalCents, 0);
  return Math.max(0, inv.totalCents + corrected);
}

export function toInvoiceResponse(v: InvoiceView, rel: InvoiceRelations, mode: 'test' | 'live'): TInvoiceResponse {
  return {
    id: v.id,
    tour_operator_id: v.tourOperatorId,
    tour_operator: { id: v.tourOperatorId, name: v.operatorName },
    timezone: timeZoneOf(v.timezone),
    booking_id: v.bookingId,
    booking_locator: v.bookingLocator,
    series: v.series,
    number: v.number,
    code: v.code,
    type: v.type as TInvoiceType,
    type_name: INVOICE_TYPE_NAMES[v.type as TInvoiceType] ?? v.type,
    corrects: rel.corrects ? refOf(rel.corrects) : null,
    replaces: rel.replaces ? refOf(rel.replaces) : null,
    replaced_by: rel.replacedBy ? refOf(rel.replacedBy) : null,
    corrections: rel.corrections.map(refOf),
    correctable_cents: correctableCents(v, rel),
    reason: v.reason,
    issue_date: v.issueDate,
    issued_at: iso(v.issuedAt) as string,
    language: v.language,
    issuer: { name: v.issuerName, tax_id: v.issuerTaxId, address: v.issuerAddress },
    customer: {
      name: v.customerName,
      tax_id: v.customerTaxId,
      address: v.customerAddress,
      country: v.customerCountry,
    },
    tax_kind: v.taxKind as 'IGIC' | 'IVA',
    lines: v.lines,
    taxes: v.taxes,
    base_cents: v.baseCents,
    tax_cents: v.taxCents,
    total_cents: v.totalCents,
    currency: v.currency,
    actor: {
      kind: v.actorKind as TInvoiceResponse['actor']['kind'],
      id: v.actorId,
      name: v.actorKind === 'staff' ? v.actorName : v.actorKind === 'customer' ? 'Cliente' : null,
    },
    record: rel.record
      ? {
          id: rel.record.id,
          seq: rel.record.seq,
          kind: rel.record.kind as 'alta' | 'anulacion',
          state: rel.record.state as 'pending' | 'sent' | 'rejected' | 'failed',
          fingerprint: rel.record.fingerprint,
          attempts: rel.record.attempts,
          last_error: rel.record.lastError,
          aeat_csv: rel.record.aeatCsv,
          sent_at: iso(rel.record.sentAt),
        }
      : null,
    qr_url: verificationUrl(mode, {
      issuerNif: v.issuerTaxId,
      number: v.code,
      issueDate: recordDate(v.issueDate),
      total: recordAmount(v.totalCents),
    }),
    created_at: iso(v.createdAt) as string,
  };
}

/** The fingerprint's fields of a record, in the specification's order and with its names. */
export function fingerprintFields(r: InvoiceRecordRow): Record<string, string> {
  if (r.kind === 'anulacion') {
    return {
      IDEmisorFacturaAnulada: r.issuerNif,
      NumSerieFacturaAnulada: r.invoiceCode,
      FechaExpedicionFacturaAnulada: r.issueDate,
      Huella: r.previousFingerprint,
      FechaHoraHusoGenRegistro: r.generatedAt,
    };
  }
  return {
    IDEmisorFactura: r.issuerNif,
    NumSerieFactura: r.invoiceCode,
    FechaExpedicionFactura: r.issueDate,
    TipoFactura: r.invoiceType ?? '',
    CuotaTotal: r.taxTotal ?? '',
    ImporteTotal: r.total ?? '',
    Huella: r.previousFingerprint,
    FechaHoraHusoGenRegistro: r.generatedAt,
  };
}

/** The exact text a record's fingerprint covers. */
export function fingerprintInputOf(r: InvoiceRecordRow): string {
  if (r.kind === 'anulacion') {
    return anulacionFingerprintInput({
      issuerNif: r.issuerNif,
      number: r.invoiceCode,
      issueDate: r.issueDate,
      previous: r.previousFingerprint,
      generatedAt: r.generatedAt,
    });
  }
  return altaFingerprintInput({
    issuerNif: r.issuerNif,
    number: r.invoiceCode,
    issueDate: r.issueDate,
    type: r.invoiceType ?? '',
    taxTotal: r.taxTotal ?? '',
    total: r.total ?? '',
    previous: r.previousFingerprint,
    generatedAt: r.generatedAt,
  });
}

export function toRecordResponse(r: InvoiceRecordRow, previous: InvoiceRecordRow | undefined): TInvoiceRecordResponse {
  return {
    id: r.id,
    invoice_id: r.invoiceId,
    tour_operator_id: r.tourOperatorId,
    seq: r.seq,
    kind: r.kind as 'alta' | 'anulacion',
    fields: fingerprintFields(r),
    issuer_nif: r.issuerNif,
    invoice_code: r.invoiceCode,
    issue_date: r.issueDate,
    invoice_type: r.invoiceType,
    tax_total: r.taxTotal,
    total: r.total,
    generated_at: r.generatedAt,
    previous_fingerprint: r.previousFingerprint,
    fingerprint: r.fingerprint,
    fingerprint_input: fingerprintInputOf(r),
    previous: previous
      ? { seq: previous.seq, invoice_id: previous.invoiceId, invoice_code: previous.invoiceCode }
      : null,
    xml: r.xml,
    state: r.state as TInvoiceRecordResponse['state'],
    attempts: r.attempts,
    last_error: r.lastError,
    aeat_csv: r.aeatCsv,
    sent_at: iso(r.sentAt),
    created_at: iso(r.createdAt) as string,
  };
}
