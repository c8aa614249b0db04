import type { TPaymentResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { isHeld, linkState, newIdempotencyKey, providerLabel, refundablePayments } from './online-payments';

const payment = (over: Partial<TPaymentResponse>): TPaymentResponse => ({
  id: 'p1',
  booking_id: 'b1',
  kind: 'payment',
  amount_cents: 5000,
  method: 'online',
  paid_at: '2026-11-25T10:00:00Z',
  reference: '',
  notes: '',
  recorded_by: null,
  provider: null,
  provider_ref: null,
  pay_method: null,
  reason: '',
  collected_at_check_in: false,
  created_at: '2026-11-25T10:00:00Z',
  ...over,
});

describe('online payments on the booking screen (issue 32)', () => {
  it('who took the money: Redsys, Bizum (a Redsys payment by Bizum), Stripe; none for the office', () => {
    expect(providerLabel(payment({ provider: 'redsys' }))).toBe('Redsys');
    expect(providerLabel(payment({ provider: 'redsys', pay_method: 'bizum' }))).toBe('Bizum');
    expect(providerLabel(payment({ provider: 'redsys', pay_method: 'card', reference: 'Bizum?' }))).toBe('Redsys');
    expect(providerLabel(payment({ provider: 'stripe' }))).toBe('Stripe');
    expect(providerLabel(payment({ method: 'cash' }))).toBeNull();
  });

  it('refundable: each online payment up to what its provider holds net of refunds, latest first', () => {
    const list = [
      payment({ id: 'r1', provider: 'redsys', amount_cents: 3000, paid_at: '2026-11-20T10:00:00Z' }),
      payment({ id: 's1', provider: 'stripe', amount_cents: 2000, paid_at: '2026-11-21T10:00:00Z' }),
      payment({ id: 'r-ref', kind: 'refund', provider: 'redsys', amount_cents: 1000 }),
      payment({ id: 'cash', method: 'cash', amount_cents: 9000 }),
      payment({ id: 's-ref', kind: 'refund', provider: 'stripe', amount_cents: 2000 }),
    ];
    expect(refundablePayments(list).map((r) => [r.payment.id, r.label, r.maxCents])).toEqual([['r1', 'Redsys', 2000]]);
  });

  it('a link is paid, expired or active; a booking is held while pending before its hold ends', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const link = {
      id: 'l1',
      amount_cents: 100,
      channel: 'email' as const,
      created_at: '',
      expires_at: '2026-11-25T11:00:00Z',
      paid_at: null,
    };
    expect(linkState(link, now)).toBe('active');
    expect(linkState({ ...link, expires_at: '2026-11-25T09:00:00Z' }, now)).toBe('expired');
    expect(linkState({ ...link, paid_at: '2026-11-25T09:30:00Z' }, now)).toBe('paid');
    expect(isHeld({ state: 'pending', hold_expires_at: '2026-11-25T10:10:00Z' }, now)).toBe(true);
    expect(isHeld({ state: 'pending', hold_expires_at: '2026-11-25T09:50:00Z' }, now)).toBe(false);
    expect(isHeld({ state: 'confirmed', hold_expires_at: null }, now)).toBe(false);
  });

  it('idempotency keys are fresh each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
