import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { conflictKind, mapBookingServerErrors } from './booking-errors';

describe('booking error answers', () => {
  it('409: no seats, stale edit, or another conflict', () => {
    expect(conflictKind(new ApiError(409, NO_SEATS_MESSAGE, { pax: ['Solo quedan 2 plazas'] }))).toBe('no_seats');
    expect(
      conflictKind(
        new ApiError(409, 'La reserva ha cambiado; recarga los datos', {
          version: ['La reserva ha cambiado; recarga los datos'],
        }),
      ),
    ).toBe('stale');
    expect(conflictKind(new ApiError(409, 'Salida cerrada', { time: ['Salida cerrada'] }))).toBe('other');
    expect(conflictKind(new ApiError(422, 'Revisa', {}))).toBeNull();
  });

  it('422 field errors onto the form (discount in euros, named passengers back to their rows)', () => {
    const { fields, rest } = mapBookingServerErrors(
      {
        customer_email: ['Por favor, introduce una dirección de correo electrónico válida'],
        discount_cents: ['El descuento no puede superar el importe de la reserva'],
        'passengers[1].full_name': ['Campo requerido'],
        'pax.senior': ['Este tipo de pasajero no se ofrece en esa fecha'],
        tour_operator_id: ['El producto es de otro tour operador'],
      },
      [0, 2],
    );
    expect(fields).toEqual({
      customer_email: 'Por favor, introduce una dirección de correo electrónico válida',
      discount: 'El descuento no puede superar el importe de la reserva',
      'passengers.2.full_name': 'Campo requerido',
      'pax.senior': 'Este tipo de pasajero no se ofrece en esa fecha',
    });
    expect(rest).toEqual(['El producto es de otro tour operador']);
  });
});
