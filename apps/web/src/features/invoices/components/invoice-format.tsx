/**
 * How invoices read in the back-office: the type in a word, the VERI*FACTU record's state as a
 * badge with one colour per state, amounts and rates the Spanish way.
 */
import { Badge } from '@mantine/core';
import {
  formatCents,
  INVOICE_RECORD_STATE_NAMES,
  type TInvoiceRecordState,
  type TInvoiceResponse,
  type TInvoiceType,
} from '@trayecto/shared';

/** The type as the list's column and filter name it. */
export const INVOICE_TYPE_SHORT: Record<TInvoiceType, string> = {
  F2: 'Simplificada',
  F1: 'Completa',
  F3: 'Completa (sustituye)',
  R5: 'Rectificativa',
  R1: 'Rectificativa',
};

export const INVOICE_TYPE_OPTIONS = [
  { value: 'F2', label: 'Simplificada (F2)' },
  { value: 'F1', label: 'Completa (F1)' },
  { value: 'F3', label: 'Completa que sustituye (F3)' },
  { value: 'R5', label: 'Rectificativa de simplificada (R5)' },
  { value: 'R1', label: 'Rectificativa de completa (R1)' },
];

/** The states as the issue names them: «Pendiente de envío / Enviado / Rechazado / Error». */
export const RECORD_STATE_SHORT: Record<TInvoiceRecordState, string> = {
  pending: 'Pendiente de envío',
  sent: 'Enviado',
  rejected: 'Rechazado',
  failed: 'Error',
};

const RECORD_STATE_COLOR: Record<TInvoiceRecordState, string> = {
  pending: 'yellow',
  sent: 'green',
  rejected: 'red',
  failed: 'orange',
};

export function RecordStateBadge({ state }: { state: TInvoiceRecordState | null | undefined }) {
  if (!state) {
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        Sin registro
      </Badge>
    );
  }
  return (
    <Badge
      color={RECORD_STATE_COLOR[state]}
      variant="light"
      radius="sm"
      tt="none"
      title={INVOICE_RECORD_STATE_NAMES[state]}
    >
      {RECORD_STATE_SHORT[state]}
    </Badge>
  );
}

export function isCorrective(type: TInvoiceType): boolean {
  return type === 'R1' || type === 'R5';
}

export function InvoiceTypeBadge({ type }: { type: TInvoiceType }) {
  return (
    <Badge color={isCorrective(type) ? 'orange' : 'blue'} variant="light" radius="sm" tt="none">
      {INVOICE_TYPE_SHORT[type]}
    </Badge>
  );
}

export const money = (cents: number, currency = 'EUR') => formatCents(cents, currency);

/** `7` → `7 %`, `9.5` → `9,5 %`. */
export const rateText = (rate: number) => `${String(Math.round(rate * 100) / 100).replace('.', ',')} %`;

/** `2026-11-26` → `26/11/2026`, as the invoice prints it. */
export function invoiceDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : isoDate;
}

/** The customer as a list shows them: the name (or «Consumidor final» on a nameless simplified invoice). */
export function customerText(invoice: Pick<TInvoiceResponse, 'customer'>): string {
  return invoice.customer.name.trim() || 'Consumidor final';
}
