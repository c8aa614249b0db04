/** Invoices as the API answers them, for the feature's component tests. */
import type { TInvoiceRecordResponse, TInvoiceResponse } from '@trayecto/shared';

export const BOOKING_ID = '11111111-2222-4333-8444-555555555555';
export const F2_ID = '22222222-2222-4333-8444-555555555555';
export const R5_ID = '33333333-2222-4333-8444-555555555555';

export function invoiceFixture(over: Partial<TInvoiceResponse> = {}): TInvoiceResponse {
  return {
    id: F2_ID,
    tour_operator_id: '99999999-2222-4333-8444-555555555555',
    tour_operator: { id: '99999999-2222-4333-8444-555555555555', name: 'Teide Aventura' },
    timezone: 'Atlantic/Canary',
    booking_id: BOOKING_ID,
    booking_locator: 'TRY-7K2QF9',
    series: 'F2026',
    number: 42,
    code: 'F2026-000042',
    type: 'F2',
    type_name: 'Factura simplificada',
    corrects: null,
    replaces: null,
    replaced_by: null,
    corrections: [],
    correctable_cents: 10700,
    reason: '',
    issue_date: '2026-11-26',
    issued_at: '2026-11-26T10:15:00Z',
    language: 'es',
    issuer: { name: 'Teide Aventura S.L.', tax_id: 'B76543210', address: 'Calle La Marina 12, Santa Cruz' },
    customer: { name: 'Jürgen Groß', tax_id: '', address: '', country: '' },
    tax_kind: 'IGIC',
    lines: [
      {
        description: 'Excursión al Teide · Adulto',
        quantity: 2,
        unit_cents: 5350,
        tax_rate: 7,
        base_cents: 10000,
        tax_cents: 700,
        total_cents: 10700,
      },
    ],
    taxes: [{ rate: 7, base_cents: 10000, tax_cents: 700 }],
    base_cents: 10000,
    tax_cents: 700,
    total_cents: 10700,
    currency: 'EUR',
    actor: { kind: 'staff', id: 'u-1', name: 'Gerencia Teide' },
    record: {
      id: '44444444-2222-4333-8444-555555555555',
      seq: 7,
      kind: 'alta',
      state: 'pending',
      fingerprint: 'A'.repeat(64),
      attempts: 0,
      last_error: '',
      aeat_csv: null,
      sent_at: null,
    },
    qr_url:
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B76543210&numserie=F2026-000042&fecha=26-11-2026&importe=107.00',
    created_at: '2026-11-26T10:15:00Z',
    ...over,
  };
}

export function recordFixture(over: Partial<TInvoiceRecordResponse> = {}): TInvoiceRecordResponse {
  return {
    id: '44444444-2222-4333-8444-555555555555',
    invoice_id: F2_ID,
    tour_operator_id: '99999999-2222-4333-8444-555555555555',
    seq: 7,
    kind: 'alta',
    fields: {},
    issuer_nif: 'B76543210',
    invoice_code: 'F2026-000042',
    issue_date: '26-11-2026',
    invoice_type: 'F2',
    tax_total: '7.00',
    total: '107.00',
    generated_at: '2026-11-26T11:15:00+00:00',
    previous_fingerprint: 'B'.repeat(64),
    fingerprint: 'A'.repeat(64),
    fingerprint_input: '',
    previous: { seq: 6, invoice_id: '55555555-2222-4333-8444-555555555555', invoice_code: 'F2026-000041' },
    xml: '<RegistroAlta/>',
    state: 'pending',
    attempts: 0,
    last_error: '',
    aeat_csv: null,
    sent_at: null,
    created_at: '2026-11-26T10:15:00Z',
    ...over,
  };
}
