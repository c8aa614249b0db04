/**
 * Availability as a channel sees it (ADR 023), as pure functions over the departures module's
 * slots (the numbers the public booking form shows): no database, no clock of its own.
 *
 * - A slot's **vacancies** are its seats left, capped by the channel's allotment less the seats
 *   the channel's live bookings already hold on that departure.
 * - **CLOSED**: a closed date or departure (also a cancelled one), or not on sale any more (past
 *   the sale cut-off, or started); **SOLD_OUT**: no vacancies for this channel; **LIMITED**: at most
 *   20 % of the channel's capacity left; else **AVAILABLE**. `available` is AVAILABLE or LIMITED.
 * - With `units` asked for, a slot where those seats do not fit is SOLD_OUT for that request (the
 *   specification's `available`: "there are remaining slots for this request"), and CLOSED where a
 *   unit is not sold on that date (a season without that passenger type).
 * - A day of the calendar is its best slot's status (AVAILABLE > LIMITED > SOLD_OUT > CLOSED; a day
 *   without departures is CLOSED), its vacancies the most any open slot has, its capacity the sum of
 *   its open slots'.
 */
import { wallClockIn, zonedDateTimeToInstant, zoneOffsetMs } from '@trayecto/shared';
import { type AvailabilitySlot, isOnSale } from '../departures/availability';
import type { TOctoAvailability, TOctoStatus } from './octo.schemas';

/** At most this share of the capacity left: LIMITED. */
export const LIMITED_SHARE = 0.2;

const pad = (n: number) => String(n).padStart(2, '0');

/** "+01:00" / "-03:30" / "+00:00": a zone's offset at an instant. */
export function offsetOf(timeZone: string, instant: Date): string {
  const minutes = Math.round(zoneOffsetMs(timeZone, instant.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A local date and time as ISO 8601 with the zone's offset then: `2026-12-01T09:00:00+00:00`. */
export function localDateTime(date: string, time: string, timeZone: string): { iso: string; instant: Date } {
  const instant = zonedDateTimeToInstant(date, time, timeZone);
  return { iso: `${date}T${time}:00${offsetOf(timeZone, instant)}`, instant };
}

/** An instant as the zone's wall clock with its offset. */
export function wallDateTime(instant: Date, timeZone: string): string {
  const wall = wallClockIn(timeZone, instant);
  return `${wall.date}T${wall.time}:00${offsetOf(timeZone, instant)}`;
}

/** UTC without milliseconds, as the specification writes `utcCutoffAt`: `2026-11-30T23:00:00Z`. */
export const utcSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

/** What the channel may sell of one slot, and what a request for some seats finds there. */
export type ChannelSlot = {
  /** Availability id: the local start with the operator's offset. */
  id: string;
  date: string;
  time: string;
  start: Date;
  status: TOctoStatus;
  available: boolean;
  vacancies: number;
  capacity: number;
};

export type ChannelSlotInput = {
  slot: AvailabilitySlot;
  timeZone: string;
  bookingCutoffHours: number;
  now: Date;
  /** The channel's allotment per departure (null: the departure's seats). */
  allotment: number | null;
  /** Seats the channel's live bookings hold on this departure. */
  heldByChannel: number;
  /** With `units` asked: the seats they take, or `offered: false` when one is not sold that date. */
  request?: { seats: number; offered: boolean };
};

/** One departure as the channel sees it (see the module's comment). */
export function channelSlot(input: ChannelSlotInput): ChannelSlot {
  const { slot, timeZone, allotment } = input;
  const { iso, instant } = localDateTime(slot.date, slot.time, timeZone);
  const capacity = allotment === null ? slot.capacity : Math.min(slot.capacity, allotment);
  const left =
    allotment === null ? slot.seats_left : Math.min(slot.seats_left, Math.max(0, allotment - input.heldByChannel));
  const onSale = isOnSale(slot.date, slot.time, input.bookingCutoffHours, timeZone, input.now);
  let status: TOctoStatus;
  if (slot.closed || !onSale) status = 'CLOSED';
  else if (left <= 0) status = 'SOLD_OUT';
  else if (left <= capacity * LIMITED_SHARE) status = 'LIMITED';
  else status = 'AVAILABLE';
  if (input.request && (status === 'AVAILABLE' || status === 'LIMITED')) {
    if (!input.request.offered) status = 'CLOSED';
    else if (input.request.seats > left) status = 'SOLD_OUT';
  }
  return {
    id: iso,
    date: slot.date,
    time: slot.time,
    start: instant,
    status,
    available: status === 'AVAILABLE' || status === 'LIMITED',
    vacancies: status === 'CLOSED' ? 0 : Math.max(0, left),
    capacity,
  };
}

const RANK: Record<TOctoStatus, number> = { AVAILABLE: 4, FREESALE: 4, LIMITED: 3, SOLD_OUT: 2, CLOSED: 1 };

/** One day of the calendar from its slots as the channel sees them (see the module's comment). */
export function calendarDay(slots: readonly ChannelSlot[]): {
  status: TOctoStatus;
  available: boolean;
  vacancies: number;
  capacity: number;
} {
  let status: TOctoStatus = 'CLOSED';
  let vacancies = 0;
  let capacity = 0;
  for (const s of slots) {
    if (RANK[s.status] > RANK[status]) status = s.status;
    if (s.status === 'CLOSED') continue;
    vacancies = Math.max(vacancies, s.vacancies);
    capacity += s.capacity;
  }
  return { status, available: status === 'AVAILABLE' || status === 'LIMITED', vacancies, capacity };
}

/**
 * A departure as OCTO answers it (POST /availability, and a booking's `availability`): its id is
 * its local start, its end the start plus the product's duration, its cut-off the start less the
 * product's sale cut-off hours.
 */
export function availabilityOf(
  view: ChannelSlot,
  product: { durationMinutes: number; bookingCutoffHours: number },
  timeZone: string,
): TOctoAvailability {
  const end = new Date(view.start.getTime() + Math.max(0, product.durationMinutes) * 60_000);
  return {
    id: view.id,
    localDateTimeStart: view.id,
    localDateTimeEnd: wallDateTime(end, timeZone),
    utcCutoffAt: utcSeconds(new Date(view.start.getTime() - product.bookingCutoffHours * 3_600_000)),
    allDay: false,
    available: view.available,
    status: view.status,
    vacancies: view.vacancies,
    capacity: view.capacity,
    maxUnits: null,
    openingHours: [],
  };
}

/** A booked departure the channel no longer sees among the product's (past, or gone): CLOSED, no seats. */
export function closedSlot(date: string, time: string, timeZone: string): ChannelSlot {
  const { iso, instant } = localDateTime(date, time, timeZone);
  return { id: iso, date, time, start: instant, status: 'CLOSED', available: false, vacancies: 0, capacity: 0 };
}
