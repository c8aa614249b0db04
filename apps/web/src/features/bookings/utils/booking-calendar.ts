/**
 * Calendar arithmetic of the bookings screens: Monday-first month grids and weeks (spec §9: the
 * week starts on Monday), departures grouped by day in time order, and the colour of a departure
 * by its occupancy. Dates are calendar dates (YYYY-MM-DD) computed in UTC, so no time zone moves a
 * departure to another day.
 */
import type { TAvailabilitySlot, TBookingCalendarEntry } from '@trayecto/shared';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

function parseIso(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return utc(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function parseMonth(month: string): { y: number; m: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Mes no válido: ${month}`);
  return { y: Number(match[1]), m: Number(match[2]) - 1 };
}

export const isIsoDate = (s: string | null | undefined): s is string =>
  Boolean(s && /^\d{4}-\d{2}-\d{2}$/.test(s) && iso(parseIso(s)) === s);

/** "2026-07" of "2026-07-14" */
export const monthOf = (date: string) => date.slice(0, 7);

/** ("2026-07-30", 3) → "2026-08-02" */
export function addDays(date: string, days: number): string {
  const d = parseIso(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** ("2026-07", 1) → "2026-08" */
export function shiftMonth(month: string, delta: number): string {
  const { y, m } = parseMonth(month);
  const d = utc(y, m + delta, 1);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const wd = parseIso(date).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** The Monday of the week of a date. */
export const startOfWeek = (date: string) => addDays(date, 1 - isoWeekday(date));

/** The seven days (Monday … Sunday) of the week of a date. */
export function weekDays(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The first Monday and the last Sunday around a month: what a month grid shows (and asks for). */
export function gridRange(month: string): { from: string; to: string } {
  const { y, m } = parseMonth(month);
  const first = utc(y, m, 1);
  const last = utc(y, m + 1, 0);
  const startShift = (first.getUTCDay() + 6) % 7;
  const endShift = (7 - last.getUTCDay()) % 7;
  return { from: iso(utc(y, m, 1 - startShift)), to: iso(utc(y, m + 1, endShift)) };
}

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

export type TGridDay<T> = {
  date: string;
  day: number;
  weekday: number;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  items: T[];
};

/** Items by date, each day in time order (then by product name). */
export function groupByDate<T extends { date: string; time: string; product_name?: string }>(
  items: readonly T[],
): Map<string, T[]> {
  const byDate = new Map<string, T[]>();
  for (const item of items) {
    const list = byDate.get(item.date);
    if (list) list.push(item);
    else byDate.set(item.date, [item]);
  }
  for (const list of byDate.values()) {
    list.sort((a, b) => a.time.localeCompare(b.time) || (a.product_name ?? '').localeCompare(b.product_name ?? ''));
  }
  return byDate;
}

/** Whole weeks, Monday first, covering the month; each day with its items. */
export function buildMonthGrid<T extends { date: string; time: string; product_name?: string }>(
  month: string,
  items: readonly T[],
  today: string,
): TGridDay<T>[][] {
  const { m } = parseMonth(month);
  const { from, to } = gridRange(month);
  const byDate = groupByDate(items);
  const weeks: TGridDay<T>[][] = [];
  for (let i = 0, date = from; date <= to; i++, date = addDays(from, i)) {
    if (i % 7 === 0) weeks.push([]);
    const d = parseIso(date);
    weeks[weeks.length - 1]?.push({
      date,
      day: d.getUTCDate(),
      weekday: (i % 7) + 1,
      inMonth: d.getUTCMonth() === m,
      isToday: date === today,
      isPast: date < today,
      items: byDate.get(date) ?? [],
    });
  }
  return weeks;
}

/** The seven days of a week with their items. */
export function buildWeek<T extends { date: string; time: string; product_name?: string }>(
  anchor: string,
  items: readonly T[],
  today: string,
): TGridDay<T>[] {
  const byDate = groupByDate(items);
  return weekDays(anchor).map((date, i) => ({
    date,
    day: parseIso(date).getUTCDate(),
    weekday: i + 1,
    inMonth: true,
    isToday: date === today,
    isPast: date < today,
    items: byDate.get(date) ?? [],
  }));
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

/** "HH:mm" of the browser's clock now. */
export function nowClock(now = new Date()): string {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
