import { describe, expect, it } from 'vitest';
import { bookingAccess } from './booking-access';
import { bookingStateActions, hasStarted, isBookingLocked } from './state-actions';

const labels = (state: string, level: number, departureStarted = true) =>
  bookingStateActions(state, bookingAccess([level]), { departureStarted }).map((a) =>
    a.disabledReason ? `${a.label} (desactivado)` : a.label,
  );

describe('state actions follow the state machine and the role (PRODUCT §3, §4)', () => {
  it('staff (0, 1, 3)', () => {
    for (const level of [0, 1, 3]) {
      expect(labels('pending', level)).toEqual(['Confirmar', 'Cancelar reserva']);
      expect(labels('confirmed', level)).toEqual(['Marcar realizada', 'No presentado', 'Cancelar reserva']);
      expect(labels('completed', level)).toEqual([]);
      expect(labels('cancelled', level)).toEqual([]);
      expect(labels('no_show', level)).toEqual([]);
    }
  });

  it('realizada / no presentado wait until the departure has started', () => {
    expect(labels('confirmed', 3, false)).toEqual([
      'Marcar realizada (desactivado)',
      'No presentado (desactivado)',
      'Cancelar reserva',
    ]);
  });

  it('a seller confirms and cancels their bookings, never marks them realizada / no presentado', () => {
    expect(labels('pending', 2)).toEqual(['Confirmar', 'Cancelar reserva']);
    expect(labels('confirmed', 2)).toEqual(['Cancelar reserva']);
  });

  it('drivers and guides read only', () => {
    expect(labels('pending', 4)).toEqual([]);
    expect(labels('confirmed', 5)).toEqual([]);
  });

  it('cancel needs a reason; cancelled bookings are read-only', () => {
    const cancel = bookingStateActions('pending', bookingAccess([1])).find((a) => a.target === 'cancelled');
    expect(cancel?.needsReason).toBe(true);
    expect(isBookingLocked('cancelled')).toBe(true);
    expect(isBookingLocked('completed')).toBe(false);
  });

  it("whether a departure has started, by the clock of its operator's zone (not the browser's)", () => {
    // 10:15 in Tenerife in winter (UTC+0), 11:15 in Madrid.
    const now = new Date('2026-11-22T10:15:00Z');
    expect(hasStarted('2026-11-21', '18:00', now, 'Atlantic/Canary')).toBe(true);
    expect(hasStarted('2026-11-22', '09:00', now, 'Atlantic/Canary')).toBe(true);
    expect(hasStarted('2026-11-22', '11:00', now, 'Atlantic/Canary')).toBe(false);
    expect(hasStarted('2026-11-22', '11:00', now, 'Europe/Madrid')).toBe(true);
    expect(hasStarted('2026-11-23', '08:00', now, 'Atlantic/Canary')).toBe(false);
    // Tokyo's evening is already the next morning there, not here.
    expect(hasStarted('2026-11-23', '08:00', new Date('2026-11-22T23:30:00Z'), 'Atlantic/Canary')).toBe(false);
  });
});
