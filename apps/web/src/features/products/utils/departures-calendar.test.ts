import type { TAvailabilitySlot } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  buildMonthGrid,
  gridRange,
  isoWeekday,
  monthSummary,
  shiftMonth,
  slotTone,
  todayIso,
} from './departures-calendar';

const slot = (date: string, time: string, over: Partial<TAvailabilitySlot> = {}): TAvailabilitySlot => ({
  date,
  time,
  capacity: 50,
  seats_taken: 0,
  seats_left: 50,
  available: true,
  closed: false,
  departure_id: null,
  ...over,
});

describe('availability calendar (spec §9: the week starts on Monday)', () => {
  it('a month grid covers whole weeks from Monday to Sunday', () => {
    // July 2026 starts on a Wednesday and ends on a Friday.
    expect(gridRange('2026-07')).toEqual({ from: '2026-06-29', to: '2026-08-02' });
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(gridRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(isoWeekday('2026-06-29')).toBe(1);
    expect(isoWeekday('2026-08-02')).toBe(7);
  });

  it('groups the departures by day, each day in time order, and flags closed dates, today and the past', () => {
    const slots = [
      slot('2026-07-01', '15:30'),
      slot('2026-07-01', '09:00', { seats_left: 5, seats_taken: 45 }),
      slot('2026-07-03', '09:00', { closed: true, available: false }),
    ];
    const weeks = buildMonthGrid('2026-07', slots, { today: '2026-07-02', closedDates: ['2026-07-25'] });
    expect(weeks).toHaveLength(5);
    for (const w of weeks) expect(w.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const days = weeks.flat();
    expect(days[0]).toMatchObject({ date: '2026-06-29', inMonth: false, isPast: true });
    const first = days.find((d) => d.date === '2026-07-01');
    expect(first?.slots.map((s) => s.time)).toEqual(['09:00', '15:30']);
    expect(first?.isPast).toBe(true);
    expect(days.find((d) => d.date === '2026-07-02')).toMatchObject({ isToday: true, isPast: false, slots: [] });
    expect(days.find((d) => d.date === '2026-07-25')?.isClosedDate).toBe(true);
    expect(days.at(-1)).toMatchObject({ date: '2026-08-02', inMonth: false });
  });

  it('tells open, nearly full, full and closed departures apart', () => {
    expect(slotTone(slot('2026-07-01', '09:00'))).toBe('available');
    expect(slotTone(slot('2026-07-01', '09:00', { seats_left: 10 }))).toBe('low');
    expect(slotTone(slot('2026-07-01', '09:00', { seats_left: 0, available: false }))).toBe('full');
    expect(slotTone(slot('2026-07-01', '09:00', { closed: true, seats_left: 50 }))).toBe('closed');
  });

  it('sums the month (not the days of the weeks around it)', () => {
    const slots = [
      slot('2026-06-30', '09:00', { seats_taken: 10, seats_left: 40 }),
      slot('2026-07-01', '09:00', { seats_taken: 45, seats_left: 5 }),
      slot('2026-07-02', '09:00', { closed: true, seats_left: 50 }),
      slot('2026-07-03', '09:00'),
    ];
    expect(monthSummary(slots, '2026-07')).toEqual({ departures: 2, closed: 1, seatsLeft: 55, seatsTaken: 45 });
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    // Today is the user's operator's day (Madrid until /auth/me says otherwise), not the browser's.
    expect(todayIso(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});
