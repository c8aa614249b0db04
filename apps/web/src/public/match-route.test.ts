import { describe, expect, it } from 'vitest';
import { matchPublicRoute } from './match-route';

describe('public pages router', () => {
  it('spec §2 public routes: /public/landing/booking-voucher/{bookingId} is "public-booking-voucher"', () => {
    expect(matchPublicRoute('/public/landing/booking-voucher/abc-123')).toMatchObject({
      name: 'public-booking-voucher',
      params: { bookingId: 'abc-123' },
    });
  });

  it('spec §2 public routes: /public/booking/product/{productId} is "public-booking"', () => {
    expect(matchPublicRoute('/public/booking/product/p-9')).toMatchObject({
      name: 'public-booking',
      params: { productId: 'p-9' },
    });
  });

  it('spec §2 public routes: the booking form and the landing page', () => {
    expect(matchPublicRoute('/public/booking/b-1')).toMatchObject({
      key: 'publicBookingExisting',
      params: { bookingId: 'b-1' },
    });
    expect(matchPublicRoute('/public/landing/p-1/')).toMatchObject({
      key: 'publicLanding',
      params: { productId: 'p-1' },
    });
  });

  it('spec §2 "Any other path shows a not-found page"', () => {
    expect(matchPublicRoute('/public')).toBeNull();
    expect(matchPublicRoute('/public/landing')).toBeNull();
    expect(matchPublicRoute('/public/booking/')).toBeNull();
    expect(matchPublicRoute('/public/landing/a/b/c')).toBeNull();
  });
});
