/**
 * The month view of a product's departures: a Monday-first grid of whole weeks (spec §9: the week
 * starts on Monday) with each day's departures in time order. Dates are calendar dates
 * (YYYY-MM-DD) computed in UTC, so no time zone moves a departure to another day.
 */
import type { TAvailabilitySlot } from '@trayecto/shared';

export type TSlotTone = 'closed' | 'full' | 'low' | 'available';

export type TCalendarDay = {
  date: string;
  day: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  /** One of the product's closed dates. */
  isClosedDate: boolean;
  slots: TAvailabilitySlot[];
};

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

function parseMonth(month: string): { y: number; m: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Mes no válido: ${month}`);
  return { y: Number(match[1]), m: Number(match[2]) - 1 };
}

/** "2026-07" of a date "2026-07-14" */
export const monthOf = (date: string) => date.slice(0, 7);

/** ("2026-07", 1) → "2026-08"; ("2026-01", -1) → "2025-12" */
export function shiftMonth(month: string, delta: number): string {
  const { y, m } = parseMonth(month);
  const d = utc(y, m + delta, 1);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wd = utc(y ?? 1970, (m ?? 1) - 1, d ?? 1).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** The first Monday and the last Sunday around a month: the dates the grid shows (and asks for). */
export function gridRange(month: string): { from: string; to: string } {
  const { y, m } = parseMonth(month);
  const first = utc(y, m, 1);
  const last = utc(y, m + 1, 0);
  const startShift = (first.getUTCDay() + 6) % 7; // days since Monday
  const endShift = (7 - last.getUTCDay()) % 7; // days until Sunday
  return { from: iso(utc(y, m, 1 - startShift)), to: iso(utc(y, m + 1, endShift)) };
}

/** Departures by date, each day in time order. */
export function groupSlotsByDate(slots: readonly TAvailabilitySlot[]): Map<string, TAvailabilitySlot[]> {
  const byDate = new Map<string, TAvailabilitySlot[]>();
  for (const s of slots) {
    const list = byDate.get(s.date);
    if (list) list.push(s);
    else byDate.set(s.date, [s]);
  }
  for (const list of byDate.values()) list.sort((a, b) => a.time.localeCompare(b.time));
  return byDate;
}

/** Whole weeks, Monday first, covering the month. */
export function buildMonthGrid(
  month: string,
  slots: readonly TAvailabilitySlot[],
  opts: { today: string; closedDates?: readonly string[] },
): TCalendarDay[][] {
  const { y, m } = parseMonth(month);
  const { from, to } = gridRange(month);
  const byDate = groupSlotsByDate(slots);
  const closed = new Set(opts.closedDates ?? []);
  const weeks: TCalendarDay[][] = [];
  const [fy, fm, fd] = from.split('-').map(Number);
  for (let i = 0; ; i++) {
    const d = utc(fy ?? y, (fm ?? 1) - 1, (fd ?? 1) + i);
    const date = iso(d);
    if (date > to) break;
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({
      date,
      day: d.getUTCDate(),
      weekday: (i % 7) + 1,
      inMonth: d.getUTCMonth() === m,
      isToday: date === opts.today,
      isPast: date < opts.today,
      isClosedDate: closed.has(date),
      slots: byDate.get(date) ?? [],
    });
  }
  return weeks;
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

/** Today's calendar date in the browser's zone. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
