/**
 * Pure helpers that turn a schedule sheet into what its screens show: the pickup route's rows,
 * pax against seats, the check-in progress, times and the passenger written back after a check-in.
 */
import {
  PAX_TYPE_NAMES,
  PAX_TYPES,
  type TPaxType,
  type TSheetPassenger,
  type TSheetResponse,
  type TSheetStop,
  type TSheetSummary,
} from '@trayecto/shared';

// ── Time ────────────────────────────────────────────────────────────────────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');

/** "09:00" + 420 min → "16:00" (a product without duration counts as one hour, as the API does). */
export function endTime(time: string, durationMinutes: number): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m) return '';
  const total = Number(m[1]) * 60 + Number(m[2]) + (durationMinutes > 0 ? durationMinutes : 60);
  const inDay = ((total % 1440) + 1440) % 1440;
  return `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}`;
}

/** Whether the departure has started: the sheet's start instant against the clock. */
export function hasStarted(sheet: Pick<TSheetSummary, 'starts_at'>, now = Date.now()): boolean {
  const start = Date.parse(sheet.starts_at);
  return Number.isFinite(start) && start <= now;
}

const longDayFmt = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-22" → "domingo, 22 de noviembre de 2026" (a calendar date, no zone shift). */
export function formatLongDay(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return '';
  return longDayFmt.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** "2026-11-22", +1 → "2026-11-23" (calendar arithmetic in UTC: no DST surprises). */
export function shiftDay(date: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** "Ayer" / "Hoy" / "Mañana" for those days, else ''. */
export function relativeDay(date: string, today: string): string {
  if (date === today) return 'Hoy';
  if (date === shiftDay(today, 1)) return 'Mañana';
  if (date === shiftDay(today, -1)) return 'Ayer';
  return '';
}

const weekdayLongFmt = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'UTC' });

/** The crew screen's title: "Mis hojas de hoy", "Mis hojas de mañana", "Mis hojas del jueves 26". */
export function crewDayTitle(date: string, today: string): string {
  const rel = relativeDay(date, today);
  if (rel) return `Mis hojas de ${rel.toLowerCase()}`;
  if (!isIsoDay(date)) return 'Mis hojas';
  return `Mis hojas del ${weekdayLongFmt.format(new Date(`${date}T00:00:00Z`))} ${Number(date.slice(8))}`;
}

export const isIsoDay = (v: string | null | undefined): v is string =>
  Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v) && shiftDay(v, 0) === v);

// ── People and seats ─────────────────────────────────────────────────────────────────────────────

/** "+34 622 110 004" → "tel:+34622110004" (numbers stay as typed on screen). */
export function telHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^\d+]/g, '');
  return digits.replace(/\+/g, '').length >= 3 ? `tel:${digits}` : null;
}

/** Whether the customer can be sent a WhatsApp (a number of at least 6 digits; the API checks it is a mobile). */
export const canWhatsapp = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '').length >= 6;

const PAX_PLURAL: Record<TPaxType, [string, string]> = {
  adult: ['adulto', 'adultos'],
  child: ['niño', 'niños'],
  infant: ['bebé', 'bebés'],
  senior: ['senior', 'seniors'],
};

/** {adult: 2, child: 1} → "2 adultos, 1 niño" */
export function paxBreakdown(pax: Record<string, number>): string {
  return PAX_TYPES.filter((t) => (pax[t] ?? 0) > 0)
    .map((t) => {
      const n = pax[t] ?? 0;
      return `${n} ${PAX_PLURAL[t][n === 1 ? 0 : 1]}`;
    })
    .concat(
      Object.keys(pax)
        .filter((t) => !PAX_TYPES.includes(t as TPaxType) && (pax[t] ?? 0) > 0)
        .map((t) => `${pax[t]} ${PAX_TYPE_NAMES[t as TPaxType] ?? t}`),
    )
    .join(', ');
}

/** "1 pax" / "3 pax"; "1 plaza" / "3 plazas". */
export const paxLabel = (n: number) => `${n.toLocaleString('es-ES')} pax`;
export const seatsLabel = (n: number) => `${n.toLocaleString('es-ES')} ${n === 1 ? 'plaza' : 'plazas'}`;

export type TLoad = {
  pax: number;
  /** Seats the bookings occupy (babies on a lap take none). */
  seats: number;
  /** The vehicle's seats, or the departure's capacity when no vehicle is assigned. */
  of: number;
  ofVehicle: boolean;
  over: boolean;
};

/** Pax and occupied seats against the vehicle's seats (or, without a vehicle, the departure's capacity). */
export function sheetLoad(sheet: Pick<TSheetSummary, 'pax' | 'seats' | 'capacity' | 'vehicle'>): TLoad {
  const ofVehicle = Boolean(sheet.vehicle);
  const of = sheet.vehicle ? sheet.vehicle.seats : sheet.capacity;
  return { pax: sheet.pax, seats: sheet.seats, of, ofVehicle, over: ofVehicle && sheet.seats > of };
}

export type TProgress = { done: number; total: number; percent: number; bookingsDone: number; bookings: number };

/** Check-in progress in pax (and in bookings, when the passenger list is at hand). */
export function checkInProgress(
  sheet: Pick<TSheetSummary, 'pax' | 'checked_in_pax' | 'bookings_count'>,
  passengers?: readonly Pick<TSheetPassenger, 'checked_in_at'>[],
): TProgress {
  const total = sheet.pax;
  const done = Math.min(sheet.checked_in_pax, total);
  return {
    done,
    total,
    percent: total > 0 ? Math.round((done / total) * 100) : 0,
    bookingsDone: passengers ? passengers.filter((p) => p.checked_in_at).length : 0,
    bookings: passengers ? passengers.length : sheet.bookings_count,
  };
}

// ── The pickup route ────────────────────────────────────────────────────────────────────────────

export type TRouteRow = {
  key: string;
  /** 1, 2, 3… in the order of the route. */
  n: number;
  time: string;
  place: string;
  /** "Puerta principal" — where exactly, at the place. */
  point: string;
  zone: string;
  address: string;
  isMeetingPoint: boolean;
  pax: number;
  runningPax: number;
  bookings: TSheetPassenger[];
  /** Bookings of the stop already checked in. */
  boarded: number;
};

/**
 * The route as the screen and the print show it: one row per stop in the API's order (by pickup
 * time), numbered, with "—" for a stop without time, the meeting point named as such, pax of the
 * stop and the running total on board.
 */
export function routeRows(stops: readonly TSheetStop[]): TRouteRow[] {
  return stops.map((s, i) => ({
    key: s.accommodation_id ?? `meeting-${i}`,
    n: i + 1,
    time: s.pickup_time ?? '—',
    place: s.accommodation_id ? s.name : 'Punto de encuentro',
    point: s.accommodation_id ? s.pickup_point : s.address,
    zone: s.zone,
    address: s.accommodation_id ? s.address : '',
    isMeetingPoint: s.accommodation_id === null,
    pax: s.pax,
    runningPax: s.running_pax,
    bookings: s.bookings,
    boarded: s.bookings.filter((b) => b.checked_in_at).length,
  }));
}

export type TRouteTotals = { stops: number; pax: number; bookings: number; firstPickup: TRouteRow | null };

export function routeTotals(rows: readonly TRouteRow[]): TRouteTotals {
  return {
    stops: rows.length,
    pax: rows.length ? (rows[rows.length - 1]?.runningPax ?? 0) : 0,
    bookings: rows.reduce((n, r) => n + r.bookings.length, 0),
    firstPickup: rows[0] ?? null,
  };
}

// ── Check-in ────────────────────────────────────────────────────────────────────────────────────

/**
 * The sheet with one passenger replaced by the API's answer, in the passenger list and in its stop;
 * the checked-in pax follow.
 */
export function withPassenger(sheet: TSheetResponse, passenger: TSheetPassenger): TSheetResponse {
  const swap = (p: TSheetPassenger) => (p.booking_id === passenger.booking_id ? passenger : p);
  const passengers = sheet.passengers.map(swap);
  return {
    ...sheet,
    passengers,
    stops: sheet.stops.map((s) => ({ ...s, bookings: s.bookings.map(swap) })),
    checked_in_pax: passengers.reduce((n, p) => n + (p.checked_in_at ? p.pax_total : 0), 0),
  };
}

/** A passenger whose booking can still be checked in or undone (not realizada / no presentado / cancelada). */
export const canToggle = (p: Pick<TSheetPassenger, 'state'>) => p.state === 'pending' || p.state === 'confirmed';
