import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { conflictKind, mapBookingServerErrors } from './booking-errors';

describe('booking error answers', () => {
  /** An answer as the API gives it: `{ code, message, errors }`. */
  const answer = (status: number, code: string, message: string, errors: Record<string, string[]> = {}) =>
    new ApiError(status, message, errors, { code, message, errors });

  it('409: no seats, stale edit, or another conflict', () => {
    expect(conflictKind(answer(409, 'NO_SEATS', NO_SEATS_MESSAGE, { pax: ['Solo quedan 2 plazas'] }))).toBe('no_seats');
    expect(
      conflictKind(
        answer(409, 'STALE_VERSION', 'La reserva ha cambiado; recarga los datos', {
          version: ['La reserva ha cambiado; recarga los datos'],
        }),
      ),
    ).toBe('stale');
    expect(conflictKind(answer(409, 'DEPARTURE_CLOSED', 'Salida cerrada', { time: ['Salida cerrada'] }))).toBe('other');
    expect(conflictKind(answer(422, 'VALIDATION', 'Revisa'))).toBeNull();
  });

  it('issue 13: decides by the code, never by the text of the message', () => {
    // Any wording (another language, a rephrased message) with the right code.
    expect(conflictKind(answer(409, 'NO_SEATS', 'Not enough seats left'))).toBe('no_seats');
    expect(conflictKind(answer(409, 'STALE_VERSION', 'Changed by someone else'))).toBe('stale');
    // "plazas" or "versión" in the text of another conflict is not that conflict.
    expect(
      conflictKind(
        answer(409, 'CAPACITY_BELOW_SOLD', 'No se puede bajar la capacidad por debajo de las plazas vendidas', {
          capacity: ['Quedan 3 plazas vendidas'],
        }),
      ),
    ).toBe('other');
    expect(conflictKind(answer(409, 'STATE_CONFLICT', 'Otra persona ha actualizado la versión'))).toBe('other');
    // An answer without a code (not ours) is just a conflict.
    expect(conflictKind(new ApiError(409, NO_SEATS_MESSAGE, { pax: ['Solo quedan 2 plazas'] }))).toBe('other');
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
