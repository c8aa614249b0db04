import { describe, expect, it } from 'vitest';
import { findPassenger, parseCheckInCode } from './check-in-code';

const ID = '5e35925f-1012-4955-b833-a31238e669f1';

describe('QR / typed text → check-in code', () => {
  it('the voucher QR: the absolute URL of the public voucher, from any host, gives the booking id', () => {
    expect(parseCheckInCode(`https://reservas.teideaventura.es/public/landing/booking-voucher/${ID}`)).toEqual({
      kind: 'voucher',
      code: ID,
      bookingId: ID,
    });
    expect(
      parseCheckInCode(` http://localhost:3000/public/landing/booking-voucher/${ID.toUpperCase()}?lang=en `),
    ).toMatchObject({ kind: 'voucher', bookingId: ID });
    expect(parseCheckInCode(`https://x.es/public/landing/booking-voucher/${ID}#qr`)).toMatchObject({ bookingId: ID });
  });

  it('another URL with an id in it is not a voucher', () => {
    expect(parseCheckInCode(`https://evil.example/booking/edit/${ID}`)).toBeNull();
    expect(parseCheckInCode(`https://x.es/public/landing/booking-voucher/${ID}extra`)).toBeNull();
  });

  it('a bare booking id (scanners that strip the URL)', () => {
    expect(parseCheckInCode(ID.toUpperCase())).toEqual({ kind: 'id', code: ID, bookingId: ID });
  });

  it('a locator typed in any case, with or without dash and spaces, or only its six symbols', () => {
    for (const typed of ['TRY-7K2QF9', 'try-7k2qf9', 'try 7k2 qf9', 'TRY7K2QF9', '7k2qf9', ' 7K2 QF9 ']) {
      expect(parseCheckInCode(typed), typed).toEqual({ kind: 'locator', code: 'TRY-7K2QF9', locator: 'TRY-7K2QF9' });
    }
  });

  it('anything else: null', () => {
    for (const typed of ['', '   ', 'hola', 'TRY-7K2', 'TRY-7K2QF9X', 'https://example.com', null, undefined]) {
      expect(parseCheckInCode(typed), String(typed)).toBeNull();
    }
  });

  it('finds the passenger a code names on the sheet', () => {
    const list = [
      { booking_id: ID, locator: 'TRY-AAAAAA' },
      { booking_id: 'b2', locator: 'TRY-7K2QF9' },
    ];
    const byLocator = parseCheckInCode('try7k2qf9');
    const byQr = parseCheckInCode(`https://a.b/public/landing/booking-voucher/${ID}`);
    expect(byLocator && findPassenger(list, byLocator)?.booking_id).toBe('b2');
    expect(byQr && findPassenger(list, byQr)?.locator).toBe('TRY-AAAAAA');
    const other = parseCheckInCode('TRY-ZZZZZZ');
    expect(other && findPassenger(list, other)).toBeUndefined();
  });
});
