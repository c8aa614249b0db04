/**
 * Time zones (PRODUCT.md §2: "the operator's time zone decides what 'today' is"): the one copy of
 * the zone arithmetic the API, the back-office and the public pages share. Plain `Intl`, no
 * dependencies and no zod, so the public bundle can import it (`@trayecto/shared/time-zone`).
 */

/** The platform's zone: a new operator's default, and the administrator's "today". */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const wallFormatters = new Map<string, Intl.DateTimeFormat>();
function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormatters.get(timeZone);
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
    wallFormatters.set(timeZone, f);
  }
  return f;
}

/** Whether a time zone name is one the runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    wallFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The operator's time zone, or the platform's when it is missing or unknown to the runtime. */
export const timeZoneOf = (tz: string | null | undefined): string =>
  tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;

/** The wall-clock reading of an instant in a time zone, as if it were UTC (ms). */
function wallClockMs(timeZone: string, instant: number): number {
  const parts = wallFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The offset of a time zone from UTC at an instant, in ms (Atlantic/Canary in July: +1 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(timeZone, whole) - whole;
}

/** What a clock on the operator's wall reads at an instant: `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`. */
export function wallClockIn(timeZone: string, instant: Date | number = new Date()): { date: string; time: string } {
  const iso = new Date(wallClockMs(timeZone, typeof instant === 'number' ? instant : instant.getTime())).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's date (YYYY-MM-DD) in a time zone: what "today" is for the operator (PRODUCT.md §2). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClockIn(timeZone, now).date;
}

/**
 * The instant at which a local date and time happen in a time zone. On the day clocks go back, a
 * time that happens twice gives the first one; on the day clocks go forward, a time that does not
 * exist moves forward by the gap (02:30 in Madrid on the last Sunday of March is 03:30 CEST).
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number);
  const local = Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + (hh ?? 0) * HOUR_MS + (mm ?? 0) * 60_000;
  const before = zoneOffsetMs(timeZone, local - DAY_MS);
  const after = zoneOffsetMs(timeZone, local + DAY_MS);
  const candidates = [local - before, local - after]
    .filter((c) => c + zoneOffsetMs(timeZone, c) === local)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? local - before);
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
