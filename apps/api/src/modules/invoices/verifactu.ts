/**
 * VERI*FACTU (Real Decreto 1007/2023, Orden HAC/1177/2024; issue 34): the fingerprint ("huella") of
 * an invoicing record, chained to the previous record's, exactly as the AEAT's «Detalle de las
 * especificaciones técnicas para generación de la huella o hash de los registros de facturación»
 * defines it, and the verification URL of the invoice's QR code («Características del QR y
 * especificaciones del servicio de cotejo»). Pure: the invoices service gives it the fields.
 *
 * The fingerprint is SHA-256 over the UTF-8 text `campo=valor&campo=valor…` of a fixed list of
 * fields in a fixed order, each value trimmed, the previous record's fingerprint empty for the first
 * record of the chain, as uppercase hexadecimal (64 characters). An «alta» (an invoice issued) and an
 * «anulación» (an invoice record cancelled) have their own lists.
 */
import { createHash } from 'node:crypto';

/** The fields of an «alta» record that its fingerprint covers. */
export type AltaFields = {
  /** NIF of the issuer (IDEmisorFactura). */
  issuerNif: string;
  /** Series and number (NumSerieFactura). */
  number: string;
  /** Issue date as dd-mm-aaaa (FechaExpedicionFactura). */
  issueDate: string;
  /** F1 full, F2 simplified, R1–R5 corrective (TipoFactura). */
  type: string;
  /** Total tax (CuotaTotal) and total amount (ImporteTotal), as written in the record (e.g. `12.35`). */
  taxTotal: string;
  total: string;
  /** The previous record's fingerprint; '' for the first record. */
  previous: string;
  /** When the record was generated, with its offset: 2024-01-01T19:20:30+01:00 (FechaHoraHusoGenRegistro). */
  generatedAt: string;
};

/** The fields of an «anulación» record that its fingerprint covers. */
export type AnulacionFields = {
  issuerNif: string;
  number: string;
  issueDate: string;
  previous: string;
  generatedAt: string;
};

const sha256Upper = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
const join = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v.trim()}`).join('&');

/** The text an «alta» record's fingerprint is computed over. */
export const altaFingerprintInput = (f: AltaFields) =>
  join([
    ['IDEmisorFactura', f.issuerNif],
    ['NumSerieFactura', f.number],
    ['FechaExpedicionFactura', f.issueDate],
    ['TipoFactura', f.type],
    ['CuotaTotal', f.taxTotal],
    ['ImporteTotal', f.total],
    ['Huella', f.previous],
    ['FechaHoraHusoGenRegistro', f.generatedAt],
  ]);

/** The text an «anulación» record's fingerprint is computed over. */
export const anulacionFingerprintInput = (f: AnulacionFields) =>
  join([
    ['IDEmisorFacturaAnulada', f.issuerNif],
    ['NumSerieFacturaAnulada', f.number],
    ['FechaExpedicionFacturaAnulada', f.issueDate],
    ['Huella', f.previous],
    ['FechaHoraHusoGenRegistro', f.generatedAt],
  ]);

export const altaFingerprint = (f: AltaFields) => sha256Upper(altaFingerprintInput(f));
export const anulacionFingerprint = (f: AnulacionFields) => sha256Upper(anulacionFingerprintInput(f));

/** An amount in cents as a record writes it: `123.45`, `-12.30`, `0.00`. */
export function recordAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A YYYY-MM-DD date as a record writes it: dd-mm-aaaa. */
export function recordDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new Error(`Not a date: ${isoDate}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** The AEAT's QR verification service (ValidarQR): its test host while in test mode. */
export const VALIDAR_QR_URL = {
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  live: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
} as const;

/**
 * The URL an invoice's QR code carries: `nif`, `numserie`, `fecha` (dd-mm-aaaa) and `importe` (the
 * total with a dot), each URL-encoded (a series "A/2027" is `A%2F2027`).
 */
export function verificationUrl(
  mode: keyof typeof VALIDAR_QR_URL,
  f: { issuerNif: string; number: string; issueDate: string; total: string },
): string {
  const q = new URLSearchParams({ nif: f.issuerNif, numserie: f.number, fecha: f.issueDate, importe: f.total });
  return `${VALIDAR_QR_URL[mode]}?${q.toString()}`;
}
