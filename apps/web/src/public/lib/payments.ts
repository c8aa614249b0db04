/**
 * Paying online from the public pages (ADR 022): what a product asks now and later, starting a
 * checkout (POST /api/v1/public/bookings/{id}/payments) and leaving for the provider — a plain HTML
 * form POST to Redsys with its three signed fields, or a redirect to Stripe Checkout. No provider
 * script ever loads on our pages (issue 32 §9).
 */
import type { TPublicBooking, TPublicProduct } from '@trayecto/shared';
import { paymentSplit } from '@trayecto/shared/pricing';

export type TPayMethod = TPublicBooking['pay_methods'][number];

/** What POST …/payments answers (201). */
export type TPaymentStart =
  | {
      provider: 'redsys';
      amount_cents: number;
      currency: string;
      form: { action: string; method: string; fields: Record<string, string> };
    }
  | { provider: 'stripe'; amount_cents: number; currency: string; redirect_url: string };

/** What a new booking of `product` costs now (online) and later (on the day); null: nothing online. */
export function dueSplit(
  product: TPublicProduct,
  totalCents: number,
  paxTotal: number,
): { nowCents: number; laterCents: number; mode: 'full' | 'deposit' } | null {
  const mode = product.payment_mode;
  if (!product.online_payment || totalCents <= 0 || (mode !== 'full' && mode !== 'deposit')) return null;
  // The API's own arithmetic (packages/shared/src/bookings/pricing.ts), so the page says what it charges.
  const split = paymentSplit(product, totalCents, paxTotal);
  if (split.now_cents <= 0) return null;
  return { nowCents: split.now_cents, laterCents: split.later_cents, mode };
}

/** Whether the booking has money to pay online now (the API's `can_pay`). */
export function canPayNow(b: TPublicBooking): boolean {
  return b.can_pay && b.due_now_cents > 0 && b.state !== 'cancelled';
}

/** The methods offered for this booking: card first; Bizum only when the operator turned it on. */
export function payMethodsOf(b: TPublicBooking): TPayMethod[] {
  const methods = b.pay_methods ?? [];
  return methods.length ? methods : ['card'];
}

/**
 * Whether the payment the customer comes back from (`?payment=ok`) is in: the hold released and
 * nothing more due now (the notification arrived and was applied).
 */
export function isPaymentIn(b: TPublicBooking): boolean {
  return b.state !== 'cancelled' && !b.hold_expires_at && b.due_now_cents === 0 && b.paid_cents > 0;
}

/** The return page's state from the address: `?payment=ok` or `?payment=ko`, else null. */
export function paymentReturnOf(search: string): 'ok' | 'ko' | null {
  const v = new URLSearchParams(search).get('payment');
  return v === 'ok' || v === 'ko' ? v : null;
}

/** Milliseconds left of a hold (0 when over, null when there is none). */
export function holdLeftMs(holdExpiresAt: string | null | undefined, now: number): number | null {
  if (!holdExpiresAt) return null;
  const end = Date.parse(holdExpiresAt);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/** 872_000 ms → "14:32" (minutes may pass 59: "75:00"). */
export function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Leaves for the provider: Stripe by a redirect, Redsys by a real form POST of its three signed
 * fields to its gateway (the bank's page then takes over the tab). `doc` for tests.
 */
export function goToProvider(start: TPaymentStart, doc: Document = document): void {
  if (start.provider === 'stripe') {
    doc.defaultView?.location.assign(start.redirect_url);
    return;
  }
  const form = doc.createElement('form');
  form.method = (start.form.method || 'POST').toLowerCase() === 'get' ? 'get' : 'post';
  form.action = start.form.action;
  form.hidden = true;
  form.setAttribute('accept-charset', 'UTF-8');
  for (const [name, value] of Object.entries(start.form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
