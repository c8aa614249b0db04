/**
 * The month view of a product's departures: components/month-grid's Monday-first grid with each
 * day's departures in time order, the colour of a departure and the month's figures.
 */
import type { TAvailabilitySlot } from '@trayecto/shared';
import { groupByDate, monthGridDays, monthOf, type TMonthGridDay } from '../../../components/month-grid';

export { gridRange, isoWeekday, monthOf, shiftMonth } from '../../../components/month-grid';

export type TSlotTone = 'closed' | 'full' | 'low' | 'available';

export type TCalendarDay = TMonthGridDay & {
  /** One of the product's closed dates. */
  isClosedDate: boolean;
  slots: TAvailabilitySlot[];
};

/** Whole weeks, Monday first, covering the month. */
export function buildMonthGrid(
  month: string,
  slots: readonly TAvailabilitySlot[],
  opts: { today: string; closedDates?: readonly string[] },
): TCalendarDay[][] {
  const byDate = groupByDate(slots);
  const closed = new Set(opts.closedDates ?? []);
  return monthGridDays(month, opts.today).map((week) =>
    week.map((d) => ({ ...d, isClosedDate: closed.has(d.date), slots: byDate.get(d.date) ?? [] })),
  );
}

/** How a departure looks: closed by staff, sold out, few seats left (≤ 20 %), or open. */
export function slotTone(slot: Pick<TAvailabilitySlot, 'closed' | 'seats_left' | 'capacity'>): TSlotTone {
  if (slot.closed) return 'closed';
  if (slot.seats_left <= 0) return 'full';
  if (slot.capacity > 0 && slot.seats_left / slot.capacity <= 0.2) return 'low';
  return 'available';
}

/** Figures for the month's header: departures, open seats, booked pax, closed departures. */
export function monthSummary(slots: readonly TAvailabilitySlot[], month: string) {
  const inMonth = slots.filter((s) => monthOf(s.date) === month);
  return {
    departures: inMonth.filter((s) => !s.closed).length,
    closed: inMonth.filter((s) => s.closed).length,
    seatsLeft: inMonth.reduce((n, s) => n + (s.closed ? 0 : Math.max(0, s.seats_left)), 0),
    seatsTaken: inMonth.reduce((n, s) => n + Math.max(0, s.seats_taken ?? s.capacity - s.seats_left), 0),
  };
}

export { todayIso } from '../../../lib/dates';
