/**
 * The bookings calendar's contracts (PRODUCT.md §5 "calendar view", ADR 031, ADR 057): the
 * departures of a range as entries or as columns, and the month view a day at a time.
 */
import { z } from 'zod';
import { addDays } from '../common/dates';
import { zDate, zUuid } from '../common/validation';
import { AVAILABILITY_MAX_DAYS, daysInRange, RANGE_TOO_LONG_MESSAGE } from '../products/products.schema';

/** GET /api/v1/bookings/calendar?from=&to=&product_id= : departures with seats sold and left. */
export const ZBookingCalendarEntry = z.object({
  departure_id: z.string().nullable(),
  product_id: z.string(),
  product_name: z.string(),
  date: z.string(),
  time: z.string(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  seats_left: z.number().int(),
  bookings_count: z.number().int(),
  pax_total: z.number().int(),
  closed: z.boolean(),
  /** Whether it can still be sold now: open, seats left, before the sale cut-off. */
  available: z.boolean(),
});
export type TBookingCalendarEntry = z.infer<typeof ZBookingCalendarEntry>;

/** GET /api/v1/bookings/calendar's query: at most the availability's longest range. */
export const ZBookingCalendarQuery = z
  .object({
    from: zDate(),
    to: zDate(),
    product_id: zUuid().optional(),
    tour_operator_id: zUuid().optional().describe('Solo el administrador'),
  })
  .refine((q) => q.from <= q.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] })
  .refine((q) => daysInRange(q.from, q.to) <= AVAILABILITY_MAX_DAYS, { message: RANGE_TOO_LONG_MESSAGE, path: ['to'] });

/**
 * GET /api/v1/bookings/calendar/columns?from=&to=&product_id= : the departures of
 * /bookings/calendar, the same ones in the same order, as columns (ADR 057): the week view's
 * request. Each product is named once (`products`, the calendar's order: Spanish name, then id)
 * and a departure is its place in every column of `departures`: `product` is its index in
 * `products`, `day` its days after `from`. A week of a hundred products is ~2,200 departures: as
 * objects a third of a megabyte that the API builds and writes one by one; as columns less than
 * half of it, written as arrays of numbers. `calendarEntriesFromColumns` gives back the entries.
 */
export const ZBookingCalendarColumns = z.object({
  from: z.string(),
  to: z.string(),
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  departures: z.object({
    product: z.array(z.number().int()),
    day: z.array(z.number().int()),
    time: z.array(z.string()),
    departure_id: z.array(z.string().nullable()),
    capacity: z.array(z.number().int()),
    seats_taken: z.array(z.number().int()),
    seats_left: z.array(z.number().int()),
    bookings_count: z.array(z.number().int()),
    pax_total: z.array(z.number().int()),
    closed: z.array(z.boolean()),
    available: z.array(z.boolean()),
  }),
});
export type TBookingCalendarColumns = z.infer<typeof ZBookingCalendarColumns>;

/** The entries of a columns answer, as /bookings/calendar gives them (same order, same values). */
export function calendarEntriesFromColumns(answer: TBookingCalendarColumns): TBookingCalendarEntry[] {
  const { products, departures: d } = answer;
  const dates: string[] = [];
  const dateOf = (day: number) => {
    dates[day] ??= addDays(answer.from, day);
    return dates[day];
  };
  const out: TBookingCalendarEntry[] = new Array(d.product.length);
  for (let i = 0; i < d.product.length; i++) {
    const product = products[d.product[i]];
    out[i] = {
      departure_id: d.departure_id[i],
      product_id: product.id,
      product_name: product.name,
      date: dateOf(d.day[i]),
      time: d.time[i],
      capacity: d.capacity[i],
      seats_taken: d.seats_taken[i],
      seats_left: d.seats_left[i],
      bookings_count: d.bookings_count[i],
      pax_total: d.pax_total[i],
      closed: d.closed[i],
      available: d.available[i],
    };
  }
  return out;
}

/** How many departures a day of the month view shows (the first by time, then product name); the rest are "+N más". */
export const CALENDAR_DAY_PREVIEW = 3;

/**
 * GET /api/v1/bookings/calendar/days?from=&to=&product_id= : the month view, a day at a time (ADR
 * 031). A day counts the departures the calendar shows on it: those of /bookings/calendar, except
 * on a day before the operator's today the departures with nothing sold (no seat, no booking).
 * Days without a departure to show are left out. The departures of a day: /bookings/calendar with
 * from = to = that day.
 */
export const ZBookingCalendarDay = z.object({
  date: z.string(),
  /** Departures shown, closed ones included. */
  departures: z.number().int(),
  /** Of them, closed by staff or on a closed date. */
  closed: z.number().int(),
  /** Seats of the open departures. */
  capacity: z.number().int(),
  /** Seats sold on every departure shown (closed ones too). */
  seats_taken: z.number().int(),
  /** Seats left on the open departures. */
  seats_left: z.number().int(),
  /** Seat-holding bookings (every state but cancelled) and their passengers, babies included. */
  bookings: z.number().int(),
  pax: z.number().int(),
  /** The day's first CALENDAR_DAY_PREVIEW departures by time, then product name, as /bookings/calendar gives them. */
  first_departures: z.array(ZBookingCalendarEntry),
});
export type TBookingCalendarDay = z.infer<typeof ZBookingCalendarDay>;
