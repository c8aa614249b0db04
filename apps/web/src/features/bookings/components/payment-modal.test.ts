import { describe, expect, it } from 'vitest';
import { timesIn } from '../../../lib/time-zone';
import { cancelReasonError } from './cancel-booking-modal';
import { paidAtOf, toPaymentPayload, validatePayment } from './payment-modal';

describe('payments and cancellation forms', () => {
  const now = new Date('2026-11-22T10:30:00Z');
  const canary = timesIn('Atlantic/Canary');

  it('importe in euros → cents; today is now, another day at noon', () => {
    expect(
      toPaymentPayload(
        'payment',
        { amount: 20.5, method: 'card', date: '2026-11-22', reference: ' 0042 ' },
        now,
        canary,
      ),
    ).toEqual({
      kind: 'payment',
      amount_cents: 2050,
      method: 'card',
      paid_at: now.toISOString(),
      reference: '0042',
    });
  });

  it("issue 12: the day typed is a day of the booking's operator, sent as the right instant", () => {
    // Noon in Tenerife: 12:00 UTC in winter, 11:00 UTC in summer; in Madrid an hour earlier.
    expect(paidAtOf('2026-11-20', now, canary)).toBe('2026-11-20T12:00:00.000Z');
    expect(paidAtOf('2026-07-20', now, canary)).toBe('2026-07-20T11:00:00.000Z');
    expect(paidAtOf('2026-11-20', now, timesIn('Europe/Madrid'))).toBe('2026-11-20T11:00:00.000Z');
    // 23:30 UTC: still the 22nd in Tenerife ("today": now), already the 23rd in Madrid.
    const late = new Date('2026-11-22T23:30:00Z');
    expect(paidAtOf('2026-11-22', late, canary)).toBe(late.toISOString());
    expect(paidAtOf('2026-11-22', late, timesIn('Europe/Madrid'))).toBe('2026-11-22T11:00:00.000Z');
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
