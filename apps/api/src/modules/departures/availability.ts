/**
 * The availability of a product (PRODUCT.md §4 "Availability"): its departures as its rules, closed
 * dates and departure rows give them, as pure functions: no database, no clock (owned by the
 * departures module; the day and zone arithmetic is packages/shared's). The service loads the product, its departure rows and the operator's time zone, and passes
 * "now" in, so the same inputs always give the same answer.
 */
import { daySpan, isCalendarDate, isoWeekday, zonedDateTimeToInstant } from '@trayecto/shared';

/** A weekly rule as stored on the product (weekdays: 1 = Monday … 7 = Sunday). */
export type AvailabilityRuleInput = {
  weekdays: number[];
  times: string[];
  valid_from: string;
  valid_to: string | null;
};

/** An existing departure row (capacity override, closure, seats taken). */
export type DepartureInput = {
  id: string;
  date: string;
  time: string;
  capacity: number;
  capacityOverride: boolean;
  seatsTaken: number;
  closed: boolean;
};

export type AvailabilityInput = {
  /** First and last date (YYYY-MM-DD), inclusive. */
  from: string;
  to: string;
  rules: AvailabilityRuleInput[];
  closedDates: string[];
  /** The product's capacity per departure. */
  capacity: number;
  /** Sales close this many hours before the start. */
  bookingCutoffHours: number;
  departures: DepartureInput[];
  /** IANA time zone of the tour operator, e.g. Atlantic/Canary. */
  timeZone: string;
  now: Date;
};

export type AvailabilitySlot = {
  date: string;
  time: string;
  capacity: number;
  seats_taken: number;
  seats_left: number;
  available: boolean;
  closed: boolean;
  departure_id: string | null;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The start times the weekly rules give on a date (union, sorted); none on a closed date. */
export function ruleTimesOn(date: string, rules: AvailabilityRuleInput[], closedDates: ReadonlySet<string>): string[] {
  if (closedDates.has(date)) return [];
  const weekday = isoWeekday(date);
  const times = new Set<string>();
  for (const r of rules) {
    if (date < r.valid_from || (r.valid_to !== null && date > r.valid_to)) continue;
    if (!r.weekdays.includes(weekday)) continue;
    for (const t of r.times) times.add(t);
  }
  return [...times].sort();
}

/**
 * Whether a departure can still be sold at `now`: it starts in the future and at least
 * `cutoffHours` ahead, measured in the operator's time zone.
 */
export function isOnSale(date: string, time: string, cutoffHours: number, timeZone: string, now: Date): boolean {
  const start = zonedDateTimeToInstant(date, time, timeZone).getTime();
  const lead = start - now.getTime();
  return lead > 0 && lead >= cutoffHours * HOUR_MS;
}

/** An availability that would have more departures than the caller allows (AvailabilityInput.maxSlots). */
export class TooManySlotsError extends Error {
  constructor(public readonly limit: number) {
    super(`more than ${limit} departures`);
    this.name = 'TooManySlotsError';
  }
}

const NONE: readonly string[] = [];

/**
 * The start times of the rules on a date, as ruleTimesOn, computed once per combination of weekday
 * and rules in force (a year of days is a handful of combinations): no per-day sets and sorts.
 */
export function ruleTimesIndex(rules: AvailabilityRuleInput[], closedDates: ReadonlySet<string>) {
  const cache = new Map<number | string, readonly string[]>();
  const inForce = (date: string, weekday: number, r: AvailabilityRuleInput) =>
    date >= r.valid_from && (r.valid_to === null || date <= r.valid_to) && r.weekdays.includes(weekday);
  // The key: the weekday and the rules in force, as one number (a bit per rule) when the rules are
  // few enough, else as text; it is looked up for every day of every product in a range.
  const small = rules.length <= MAX_MASK_RULES;
  // `weekday`: the date's, when the caller has it already (daySpan).
  return (date: string, weekday = isoWeekday(date)): readonly string[] => {
    if (closedDates.has(date)) return NONE;
    let key: number | string;
    if (small) {
      let bits = weekday;
      for (let i = 0; i < rules.length; i++) if (inForce(date, weekday, rules[i])) bits += 8 * 2 ** i;
      key = bits;
    } else {
      let text = String(weekday);
      for (let i = 0; i < rules.length; i++) if (inForce(date, weekday, rules[i])) text += `,${i}`;
      key = text;
    }
    let times = cache.get(key);
    if (!times) {
      const set = new Set<string>();
      for (const r of rules) if (inForce(date, weekday, r)) for (const t of r.times) set.add(t);
      times = [...set].sort();
      cache.set(key, times);
    }
    return times;
  };
}

/** Most rules whose combination is keyed as bits of a number (3 bits of weekday + 48 stay exact below 2^53). */
const MAX_MASK_RULES = 48;

/** Zone offsets span −12 h … +14 h; 2 h more covers a clock change's gap. */
const EARLIEST_OFFSET_MS = 16 * HOUR_MS;
/** A date's UTC midnight in ms, as {@link saleChecker} takes it. */
export const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const LATEST_OFFSET_MS = 14 * HOUR_MS;

/**
 * Whether a departure is on sale (isOnSale), deciding whole days without time-zone arithmetic when
 * every time of the day is certainly far enough ahead (or already past): only the day or two around
 * the cut-off pay for the exact, Intl-based computation. The availability and the calendar's month
 * view ask it; `day` is the date's UTC midnight in ms ({@link dayMs}, daySpan's `ms`).
 */
export function saleChecker(cutoffHours: number, timeZone: string, now: Date) {
  const nowMs = now.getTime();
  const leadMs = Math.max(0, cutoffHours * HOUR_MS);
  // `day`: the date's UTC midnight in ms (daySpan's).
  return (day: number, date: string, time: string): boolean => {
    if (day - EARLIEST_OFFSET_MS - nowMs > leadMs) return true;
    if (day + DAY_MS + LATEST_OFFSET_MS - nowMs < leadMs) return false;
    return isOnSale(date, time, cutoffHours, timeZone, now);
  };
}

/**
 * One departure of {@link forEachSlot}: its day (`day`, its place in daySpan(from, to)), start time,
 * seats and state, and its departure row when it has one (the caller's row, with whatever else the
 * caller read with it).
 */
export type SlotVisitor<R extends DepartureInput> = (
  day: number,
  date: string,
  time: string,
  capacity: number,
  seatsTaken: number,
  seatsLeft: number,
  available: boolean,
  closed: boolean,
  row: R | undefined,
) => void;

/**
 * The departures of a product between two dates: the start times of the weekly rules (none on
 * closed dates) merged with the existing departure rows, which carry overrides, closures and seats
 * taken. A row whose date and time no rule gives (an extra departure) still appears; on a closed
 * date every row appears closed, so staff still see the customers booked on it. With `maxSlots`,
 * throws TooManySlotsError as soon as there would be more (the caller answers 400).
 */
export function computeAvailability(input: AvailabilityInput & { maxSlots?: number }): AvailabilitySlot[] {
  const slots: AvailabilitySlot[] = [];
  forEachSlot(input, (_day, date, time, capacity, seatsTaken, seatsLeft, available, closed, row) => {
    slots.push({
      date,
      time,
      capacity,
      seats_taken: seatsTaken,
      seats_left: seatsLeft,
      available,
      closed,
      departure_id: row?.id ?? null,
    });
  });
  return slots;
}

/**
 * computeAvailability's departures handed one by one to `visit`, in date and time order, without an
 * object per departure: the bookings calendar builds its own entries from them (a week of an
 * operator with a hundred products is thousands). Answers how many departures it visited.
 */
export function forEachSlot<R extends DepartureInput>(
  input: Omit<AvailabilityInput, 'departures'> & { departures: readonly R[]; maxSlots?: number },
  visit: SlotVisitor<R>,
): number {
  const closedDates = new Set(input.closedDates);
  const rowsByDate = new Map<string, Map<string, R>>();
  for (const d of input.departures) {
    if (d.date < input.from || d.date > input.to) continue;
    const day = rowsByDate.get(d.date);
    if (day) day.set(d.time, d);
    else rowsByDate.set(d.date, new Map([[d.time, d]]));
  }
  const timesOn = ruleTimesIndex(input.rules, closedDates);
  const onSale = saleChecker(input.bookingCutoffHours, input.timeZone, input.now);
  const max = input.maxSlots ?? Number.POSITIVE_INFINITY;
  let count = 0;
  if (!isCalendarDate(input.from) || !isCalendarDate(input.to)) return count;
  const span = daySpan(input.from, input.to);
  for (let k = 0; k < span.length; k++) {
    const { date, ms, weekday } = span[k];
    const ruleTimes = timesOn(date, weekday);
    const rows = rowsByDate.get(date);
    let times = ruleTimes;
    if (rows) {
      const extra = [...rows.keys()].filter((time) => !ruleTimes.includes(time));
      if (extra.length > 0) times = [...ruleTimes, ...extra].sort();
    }
    if (count + times.length > max) throw new TooManySlotsError(max);
    count += times.length;
    const closedDay = closedDates.has(date);
    for (const time of times) {
      const row = rows?.get(time);
      const capacity = row?.capacityOverride ? row.capacity : input.capacity;
      const seatsTaken = row?.seatsTaken ?? 0;
      const seatsLeft = Math.max(0, capacity - seatsTaken);
      const closed = closedDay || Boolean(row?.closed);
      visit(
        k,
        date,
        time,
        capacity,
        seatsTaken,
        seatsLeft,
        !closed && seatsLeft > 0 && onSale(ms, date, time),
        closed,
        row,
      );
    }
  }
  return count;
}
