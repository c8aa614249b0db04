/**
 * The one way the back-office reads an instant and decides "today" (issue 12): in the tour
 * operator's own time zone, never the browser's and never a hard-coded Madrid.
 *
 * - The viewer's zone comes from GET /auth/me: their operator's `timezone`; the administrator, who
 *   belongs to none, reads the platform's (Europe/Madrid). The shell loads /auth/me before any
 *   screen, so "today" is right from the first paint.
 * - A record that carries its operator's zone (bookings, sheets, audit entries, users, operators)
 *   is read in that zone: for an operator's staff it is their own zone; for the administrator, who
 *   sees several operators, it is the record's, and the screen says which zone it is.
 */
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayOfInstant,
  formatShortDateTime,
  formatTimeOfDay,
  LEVEL,
  timeZoneName,
  timeZoneOf,
  todayIn,
  wallClockIn,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { getRoles, isLoggedIn, onSessionChange } from './auth-storage';

let viewerZone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

/** The signed-in user's zone: their operator's, the platform's for the administrator. */
export const getViewerZone = () => viewerZone;

/** Set from GET /auth/me (and back to the platform's at logout). */
export function setViewerZone(zone: string | null | undefined): void {
  const next = timeZoneOf(zone);
  if (next === viewerZone) return;
  viewerZone = next;
  for (const l of listeners) l();
}

// A session that ends must not leave its operator's zone to the next one.
onSessionChange(() => {
  if (!isLoggedIn()) setViewerZone(null);
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The administrator works across operators: their screens say which zone a time is in. */
export const isCrossOperatorViewer = () => getRoles().includes(LEVEL.ADMIN);

type TInstant = string | Date;

/** Formats and "today" in one zone. */
export type TTimes = {
  zone: string;
  /** "hora de Canarias" */
  zoneName: string;
  /** Whether the screen should say the zone (the administrator's views). */
  showZone: boolean;
  /** "22/11/2026 09:30" */
  dateTime: (iso: TInstant) => string;
  /** "22/11/2026 09:30:05" */
  dateTimeSeconds: (iso: TInstant) => string;
  /** "22 nov, 09:30" */
  shortDateTime: (iso: TInstant) => string;
  /** "09:30" */
  time: (iso: TInstant) => string;
  /** "22 nov 2026" */
  day: (iso: TInstant) => string;
  /** Today's date (YYYY-MM-DD) in the zone. */
  today: (now?: Date) => string;
  /** The wall clock now in the zone, "HH:mm". */
  clock: (now?: Date) => string;
  /** A local date and time in the zone → the instant (ISO, UTC). */
  instant: (date: string, time: string) => string;
  /** "Fecha" → "Fecha (hora de Canarias)" when the screen says the zone, else unchanged. */
  withZone: (text: string) => string;
};

const cache = new Map<string, TTimes>();

/** The formatters of a zone (cached: lists and CSV exports call them for every row). */
export function timesIn(zone: string, showZone = false): TTimes {
  const tz = timeZoneOf(zone);
  const key = `${tz}|${showZone}`;
  let t = cache.get(key);
  if (!t) {
    const zoneName = timeZoneName(tz);
    t = {
      zone: tz,
      zoneName,
      showZone,
      dateTime: (iso) => formatDateTime(iso, tz),
      dateTimeSeconds: (iso) => formatDateTimeSeconds(iso, tz),
      shortDateTime: (iso) => formatShortDateTime(iso, tz),
      time: (iso) => formatTimeOfDay(iso, tz),
      day: (iso) => formatDayOfInstant(iso, tz),
      today: (now) => todayIn(tz, now),
      clock: (now) => wallClockIn(tz, now ?? new Date()).time,
      instant: (date, time) => zonedDateTimeToInstant(date, time, tz).toISOString(),
      withZone: (text) => (showZone ? `${text} (${zoneName})` : text),
    };
    cache.set(key, t);
  }
  return t;
}

/**
 * Outside rendering (CSV exports, form payloads): a record's operator's zone when it carries one,
 * else the viewer's.
 */
export const timesFor = (recordZone?: string | null): TTimes =>
  timesIn(recordZone || viewerZone, isCrossOperatorViewer());

/** The viewer's own zone (not tied to a record): "today" of filters, file names, greetings. */
export const viewerTimes = (): TTimes => timesFor();

/** For one record: its operator's zone when it carries one, else the viewer's. */
export function useTimes(recordZone?: string | null): TTimes {
  const zone = useSyncExternalStore(subscribe, getViewerZone);
  return timesIn(recordZone || zone, isCrossOperatorViewer());
}

/** For lists whose rows may belong to different operators (the administrator's lists, CSV exports). */
export function useTimesFor(): (recordZone?: string | null) => TTimes {
  const zone = useSyncExternalStore(subscribe, getViewerZone);
  return useCallback((recordZone) => timesIn(recordZone || zone, isCrossOperatorViewer()), [zone]);
}
