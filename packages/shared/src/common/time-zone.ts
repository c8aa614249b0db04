/**
 * Time zones (PRODUCT.md §2: "the operator's time zone decides what 'today' is"): the one copy of
 * the zone rules the API, the back-office and the public pages share. The zone data and offsets come
 * from `@date-fns/tz` (its `tzOffset`, over the runtime's `Intl`); no zod, so
 * the public bundle can import it (`@trayecto/shared/time-zone`).
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

/** The platform's zone: a new operator's default, and the administrator's "today". */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const knownZones = new Set<string>();

/** Whether a time zone name is one the runtime knows (an IANA name such as Atlantic/Canary). */
export function isValidTimeZone(timeZone: string): boolean {
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  knownZones.add(timeZone);
  return true;
}

/** The operator's time zone, or the platform's when it is missing or unknown to the runtime. */
export const timeZoneOf = (tz: string | null | undefined): string =>
  tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;

/**
 * The offset of a time zone from UTC at an instant, in ms (Atlantic/Canary in July: +1 h). Kept per
 * zone and quarter of an hour (ADR 051): each look-up through `Intl` costs a few µs, and a sale, a
 * channel's reserve or a list asks the same zone's offset of nearly the same instant many times. A
 * quarter hour is kept only when its first and last millisecond have the same offset: no zone changes
 * its offset twice within fifteen minutes, so the offset holds for the whole of it. A quarter hour
 * with a change in it is asked of `Intl` every time.
 */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  const kept = offsets.get(key);
  if (kept !== undefined) return kept;
  const start = quarter * QUARTER_HOUR_MS;
  const first = tzOffset(timeZone, new Date(start)) * 60_000;
  const last = tzOffset(timeZone, new Date(start + QUARTER_HOUR_MS - 1)) * 60_000;
  if (first !== last || Number.isNaN(first)) return tzOffset(timeZone, new Date(instant)) * 60_000;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, first);
  return first;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 20_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** What a clock on the operator's wall reads at an instant: `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`. */
export function wallClockIn(timeZone: string, instant: Date | number = new Date()): { date: string; time: string } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // The wall clock is UTC moved by the zone's offset at that instant.
  const wall = new Date(ms + zoneOffsetMs(timeZone, ms));
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** Today's date (YYYY-MM-DD) in a time zone: what "today" is for the operator (PRODUCT.md §2). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClockIn(timeZone, now).date;
}

/**
 * The instant at which a local date and time happen in a time zone. On the day clocks go back, a
 * time that happens twice gives the first one (the zone's offset a day before and a day after give
 * the two candidates; `TZDate` alone would give the second); on the day clocks go forward, a time
 * that does not exist moves forward by the gap (02:30 in Madrid on the last Sunday of March is
 * 03:30 CEST).
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    ms = zonedInstantMs(date, time, timeZone);
    instants.set(key, ms);
  }
  return new Date(ms);
}

/**
 * zonedDateTimeToInstant's answers (a pure function of its three texts): the calendar and the
 * availability ask the same few start times of the same days for every product (a week of the
 * calendar: thousands of calls, each three look-ups of the zone's offset through `Intl`).
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 20_000;

function zonedInstantMs(date: string, time: string, timeZone: string): number {
  const [hh, mm] = time.split(':').map(Number);
  const local = Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + (hh ?? 0) * HOUR_MS + (mm ?? 0) * 60_000;
  const before = zoneOffsetMs(timeZone, local - DAY_MS);
  const after = zoneOffsetMs(timeZone, local + DAY_MS);
  const candidates = [local - before, local - after]
    .filter((c) => c + zoneOffsetMs(timeZone, c) === local)
    .sort((a, b) => a - b);
  return candidates[0] ?? local - before;
}

/** Names people know the Spanish zones by; others take the runtime's Spanish name. */
const ZONE_NAMES: Record<string, string> = {
  'Atlantic/Canary': 'hora de Canarias',
  'Europe/Madrid': 'hora peninsular',
  'Africa/Ceuta': 'hora de Ceuta',
};

/**
 * How a person names a zone, to say which zone a time is in where several operators meet:
 * "hora de Canarias", "hora peninsular", else the runtime's Spanish name ("hora estándar de Japón").
 */
export function timeZoneName(timeZone: string): string {
  const known = ZONE_NAMES[timeZone];
  if (known) return known;
  try {
    const name = new Intl.DateTimeFormat('es-ES', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name || timeZone;
  } catch {
    return timeZone;
  }
}
