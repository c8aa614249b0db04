/**
 * The OCTO Booking as a pure mapping (octo.bookings.mapper.ts): each status's fields, the unit
 * items' stable uuids, the contact both ways, prices and pickups — every result checked against
 * `@octocloud/types`' zBooking.
 */
import { zBooking } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../bookings/bookings.mapper';
import {
  type BookingMapInput,
  splitName,
  toBooking,
  toChannelContact,
  unitItemUuid,
  voucherUrl,
} from './octo.bookings.mapper';
import type { TOctoAvailability, TOctoBooking } from './octo.schemas';

const BOOKING_ID = '0b7c1a52-6c3e-4b8e-9f4e-3d2a1c5b7e90';
const PRODUCT_ID = '6b903d44-dc24-4ca4-ae71-6bde6c4f4854';

const row = (over: Partial<BookingRow> = {}): BookingRow =>
  ({
    id: BOOKING_ID,
    locator: 'TRY-7K2QF9',
    productId: PRODUCT_ID,
    date: '2026-12-01',
    time: '09:00',
    lines: [
      { pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000, occupies_seat: true },
      { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500, occupies_seat: true },
    ],
    subtotalCents: 11500,
    totalCents: 11500,
    currency: 'EUR',
    customerName: 'Lucía Pérez García',
    customerEmail: 'lucia@example.com',
    customerPhone: '',
    customerCountry: 'ES',
    language: 'en',
    accommodationId: null,
    room: '',
    pickupTime: null,
    notes: '',
    state: 'pending',
    checkedInAt: null,
    cancelReason: '',
    cancelledAt: null,
    confirmedAt: null,
    holdExpiresAt: new Date('2026-11-30T10:30:00.000Z'),
    channelId: '9a1f5d3e-1111-4a2b-8c3d-2e4f6a8b0c1d',
    resellerReference: 'RES-1',
    octoUuid: '559aed3d-6d5b-4fe0-bfca-99f5e7218a56',
    commissionPct: 10,
    createdAt: new Date('2026-11-30T10:00:00.123Z'),
    updatedAt: new Date('2026-11-30T10:00:00.123Z'),
    ...over,
  }) as BookingRow;

const availability: TOctoAvailability = {
  id: '2026-12-01T09:00:00+00:00',
  localDateTimeStart: '2026-12-01T09:00:00+00:00',
  localDateTimeEnd: '2026-12-01T12:00:00+00:00',
  utcCutoffAt: '2026-12-01T09:00:00Z',
  allDay: false,
  available: true,
  status: 'AVAILABLE',
  vacancies: 7,
  capacity: 10,
  maxUnits: null,
  openingHours: [],
};

const input = (over: Partial<BookingMapInput> = {}): BookingMapInput => ({
  booking: row(),
  status: 'ON_HOLD',
  cancellable: true,
  product: undefined,
  availability,
  voucherUrl: voucherUrl('https://reservas.example.com', row()),
  caps: new Set(),
  rates: { currency: 'EUR', commissionPct: 10, netRates: new Map() },
  ...over,
});

/** The mapping, checked against the specification's schema. */
function mapped(over: Partial<BookingMapInput> = {}): TOctoBooking {
  const b = toBooking(input(over));
  const r = zBooking.safeParse(b);
  expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  return b;
}

describe('unit item uuids', () => {
  it('RFC 4122 version 5, the same for the same booking and position, distinct otherwise', () => {
    const a = unitItemUuid(BOOKING_ID, 0);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(unitItemUuid(BOOKING_ID, 0)).toBe(a);
    expect(unitItemUuid(BOOKING_ID, 1)).not.toBe(a);
    expect(unitItemUuid('1b7c1a52-6c3e-4b8e-9f4e-3d2a1c5b7e90', 0)).not.toBe(a);
    // Pinned: a reseller keeps these uuids, so no change of how they are computed may move them
    // (RFC 4122 v5 of the index in the booking's namespace, as computed before ADR 051).
    expect(a).toBe('f6c08741-97d9-5048-8527-1ba1894a3c49');
    expect(unitItemUuid(BOOKING_ID, 7)).toBe('237b1911-9755-51e0-bfd5-a03f893ccbc4');
  });
});

describe('contacts', () => {
  it('a name splits at its first space; one word is a first name', () => {
    expect(splitName('Lucía Pérez García')).toEqual({ firstName: 'Lucía', lastName: 'Pérez García' });
    expect(splitName('Madonna')).toEqual({ firstName: 'Madonna', lastName: null });
    expect(splitName('  ')).toEqual({ firstName: null, lastName: null });
  });

  it('OCTO → ours: fullName else first and last names; 2-letter countries; the first tour language; null clears', () => {
    const known = (l: string) => ['es', 'en', 'de'].includes(l);
    expect(
      toChannelContact(
        {
          firstName: 'Mary Ann',
          lastName: 'Smith',
          country: 'gb',
          locales: ['pt-BR', 'en-GB'],
          emailAddress: 'm@x.io',
        },
        known,
      ),
    ).toEqual({ name: 'Mary Ann Smith', country: 'GB', language: 'en', email: 'm@x.io' });
    expect(toChannelContact({ fullName: 'Ana', firstName: 'X', country: 'Spain' }, known)).toEqual({ name: 'Ana' });
    expect(toChannelContact({ emailAddress: null, phoneNumber: null }, known)).toEqual({ email: '', phone: '' });
    expect(toChannelContact(undefined, known)).toEqual({});
  });
});

describe('toBooking', () => {
  it('ON_HOLD: the hold end, no voucher, one unit item per passenger; times in UTC seconds', () => {
    const b = mapped();
    expect(b).toMatchObject({
      id: BOOKING_ID,
      uuid: '559aed3d-6d5b-4fe0-bfca-99f5e7218a56',
      supplierReference: 'TRY-7K2QF9',
      resellerReference: 'RES-1',
      status: 'ON_HOLD',
      utcCreatedAt: '2026-11-30T10:00:00Z',
      utcExpiresAt: '2026-11-30T10:30:00Z',
      utcConfirmedAt: null,
      voucher: null,
      cancellation: null,
      optionId: 'DEFAULT',
      availabilityId: availability.id,
      contact: { fullName: 'Lucía Pérez García', firstName: 'Lucía', country: 'ES', locales: ['en'], notes: null },
    });
    expect(b.unitItems.map((u) => [u.unitId, u.status, u.ticket])).toEqual([
      ['adult', 'ON_HOLD', null],
      ['adult', 'ON_HOLD', null],
      ['child', 'ON_HOLD', null],
    ]);
    expect(b.pricing).toBeUndefined();
    expect(b).not.toHaveProperty('pickupRequested');
  });

  it('CONFIRMED: the voucher (its page in the booking language, the locator) and a ticket per passenger', () => {
    const b = mapped({
      booking: row({ state: 'confirmed', holdExpiresAt: null, confirmedAt: new Date('2026-11-30T10:05:00Z') }),
      status: 'CONFIRMED',
    });
    expect(b.utcConfirmedAt).toBe('2026-11-30T10:05:00Z');
    expect(b.utcExpiresAt).toBeNull();
    expect(b.voucher?.deliveryOptions).toEqual([
      {
        deliveryFormat: 'PDF_URL',
        deliveryValue: `https://reservas.example.com/public/landing/booking-voucher/${BOOKING_ID}?lang=en`,
      },
      { deliveryFormat: 'QRCODE', deliveryValue: 'TRY-7K2QF9' },
    ]);
    expect(b.unitItems.every((u) => u.ticket === b.voucher)).toBe(true);
  });

  it('CANCELLED: the cancellation (refund FULL, reason, when); EXPIRED: none, the hold end kept; REDEEMED: when checked in', () => {
    const cancelled = mapped({
      booking: row({
        state: 'cancelled',
        cancelReason: 'Cambio de planes',
        cancelledAt: new Date('2026-11-30T11:00:00Z'),
      }),
      status: 'CANCELLED',
      cancellable: false,
    });
    expect(cancelled.cancellation).toEqual({
      refund: 'FULL',
      reason: 'Cambio de planes',
      utcCancelledAt: '2026-11-30T11:00:00Z',
    });
    expect(cancelled.utcExpiresAt).toBeNull();
    const expired = mapped({ booking: row({ state: 'cancelled', cancelledAt: new Date() }), status: 'EXPIRED' });
    expect(expired).toMatchObject({ cancellation: null, utcExpiresAt: '2026-11-30T10:30:00Z', voucher: null });
    const redeemed = mapped({
      booking: row({ state: 'completed', checkedInAt: new Date('2026-12-01T08:55:00Z') }),
      status: 'REDEEMED',
      cancellable: false,
    });
    expect(redeemed.utcRedeemedAt).toBe('2026-12-01T08:55:00Z');
    expect(redeemed.voucher?.utcRedeemedAt).toBe('2026-12-01T08:55:00Z');
  });

  it('octo/pricing: per unit retail and net (net rate, else less the commission), the total; octo/pickups fields', () => {
    const b = mapped({
      caps: new Set(['octo/pricing', 'octo/pickups']),
      rates: { currency: 'EUR', commissionPct: 10, netRates: new Map([[`${PRODUCT_ID}:child`, 2000]]) },
    });
    expect(b.unitItems.map((u) => [u.pricing?.retail, u.pricing?.net])).toEqual([
      [4500, 4050],
      [4500, 4050],
      [2500, 2000],
    ]);
    expect(b.pricing).toMatchObject({ original: 11500, retail: 11500, net: 10100, currency: 'EUR' });
    expect(b).toMatchObject({ pickupRequested: false, pickupPointId: null, pickupHotel: null, pickupPoint: null });
  });

  it('an e-mail that is not one is left out; a booking made without an OCTO uuid answers its id', () => {
    const b = mapped({ booking: row({ customerEmail: 'no es un correo', octoUuid: null }) });
    expect(b.contact.emailAddress).toBeNull();
    expect(b.uuid).toBe(BOOKING_ID);
  });
});
