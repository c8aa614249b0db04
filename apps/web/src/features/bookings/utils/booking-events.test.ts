import { describe, expect, it } from 'vitest';
import { eventView } from './booking-events';

describe('history lines', () => {
  it('the server’s summary is the title', () => {
    expect(
      eventView({
        type: 'state_changed',
        summary: 'Estado: Pendiente → Confirmada',
        data: { from: 'pending', to: 'confirmed' },
      }),
    ).toEqual({ title: 'Estado: Pendiente → Confirmada', detail: '', color: 'green' });
  });

  it('without a summary the type and data say it', () => {
    expect(eventView({ type: 'state_changed', data: { from: 'pending', to: 'confirmed' } }).title).toBe(
      'Estado: Pendiente → Confirmada',
    );
    expect(eventView({ type: 'payment', data: { amount_cents: 2000, method: 'cash' } })).toMatchObject({
      title: 'Cobro de 20,00 €',
      detail: 'Efectivo',
      color: 'teal',
    });
    expect(eventView({ type: 'refund', data: { amount_cents: 1500, method: 'card' } }).title).toBe(
      'Reembolso de 15,00 €',
    );
    expect(eventView({ type: 'cancelled', data: { reason: 'Enfermedad' } })).toMatchObject({
      title: 'Reserva cancelada',
      detail: 'Enfermedad',
      color: 'red',
    });
    expect(
      eventView({ type: 'updated', data: { changes: { customer_phone: {}, date: {}, version: {} } } }).detail,
    ).toBe('Cambios: teléfono, fecha');
    expect(eventView({ type: 'something_new', data: {} }).title).toBe('Something new');
  });
});
