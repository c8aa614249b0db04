/**
 * Pure rules of the schedule sheets (no database, no clock): the sheet's time interval, the state
 * machine's messages, what a scanned or typed check-in code means, and the Spanish sentences of
 * conflicts and warnings.
 */
import {
  isUuid,
  LEVEL,
  SHEET_STATE_NAMES,
  SHEET_TRANSITIONS,
  type TSheetCheckInWindow,
  type TSheetState,
  todayIn,
  UUID_SOURCE,
  zonedDateTimeToInstant,
} from '@trayecto/shared';

/** "La hoja de servicio no existe" */
export const WHAT = 'La hoja de servicio';

/** The Chofer and the Guía: they work their own sheets (state forward, check-in), nothing else. */
export const isCrew = (actor: { level: number }) => actor.level === LEVEL.DRIVER || actor.level === LEVEL.GUIDE;

/** A product without a duration still occupies its vehicle and staff: one hour. */
export const DEFAULT_DURATION_MINUTES = 60;

/**
 * [starts_at, ends_at) of a departure: its start in the operator's time zone and the product's
 * duration after it. Overlap checks compare these instants, so time zones and midnight never matter.
 */
export function sheetInterval(date: string, time: string, durationMinutes: number, timeZone: string) {
  const startsAt = zonedDateTimeToInstant(date, time, timeZone);
  const minutes = durationMinutes > 0 ? durationMinutes : DEFAULT_DURATION_MINUTES;
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
}

/** Half-open intervals: one ending exactly when the other starts does not overlap it. */
export function intervalsOverlap(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * Check-in (and «Iniciar») belong to the departure's day in the operator's time zone: `before`
 * it, `open` from its midnight to the next (and later while the tour is still running, for a tour
 * past midnight), `after` it.
 */
export function checkInWindow(sheet: { date: string; endsAt: Date }, timeZone: string, now: Date): TSheetCheckInWindow {
  const today = todayIn(timeZone, now);
  if (today < sheet.date) return 'before';
  if (today === sheet.date || now.getTime() < sheet.endsAt.getTime()) return 'open';
  return 'after';
}

const stateName = (s: string) => SHEET_STATE_NAMES[s as TSheetState] ?? s;

/** Whether the sheet's state machine (SHEET_TRANSITIONS) allows the step. */
export const canSheetTransition = (from: string, to: string) =>
  (SHEET_TRANSITIONS[from as TSheetState] ?? []).includes(to as TSheetState);

/** "No se puede pasar una hoja de «Borrador» a «En curso»: desde «Borrador» solo se puede pasar a «Confirmada»" */
export function sheetTransitionMessage(from: string, to: string): string {
  const next = SHEET_TRANSITIONS[from as TSheetState] ?? [];
  const allowed =
    next.length === 0
      ? `una hoja «${stateName(from)}» ya no cambia de estado`
      : `desde «${stateName(from)}» solo se puede pasar a ${next.map((s) => `«${stateName(s)}»`).join(' o ')}`;
  return `No se puede pasar una hoja de «${stateName(from)}» a «${stateName(to)}»: ${allowed}`;
}

const VOUCHER_RE = new RegExp(`/public/landing/booking-voucher/(${UUID_SOURCE})(?:[/?#]|$)`, 'i');
/** TRY- and six symbols; the dash and case are optional when typed ("try7k2qf9"). */
const LOCATOR_RE = /^TRY-?([0-9A-Z]{6})$/i;

export type CheckInCode =
  | { kind: 'id'; id: string; method: 'scan' }
  | { kind: 'locator'; locator: string; method: 'locator' };

/**
 * What a check-in code names: the voucher's QR (the absolute URL of
 * `/public/landing/booking-voucher/{id}`, from any host), a bare booking id, or a locator typed in
 * any case, with or without the dash and spaces. Anything else: null.
 */
export function parseCheckInCode(raw: string): CheckInCode | null {
  const code = raw.trim();
  const voucher = VOUCHER_RE.exec(code);
  if (voucher) return { kind: 'id', id: voucher[1].toLowerCase(), method: 'scan' };
  if (isUuid(code)) return { kind: 'id', id: code.toLowerCase(), method: 'scan' };
  const locator = LOCATOR_RE.exec(code.replace(/\s+/g, ''));
  if (locator) return { kind: 'locator', locator: `TRY-${locator[1].toUpperCase()}`, method: 'locator' };
  return null;
}

// ── Sentences ────────────────────────────────────────────────────────────────────────────────────

const displayDate = (date: string) => date.split('-').reverse().join('/');

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
/** HH:mm of an instant in a time zone. */
export function localTime(instant: Date, timeZone: string): string {
  let f = timeFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('es-ES', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(timeZone, f);
  }
  return f.format(instant);
}

/** What the Chofer and the Guía are told outside the departure's day (they may not override). */
export function checkInClosedMessage(window: 'before' | 'after', date: string): string {
  return window === 'before'
    ? `El embarque de esta hoja se abre el ${displayDate(date)}, el día de la salida`
    : `La salida fue el ${displayDate(date)} y el embarque ya está cerrado: si falta alguien, pide a la oficina que lo registre`;
}

/** What the office is asked for outside the departure's day: the reason of the override. */
export function overrideReasonMessage(window: 'before' | 'after', date: string): string {
  return window === 'before'
    ? `La salida es el ${displayDate(date)}: para embarcar antes de ese día, indica el motivo`
    : `La salida fue el ${displayDate(date)}: para registrar un embarque atrasado, indica el motivo`;
}

export const CREW_NO_OVERRIDE = 'Solo la oficina puede embarcar fuera del día de la salida';

/** «Iniciar» before the departure's day (nobody overrides it: a sheet starts on its day). */
export const startTooEarlyMessage = (date: string) =>
  `La hoja se puede iniciar a partir del ${displayDate(date)}, el día de la salida`;

const LISTED_BOOKINGS = 3;

/** "Sin hora de recogida en «Parada Loro Parque»: Luca Rossi (TRY-7K2QF9). Indícala en la reserva" */
export function pickupWithoutTimeMessage(place: string, bookings: { customerName: string; locator: string }[]): string {
  const named = bookings.slice(0, LISTED_BOOKINGS).map((b) => `${b.customerName} (${b.locator})`);
  const more = bookings.length - named.length;
  const who =
    more > 0
      ? `${named.join(', ')} y ${more} más`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} y ${named[named.length - 1]}`
        : named.join('');
  return `Sin hora de recogida en «${place}»: ${who}. ${bookings.length === 1 ? 'Indícala en la reserva' : 'Indícala en las reservas'}`;
}

export type OtherSheet = { productName: string; date: string; time: string; endsAt: Date };

/** «Masca» (22/11/2026, 08:00–15:00) */
function describeSheet(o: OtherSheet, timeZone: string): string {
  return `«${o.productName}» (${displayDate(o.date)}, ${o.time}–${localTime(o.endsAt, timeZone)})`;
}

export type ResourceKind = 'vehicle' | 'driver' | 'guide' | 'person';

/** "El vehículo 4821KLM ya está en «Masca» (22/11/2026, 08:00–15:00)" and the like. */
export function overlapMessage(kind: ResourceKind, resourceName: string, other: OtherSheet, timeZone: string): string {
  const where = describeSheet(other, timeZone);
  switch (kind) {
    case 'vehicle':
      return `El vehículo ${resourceName} ya está en ${where}`;
    case 'driver':
      return `El chofer ${resourceName} ya está en ${where}`;
    case 'guide':
      return `El guía ${resourceName} ya está en ${where}`;
    default:
      return `${resourceName} ya está en ${where}`;
  }
}

/** "El vehículo 6617KZD no está disponible ese día (Taller: cambio de embrague, del 20/11/2026 al 27/11/2026)" */
export function unavailableMessage(plate: string, period: { from: string; to: string; reason: string }): string {
  const when =
    period.from === period.to
      ? `el ${displayDate(period.from)}`
      : `del ${displayDate(period.from)} al ${displayDate(period.to)}`;
  const why = period.reason ? `${period.reason}, ${when}` : when;
  return `El vehículo ${plate} no está disponible ese día (${why})`;
}

/** Pax above the vehicle's seats: a warning, never a refusal. */
export function overCapacityMessage(seats: number, vehicle: { plate: string; seats: number }): string {
  return `Hay ${seats} plazas ocupadas y el vehículo ${vehicle.plate} solo tiene ${vehicle.seats}`;
}

export const isOverCapacity = (seats: number, vehicle: { seats: number } | null) =>
  vehicle !== null && seats > vehicle.seats;
