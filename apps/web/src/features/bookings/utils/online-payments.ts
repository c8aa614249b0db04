/**
 * How a booking's online payments read in the back-office (issue 32, ADR 022): who took the money
 * (Redsys, Bizum, Stripe), what can still be refunded through each provider, the crew's cash, the
 * payment links' state and the seats held while the customer pays.
 */
import { PRODUCT_PAYMENT_MODE_NAMES } from '@trayecto/shared';
import type { TBookingPaymentLink, TOnlinePayment, TPaymentProvider } from '../api/payments-contract';

export const PROVIDER_NAMES: Record<TPaymentProvider, string> = { redsys: 'Redsys', stripe: 'Stripe' };

export const PAYMENT_MODE_NAMES = PRODUCT_PAYMENT_MODE_NAMES;

/** A Redsys payment made with Bizum (what Redsys said it was paid with, ADR 022). */
const isBizum = (p: TOnlinePayment) => p.pay_method === 'bizum';

/** "Redsys", "Bizum" or "Stripe" for a payment taken online; null for the office's and crew's. */
export function providerLabel(p: TOnlinePayment): string | null {
  if (!p.provider) return null;
  if (p.provider === 'redsys' && isBizum(p)) return 'Bizum';
  return PROVIDER_NAMES[p.provider] ?? p.provider;
}

/** What each provider was paid, net of what it already gave back (the API's refund limit). */
export function netByProvider(payments: readonly TOnlinePayment[]): Partial<Record<TPaymentProvider, number>> {
  const out: Partial<Record<TPaymentProvider, number>> = {};
  for (const p of payments) {
    if (!p.provider) continue;
    const sign = p.kind === 'refund' ? -1 : 1;
    out[p.provider] = (out[p.provider] ?? 0) + sign * p.amount_cents;
  }
  return out;
}

export type TRefundable = { payment: TOnlinePayment; label: string; maxCents: number };

/**
 * The online payments that can still be refunded, latest first (the API's default), each with the
 * most it can give back: its amount, capped by what its provider holds net of refunds.
 */
export function refundablePayments(payments: readonly TOnlinePayment[]): TRefundable[] {
  const net = netByProvider(payments);
  return payments
    .filter((p) => p.kind !== 'refund' && p.provider)
    .map((p) => ({
      payment: p,
      label: providerLabel(p) ?? '',
      maxCents: Math.max(0, Math.min(p.amount_cents, net[p.provider as TPaymentProvider] ?? 0)),
    }))
    .filter((r) => r.maxCents > 0)
    .sort((a, b) => b.payment.paid_at.localeCompare(a.payment.paid_at));
}

export type TLinkState = 'paid' | 'expired' | 'active';

export function linkState(link: TBookingPaymentLink, now = new Date()): TLinkState {
  if (link.paid_at) return 'paid';
  return new Date(link.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

export const LINK_STATE_NAMES: Record<TLinkState, { label: string; color: string }> = {
  paid: { label: 'Pagado', color: 'teal' },
  expired: { label: 'Caducado', color: 'gray' },
  active: { label: 'Activo', color: 'blue' },
};

export const LINK_CHANNEL_NAMES: Record<TBookingPaymentLink['channel'], string> = {
  email: 'Correo',
  whatsapp: 'WhatsApp',
  none: 'Copiado',
};

/** A booking still holding its seats while the customer pays (pending, hold in the future). */
export function isHeld(b: { state: string; hold_expires_at?: string | null }, now = new Date()): boolean {
  return b.state === 'pending' && Boolean(b.hold_expires_at) && new Date(b.hold_expires_at as string) > now;
}

/** Link expiry choices, in hours (the API takes 1–168, default 72). */
export const LINK_EXPIRY_OPTIONS = [
  { value: '24', label: '24 horas' },
  { value: '48', label: '2 días' },
  { value: '72', label: '3 días' },
  { value: '168', label: '7 días' },
];

/** A fresh Idempotency-Key: one per refund dialog opening (a double click sends the same one). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
