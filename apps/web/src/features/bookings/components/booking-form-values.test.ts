import type { TBookingResponse, TProductResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { bookingAccess } from '../utils/booking-access';
import {
  computePickup,
  departureChanged,
  eurosToCents,
  initialBookingValues,
  localQuote,
  offeredPaxTypes,
  paxPayload,
  syncPassengers,
  type TBookingFormValues,
  toBookingPayload,
  validateBookingForm,
} from './booking-form-values';

const PRODUCT = '11111111-2222-4333-8444-555555555555';
const HOTEL = '22222222-2222-4333-8444-555555555555';
const SELLER = '33333333-2222-4333-8444-555555555555';

const price = (pax_type: string, amount_cents: number, occupies_seat = true) => ({
  pax_type,
  amount_cents,
  min_age: null,
  max_age: null,
  occupies_seat,
});

const product = {
  prices: [price('adult', 4900), price('child', 2500), price('infant', 0, false)],
  seasons: [
    {
      name: 'Navidad 2026',
      from: '2026-12-20',
      to: '2027-01-06',
      prices: [price('adult', 5900), price('child', 3100)],
    },
  ],
  pickup_enabled: true,
  pickups: [
    {
      id: 'p1',
      accommodation_id: HOTEL,
      accommodation: null,
      zone: null,
      minutes_before: 95,
      fixed_time: null,
      position: 0,
    },
    {
      id: 'p2',
      accommodation_id: null,
      accommodation: null,
      zone: 'Los Cristianos',
      minutes_before: null,
      fixed_time: '07:40',
      position: 1,
    },
  ],
} as unknown as TProductResponse;

const staff = bookingAccess([3]);
const seller = bookingAccess([2]);

const filled = (over: Partial<TBookingFormValues> = {}): TBookingFormValues => ({
  ...initialBookingValues(null),
  product_id: PRODUCT,
  date: '2026-11-26',
  time: '09:00',
  pax: { adult: 2, child: 1, infant: 0, senior: 0 },
  customer_name: ' Lucía Pérez ',
  customer_email: 'lucia@example.com',
  customer_country: 'ES',
  accommodation_id: HOTEL,
  room: '214',
  ...over,
});

const booking = {
  id: 'b1',
  locator: 'TRY-7K2QF9',
  product_id: PRODUCT,
  product: { id: PRODUCT, code: 'TEI-01', name: 'Subida al Teide' },
  date: '2026-11-26',
  time: '09:00',
  lines: [
    { pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800, occupies_seat: true },
    { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500, occupies_seat: true },
  ],
  pax_total: 3,
  seats: 3,
  subtotal_cents: 12300,
  discount_cents: 1000,
  discount_reason: 'Cliente repetidor',
  total_cents: 11300,
  paid_cents: 0,
  pending_cents: 11300,
  currency: 'EUR',
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '',
  customer_country: 'es',
  language: 'es',
  accommodation_id: HOTEL,
  accommodation: { id: HOTEL, name: 'Hotel', zone: 'Costa Adeje', pickup_point: '' },
  room: '214',
  pickup_time: '07:25',
  pickup_time_overridden: false,
  notes: '',
  internal_notes: 'VIP',
  channel: 'seller',
  seller_id: SELLER,
  seller: { id: SELLER, full_name: 'Javier' },
  state: 'confirmed',
  payment_state: 'pending',
  passengers: [{ full_name: 'Niño Pérez', pax_type: 'child', document_id: '' }],
  version: 4,
} as unknown as TBookingResponse;

describe('booking form ↔ payload', () => {
  it('create (staff): counts above zero, cents, trimmed names, seller and channel', () => {
    const v = filled({ discount: 10.5, discount_reason: 'Repetidor', seller_id: SELLER, channel: 'seller' });
    v.passengers = syncPassengers([], v.pax);
    v.passengers[1] = { ...(v.passengers[1] as TBookingFormValues['passengers'][number]), full_name: ' Ana ' };
    const { payload, passengerIndex } = toBookingPayload(v, { mode: 'create', access: staff });
    expect(payload).toEqual({
      product_id: PRODUCT,
      date: '2026-11-26',
      time: '09:00',
      pax: { adult: 2, child: 1 },
      customer_name: ' Lucía Pérez ',
      customer_email: 'lucia@example.com',
      customer_phone: '',
      customer_country: 'ES',
      language: 'es',
      accommodation_id: HOTEL,
      room: '214',
      pickup_time: null,
      notes: '',
      internal_notes: '',
      passengers: [{ full_name: 'Ana', pax_type: 'adult' }],
      seller_id: SELLER,
      channel: 'seller',
      discount_cents: 1050,
      discount_reason: 'Repetidor',
    });
    expect(passengerIndex).toEqual([1]);
  });

  it('create (seller): no seller, channel, discount nor cut-off override is sent', () => {
    const { payload } = toBookingPayload(filled({ discount: 5, seller_id: SELLER, override_cutoff: true }), {
      mode: 'create',
      access: seller,
      pastCutoff: true,
    });
    expect(payload).not.toHaveProperty('seller_id');
    expect(payload).not.toHaveProperty('channel');
    expect(payload).not.toHaveProperty('discount_cents');
    expect(payload).not.toHaveProperty('override_cutoff');
  });

  it('create for an agency (ADR 023): the agency and its reference, neither seller nor channel; never on an edit', () => {
    const v = filled({ seller_id: SELLER, channel_id: 'agency-1', reseller_reference: ' VT-77 ' });
    const { payload } = toBookingPayload(v, { mode: 'create', access: staff });
    expect(payload).toMatchObject({ channel_id: 'agency-1', reseller_reference: 'VT-77' });
    expect(payload).not.toHaveProperty('seller_id');
    expect(payload).not.toHaveProperty('channel');
    const edit = toBookingPayload({ ...v, channel: 'channel' }, { mode: 'edit', access: staff }).payload;
    expect(edit).not.toHaveProperty('channel_id');
    expect(edit).not.toHaveProperty('channel');
  });

  it('a manual pickup time replaces the computed one; no hotel, no room', () => {
    expect(
      toBookingPayload(filled({ pickup_override: true, pickup_time: '07:10' }), { mode: 'create', access: staff })
        .payload.pickup_time,
    ).toBe('07:10');
    expect(toBookingPayload(filled({ accommodation_id: null }), { mode: 'create', access: staff }).payload.room).toBe(
      '',
    );
  });

  it('edit: the saved booking back into the form', () => {
    const v = initialBookingValues(booking);
    expect(v).toMatchObject({
      product_id: PRODUCT,
      pax: { adult: 2, child: 1, infant: 0, senior: 0 },
      customer_country: 'ES',
      discount: 10,
      discount_reason: 'Cliente repetidor',
      seller_id: SELLER,
      channel: 'seller',
      internal_notes: 'VIP',
      pickup_override: false,
    });
    expect(v.passengers.map((p) => [p.pax_type, p.full_name])).toEqual([
      ['adult', ''],
      ['adult', ''],
      ['child', 'Niño Pérez'],
    ]);
    expect(departureChanged(v, booking)).toBe(false);
  });

  it('edit: departure and pax only when they change, always the version', () => {
    const v = initialBookingValues(booking);
    const same = toBookingPayload(
      { ...v, customer_phone: '+34 600 000 000' },
      {
        mode: 'edit',
        access: staff,
        booking,
        version: 4,
      },
    ).payload;
    expect(same).not.toHaveProperty('date');
    expect(same).not.toHaveProperty('pax');
    expect(same).toMatchObject({ customer_phone: '+34 600 000 000', version: 4, discount_cents: 1000 });

    const more = { ...v, pax: { ...v.pax, adult: 3 as const } };
    expect(departureChanged(more, booking)).toBe(true);
    expect(toBookingPayload(more, { mode: 'edit', access: staff, booking, version: 4 }).payload).toMatchObject({
      product_id: PRODUCT,
      date: '2026-11-26',
      time: '09:00',
      pax: { adult: 3, child: 1 },
      version: 4,
    });
  });

  it('passenger rows follow the counts and keep the names typed', () => {
    const rows = syncPassengers([], { adult: 2, child: 1 });
    expect(rows.map((r) => r.pax_type)).toEqual(['adult', 'adult', 'child']);
    const named = rows.map((r, i) => ({ ...r, full_name: `P${i}` }));
    const fewer = syncPassengers(named, { adult: 1, child: 2 });
    expect(fewer.map((r) => [r.pax_type, r.full_name])).toEqual([
      ['adult', 'P0'],
      ['child', 'P2'],
      ['child', ''],
    ]);
    expect(fewer[0]?.key).toBe(named[0]?.key);
  });

  it('only the types offered on the date (a season replaces the prices)', () => {
    expect(offeredPaxTypes(product, '2026-11-26').map((p) => `${p.pax_type} ${p.amount_cents}`)).toEqual([
      'adult 4900',
      'child 2500',
      'infant 0',
    ]);
    expect(offeredPaxTypes(product, '2026-12-24').map((p) => `${p.pax_type} ${p.amount_cents}`)).toEqual([
      'adult 5900',
      'child 3100',
    ]);
    expect(offeredPaxTypes(null, '2026-12-24')).toEqual([]);
  });

  it('local estimate with the shared pricing rules', () => {
    expect(localQuote(product, '2026-11-26', { adult: 2, child: 1 }, 300)).toMatchObject({
      subtotal_cents: 12300,
      discount_cents: 300,
      total_cents: 12000,
      seats: 3,
      season: null,
    });
    expect(localQuote(product, '2026-12-24', { adult: 1 })?.season).toBe('Navidad 2026');
    expect(localQuote(product, '2026-12-24', { infant: 1 })).toBeNull(); // not offered then
    expect(localQuote(product, '2026-11-26', {})).toBeNull();
  });

  it('euros typed → cents; pax payload drops empty counts', () => {
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents('1.234,56')).toBe(123456);
    expect(eurosToCents('')).toBe(0);
    expect(paxPayload({ adult: 2, child: '', infant: 0 })).toEqual({ adult: 2 });
  });

  it('pickup time: the hotel’s own, the one it is collected at, else its zone', () => {
    expect(computePickup(product, { id: HOTEL }, '09:00')).toEqual({ time: '07:25', from: 'accommodation' });
    expect(computePickup(product, { id: 'x', pickup_at_id: HOTEL }, '09:00')).toEqual({
      time: '07:25',
      from: 'pickup_at',
    });
    expect(computePickup(product, { id: 'y', zone: 'los cristianos' }, '09:00')).toEqual({
      time: '07:40',
      from: 'zone',
    });
    expect(computePickup(product, { id: 'z', zone: 'Puerto de la Cruz' }, '09:00')).toBeNull();
    expect(computePickup({ ...product, pickup_enabled: false }, { id: HOTEL }, '09:00')).toBeNull();
  });
});

describe('booking form validation (shared schema messages)', () => {
  it('the spec’s "Campo requerido" and e-mail message next to the fields', () => {
    const errors = validateBookingForm(initialBookingValues(null), { mode: 'create', access: staff });
    expect(errors.product_id).toBe('Campo requerido');
    expect(errors.date).toBe('Campo requerido');
    expect(errors.time).toBe('Campo requerido');
    expect(errors.customer_name).toBe('Campo requerido');
    expect(errors.pax).toBe('Indica al menos un pasajero');
    const bad = validateBookingForm(filled({ customer_email: 'lucia@' }), { mode: 'create', access: staff });
    expect(bad.customer_email).toBe('Por favor, introduce una dirección de correo electrónico válida');
  });

  it('a discount needs its reason; a manual pickup needs its time', () => {
    const errors = validateBookingForm(filled({ discount: 5, pickup_override: true }), {
      mode: 'create',
      access: staff,
    });
    expect(errors.discount_reason).toBe('Indica el motivo del descuento');
    expect(errors.pickup_time).toBe('Indica la hora de recogida');
    expect(validateBookingForm(filled(), { mode: 'create', access: staff })).toEqual({});
  });

  it('past the cut-off: staff tick "Vender fuera de plazo"; a seller cannot', () => {
    expect(validateBookingForm(filled(), { mode: 'create', access: staff, pastCutoff: true }).override_cutoff).toBe(
      'Marca «Vender fuera de plazo» para vender esta salida',
    );
    expect(
      validateBookingForm(filled({ override_cutoff: true }), { mode: 'create', access: staff, pastCutoff: true }),
    ).toEqual({});
    expect(validateBookingForm(filled(), { mode: 'create', access: seller, pastCutoff: true }).time).toBe(
      'La venta de esta salida está cerrada',
    );
    // Editing the customer of a booking whose departure is past the cut-off is fine.
    expect(
      validateBookingForm(initialBookingValues(booking), { mode: 'edit', access: seller, booking, pastCutoff: true }),
    ).toEqual({});
  });
});
