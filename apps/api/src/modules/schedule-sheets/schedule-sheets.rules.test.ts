import { describe, expect, it } from 'vitest';
import {
  canSheetTransition,
  checkInClosedMessage,
  checkInWindow,
  DEFAULT_DURATION_MINUTES,
  intervalsOverlap,
  localTime,
  overCapacityMessage,
  overlapMessage,
  overrideReasonMessage,
  parseCheckInCode,
  pickupWithoutTimeMessage,
  sheetInterval,
  sheetTransitionMessage,
  unavailableMessage,
} from './schedule-sheets.rules';

const at = (iso: string) => new Date(iso);

describe('sheet interval', () => {
  it('starts at the departure in the operator time zone and lasts the product duration', () => {
    // Canary Islands in July: UTC+1.
    const { startsAt, endsAt } = sheetInterval('2026-07-01', '09:00', 480, 'Atlantic/Canary');
    expect(startsAt.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('a product without duration occupies one hour', () => {
    const { startsAt, endsAt } = sheetInterval('2026-01-15', '18:00', 0, 'Europe/Madrid');
    expect(endsAt.getTime() - startsAt.getTime()).toBe(DEFAULT_DURATION_MINUTES * 60_000);
    expect(startsAt.toISOString()).toBe('2026-01-15T17:00:00.000Z');
  });
});

describe('overlaps are half-open', () => {
  const a = { startsAt: at('2026-07-01T08:00:00Z'), endsAt: at('2026-07-01T12:00:00Z') };
  it('ending exactly when the other starts is not an overlap', () => {
    expect(intervalsOverlap(a, { startsAt: at('2026-07-01T12:00:00Z'), endsAt: at('2026-07-01T15:00:00Z') })).toBe(
      false,
    );
    expect(intervalsOverlap({ startsAt: at('2026-07-01T05:00:00Z'), endsAt: at('2026-07-01T08:00:00Z') }, a)).toBe(
      false,
    );
  });
  it('a minute in common is', () => {
    expect(intervalsOverlap(a, { startsAt: at('2026-07-01T11:59:00Z'), endsAt: at('2026-07-01T15:00:00Z') })).toBe(
      true,
    );
    expect(intervalsOverlap(a, { startsAt: at('2026-07-01T09:00:00Z'), endsAt: at('2026-07-01T10:00:00Z') })).toBe(
      true,
    );
  });
});

describe('state machine', () => {
  it('draft → ready → in_progress → done, ready back to draft, nothing after done', () => {
    expect(canSheetTransition('draft', 'ready')).toBe(true);
    expect(canSheetTransition('ready', 'draft')).toBe(true);
    expect(canSheetTransition('ready', 'in_progress')).toBe(true);
    expect(canSheetTransition('in_progress', 'done')).toBe(true);
    expect(canSheetTransition('draft', 'in_progress')).toBe(false);
    expect(canSheetTransition('in_progress', 'ready')).toBe(false);
    expect(canSheetTransition('done', 'in_progress')).toBe(false);
  });
  it('the refusal names both states in Spanish and what is allowed', () => {
    expect(sheetTransitionMessage('draft', 'in_progress')).toBe(
      'No se puede pasar una hoja de «Borrador» a «En curso»: desde «Borrador» solo se puede pasar a «Confirmada»',
    );
    expect(sheetTransitionMessage('ready', 'done')).toBe(
      'No se puede pasar una hoja de «Confirmada» a «Finalizada»: desde «Confirmada» solo se puede pasar a «Borrador» o «En curso»',
    );
    expect(sheetTransitionMessage('done', 'draft')).toBe(
      'No se puede pasar una hoja de «Finalizada» a «Borrador»: una hoja «Finalizada» ya no cambia de estado',
    );
  });
});

describe('check-in codes', () => {
  const id = '3f2b8c1e-4d5a-4b6c-9d7e-8f9a0b1c2d3e';
  it('a locator in any case, with or without dash and spaces', () => {
    for (const code of ['TRY-7K2QF9', 'try-7k2qf9', ' Try-7K2qf9 ', 'try7k2qf9', 'TRY 7K2 QF9']) {
      expect(parseCheckInCode(code)).toEqual({ kind: 'locator', locator: 'TRY-7K2QF9', method: 'locator' });
    }
  });
  it('the voucher QR: the absolute URL of the public voucher, any host, with or without query', () => {
    for (const code of [
      `https://reservas.teideaventura.es/public/landing/booking-voucher/${id}`,
      `http://localhost:3000/public/landing/booking-voucher/${id.toUpperCase()}?print=1`,
      `/public/landing/booking-voucher/${id}/`,
    ]) {
      expect(parseCheckInCode(code)).toEqual({ kind: 'id', id, method: 'scan' });
    }
  });
  it('a bare booking id', () => {
    expect(parseCheckInCode(id.toUpperCase())).toEqual({ kind: 'id', id, method: 'scan' });
  });
  it('anything else is not a code', () => {
    for (const code of [
      '',
      'hola',
      'TRY-7K2QF',
      'TRY-7K2QF9X',
      `https://example.com/public/booking/${id}`,
      `${id}x`,
      "TRY-7K2QF9' or 1=1 --",
      `https://example.com/public/landing/booking-voucher/${id}x`,
    ]) {
      expect(parseCheckInCode(code)).toBeNull();
    }
  });
});

describe('sentences', () => {
  const other = { productName: 'Masca', date: '2026-07-01', time: '08:00', endsAt: at('2026-07-01T14:00:00Z') };
  it('overlaps name the resource and the other sheet with its local times', () => {
    expect(overlapMessage('vehicle', '4821KLM', other, 'Atlantic/Canary')).toBe(
      'El vehículo 4821KLM ya está en «Masca» (01/07/2026, 08:00–15:00)',
    );
    expect(overlapMessage('driver', 'Antonio', other, 'Atlantic/Canary')).toBe(
      'El chofer Antonio ya está en «Masca» (01/07/2026, 08:00–15:00)',
    );
    expect(overlapMessage('guide', 'Sara', other, 'Atlantic/Canary')).toMatch(/^El guía Sara ya está en «Masca»/);
    expect(overlapMessage('person', 'Inés Barroso', other, 'Atlantic/Canary')).toMatch(/^Inés Barroso ya está en/);
  });
  it('unavailability and over-capacity', () => {
    expect(unavailableMessage('6617KZD', { from: '2026-07-01', to: '2026-07-05', reason: 'Taller' })).toBe(
      'El vehículo 6617KZD no está disponible ese día (Taller, del 01/07/2026 al 05/07/2026)',
    );
    expect(unavailableMessage('6617KZD', { from: '2026-07-01', to: '2026-07-01', reason: '' })).toBe(
      'El vehículo 6617KZD no está disponible ese día (el 01/07/2026)',
    );
    expect(overCapacityMessage(9, { plate: '2156MCD', seats: 8 })).toBe(
      'Hay 9 plazas ocupadas y el vehículo 2156MCD solo tiene 8',
    );
  });
  it('local time of an instant', () => {
    expect(localTime(at('2026-12-01T23:30:00Z'), 'Europe/Madrid')).toBe('00:30');
  });
});

describe('check-in window: the departure day in the operator time zone', () => {
  // A tour on 26 Nov 2026 in Tenerife (UTC+0 in winter), 09:00–17:00.
  const sheet = { date: '2026-11-26', endsAt: at('2026-11-26T17:00:00Z') };
  const tz = 'Atlantic/Canary';

  it('before its day: closed; on its day: open from midnight to midnight; then closed', () => {
    expect(checkInWindow(sheet, tz, at('2026-11-23T10:00:00Z'))).toBe('before');
    expect(checkInWindow(sheet, tz, at('2026-11-25T23:59:00Z'))).toBe('before');
    expect(checkInWindow(sheet, tz, at('2026-11-26T00:00:00Z'))).toBe('open');
    expect(checkInWindow(sheet, tz, at('2026-11-26T23:59:00Z'))).toBe('open');
    expect(checkInWindow(sheet, tz, at('2026-11-27T00:00:00Z'))).toBe('after');
  });

  it('"today" is the operator’s, not the server’s: 23:30 in Madrid is still the 25th in Tenerife… and in Tokyo already the 26th', () => {
    const madridSheet = { date: '2026-11-26', endsAt: at('2026-11-26T16:00:00Z') };
    // 2026-11-25T22:30Z = 23:30 in Madrid (UTC+1) and 22:30 in Tenerife.
    expect(checkInWindow(madridSheet, 'Europe/Madrid', at('2026-11-25T22:30:00Z'))).toBe('before');
    expect(checkInWindow(madridSheet, 'Europe/Madrid', at('2026-11-25T23:30:00Z'))).toBe('open');
    expect(checkInWindow(madridSheet, 'Asia/Tokyo', at('2026-11-25T15:30:00Z'))).toBe('open');
  });

  it('a tour running past midnight stays open until it ends', () => {
    const night = { date: '2026-11-26', endsAt: at('2026-11-27T01:30:00Z') };
    expect(checkInWindow(night, tz, at('2026-11-27T01:00:00Z'))).toBe('open');
    expect(checkInWindow(night, tz, at('2026-11-27T01:30:00Z'))).toBe('after');
  });

  it('the messages name the departure day', () => {
    expect(checkInClosedMessage('before', '2026-11-26')).toBe(
      'El embarque de esta hoja se abre el 26/11/2026, el día de la salida',
    );
    expect(checkInClosedMessage('after', '2026-11-22')).toBe(
      'La salida fue el 22/11/2026 y el embarque ya está cerrado: si falta alguien, pide a la oficina que lo registre',
    );
    expect(overrideReasonMessage('before', '2026-11-26')).toBe(
      'La salida es el 26/11/2026: para embarcar antes de ese día, indica el motivo',
    );
    expect(overrideReasonMessage('after', '2026-11-22')).toBe(
      'La salida fue el 22/11/2026: para registrar un embarque atrasado, indica el motivo',
    );
  });
});

describe('pickups without a time', () => {
  it('names the stop and the bookings (at most three, then how many more)', () => {
    expect(
      pickupWithoutTimeMessage('Parada Loro Parque', [{ customerName: 'Luca Rossi', locator: 'TRY-7K2QF9' }]),
    ).toBe('Sin hora de recogida en «Parada Loro Parque»: Luca Rossi (TRY-7K2QF9). Indícala en la reserva');
    const many = ['A', 'B', 'C', 'D', 'E'].map((n, i) => ({ customerName: n, locator: `TRY-00000${i}` }));
    expect(pickupWithoutTimeMessage('Hotel X', many)).toBe(
      'Sin hora de recogida en «Hotel X»: A (TRY-000000), B (TRY-000001), C (TRY-000002) y 2 más. Indícala en las reservas',
    );
  });
});
