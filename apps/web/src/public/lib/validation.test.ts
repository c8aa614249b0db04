import { describe, expect, it } from 'vitest';
import {
  fieldErrorsFromServer,
  MEETING_POINT,
  type TNewBookingValues,
  validateCustomer,
  validateNewBooking,
} from './validation';

const REQUIRED = 'Campo requerido';
const EMAIL = 'Por favor, introduce una dirección de correo electrónico válida';

const valid: TNewBookingValues = {
  date: '2026-11-24',
  time: '09:00',
  pax: { adult: 2, child: 1 },
  pickup: MEETING_POINT,
  room: '',
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '+34 600 000 000',
  customer_country: 'ES',
  language: 'es',
  notes: '',
  accept_terms: true,
};
const ctx = { pickupEnabled: true, seatsLeft: 12, seats: 3 };

describe('new booking form validation (spec §5 messages)', () => {
  it('a complete form passes', () => {
    expect(validateNewBooking(valid, ctx)).toEqual({});
  });

  it('"Campo requerido" for the empty customer fields and the pickup', () => {
    const e = validateNewBooking(
      { ...valid, customer_name: ' ', customer_email: '', customer_phone: '', pickup: '' },
      ctx,
    );
    expect(e).toMatchObject({
      customer_name: REQUIRED,
      customer_email: REQUIRED,
      customer_phone: REQUIRED,
      pickup: REQUIRED,
    });
  });

  it("the spec's e-mail message for an address without the shape text@text.text", () => {
    for (const bad of ['lucia', 'lucia@example', 'lucia @example.com', '@example.com']) {
      expect(validateNewBooking({ ...valid, customer_email: bad }, ctx).customer_email).toBe(EMAIL);
    }
    expect(validateNewBooking({ ...valid, customer_email: 'a@b.c' }, ctx).customer_email).toBeUndefined();
  });

  it('date, time, passengers and terms', () => {
    expect(validateNewBooking({ ...valid, date: '', time: '' }, ctx)).toMatchObject({ date: 'Elige una fecha' });
    expect(validateNewBooking({ ...valid, time: '' }, ctx)).toMatchObject({ time: 'Elige una hora' });
    expect(validateNewBooking({ ...valid, pax: { adult: 0 } }, ctx).pax).toBe('Indica al menos un pasajero');
    expect(validateNewBooking(valid, { ...ctx, seatsLeft: 2 }).pax).toBe('Solo quedan 2 plazas en esta salida');
    expect(validateNewBooking(valid, { ...ctx, seatsLeft: 1 }).pax).toBe('Solo queda 1 plaza en esta salida');
    expect(validateNewBooking({ ...valid, accept_terms: false }, ctx).accept_terms).toBe(
      'Debes aceptar las condiciones',
    );
  });

  it('no pickup needed when the product does not pick up', () => {
    expect(validateNewBooking({ ...valid, pickup: '' }, { ...ctx, pickupEnabled: false })).toEqual({});
  });
});

describe('existing booking form validation', () => {
  const c = { customer_name: 'Ana', customer_email: '', customer_phone: '', accept_terms: false };
  it('saving needs only the name; a given e-mail must be valid', () => {
    expect(validateCustomer(c, false)).toEqual({});
    expect(validateCustomer({ ...c, customer_name: '' }, false)).toEqual({ customer_name: REQUIRED });
    expect(validateCustomer({ ...c, customer_email: 'x@' }, false)).toEqual({ customer_email: EMAIL });
  });
  it('confirming also needs e-mail, phone and the terms', () => {
    expect(validateCustomer(c, true)).toEqual({
      customer_email: REQUIRED,
      customer_phone: REQUIRED,
      accept_terms: 'Debes aceptar las condiciones',
    });
  });
});

describe('server 422 errors onto the form fields', () => {
  it('maps pax.*, accommodation_id and keeps the rest by name', () => {
    expect(
      fieldErrorsFromServer({
        'pax.child': ['Este tipo de pasajero no se ofrece en esa fecha'],
        accommodation_id: ['Este alojamiento no es una recogida de la excursión'],
        customer_email: [EMAIL, 'otro'],
        accept_terms: ['Debes aceptar las condiciones'],
      }),
    ).toEqual({
      pax: 'Este tipo de pasajero no se ofrece en esa fecha',
      pickup: 'Este alojamiento no es una recogida de la excursión',
      customer_email: EMAIL,
      accept_terms: 'Debes aceptar las condiciones',
    });
    expect(fieldErrorsFromServer(undefined)).toEqual({});
  });
});
