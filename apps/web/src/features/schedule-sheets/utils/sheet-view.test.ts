import type { TSheetPassenger, TSheetResponse, TSheetStop } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  checkInProgress,
  endTime,
  formatLongDay,
  hasStarted,
  isIsoDay,
  paxBreakdown,
  routeRows,
  routeTotals,
  sheetLoad,
  shiftDay,
  telHref,
  withPassenger,
} from './sheet-view';

const passenger = (over: Partial<TSheetPassenger> = {}): TSheetPassenger => ({
  booking_id: 'b1',
  locator: 'TRY-AAAAAA',
  customer_name: 'Julia Jansen',
  customer_phone: '+31 6 71694957',
  language: 'en',
  pax: { adult: 3, infant: 1 },
  pax_total: 4,
  seats: 3,
  state: 'confirmed',
  payment_state: 'paid',
  pending_cents: 0,
  collected_cents: 0,
  sales_channel: null,
  reseller_reference: null,
  room: '517',
  pickup_time: '07:50',
  pickup_place: 'Hotel Las Américas Park',
  notes: '',
  passengers: [],
  answers: [],
  unanswered: [],
  checked_in_at: null,
  checked_in_by: null,
  ...over,
});

const stop = (over: Partial<TSheetStop> = {}): TSheetStop => ({
  accommodation_id: 'h1',
  name: 'Hotel Las Américas Park',
  address: 'Avenida de las Américas 40',
  zone: 'Playa de las Américas',
  pickup_point: 'Puerta principal',
  lat_lng: '',
  phone: '',
  pickup_time: '07:50',
  pax: 4,
  running_pax: 4,
  bookings: [passenger()],
  ...over,
});

describe('the pickup route as shown', () => {
  const b2 = passenger({ booking_id: 'b2', customer_name: 'Lars Larsson', pax: { adult: 1 }, pax_total: 1 });
  const b3 = passenger({ booking_id: 'b3', pax_total: 2, checked_in_at: '2026-11-22T08:00:00Z' });
  const stops = [
    stop(),
    stop({
      accommodation_id: 'h2',
      name: 'Hotel Paradise',
      zone: 'Los Cristianos',
      pickup_time: '08:05',
      pax: 1,
      running_pax: 5,
      bookings: [b2],
    }),
    stop({
      accommodation_id: null,
      name: 'Punto de encuentro',
      address: 'Parada Loro Parque',
      zone: '',
      pickup_point: '',
      pickup_time: null,
      pax: 2,
      running_pax: 7,
      bookings: [b3],
    }),
  ];

  it('numbers the stops in the route order, with the running total on board', () => {
    const rows = routeRows(stops);
    expect(rows.map((r) => [r.n, r.time, r.place, r.point, r.pax, r.runningPax])).toEqual([
      [1, '07:50', 'Hotel Las Américas Park', 'Puerta principal', 4, 4],
      [2, '08:05', 'Hotel Paradise', 'Puerta principal', 1, 5],
      [3, '—', 'Punto de encuentro', 'Parada Loro Parque', 2, 7],
    ]);
    expect(rows[2]?.isMeetingPoint).toBe(true);
    expect(rows.map((r) => r.boarded)).toEqual([0, 0, 1]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('totals: stops, pax on board at the end, bookings and the first pickup', () => {
    const totals = routeTotals(routeRows(stops));
    expect({ ...totals, firstPickup: totals.firstPickup?.time }).toEqual({
      stops: 3,
      pax: 7,
      bookings: 3,
      firstPickup: '07:50',
    });
    expect(routeTotals([])).toEqual({ stops: 0, pax: 0, bookings: 0, firstPickup: null });
  });

  it('a check-in answer replaces the passenger in the list and in its stop', () => {
    const sheet = {
      passengers: [passenger(), b2],
      stops: stops.slice(0, 2),
      checked_in_pax: 0,
    } as unknown as TSheetResponse;
    const next = withPassenger(sheet, { ...b2, checked_in_at: '2026-11-22T08:06:00Z' });
    expect(next.passengers[1]?.checked_in_at).toBe('2026-11-22T08:06:00Z');
    expect(next.stops[1]?.bookings[0]?.checked_in_at).toBe('2026-11-22T08:06:00Z');
    expect(next.checked_in_pax).toBe(1);
    expect(sheet.passengers[1]?.checked_in_at).toBeNull();
  });
});

describe('sheet figures and formats', () => {
  it('pax against the vehicle seats (babies on a lap take none); without vehicle, the departure capacity', () => {
    const vehicle = { id: 'v', plate: '2156MCD', name: 'Furgoneta', seats: 8 };
    expect(sheetLoad({ pax: 10, seats: 9, capacity: 55, vehicle })).toEqual({
      pax: 10,
      seats: 9,
      of: 8,
      ofVehicle: true,
      over: true,
    });
    expect(sheetLoad({ pax: 9, seats: 8, capacity: 55, vehicle }).over).toBe(false);
    expect(sheetLoad({ pax: 90, seats: 90, capacity: 55, vehicle: null })).toMatchObject({ of: 55, over: false });
  });

  it('check-in progress in pax and bookings', () => {
    expect(checkInProgress({ pax: 13, checked_in_pax: 4, bookings_count: 3 })).toEqual({
      done: 4,
      total: 13,
      percent: 31,
      bookingsDone: 0,
      bookings: 3,
    });
    expect(checkInProgress({ pax: 0, checked_in_pax: 0, bookings_count: 0 }).percent).toBe(0);
    expect(
      checkInProgress({ pax: 2, checked_in_pax: 1, bookings_count: 2 }, [
        { checked_in_at: 'x' },
        { checked_in_at: null },
      ]).bookingsDone,
    ).toBe(1);
  });

  it('times: end of the tour, started or not', () => {
    expect(endTime('09:00', 420)).toBe('16:00');
    expect(endTime('22:30', 120)).toBe('00:30');
    expect(endTime('08:45', 0)).toBe('09:45');
    expect(hasStarted({ starts_at: '2026-11-22T08:45:00Z' }, Date.parse('2026-11-22T08:44:59Z'))).toBe(false);
    expect(hasStarted({ starts_at: '2026-11-22T08:45:00Z' }, Date.parse('2026-11-22T08:45:00Z'))).toBe(true);
  });

  it('days: long Spanish date, arithmetic across months and DST', () => {
    expect(formatLongDay('2026-11-22')).toBe('domingo, 22 de noviembre de 2026');
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2026-03-29', -1)).toBe('2026-03-28');
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('hoy')).toBe(false);
  });

  it('phones as tel: links; pax in words', () => {
    expect(telHref('+34 622 110 004')).toBe('tel:+34622110004');
    expect(telHref('(922) 79-01-00')).toBe('tel:922790100');
    expect(telHref('')).toBeNull();
    expect(paxBreakdown({ adult: 2, child: 1, infant: 0 })).toBe('2 adultos, 1 niño');
    expect(paxBreakdown({ senior: 1, adult: 1 })).toBe('1 adulto, 1 senior');
  });
});
