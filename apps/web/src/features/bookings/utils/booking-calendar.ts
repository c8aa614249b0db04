/**
 * Calendar rules of the bookings screens: month and week views (on components/month-grid's
 * Monday-first arithmetic) with each day's departures, the colour of a departure by its
 * occupancy, and which departures the booking form may sell.
 */
import {
  type TAvailabilitySlot,
  type TBookingCalendarDay,
  type TBookingCalendarEntry,
  wallClockIn,
} from '@trayecto/shared';
import {
  addDays,
  gridRange,
  groupByDate,
  monthGridDays,
  monthOf,
  shiftMonth,
  startOfWeek,
  type TMonthGridDay,
  weekDays,
  weekGridDays,
} from '../../../components/month-grid';
import { getViewerZone } from '../../../lib/time-zone';

export {
  addDays,
  gridRange,
  groupByDate,
  isIsoDate,
  isoWeekday,
  monthOf,
  shiftMonth,
  startOfWeek,
  weekDays,
} from '../../../components/month-grid';

/** The dates a calendar mode shows around an anchor date. */
export function calendarRange(mode: 'month' | 'week', anchor: string): { from: string; to: string } {
  if (mode === 'week') {
    const days = weekDays(anchor);
    return { from: days[0] ?? anchor, to: days[6] ?? anchor };
  }
  return gridRange(monthOf(anchor));
}

/** Moves the anchor one month or one week. */
export function shiftAnchor(mode: 'month' | 'week', anchor: string, delta: number): string {
  if (mode === 'week') return addDays(startOfWeek(anchor), 7 * delta);
  return `${shiftMonth(monthOf(anchor), delta)}-01`;
}

export type TGridDay<T> = TMonthGridDay & { items: T[] };

type TTimed = { date: string; time: string; product_name?: string };

/** Whole weeks, Monday first, covering the month; each day with its items. */
export function buildMonthGrid<T extends TTimed>(month: string, items: readonly T[], today: string): TGridDay<T>[][] {
  const byDate = groupByDate(items);
  return monthGridDays(month, today).map((week) => week.map((d) => ({ ...d, items: byDate.get(d.date) ?? [] })));
}

/** A day of the month view: its first departures as items, and the day's figures (null: none to show). */
export type TMonthDay = TGridDay<TBookingCalendarEntry> & { figures: TBookingCalendarDay | null };

/**
 * Whole weeks, Monday first, covering the month, each day with its figures from
 * GET /bookings/calendar/days and its first departures as items.
 */
export function buildMonthDays(month: string, days: readonly TBookingCalendarDay[], today: string): TMonthDay[][] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return monthGridDays(month, today).map((week) =>
    week.map((d) => {
      const figures = byDate.get(d.date) ?? null;
      return { ...d, figures, items: figures?.first_departures ?? [] };
    }),
  );
}

/** The month's figures (its own days, not those of the weeks around): open departures, pax, seats left. */
export function monthDaysSummary(days: readonly TBookingCalendarDay[], month: string) {
  const inMonth = days.filter((d) => monthOf(d.date) === month);
  return {
    departures: inMonth.reduce((n, d) => n + d.departures - d.closed, 0),
    pax: inMonth.reduce((n, d) => n + Math.max(0, d.pax), 0),
    seatsLeft: inMonth.reduce((n, d) => n + Math.max(0, d.seats_left), 0),
  };
}

/** The seven days of a week with their items. */
export function buildWeek<T extends TTimed>(anchor: string, items: readonly T[], today: string): TGridDay<T>[] {
  const byDate = groupByDate(items);
  return weekGridDays(anchor, today).map((d) => ({ ...d, items: byDate.get(d.date) ?? [] }));
}

export type TOccupancyTone = 'closed' | 'empty' | 'low' | 'mid' | 'high' | 'full';

/**
 * How full a departure is: closed by staff; no seat sold; under half; half to 85 %; above 85 %;
 * sold out.
 */
export function occupancyTone(e: Pick<TBookingCalendarEntry, 'closed' | 'capacity' | 'seats_taken' | 'seats_left'>) {
  if (e.closed) return 'closed' as const;
  if (e.seats_left <= 0) return 'full' as const;
  if (e.seats_taken <= 0) return 'empty' as const;
  const ratio = e.capacity > 0 ? e.seats_taken / e.capacity : 0;
  if (ratio >= 0.85) return 'high' as const;
  if (ratio >= 0.5) return 'mid' as const;
  return 'low' as const;
}

export const OCCUPANCY_LABELS: Record<TOccupancyTone, string> = {
  empty: 'Sin reservas',
  low: 'Menos de la mitad',
  mid: 'Más de la mitad',
  high: 'Casi completa',
  full: 'Completa',
  closed: 'Cerrada',
};

/** Figures of a range: departures, pax booked, seats left, bookings. */
export function calendarSummary(entries: readonly TBookingCalendarEntry[], from: string, to: string) {
  const inRange = entries.filter((e) => e.date >= from && e.date <= to);
  const open = inRange.filter((e) => !e.closed);
  return {
    departures: open.length,
    pax: inRange.reduce((n, e) => n + Math.max(0, e.pax_total), 0),
    seatsTaken: inRange.reduce((n, e) => n + Math.max(0, e.seats_taken), 0),
    seatsLeft: open.reduce((n, e) => n + Math.max(0, e.seats_left), 0),
    bookings: inRange.reduce((n, e) => n + Math.max(0, e.bookings_count), 0),
  };
}

/** How one departure can be chosen in the booking form. */
export type TSlotStatus = 'open' | 'cutoff' | 'full' | 'closed' | 'past';

/**
 * A departure for the form: open; past the sale cut-off but with seats (staff may still sell it);
 * sold out; closed by staff; or already started (never sold).
 */
export function slotStatus(
  slot: Pick<TAvailabilitySlot, 'date' | 'time' | 'available' | 'closed' | 'seats_left'>,
  today: string,
  /** "HH:mm" now: a departure of today that has started is past (never sold, not even by staff). */
  clock = '00:00',
): TSlotStatus {
  if (slot.closed) return 'closed';
  if (slot.seats_left <= 0) return 'full';
  if (slot.available) return 'open';
  return slot.date < today || (slot.date === today && slot.time <= clock) ? 'past' : 'cutoff';
}

export type TDayAvailability = {
  date: string;
  /** Seats left on the departures that can be chosen. */
  seatsLeft: number;
  /** Whether some departure of the day can be chosen (by this user). */
  selectable: boolean;
  /** Every departure is full / closed, or only past the cut-off. */
  state: 'open' | 'cutoff' | 'full' | 'closed' | 'none';
  slots: TAvailabilitySlot[];
};

/**
 * Per day of the grid: what the form's calendar shows. Days without departures, full, closed or
 * past are disabled; past the cut-off only staff may choose (to sell "fuera de plazo").
 */
export function dayAvailability(
  slots: readonly TAvailabilitySlot[],
  opts: { today: string; clock?: string; canOverrideCutoff: boolean },
): Map<string, TDayAvailability> {
  const out = new Map<string, TDayAvailability>();
  for (const [date, list] of groupByDate(slots)) {
    const statuses = list.map((s) => slotStatus(s, opts.today, opts.clock));
    const open = list.filter((_, i) => statuses[i] === 'open');
    const cutoff = list.filter((_, i) => statuses[i] === 'cutoff');
    const usable = opts.canOverrideCutoff ? [...open, ...cutoff] : open;
    const state: TDayAvailability['state'] = open.length
      ? 'open'
      : cutoff.length
        ? 'cutoff'
        : statuses.every((s) => s === 'closed')
          ? 'closed'
          : statuses.some((s) => s === 'full')
            ? 'full'
            : 'none';
    out.set(date, {
      date,
      seatsLeft: usable.reduce((n, s) => n + Math.max(0, s.seats_left), 0),
      selectable: usable.length > 0,
      state,
      slots: list,
    });
  }
  return out;
}

/** "HH:mm" now on the operator's wall clock (the user's operator's zone by default, never the browser's). */
export function nowClock(now = new Date(), timeZone = getViewerZone()): string {
  return wallClockIn(timeZone, now).time;
}
