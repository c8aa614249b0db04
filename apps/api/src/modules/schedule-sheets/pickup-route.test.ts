import type { TSheetPassenger } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  buildPickupRoute,
  byCustomerName,
  defaultOrigin,
  MEETING_POINT_NAME,
  type RoutePlace,
  routePassengers,
} from './pickup-route';
import { placeOf } from './schedule-sheets.mapper';

const place = (id: string, name: string, zone = 'Costa Adeje'): RoutePlace => ({
  id,
  name,
  address: `${name}, calle 1`,
  zone,
  pickupPoint: 'Puerta principal',
  latLng: '28.08,-16.73',
  phone: '+34 922 000 000',
});

let n = 0;
const passenger = (name: string, pax: number): TSheetPassenger => {
  n += 1;
  return {
    booking_id: `b${n}`,
    locator: `TRY-AAAA${String(n).padStart(2, '0')}`,
    customer_name: name,
    customer_phone: '',
    language: 'es',
    pax: { adult: pax },
    pax_total: pax,
    seats: pax,
    state: 'confirmed',
    payment_state: 'paid',
    pending_cents: 0,
    collected_cents: 0,
    sales_channel: null,
    reseller_reference: null,
    room: '',
    pickup_time: null,
    pickup_place: null,
    notes: '',
    passengers: [],
    answers: [],
    unanswered: [],
    checked_in_at: null,
    checked_in_by: null,
  };
};
const meeting = { address: 'Oficina, Avenida de Bruselas 12', latLng: '28.09,-16.73' };

describe('pickup route', () => {
  const bahia = place('h1', 'Hotel Bahía del Duque');
  const sol = place('h2', 'Apartamentos Sol', 'Los Cristianos');
  const zafiro = place('h3', 'Hotel Zafiro');
  const unknown = place('h4', 'Hotel Atlántida');
  const route = buildPickupRoute(
    [
      { passenger: passenger('Zoe Smith', 2), place: bahia, pickupTime: '08:20' },
      { passenger: passenger('Ana García', 1), place: sol, pickupTime: '07:50' },
      { passenger: passenger('Álvaro Díaz', 3), place: bahia, pickupTime: '08:20' },
      { passenger: passenger('Hans Müller', 2), place: null, pickupTime: null },
      { passenger: passenger('Lena Weber', 1), place: unknown, pickupTime: null },
      { passenger: passenger('Emma Brown', 4), place: zafiro, pickupTime: '08:20' },
    ],
    meeting,
    '09:00',
  );

  it('one stop per place, by pickup time, then name; the meeting point at departure', () => {
    expect(route.map((s) => [s.name, s.pickup_time])).toEqual([
      ['Apartamentos Sol', '07:50'],
      ['Hotel Bahía del Duque', '08:20'],
      ['Hotel Zafiro', '08:20'],
      // No pickup time: after the last timed stop of its zone (Costa Adeje), never after the meeting point.
      ['Hotel Atlántida', null],
      [MEETING_POINT_NAME, '09:00'],
    ]);
    const mp = route[4];
    expect(mp.accommodation_id).toBeNull();
    expect(mp.address).toBe(meeting.address);
    expect(mp.lat_lng).toBe(meeting.latLng);
  });

  it('pax per stop and on board after it', () => {
    expect(route.map((s) => s.pax)).toEqual([1, 5, 4, 1, 2]);
    expect(route.map((s) => s.running_pax)).toEqual([1, 6, 10, 11, 13]);
  });

  it('a shared hotel lists its bookings by time then customer name, accents ignored', () => {
    expect(route[1].bookings.map((b) => b.customer_name)).toEqual(['Álvaro Díaz', 'Zoe Smith']);
  });

  it('the stop takes the earliest time of its bookings (one time overridden)', () => {
    const r = buildPickupRoute(
      [
        { passenger: passenger('B', 1), place: bahia, pickupTime: '08:20' },
        { passenger: passenger('A', 1), place: bahia, pickupTime: '08:05' },
      ],
      meeting,
      '09:00',
    );
    expect(r[0].pickup_time).toBe('08:05');
    expect(r[0].bookings.map((b) => b.customer_name)).toEqual(['A', 'B']);
  });

  it('stops without a time: after the timed stops of their zone, else just before the meeting point', () => {
    const loro = place('h5', 'Parada Loro Parque', 'Puerto de la Cruz');
    const charco = place('h6', 'Hotel Charco', 'Puerto de la Cruz');
    const noZone = place('h7', 'Casa Rural', '');
    const r = buildPickupRoute(
      [
        { passenger: passenger('Meet', 1), place: null, pickupTime: null },
        { passenger: passenger('Luca Rossi', 2), place: loro, pickupTime: null },
        { passenger: passenger('Felix Schmidt', 3), place: sol, pickupTime: '07:50' },
        { passenger: passenger('Rural', 1), place: noZone, pickupTime: null },
        { passenger: passenger('Charco', 1), place: charco, pickupTime: null },
        { passenger: passenger('Late', 1), place: bahia, pickupTime: '08:30' },
      ],
      meeting,
      '09:00',
    );
    // No timed stop in Puerto de la Cruz or without zone: they wait before the meeting point, by name.
    expect(r.map((s) => [s.name, s.pickup_time])).toEqual([
      ['Apartamentos Sol', '07:50'],
      ['Hotel Bahía del Duque', '08:30'],
      ['Casa Rural', null],
      ['Hotel Charco', null],
      ['Parada Loro Parque', null],
      [MEETING_POINT_NAME, '09:00'],
    ]);
    expect(r.map((s) => s.running_pax)).toEqual([3, 4, 5, 6, 8, 9]);
    // Without a meeting point they close the route.
    const noMeeting = buildPickupRoute(
      [
        { passenger: passenger('Luca Rossi', 2), place: loro, pickupTime: null },
        { passenger: passenger('Felix Schmidt', 3), place: sol, pickupTime: '07:50' },
      ],
      meeting,
      '09:00',
    );
    expect(noMeeting.map((s) => s.name)).toEqual(['Apartamentos Sol', 'Parada Loro Parque']);
  });

  it('a stop with a time keeps it even when one of its bookings has none', () => {
    const r = buildPickupRoute(
      [
        { passenger: passenger('B', 1), place: bahia, pickupTime: null },
        { passenger: passenger('A', 1), place: bahia, pickupTime: '08:05' },
      ],
      meeting,
      '09:00',
    );
    expect(r[0].pickup_time).toBe('08:05');
    expect(r[0].bookings.map((b) => b.customer_name)).toEqual(['A', 'B']);
  });

  it('no bookings, no stops', () => {
    expect(buildPickupRoute([], meeting, '09:00')).toEqual([]);
  });
});

describe('where a customer is collected', () => {
  const cols = (id: string, name: string) => ({ ...place(id, name) });
  it('their hotel, or the one it redirects to ("recoger en")', () => {
    expect(placeOf({ accommodation: cols('x', 'Hotel X'), pickupAt: null })?.id).toBe('x');
    expect(placeOf({ accommodation: cols('x', 'Hotel X'), pickupAt: cols('y', 'Hotel Y') })?.name).toBe('Hotel Y');
    expect(placeOf({ accommodation: null, pickupAt: null })).toBeNull();
  });
});

describe('origin of the libro de ruta', () => {
  it('the first stop zone, else its name; the meeting point when everyone meets there', () => {
    const first = buildPickupRoute(
      [{ passenger: passenger('A', 1), place: place('h', 'Hotel Sin Zona', ''), pickupTime: '08:00' }],
      meeting,
      '09:00',
    );
    expect(defaultOrigin(first, 'Oficina')).toBe('Hotel Sin Zona');
    const zoned = buildPickupRoute(
      [{ passenger: passenger('A', 1), place: place('h', 'Hotel', 'Puerto de la Cruz'), pickupTime: '08:00' }],
      meeting,
      '09:00',
    );
    expect(defaultOrigin(zoned, 'Oficina')).toBe('Puerto de la Cruz');
    const mp = buildPickupRoute([{ passenger: passenger('A', 1), place: null, pickupTime: null }], meeting, '09:00');
    expect(defaultOrigin(mp, 'Oficina')).toBe('Oficina');
    expect(defaultOrigin([], 'Oficina')).toBe('Oficina');
  });
});

describe('passenger list order', () => {
  it('the route order: stop by stop, inside a stop by time then customer name', () => {
    const r = buildPickupRoute(
      [
        { passenger: passenger('Ángela', 1), place: null, pickupTime: null },
        { passenger: passenger('zoe', 1), place: place('h1', 'Hotel B'), pickupTime: '08:00' },
        { passenger: passenger('Bruno', 1), place: place('h2', 'Hotel A'), pickupTime: '08:30' },
        { passenger: passenger('Carla', 1), place: place('h1', 'Hotel B'), pickupTime: '08:00' },
      ],
      meeting,
      '09:00',
    );
    expect(routePassengers(r).map((p) => p.customer_name)).toEqual(['Carla', 'zoe', 'Bruno', 'Ángela']);
  });

  it('inside a stop, by customer name, accents and case ignored', () => {
    const list = [passenger('zoe', 1), passenger('Ángela', 1), passenger('Bruno', 1)].sort(byCustomerName);
    expect(list.map((p) => p.customer_name)).toEqual(['Ángela', 'Bruno', 'zoe']);
  });
});
