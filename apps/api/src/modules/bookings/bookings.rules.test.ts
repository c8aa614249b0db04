import { describe, expect, it } from 'vitest';
import {
  canTransition,
  LOCATOR_ALPHABET,
  LOCATOR_RE,
  newLocator,
  passengerErrors,
  paxOf,
  pickupRuleFor,
  samePax,
  transitionMessage,
} from './bookings.rules';
import { decodeCursor, encodeCursor } from './bookings.service';

describe('locators', () => {
  it('"TRY-" + 6 symbols of an alphabet without 0/O/1/I, random', () => {
    expect(LOCATOR_ALPHABET).toHaveLength(32);
    expect(LOCATOR_ALPHABET).not.toMatch(/[01OI]/);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const l = newLocator();
      expect(l).toMatch(LOCATOR_RE);
      seen.add(l);
    }
    // 32^6 ≈ 1.07e9 locators: two of 2,000 collide with probability ≈ 0.2 % (the database's unique
    // index and a retry handle that); three or more collisions would mean a broken generator.
    expect(seen.size).toBeGreaterThanOrEqual(1998);
  });
});

describe('pickup place rules', () => {
  const pickups = [
    { accommodationId: 'hotel-duque', zone: null, minutesBefore: 40, fixedTime: null },
    { accommodationId: null, zone: 'Los Cristianos', minutesBefore: 60, fixedTime: null },
    { accommodationId: 'punto-y', zone: null, minutesBefore: null, fixedTime: '07:45' },
  ];

  it('the place itself first, then its zone (case- and accent-insensitive), else none', () => {
    expect(pickupRuleFor(pickups, { id: 'hotel-duque', zone: 'Los Cristianos' })).toEqual({
      minutes_before: 40,
      fixed_time: null,
    });
    expect(pickupRuleFor(pickups, { id: 'otro', zone: 'los cristíanos ' })).toEqual({
      minutes_before: 60,
      fixed_time: null,
    });
    expect(pickupRuleFor(pickups, { id: 'punto-y', zone: '' })).toEqual({ minutes_before: null, fixed_time: '07:45' });
    expect(pickupRuleFor(pickups, { id: 'otro', zone: 'Puerto de la Cruz' })).toBeNull();
    expect(pickupRuleFor(pickups, { id: 'otro', zone: '' })).toBeNull();
  });
});

describe('state machine messages', () => {
  it('allowed moves follow BOOKING_TRANSITIONS; refusals name the states in Spanish', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'no_show')).toBe(true);
    expect(canTransition('completed', 'cancelled')).toBe(false);
    expect(transitionMessage('completed', 'pending')).toBe(
      'No se puede pasar una reserva de «Realizada» a «Pendiente»: una reserva «Realizada» ya no cambia de estado',
    );
    expect(transitionMessage('pending', 'completed')).toBe(
      'No se puede pasar una reserva de «Pendiente» a «Realizada»: desde «Pendiente» solo se puede pasar a «Confirmada», «Cancelada»',
    );
  });
});

describe('pax and passengers', () => {
  it('pax from stored lines, compared ignoring zeros', () => {
    expect(
      paxOf([
        { pax_type: 'adult', quantity: 2 },
        { pax_type: 'child', quantity: 1 },
      ]),
    ).toEqual({ adult: 2, child: 1 });
    expect(samePax({ adult: 2, child: 0 }, { adult: 2 })).toBe(true);
    expect(samePax({ adult: 2 }, { adult: 2, infant: 1 })).toBe(false);
  });

  it('no more named passengers of a type than booked', () => {
    expect(passengerErrors([{ pax_type: 'adult' }], { adult: 1 })).toBeUndefined();
    expect(passengerErrors([{ pax_type: 'child' }], { adult: 2 })).toEqual({
      passengers: ['Hay más pasajeros con nombre que pasajeros reservados de ese tipo'],
    });
  });
});

describe('keyset cursors', () => {
  it('round-trip the exact position (microseconds included) and refuse anything forged', () => {
    const p = {
      date: '2026-07-01',
      time: '09:00',
      createdAt: '2026-06-20 10:11:12.123456+00',
      id: '7d3c1a52-5c1e-4b7e-9a55-0c9f3d1f2e11',
    };
    expect(decodeCursor(encodeCursor(p))).toEqual(p);
    for (const bad of ['', '%%%', Buffer.from('[1,2,3,4]').toString('base64url'), 'x'.repeat(400)]) {
      expect(() => decodeCursor(bad)).toThrow('Cursor no válido');
    }
    const injected = Buffer.from(JSON.stringify(['2026-07-01', '09:00', "now()'; drop table bookings;--", p.id]));
    expect(() => decodeCursor(injected.toString('base64url'))).toThrow('Cursor no válido');
  });
});
