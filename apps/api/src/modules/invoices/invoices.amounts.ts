/**
 * An invoice's amounts (issue 34, ADR 025). Prices include the tax, so each rate's base is taken out
 * of its total: base = round(total × 100 / (100 + rate)), tax = total − base (half away from zero,
 * in cents, as `splitTaxIncluded`). The invoice's taxes are computed per rate over the whole invoice (what the record's
 * Desglose declares); each line carries its own split for reading, which may differ from the
 * per-rate figures by a cent.
 */
import { displayDate, splitTaxIncluded, type TPaxType } from '@trayecto/shared';
import type { InvoiceLineRow, InvoiceTaxRow } from '../../db/schema/invoices';
import { type InvoicePdfLanguage, LABELS } from './invoices.pdf-texts';

/**
 * The base (without tax) of an amount that includes tax at `rate` percent: the shared
 * `splitTaxIncluded` (ADR 025), so an invoice agrees with the booking's answer and the reports.
 */
export function baseOf(totalCents: number, rate: number): number {
  return splitTaxIncluded(totalCents, rate).baseCents;
}

export function splitLine(description: string, quantity: number, unitCents: number, totalCents: number, rate: number) {
  const base = baseOf(totalCents, rate);
  return {
    description,
    quantity,
    unit_cents: unitCents,
    tax_rate: rate,
    base_cents: base,
    tax_cents: totalCents - base,
    total_cents: totalCents,
  } satisfies InvoiceLineRow;
}

/** The taxes per rate over the lines (each rate's total split once), ordered by rate. */
export function taxesOf(lines: readonly InvoiceLineRow[]): InvoiceTaxRow[] {
  const totals = new Map<number, number>();
  for (const l of lines) totals.set(l.tax_rate, (totals.get(l.tax_rate) ?? 0) + l.total_cents);
  return [...totals.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rate, total]) => {
      const base = baseOf(total, rate);
      return { rate, base_cents: base, tax_cents: total - base };
    });
}

export type InvoiceAmounts = {
  lines: InvoiceLineRow[];
  taxes: InvoiceTaxRow[];
  baseCents: number;
  taxCents: number;
  totalCents: number;
};

const sumOf = (taxes: readonly InvoiceTaxRow[]) => {
  const baseCents = taxes.reduce((s, t) => s + t.base_cents, 0);
  const taxCents = taxes.reduce((s, t) => s + t.tax_cents, 0);
  return { baseCents, taxCents, totalCents: baseCents + taxCents };
};

/**
 * A booking's invoice: a line per passenger type and the discount as a negative line, at the booking's
 * rate, written in the invoice's `language` (the product's name as the caller gives it: its
 * translation). `withReason`: the discount's reason (a text the office wrote, in the operator's own
 * language) is added only when the invoice is in that language.
 */
export function bookingAmounts(
  b: {
    productName: string;
    date: string;
    lines: readonly { pax_type: string; quantity: number; unit_cents: number; total_cents: number }[];
    discountCents: number;
    discountReason: string;
    taxRate: number;
  },
  language: InvoicePdfLanguage = 'es',
  withReason = true,
): InvoiceAmounts {
  const words = LABELS[language];
  const rate = Number(b.taxRate);
  const lines: InvoiceLineRow[] = b.lines
    .filter((l) => l.quantity > 0)
    .map((l) =>
      splitLine(
        `${b.productName} (${displayDate(b.date)}) · ${words.pax[l.pax_type as TPaxType] ?? l.pax_type}`,
        l.quantity,
        l.unit_cents,
        l.total_cents,
        rate,
      ),
    );
  if (b.discountCents > 0) {
    const reason = withReason ? b.discountReason.trim() : '';
    const what = reason ? `${words.discount}: ${reason}` : words.discount;
    lines.push(splitLine(what, 1, -b.discountCents, -b.discountCents, rate));
  }
  const taxes = taxesOf(lines);
  return { lines, taxes, ...sumOf(taxes) };
}

/**
 * A corrective invoice of `amountCents` (positive: what is given back) of an invoice: negative
 * amounts, spread over the original's rates in proportion to their totals (the last rate takes the
 * rounding), one line per rate, «Rectificación de la factura F2027-000001» in the invoice's
 * `language` (the reason is the invoice's own field, printed apart).
 */
export function correctionAmounts(
  original: { code: string; taxes: readonly InvoiceTaxRow[]; totalCents: number },
  amountCents: number,
  language: InvoicePdfLanguage = 'es',
): InvoiceAmounts {
  const rates = original.taxes.length > 0 ? original.taxes : [{ rate: 0, base_cents: 0, tax_cents: 0 }];
  const lines: InvoiceLineRow[] = [];
  let left = amountCents;
  rates.forEach((t, i) => {
    const share =
      i === rates.length - 1 || original.totalCents === 0
        ? left
        : Math.round((amountCents * (t.base_cents + t.tax_cents)) / original.totalCents);
    left -= share;
    if (share === 0 && rates.length > 1) return;
    lines.push(splitLine(LABELS[language].correctionLine.replace('{code}', original.code), 1, -share, -share, t.rate));
  });
  const taxes = taxesOf(lines);
  return { lines, taxes, ...sumOf(taxes) };
}
