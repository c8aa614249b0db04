import { describe, expect, it } from 'vitest';
import { cancelReasonError } from './cancel-booking-modal';
import { paidAtOf, toPaymentPayload, validatePayment } from './payment-modal';

describe('payments and cancellation forms', () => {
  const now = new Date(2026, 10, 22, 10, 30);

  it('importe in euros → cents; today is now, another day at noon', () => {
    expect(
      toPaymentPayload('payment', { amount: 20.5, method: 'card', date: '2026-11-22', reference: ' 0042 ' }, now),
    ).toEqual({
      kind: 'payment',
      amount_cents: 2050,
      method: 'card',
      paid_at: now.toISOString(),
      reference: '0042',
    });
    expect(paidAtOf('2026-11-20', now)).toBe(new Date(2026, 10, 20, 12, 0, 0).toISOString());
  });

  it('checks the amount against what is pending or paid', () => {
    const limits = { paidCents: 3000, pendingCents: 7300 };
    expect(validatePayment('payment', { amount: '', method: null, date: null, reference: '' }, limits)).toMatchObject({
      amount: 'Indica el importe',
      method: 'Campo requerido',
      date: 'Campo requerido',
    });
    expect(
      validatePayment('payment', { amount: 80, method: 'cash', date: '2026-11-22', reference: '' }, limits).amount,
    ).toBe('El cobro supera el importe pendiente (73,00 €)');
    expect(
      validatePayment('refund', { amount: 40, method: 'card', date: '2026-11-22', reference: '' }, limits).amount,
    ).toBe('El reembolso no puede superar lo cobrado (30,00 €)');
    expect(
      validatePayment('payment', { amount: 20, method: 'cash', date: '2026-11-22', reference: '' }, limits),
    ).toEqual({});
  });

  it('a cancellation needs its reason', () => {
    expect(cancelReasonError('  ')).toBe('Campo requerido');
    expect(cancelReasonError('El cliente está enfermo')).toBeNull();
  });
});
