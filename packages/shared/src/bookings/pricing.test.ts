import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  depositCents,
  dueNowCentsOf,
  MAX_BOOKING_CENTS,
  PricingError,
  paymentSplit,
  paymentStateOf,
  pickupTimeFor,
  quoteBooking,
} from './pricing';

const teide = {
  prices: [
    { pax_type: 'adult', amount_cents: 4500, occupies_seat: true },
    { pax_type: 'child', amount_cents: 2500, occupies_seat: true },
    { pax_type: 'infant', amount_cents: 0, occupies_seat: false },
  ],
  seasons: [
    {
      name: 'Verano',
      from: '2026-07-01',
      to: '2026-08-31',
      prices: [
        { pax_type: 'adult', amount_cents: 5000, occupies_seat: true },
        { pax_type: 'child', amount_cents: 3000, occupies_seat: true },
      ],
    },
  ],
};

describe('pricing (PRODUCT §4: totals computed by the server from the tariffs)', () => {
  it('prices the PRODUCT §2 example: 2 adults + 1 child = 115,00 €', () => {
    const q = quoteBooking(teide, '2026-06-01', { adult: 2, child: 1 });
    expect(q.total_cents).toBe(11500);
    expect(q.seats).toBe(3);
    expect(q.lines.map((l) => [l.pax_type, l.quantity, l.unit_cents])).toEqual([
      ['adult', 2, 4500],
      ['child', 1, 2500],
    ]);
  });

  it('babies on a lap do not take a seat', () => {
    const q = quoteBooking(teide, '2026-06-01', { adult: 2, infant: 1 });
    expect(q).toMatchObject({ pax_total: 3, seats: 2, total_cents: 9000 });
  });

  it('a season overrides the base prices between its dates (inclusive); a type it lacks is not offered', () => {
    expect(quoteBooking(teide, '2026-07-01', { adult: 1 }).total_cents).toBe(5000);
    expect(quoteBooking(teide, '2026-08-31', { adult: 1 }).season).toBe('Verano');
    expect(quoteBooking(teide, '2026-09-01', { adult: 1 }).total_cents).toBe(4500);
    expect(() => quoteBooking(teide, '2026-07-15', { infant: 1, adult: 1 })).toThrow(PricingError);
  });

  it('refuses no passengers, unknown types and a discount above the subtotal', () => {
    expect(() => quoteBooking(teide, '2026-06-01', { adult: 0 })).toThrow(/al menos un pasajero/);
    expect(() => quoteBooking(teide, '2026-06-01', { senior: 1 })).toThrow(/no se ofrece/);
    expect(() => quoteBooking(teide, '2026-06-01', { adult: 1 }, 5000)).toThrow(/descuento/);
    expect(quoteBooking(teide, '2026-06-01', { adult: 1 }, 500).total_cents).toBe(4000);
  });

  it('refuses a subtotal above what a booking can hold (MAX_BOOKING_CENTS), on pax', () => {
    // The dearest tariff the contract allows (100 000,00) for 215 passengers: 2 150 000 000 cents.
    const dear = { prices: [{ pax_type: 'adult', amount_cents: 10_000_000, occupies_seat: true }], seasons: [] };
    expect(quoteBooking(dear, '2026-06-01', { adult: 214 }).subtotal_cents).toBe(2_140_000_000);
    expect(MAX_BOOKING_CENTS).toBe(2_147_483_647);
    const refusal = (() => {
      try {
        quoteBooking(dear, '2026-06-01', { adult: 215 });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(PricingError);
    expect(refusal).toMatchObject({ field: 'pax', message: expect.stringMatching(/supera el máximo/) });
  });

  it('pickup time: minutes before the departure or a fixed time', () => {
    expect(pickupTimeFor('09:00', { minutes_before: 40, fixed_time: null })).toBe('08:20');
    expect(pickupTimeFor('00:30', { minutes_before: 60, fixed_time: null })).toBe('00:00');
    expect(pickupTimeFor('09:00', { minutes_before: null, fixed_time: '07:45' })).toBe('07:45');
    expect(pickupTimeFor('09:00', null)).toBeNull();
  });

  it('commission and payment state', () => {
    expect(commissionCents(11500, 10)).toBe(1150);
    expect(commissionCents(999, 12.5)).toBe(125);
    expect(commissionCents(11500, null)).toBe(0);
    expect(paymentStateOf(11500, 0, 0)).toBe('pending');
    expect(paymentStateOf(11500, 5000, 0)).toBe('partial');
    expect(paymentStateOf(11500, 11500, 0)).toBe('paid');
    expect(paymentStateOf(11500, 0, 11500)).toBe('refunded');
    expect(paymentStateOf(11500, 6500, 5000)).toBe('partial');
  });

  it('a free booking (total 0, e.g. only babies or a full discount) has nothing to collect: paid', () => {
    expect(paymentStateOf(0, 0, 0)).toBe('paid');
  });
});

describe('deposit and due now (ADR 022 "Money words")', () => {
  const booking = { state: 'pending', total_cents: 11500, pax_total: 3, paid_cents: 0, refunded_cents: 0 };

  it('a deposit is a rounded percentage or an amount per passenger, never above the total', () => {
    expect(depositCents(11500, 3, { percent: 30 })).toBe(3450);
    expect(depositCents(999, 1, { percent: 33 })).toBe(330); // 329.67 rounds half up
    expect(depositCents(11500, 3, { per_pax_cents: 1000 })).toBe(3000);
    expect(depositCents(2000, 3, { per_pax_cents: 1000 })).toBe(2000);
    expect(depositCents(0, 3, { percent: 50 })).toBe(0);
    expect(depositCents(11500, 3, null)).toBe(0);
  });

  it('splits a new booking into now and later by the product mode', () => {
    expect(paymentSplit({ payment_mode: 'full', deposit: null }, 11500, 3)).toEqual({
      now_cents: 11500,
      later_cents: 0,
    });
    expect(paymentSplit({ payment_mode: 'deposit', deposit: { percent: 20 } }, 11500, 3)).toEqual({
      now_cents: 2300,
      later_cents: 9200,
    });
    expect(paymentSplit({ payment_mode: 'on_the_day', deposit: null }, 11500, 3)).toEqual({
      now_cents: 0,
      later_cents: 11500,
    });
  });

  it('full: the pending amount; on the day: nothing', () => {
    expect(dueNowCentsOf({ payment_mode: 'full', deposit: null }, booking)).toBe(11500);
    expect(dueNowCentsOf({ payment_mode: 'full', deposit: null }, { ...booking, paid_cents: 5000 })).toBe(6500);
    expect(
      dueNowCentsOf({ payment_mode: 'full', deposit: null }, { ...booking, paid_cents: 11500, refunded_cents: 1000 }),
    ).toBe(1000);
    expect(dueNowCentsOf({ payment_mode: 'on_the_day', deposit: null }, booking)).toBe(0);
  });

  it('deposit: what is missing of it, 0 once it is paid (the rest is due on the day or by link)', () => {
    const terms = { payment_mode: 'deposit', deposit: { per_pax_cents: 1000 } } as const;
    expect(dueNowCentsOf(terms, booking)).toBe(3000);
    expect(dueNowCentsOf(terms, { ...booking, paid_cents: 1000 })).toBe(2000);
    expect(dueNowCentsOf(terms, { ...booking, paid_cents: 3000 })).toBe(0);
    expect(dueNowCentsOf(terms, { ...booking, paid_cents: 3000, refunded_cents: 500 })).toBe(500);
  });

  it('a live link makes its amount due, capped at what is pending; a cancelled booking owes nothing', () => {
    const terms = { payment_mode: 'deposit', deposit: { percent: 30 } } as const;
    const paidDeposit = { ...booking, paid_cents: 3450 };
    expect(dueNowCentsOf(terms, paidDeposit)).toBe(0);
    expect(dueNowCentsOf(terms, paidDeposit, 8050)).toBe(8050);
    expect(dueNowCentsOf(terms, paidDeposit, 20000)).toBe(8050);
    expect(dueNowCentsOf({ payment_mode: 'on_the_day', deposit: null }, booking, 4000)).toBe(4000);
    expect(dueNowCentsOf(terms, { ...booking, state: 'cancelled' }, 4000)).toBe(0);
    expect(dueNowCentsOf(terms, { ...booking, paid_cents: 11500 }, 4000)).toBe(0);
  });
});
