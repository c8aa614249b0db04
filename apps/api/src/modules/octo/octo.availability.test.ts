/** The channel's view of a departure and of a day (pure rules, ADR 023). */
import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '../departures/availability';
import { calendarDay, channelSlot, localDateTime, offsetOf, wallDateTime } from './octo.availability';

const NOW = new Date('2026-11-25T10:00:00Z');
const slot = (over: Partial<AvailabilitySlot> = {}): AvailabilitySlot => ({
  date: '2026-12-01',
  time: '09:00',
  capacity: 10,
  seats_taken: 0,
  seats_left: 10,
  available: true,
  closed: false,
  departure_id: null,
  ...over,
});
const view = (
  s: Partial<AvailabilitySlot>,
  extra: { allotment?: number | null; held?: number; cutoff?: number } = {},
) =>
  channelSlot({
    slot: slot(s),
    timeZone: 'Atlantic/Canary',
    bookingCutoffHours: extra.cutoff ?? 0,
    now: NOW,
    allotment: extra.allotment ?? null,
    heldByChannel: extra.held ?? 0,
  });

describe('times', () => {
  it("ids and times carry the operator's offset that day (winter and summer)", () => {
    expect(localDateTime('2026-12-01', '09:00', 'Atlantic/Canary').iso).toBe('2026-12-01T09:00:00+00:00');
    expect(localDateTime('2026-07-01', '09:00', 'Atlantic/Canary').iso).toBe('2026-07-01T09:00:00+01:00');
    expect(localDateTime('2026-07-01', '09:00', 'Europe/Madrid').iso).toBe('2026-07-01T09:00:00+02:00');
    expect(offsetOf('America/St_Johns', new Date('2026-12-01T12:00:00Z'))).toBe('-03:30');
    expect(wallDateTime(new Date('2026-12-01T23:30:00Z'), 'Europe/Madrid')).toBe('2026-12-02T00:30:00+01:00');
  });
});

describe('a departure as a channel sees it', () => {
  it('AVAILABLE, LIMITED at 20 % or less of the capacity, SOLD_OUT, CLOSED', () => {
    expect(view({ seats_left: 3 })).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 3 });
    expect(view({ seats_left: 2 })).toMatchObject({ status: 'LIMITED', available: true, vacancies: 2 });
    expect(view({ seats_left: 0, available: false })).toMatchObject({ status: 'SOLD_OUT', available: false });
    expect(view({ closed: true, available: false })).toMatchObject({ status: 'CLOSED', vacancies: 0 });
  });

  it('past the sale cut-off or started: CLOSED', () => {
    expect(view({ date: '2026-11-25', time: '09:00' })).toMatchObject({ status: 'CLOSED', vacancies: 0 });
    expect(view({ date: '2026-11-26', time: '09:00' }, { cutoff: 24 })).toMatchObject({ status: 'CLOSED' });
    expect(view({ date: '2026-11-26', time: '11:00' }, { cutoff: 24 })).toMatchObject({ status: 'AVAILABLE' });
  });

  it('the allotment caps the seats, less what the channel holds; LIMITED against the allotment', () => {
    expect(view({ seats_left: 10 }, { allotment: 5 })).toMatchObject({
      vacancies: 5,
      capacity: 5,
      status: 'AVAILABLE',
    });
    expect(view({ seats_left: 10 }, { allotment: 5, held: 4 })).toMatchObject({ vacancies: 1, status: 'LIMITED' });
    expect(view({ seats_left: 10 }, { allotment: 5, held: 7 })).toMatchObject({ vacancies: 0, status: 'SOLD_OUT' });
    expect(view({ seats_left: 2 }, { allotment: 5 })).toMatchObject({ vacancies: 2, capacity: 5, status: 'AVAILABLE' });
    expect(view({ seats_left: 3 }, { allotment: 0 })).toMatchObject({ vacancies: 0, status: 'SOLD_OUT' });
  });

  it('asked units: SOLD_OUT where they do not fit, CLOSED where one is not sold that day', () => {
    const at = (request: { seats: number; offered: boolean }) =>
      channelSlot({
        slot: slot({ seats_left: 4 }),
        timeZone: 'Atlantic/Canary',
        bookingCutoffHours: 0,
        now: NOW,
        allotment: null,
        heldByChannel: 0,
        request,
      });
    expect(at({ seats: 4, offered: true })).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 4 });
    expect(at({ seats: 5, offered: true })).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 4 });
    expect(at({ seats: 1, offered: false })).toMatchObject({ status: 'CLOSED', available: false });
  });
});

describe('a day of the calendar', () => {
  it('its best departure; vacancies the most of its open ones, capacity their sum; none: CLOSED', () => {
    const a = view({ time: '09:00', seats_left: 0, available: false });
    const b = view({ time: '12:00', seats_left: 2 });
    const c = view({ time: '18:00', closed: true, available: false });
    expect(calendarDay([a, b, c])).toEqual({ status: 'LIMITED', available: true, vacancies: 2, capacity: 20 });
    expect(calendarDay([a, c])).toEqual({ status: 'SOLD_OUT', available: false, vacancies: 0, capacity: 10 });
    expect(calendarDay([c])).toEqual({ status: 'CLOSED', available: false, vacancies: 0, capacity: 0 });
    expect(calendarDay([])).toEqual({ status: 'CLOSED', available: false, vacancies: 0, capacity: 0 });
  });
});
