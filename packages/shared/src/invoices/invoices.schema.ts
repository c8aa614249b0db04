/**
 * Invoices and their VERI*FACTU records (issue 34, ADR 025): a simplified invoice (F2) of a paid
 * booking, a full one (F1, or F3 replacing the booking's F2) with the customer's tax data, and the
 * corrective ones (R5 corrects an F2, R1 an F1/F3) for refunds and cancellations. Numbered in one
 * series per operator and year without gaps (`F2027-000042`, `R2027-000003`); never edited nor
 * deleted. Each invoice has its invoicing record, chained per operator by its SHA-256 fingerprint.
 * Staff of levels 0, 1 and 3 (ACCESS.invoices) read and issue them; the customer asks for theirs on
 * the public booking page.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../common/countries';
import { zEnum, zInt, zOptionalText, zRequired } from '../common/validation';
import { customerTaxIdProblem } from './tax-id';

/** VERI*FACTU `TipoFactura` of an invoice. */
export const INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R5'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_NAMES: Record<TInvoiceType, string> = {
  F1: 'Factura completa',
  F2: 'Factura simplificada',
  F3: 'Factura completa (sustituye a la simplificada)',
  R1: 'Factura rectificativa',
  R5: 'Factura rectificativa (simplificada)',
};

/** What an invoice request asks for: `simplified` (F2) or `full` (F1, or F3 when an F2 exists). */
export const INVOICE_KINDS = ['simplified', 'full'] as const;
export type TInvoiceKind = (typeof INVOICE_KINDS)[number];

/** The tax an invoice carries: IGIC in the Canary Islands, IVA elsewhere (the operator's territory). */
export const INVOICE_TAX_KINDS = ['IGIC', 'IVA'] as const;
export type TInvoiceTaxKind = (typeof INVOICE_TAX_KINDS)[number];

/** A VERI*FACTU record's state: to be sent, accepted by the AEAT, refused, or given up after the retries. */
export const INVOICE_RECORD_STATES = ['pending', 'sent', 'rejected', 'failed'] as const;
export type TInvoiceRecordState = (typeof INVOICE_RECORD_STATES)[number];
export const INVOICE_RECORD_STATE_NAMES: Record<TInvoiceRecordState, string> = {
  pending: 'Pendiente de envío',
  sent: 'Enviado a la AEAT',
  rejected: 'Rechazado por la AEAT',
  failed: 'Envío fallido',
};

export const INVOICE_RECORD_KINDS = ['alta', 'anulacion'] as const;

/** Who issued it (lib/actors.ts). */
export const INVOICE_ACTOR_KINDS = ['staff', 'customer', 'channel', 'system'] as const;

/** The legend every VERI*FACTU invoice carries beside its QR code. */
export const VERIFACTU_LEGEND = 'Factura verificable en la sede electrónica de la AEAT';
export const VERIFACTU_MARK = 'VERI*FACTU';

export const INVOICE_CUSTOMER_NAME_MAX = 120;
export const INVOICE_ADDRESS_MAX = 200;
export const INVOICE_REASON_MAX = 500;

/** Spanish messages of the invoices' rules. */
export const INVOICE_MSG = {
  notPaid: 'La reserva no está pagada: solo se factura una reserva pagada por completo',
  customerRequired: 'Una factura completa necesita los datos fiscales del cliente',
  countryInvalid: 'País no válido (código ISO de dos letras, p. ej. ES)',
  correctionTooLarge: 'El importe supera lo que queda por rectificar de la factura',
  nothingToCorrect: 'La factura ya está rectificada por completo',
  correctionOfCorrection: 'Una factura rectificativa no se rectifica: rectifica la factura original',
  replacedInvoice: 'Esta factura simplificada fue sustituida por una completa: rectifica la completa',
  fullExists: 'La reserva ya tiene una factura completa',
  issuerIncomplete:
    'Faltan los datos fiscales del tour operador (razón social y NIF) para emitir facturas: complétalos en su ficha',
  noLines: 'La reserva no tiene importe que facturar',
  recordAlreadySent: 'La AEAT ya aceptó el registro de facturación de esta factura: no se vuelve a enviar',
  recordResent: 'Registro VERI*FACTU reenviado a la AEAT',
} as const;

/** The customer's tax data of a full invoice. */
export const ZInvoiceCustomer = z
  .object({
    name: zRequired(INVOICE_CUSTOMER_NAME_MAX).meta({ description: 'Nombre o razón social' }),
    tax_id: zRequired(30).meta({
      description:
        'NIF/NIE/CIF (España, con su letra o dígito de control) o NIF-IVA de la UE (con o sin el prefijo del país); de otros países, de 3 a 20 letras y cifras',
    }),
    address: zRequired(INVOICE_ADDRESS_MAX).meta({ description: 'Dirección (calle y número)' }),
    postcode: zOptionalText(20),
    city: zOptionalText(80),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => COUNTRY_CODES.includes(c), INVOICE_MSG.countryInvalid)
      .meta({ description: 'País (ISO 3166-1 alfa-2)', example: 'ES' }),
  })
  .superRefine((c, ctx) => {
    if (!COUNTRY_CODES.includes(c.country)) return;
    const problem = customerTaxIdProblem(c.tax_id, c.country);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['tax_id'] });
  });
export type TInvoiceCustomer = z.infer<typeof ZInvoiceCustomer>;

/**
 * POST /api/v1/bookings/{id}/invoices (and the public twin): `simplified` gives the booking's F2;
 * `full` with `customer` its F1 (or an F3 replacing the F2 it has). Asking again for what exists
 * answers the existing invoice.
 */
export const ZInvoiceIssueRequest = z
  .object({
    kind: zEnum(INVOICE_KINDS).meta({ description: 'simplified (F2) o full (F1; F3 si ya hay una F2)' }),
    customer: ZInvoiceCustomer.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'full' && !b.customer) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MSG.customerRequired, path: ['customer'] });
    }
  })
  .meta({
    example: {
      kind: 'full',
      customer: {
        name: 'Viajes Atlántico S.L.',
        tax_id: 'B12345674',
        address: 'Calle del Castillo 12',
        postcode: '38002',
        city: 'Santa Cruz de Tenerife',
        country: 'ES',
      },
    },
  });
export type TInvoiceIssueRequest = z.infer<typeof ZInvoiceIssueRequest>;

/** The public page's request: no body (or `{}`) asks for the simplified invoice; with `customer`, a full one. */
export const ZPublicInvoiceIssueRequest = z
  .object({
    kind: zEnum(INVOICE_KINDS).optional(),
    customer: ZInvoiceCustomer.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'full' && !b.customer) {
      ctx.addIssue({ code: 'custom', message: INVOICE_MSG.customerRequired, path: ['customer'] });
    }
  });
export type TPublicInvoiceIssueRequest = z.infer<typeof ZPublicInvoiceIssueRequest>;

/**
 * POST /api/v1/invoices/{id}/corrections: a corrective invoice of `amount_cents` (positive: what is
 * given back, tax included; by default all that is still uncorrected), never more than the invoice
 * less its earlier corrections.
 */
export const ZInvoiceCorrectionRequest = z
  .object({
    amount_cents: zInt(1, 100_000_000).optional().meta({
      description: 'Importe a rectificar en céntimos, IVA/IGIC incluido; por defecto lo que queda sin rectificar',
    }),
    reason: zRequired(INVOICE_REASON_MAX).meta({ description: 'Motivo (devolución, cancelación…)' }),
  })
  .meta({ example: { amount_cents: 2500, reason: 'Devolución parcial por cancelación de un pasajero' } });
export type TInvoiceCorrectionRequest = z.infer<typeof ZInvoiceCorrectionRequest>;

/**
 * GET /api/v1/invoices: the list conventions (`field[op]=value`, `sort`, `page`, `per_page`, `q`
 * by code or customer). `series=F2027`, `year=2027`, `booking_id=…`, `type=F2`, and for the
 * administrator `tour_operator_id=…`.
 */
export type TInvoiceListQuery = {
  series?: string;
  year?: number;
  booking_id?: string;
  type?: TInvoiceType;
  tour_operator_id?: string;
  q?: string;
  page?: number;
  per_page?: number;
  sort?: string;
};

export const ZInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  /** One unit, tax included. */
  unit_cents: z.number().int(),
  /** Percent, e.g. 7 or 21. */
  tax_rate: z.number(),
  base_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoiceTax = z.object({
  rate: z.number(),
  base_cents: z.number().int(),
  tax_cents: z.number().int(),
});
export type TInvoiceTax = z.infer<typeof ZInvoiceTax>;

/** The VERI*FACTU record of an invoice, in brief (the invoice's answer carries it). */
export const ZInvoiceRecordSummary = z.object({
  id: z.string(),
  seq: z.number().int(),
  kind: z.enum(INVOICE_RECORD_KINDS),
  state: z.enum(INVOICE_RECORD_STATES),
  fingerprint: z.string(),
  attempts: z.number().int(),
  last_error: z.string(),
  aeat_csv: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type TInvoiceRecordSummary = z.infer<typeof ZInvoiceRecordSummary>;

/** Another invoice named by an invoice (the one it corrects or replaces, its corrections). */
export const ZInvoiceRef = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(INVOICE_TYPES),
  issue_date: z.string(),
  total_cents: z.number().int(),
});
export type TInvoiceRef = z.infer<typeof ZInvoiceRef>;

/** An invoice as the API answers it. Amounts in cents; a corrective invoice's are negative. */
export const ZInvoiceResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  tour_operator: z.object({ id: z.string(), name: z.string() }),
  /** The operator's time zone (issued_at is read in it). */
  timezone: z.string(),
  booking_id: z.string(),
  booking_locator: z.string(),
  series: z.string(),
  number: z.number().int(),
  /** Series and number as printed: `F2027-000042`. */
  code: z.string(),
  type: z.enum(INVOICE_TYPES),
  type_name: z.string(),
  /** The invoice a corrective one corrects. */
  corrects: ZInvoiceRef.nullable(),
  /** The simplified invoice an F3 replaces. */
  replaces: ZInvoiceRef.nullable(),
  /** The F3 that replaced this simplified invoice. */
  replaced_by: ZInvoiceRef.nullable(),
  /** The corrective invoices of this one. */
  corrections: z.array(ZInvoiceRef),
  /** What may still be corrected (cents, ≥ 0; 0 for a corrective or a replaced invoice). */
  correctable_cents: z.number().int(),
  reason: z.string(),
  /** YYYY-MM-DD in the operator's time zone. */
  issue_date: z.string(),
  issued_at: z.string(),
  /** The language of its PDF (the booking's). */
  language: z.string(),
  issuer: z.object({ name: z.string(), tax_id: z.string(), address: z.string() }),
  customer: z.object({ name: z.string(), tax_id: z.string(), address: z.string(), country: z.string() }),
  tax_kind: z.enum(INVOICE_TAX_KINDS),
  lines: z.array(ZInvoiceLine),
  taxes: z.array(ZInvoiceTax),
  base_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  actor: z.object({ kind: z.enum(INVOICE_ACTOR_KINDS), id: z.string().nullable(), name: z.string().nullable() }),
  record: ZInvoiceRecordSummary.nullable(),
  /** The AEAT's verification URL (ValidarQR) the QR code carries. */
  qr_url: z.string(),
  created_at: z.string(),
});
export type TInvoiceResponse = z.infer<typeof ZInvoiceResponse>;

/**
 * GET /api/v1/invoices/{id}/record: the invoicing record, with the fields its fingerprint covers
 * exactly as written in it, so that anyone can recompute the chain: SHA-256 of `fingerprint_input`
 * (UTF-8), uppercase hex, is `fingerprint`; `previous_fingerprint` is the record `seq − 1`'s.
 */
export const ZInvoiceRecordResponse = z.object({
  id: z.string(),
  invoice_id: z.string(),
  tour_operator_id: z.string(),
  /** Its place in the operator's chain (1 for the first). */
  seq: z.number().int(),
  kind: z.enum(INVOICE_RECORD_KINDS),
  /** The fingerprint's fields in their order, with their names in the specification. */
  fields: z.record(z.string(), z.string()),
  issuer_nif: z.string(),
  invoice_code: z.string(),
  /** dd-mm-aaaa. */
  issue_date: z.string(),
  invoice_type: z.string().nullable(),
  tax_total: z.string().nullable(),
  total: z.string().nullable(),
  /** FechaHoraHusoGenRegistro: 2027-01-01T19:20:30+01:00. */
  generated_at: z.string(),
  previous_fingerprint: z.string(),
  fingerprint: z.string(),
  /** The exact text hashed. */
  fingerprint_input: z.string(),
  /** The previous record of the chain (null for the first). */
  previous: z.object({ seq: z.number().int(), invoice_id: z.string(), invoice_code: z.string() }).nullable(),
  xml: z.string(),
  state: z.enum(INVOICE_RECORD_STATES),
  attempts: z.number().int(),
  last_error: z.string(),
  aeat_csv: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type TInvoiceRecordResponse = z.infer<typeof ZInvoiceRecordResponse>;

/** Labels of the invoice forms' fields. */
export const INVOICE_FIELD_LABELS: Record<string, string> = {
  kind: 'Tipo de factura',
  'customer.name': 'Nombre o razón social',
  'customer.tax_id': 'NIF / NIF-IVA',
  'customer.address': 'Dirección',
  'customer.postcode': 'Código postal',
  'customer.city': 'Ciudad',
  'customer.country': 'País',
  amount_cents: 'Importe',
  reason: 'Motivo',
};
