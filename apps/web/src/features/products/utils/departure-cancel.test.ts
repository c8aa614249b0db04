import { DEPARTURE_CANCEL_REASONS, MSG } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  bookingsAndPax,
  departureStarted,
  NEXT_STEPS_BY_REASON,
  nextStepsAfterReason,
  validateCancelDeparture,
} from './departure-cancel';

describe('cancelling a departure (issue 14)', () => {
  it('every reason prefills what happens next; weather offers the refund or another date', () => {
    for (const r of DEPARTURE_CANCEL_REASONS) expect(NEXT_STEPS_BY_REASON[r].length).toBeGreaterThan(20);
    expect(NEXT_STEPS_BY_REASON.weather).toBe(
      'Te devolveremos el importe íntegro en los próximos días. Si prefieres cambiar de fecha, responde a este correo y te buscamos otra salida.',
    );
  });

  it("a new reason replaces a prefilled (or empty) text, never staff's own words", () => {
    expect(nextStepsAfterReason('min_pax', NEXT_STEPS_BY_REASON.weather)).toBe(NEXT_STEPS_BY_REASON.min_pax);
    expect(nextStepsAfterReason('weather', '  ')).toBe(NEXT_STEPS_BY_REASON.weather);
    const own = 'Te llamamos mañana para darte otra fecha.';
    expect(nextStepsAfterReason('min_pax', own)).toBe(own);
  });

  it("the departure has started from its start time in the operator's zone (the API refuses then)", () => {
    // 10:00 UTC is 10:00 in Canarias (winter) and 11:00 in Madrid.
    const now = new Date('2026-11-24T10:00:00Z');
    expect(departureStarted('2026-11-24', '10:00', 'Atlantic/Canary', now)).toBe(true);
    expect(departureStarted('2026-11-24', '10:30', 'Atlantic/Canary', now)).toBe(false);
    expect(departureStarted('2026-11-24', '10:30', 'Europe/Madrid', now)).toBe(true);
    expect(departureStarted('2026-11-23', '18:00', 'Atlantic/Canary', now)).toBe(true);
    expect(departureStarted('2026-11-25', '08:00', 'Atlantic/Canary', now)).toBe(false);
  });

  it('checks with the shared contract: what happens next is required, the note has a limit', () => {
    const slot = { date: '2026-11-25', time: '09:00' };
    expect(
      validateCancelDeparture(slot, { reason: 'weather', next_steps: 'Te devolvemos el importe.', note: '' }),
    ).toEqual({});
    expect(validateCancelDeparture(slot, { reason: 'weather', next_steps: '   ', note: '' })).toEqual({
      next_steps: MSG.required,
    });
    expect(validateCancelDeparture(slot, { reason: 'other', next_steps: 'x', note: 'n'.repeat(501) }).note).toBe(
      MSG.tooLong(500),
    );
  });

  it('says the bookings and their passengers in Spanish plurals', () => {
    expect(bookingsAndPax(1, 1)).toBe('1 reserva (1 pasajero)');
    expect(bookingsAndPax(3, 8)).toBe('3 reservas (8 pasajeros)');
    expect(bookingsAndPax(2, null)).toBe('2 reservas');
  });
});
