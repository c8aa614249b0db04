import type { TPublicProduct } from '@trayecto/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicBooking } from '../existing-booking/test-booking';
import {
  canPayNow,
  clock,
  dueSplit,
  goToProvider,
  holdLeftMs,
  isPaymentIn,
  payMethodsOf,
  paymentReturnOf,
} from './payments';
import { testProduct } from './test-product';

const product = (pay: Pick<TPublicProduct, 'payment_mode' | 'deposit' | 'online_payment'>) => ({
  ...testProduct(),
  ...pay,
});
const booking = (pay: Parameters<typeof publicBooking>[0]) => publicBooking(pay);

describe('dueSplit: what the form says is paid now and later (ADR 022 "Due now")', () => {
  it('full: everything now', () => {
    expect(dueSplit(product({ online_payment: true, payment_mode: 'full', deposit: null }), 13800, 3)).toEqual({
      nowCents: 13800,
      laterCents: 0,
      mode: 'full',
    });
  });
  it('a deposit in percent, rounded to the cent', () => {
    expect(
      dueSplit(product({ online_payment: true, payment_mode: 'deposit', deposit: { percent: 33 } }), 13801, 3),
    ).toEqual({ nowCents: 4554, laterCents: 9247, mode: 'deposit' });
  });
  it('a deposit per passenger, never above the total', () => {
    const p = product({ online_payment: true, payment_mode: 'deposit', deposit: { per_pax_cents: 2000 } });
    expect(dueSplit(p, 13800, 3)).toEqual({ nowCents: 6000, laterCents: 7800, mode: 'deposit' });
    expect(dueSplit(p, 3000, 2)).toEqual({ nowCents: 3000, laterCents: 0, mode: 'deposit' });
  });
  it('nothing online: paid on the day, an operator without a provider, a free booking, older answers', () => {
    expect(dueSplit(product({ online_payment: true, payment_mode: 'on_the_day', deposit: null }), 9800, 2)).toBeNull();
    expect(dueSplit(product({ online_payment: false, payment_mode: 'full', deposit: null }), 9800, 2)).toBeNull();
    expect(dueSplit(product({ online_payment: true, payment_mode: 'full', deposit: null }), 0, 1)).toBeNull();
    expect(dueSplit(testProduct(), 9800, 2)).toBeNull();
  });
});

describe('a booking and its payment', () => {
  it('can be paid when the API says so and something is due now', () => {
    expect(canPayNow(booking({ can_pay: true, due_now_cents: 4600 }))).toBe(true);
    expect(canPayNow(booking({ can_pay: true, due_now_cents: 0 }))).toBe(false);
    expect(canPayNow(booking({ can_pay: false, due_now_cents: 4600 }))).toBe(false);
    expect(canPayNow(booking({ can_pay: true, due_now_cents: 4600, state: 'cancelled' }))).toBe(false);
    expect(canPayNow(publicBooking())).toBe(false);
  });
  it('offers the methods the API lists, card when it lists none', () => {
    expect(payMethodsOf(booking({ pay_methods: ['card', 'bizum'] }))).toEqual(['card', 'bizum']);
    expect(payMethodsOf(booking({ pay_methods: [] }))).toEqual(['card']);
  });
  it('is in once the hold is released and nothing is due now', () => {
    const paid = { paid_cents: 9800, pending_cents: 0, payment_state: 'paid', state: 'confirmed' } as const;
    expect(isPaymentIn(booking({ ...paid, hold_expires_at: null, due_now_cents: 0 }))).toBe(true);
    expect(
      isPaymentIn(booking({ hold_expires_at: '2026-11-25T10:15:00Z', due_now_cents: 9800, state: 'pending' })),
    ).toBe(false);
    expect(isPaymentIn(booking({ hold_expires_at: null, due_now_cents: 0, paid_cents: 0 }))).toBe(false);
  });
  it('reads the return from the bank from the address', () => {
    expect(paymentReturnOf('?payment=ok')).toBe('ok');
    expect(paymentReturnOf('?lang=de&payment=ko')).toBe('ko');
    expect(paymentReturnOf('?payment=maybe')).toBeNull();
    expect(paymentReturnOf('')).toBeNull();
  });
  it('counts the hold down', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(holdLeftMs('2026-11-25T10:15:00Z', now)).toBe(900_000);
    expect(holdLeftMs('2026-11-25T09:59:00Z', now)).toBe(0);
    expect(holdLeftMs(null, now)).toBeNull();
    expect(clock(900_000)).toBe('15:00');
    expect(clock(872_400)).toBe('14:33');
    expect(clock(4_500_000)).toBe('75:00');
    expect(clock(0)).toBe('0:00');
  });
});

describe('goToProvider: no provider script on our pages', () => {
  afterEach(() => {
    for (const f of document.querySelectorAll('form')) f.remove();
    vi.restoreAllMocks();
  });

  it('Redsys: a real form POST of the three signed fields to the gateway', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    goToProvider({
      provider: 'redsys',
      amount_cents: 13800,
      currency: 'EUR',
      form: {
        action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
        method: 'POST',
        fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJ9', Ds_Signature: 'c2ln' },
      },
    });
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'eyJ9',
      Ds_Signature: 'c2ln',
    });
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('Stripe: the browser goes to Checkout', () => {
    const assign = vi.fn();
    const doc = { defaultView: { location: { assign } } } as unknown as Document;
    goToProvider(
      {
        provider: 'stripe',
        amount_cents: 4600,
        currency: 'EUR',
        redirect_url: 'https://checkout.stripe.com/c/pay/cs_1',
      },
      doc,
    );
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
  });
});
