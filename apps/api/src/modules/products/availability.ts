/**
 * The availability of a product (PRODUCT.md §4 "Availability"), as pure functions: no database, no
 * clock. The service loads the product, its departure rows and the operator's time zone, and passes
 * "now" in, so the same inputs always give the same answer.
 */

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

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDateString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday (the date itself, not a time zone's). */
export function isoWeekday(date: string): number {
  const d = new Date(utcMidnight(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Every date from `from` to `to`, inclusive. */
export function eachDate(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = utcMidnight(from), end = utcMidnight(to); t <= end; t += DAY_MS) out.push(toDateString(t));
  return out;
}

/** Adds whole days to a date. */
export const addDays = (date: string, days: number) => toDateString(utcMidnight(date) + days * DAY_MS);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a time zone, as if it were UTC (ms). */
function wallClockMs(timeZone: string, instant: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The offset of a time zone from UTC at an instant, in ms (Atlantic/Canary in July: +1 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(timeZone, whole) - whole;
}

/**
 * The instant at which a local date and time happen in a time zone. On the day clocks go back, a
 * time that happens twice gives the first one; on the day clocks go forward, a time that does not
 * exist moves forward by the gap (02:30 in Madrid on the last Sunday of March is 03:30 CEST).
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number);
  const local = utcMidnight(date) + hh * HOUR_MS + mm * 60_000;
  const before = zoneOffsetMs(timeZone, local - DAY_MS);
  const after = zoneOffsetMs(timeZone, local + DAY_MS);
  const candidates = [local - before, local - after]
    .filter((c) => c + zoneOffsetMs(timeZone, c) === local)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? local - before);
}

/** Today's date in a time zone (what "today" is for the operator, PRODUCT.md §2). */
export function todayIn(timeZone: string, now: Date): string {
  return toDateString(wallClockMs(timeZone, now.getTime()));
}

/** Whether a time zone name is one the runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

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

/**
 * The departures of a product between two dates: the start times of the weekly rules (none on
 * closed dates) merged with the existing departure rows, which carry overrides, closures and seats
 * taken. A row whose date and time no rule gives (an extra departure) still appears; on a closed
 * date every row appears closed, so staff still see the customers booked on it.
 */
export function computeAvailability(input: AvailabilityInput): AvailabilitySlot[] {
  const closedDates = new Set(input.closedDates);
  const rows = new Map<string, DepartureInput>();
  for (const d of input.departures) {
    if (d.date >= input.from && d.date <= input.to) rows.set(`${d.date} ${d.time}`, d);
  }
  const slots: AvailabilitySlot[] = [];
  for (const date of eachDate(input.from, input.to)) {
    const times = new Set(ruleTimesOn(date, input.rules, closedDates));
    for (const d of rows.values()) if (d.date === date) times.add(d.time);
    for (const time of [...times].sort()) {
      const row = rows.get(`${date} ${time}`);
      const capacity = row?.capacityOverride ? row.capacity : input.capacity;
      const seatsTaken = row?.seatsTaken ?? 0;
      const seatsLeft = Math.max(0, capacity - seatsTaken);
      const closed = closedDates.has(date) || Boolean(row?.closed);
      slots.push({
        date,
        time,
        capacity,
        seats_taken: seatsTaken,
        seats_left: seatsLeft,
        available:
          !closed && seatsLeft > 0 && isOnSale(date, time, input.bookingCutoffHours, input.timeZone, input.now),
        closed,
        departure_id: row?.id ?? null,
      });
    }
  }
  return slots;
}
