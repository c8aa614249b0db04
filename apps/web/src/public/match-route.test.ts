import { describe, expect, it } from 'vitest';
import { setDictionary } from './i18n';
import en from './i18n/dict/en';
import es from './i18n/dict/es';
import { matchPublicRoute, statementTitle } from './match-route';

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

  it("page titles in the page's language (issue 15)", () => {
    expect(matchPublicRoute('/public/booking/product/p-9')?.title).toBe('Reservar');
    setDictionary('en', en);
    try {
      expect(matchPublicRoute('/public/booking/product/p-9')?.title).toBe('Book');
      expect(matchPublicRoute('/public/landing/booking-voucher/b-1')?.title).toBe('Booking voucher');
      expect(statementTitle()).toBe('Accessibility statement');
    } finally {
      setDictionary('es', es);
    }
  });
});
