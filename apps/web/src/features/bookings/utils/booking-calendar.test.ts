import type { TAvailabilitySlot, TBookingCalendarDay, TBookingCalendarEntry } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildMonthDays,
  buildMonthGrid,
  buildWeek,
  calendarRange,
  calendarSummary,
  dayAvailability,
  groupByDate,
  isIsoDate,
  monthDaysSummary,
  occupancyTone,
  shiftAnchor,
  slotStatus,
  startOfWeek,
} from './booking-calendar';

const entry = (over: Partial<TBookingCalendarEntry>): TBookingCalendarEntry => ({
  departure_id: null,
  product_id: 'p1',
  product_name: 'Subida al Teide',
  date: '2026-11-24',
  time: '09:00',
  capacity: 50,
  seats_taken: 0,
  seats_left: 50,
  bookings_count: 0,
  pax_total: 0,
  closed: false,
  available: true,
  ...over,
});

const slot = (over: Partial<TAvailabilitySlot>): TAvailabilitySlot => ({
  date: '2026-11-24',
  time: '09:00',
  capacity: 50,
  seats_taken: 0,
  seats_left: 50,
  available: true,
  closed: false,
  departure_id: null,
  ...over,
});

describe('calendar arithmetic (weeks start on Monday)', () => {
  it('dates', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // a Sunday → its Monday
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('month and week ranges, and moving them', () => {
    expect(calendarRange('month', '2026-11-22')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(calendarRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(shiftAnchor('week', '2026-11-25', 1)).toBe('2026-11-30');
    expect(shiftAnchor('month', '2026-11-25', -1)).toBe('2026-10-01');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
  });

  it('groups departures by day, in time then product order', () => {
    const byDate = groupByDate([
      entry({ time: '15:30' }),
      entry({ time: '09:00', product_name: 'Masca' }),
      entry({ time: '09:00', product_name: 'Loro Parque' }),
      entry({ date: '2026-11-25' }),
    ]);
    expect([...byDate.keys()]).toEqual(['2026-11-24', '2026-11-25']);
    expect(byDate.get('2026-11-24')?.map((e) => `${e.time} ${e.product_name}`)).toEqual([
      '09:00 Loro Parque',
      '09:00 Masca',
      '15:30 Subida al Teide',
    ]);
  });

  it('a month grid of whole weeks with each day’s departures', () => {
    const weeks = buildMonthGrid('2026-11', [entry({}), entry({ date: '2026-11-24', time: '15:00' })], '2026-11-22');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const days = weeks.flat();
    expect(days[0]).toMatchObject({ date: '2026-10-26', inMonth: false, isPast: true });
    expect(days.find((d) => d.date === '2026-11-22')).toMatchObject({ isToday: true, weekday: 7 });
    expect(days.find((d) => d.date === '2026-11-24')?.items).toHaveLength(2);
  });

  it('a week of seven days', () => {
    const week = buildWeek('2026-11-26', [entry({ date: '2026-11-29' })], '2026-11-26');
    expect(week.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(week[6]?.items).toHaveLength(1);
    expect(week[3]?.isToday).toBe(true);
  });

  it('colour by occupancy', () => {
    expect(occupancyTone(entry({ closed: true, seats_taken: 10, seats_left: 40 }))).toBe('closed');
    expect(occupancyTone(entry({ seats_taken: 50, seats_left: 0 }))).toBe('full');
    expect(occupancyTone(entry({}))).toBe('empty');
    expect(occupancyTone(entry({ seats_taken: 10, seats_left: 40 }))).toBe('low');
    expect(occupancyTone(entry({ seats_taken: 25, seats_left: 25 }))).toBe('mid');
    expect(occupancyTone(entry({ seats_taken: 45, seats_left: 5 }))).toBe('high');
  });

  it('summary of a range', () => {
    const s = calendarSummary(
      [
        entry({ seats_taken: 10, seats_left: 40, pax_total: 11, bookings_count: 3 }),
        entry({ closed: true, seats_left: 50 }),
        entry({ date: '2026-12-10', seats_taken: 5, seats_left: 45 }),
      ],
      '2026-11-01',
      '2026-11-30',
    );
    expect(s).toEqual({ departures: 1, pax: 11, seatsTaken: 10, seatsLeft: 40, bookings: 3 });
  });

  it('a departure for the form: open, past the cut-off, full, closed or started', () => {
    expect(slotStatus(slot({}), '2026-11-22')).toBe('open');
    expect(slotStatus(slot({ available: false }), '2026-11-22')).toBe('cutoff');
    expect(slotStatus(slot({ available: false, seats_left: 0 }), '2026-11-22')).toBe('full');
    expect(slotStatus(slot({ available: false, closed: true }), '2026-11-22')).toBe('closed');
    expect(slotStatus(slot({ available: false, date: '2026-11-20' }), '2026-11-22')).toBe('past');
    expect(slotStatus(slot({ available: false, date: '2026-11-22', time: '09:00' }), '2026-11-22', '10:15')).toBe(
      'past',
    );
    expect(slotStatus(slot({ available: false, date: '2026-11-22', time: '18:00' }), '2026-11-22', '10:15')).toBe(
      'cutoff',
    );
  });

  it('days of the form calendar: seats of what can be chosen; staff may choose past the cut-off', () => {
    const slots = [
      slot({ date: '2026-11-24', time: '09:00', seats_left: 12 }),
      slot({ date: '2026-11-24', time: '15:00', seats_left: 0, available: false }),
      slot({ date: '2026-11-23', time: '09:00', seats_left: 30, available: false }),
      slot({ date: '2026-11-25', time: '09:00', closed: true, available: false }),
      slot({ date: '2026-11-26', time: '09:00', seats_left: 0, available: false }),
    ];
    const seller = dayAvailability(slots, { today: '2026-11-22', canOverrideCutoff: false });
    expect(seller.get('2026-11-24')).toMatchObject({ seatsLeft: 12, selectable: true, state: 'open' });
    expect(seller.get('2026-11-23')).toMatchObject({ selectable: false, state: 'cutoff' });
    expect(seller.get('2026-11-25')).toMatchObject({ selectable: false, state: 'closed' });
    expect(seller.get('2026-11-26')).toMatchObject({ selectable: false, state: 'full' });
    const staff = dayAvailability(slots, { today: '2026-11-22', canOverrideCutoff: true });
    expect(staff.get('2026-11-23')).toMatchObject({ seatsLeft: 30, selectable: true, state: 'cutoff' });
  });
});

describe('the month view from its days (GET /bookings/calendar/days)', () => {
  const dayOf = (date: string, over: Partial<TBookingCalendarDay> = {}): TBookingCalendarDay => ({
    date,
    departures: 5,
    closed: 1,
    capacity: 200,
    seats_taken: 60,
    seats_left: 150,
    bookings: 20,
    pax: 70,
    first_departures: [entry({ date, time: '08:00' }), entry({ date, time: '09:00' }), entry({ date, time: '10:00' })],
    ...over,
  });

  it('puts each day on its cell of the Monday-first grid, its first departures as items', () => {
    const weeks = buildMonthDays('2026-11', [dayOf('2026-11-24'), dayOf('2026-10-31')], '2026-11-20');
    const days = weeks.flat();
    expect(days[0]?.date).toBe('2026-10-26');
    const tuesday = days.find((d) => d.date === '2026-11-24');
    expect(tuesday?.figures?.departures).toBe(5);
    expect(tuesday?.items.map((e) => e.time)).toEqual(['08:00', '09:00', '10:00']);
    // A day of the weeks around keeps its figures (the grid draws them), a day without any has none.
    expect(days.find((d) => d.date === '2026-10-31')).toMatchObject({ inMonth: false, figures: { departures: 5 } });
    expect(days.find((d) => d.date === '2026-11-25')).toMatchObject({ figures: null, items: [] });
  });

  it("adds up the month's own days: open departures, passengers, seats left", () => {
    const days = [dayOf('2026-10-31'), dayOf('2026-11-02'), dayOf('2026-11-30', { closed: 0, pax: 5, seats_left: 7 })];
    expect(monthDaysSummary(days, '2026-11')).toEqual({ departures: 9, pax: 75, seatsLeft: 157 });
    expect(monthDaysSummary([], '2026-11')).toEqual({ departures: 0, pax: 0, seatsLeft: 0 });
  });
});
