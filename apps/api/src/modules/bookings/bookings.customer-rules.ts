/**
 * What a customer may still do with their booking through its link, as pure rules (no database, no
 * clock): the bookings module's own, used by its customer edits and by what the public answers and
 * messages say. See docs/decisions/006-public-pages.md.
 */
import { CUSTOMER_EDITABLE_STATES, type TErrorCode } from '@trayecto/shared';
import type { BookingRow } from './bookings.mapper';

const HOUR_MS = 3_600_000;

/** States a customer may cancel from (the staff state machine's own: pending/confirmed → cancelled). */
const CANCELLABLE = new Set(['pending', 'confirmed']);
/** States a customer may still edit and confirm. */
const EDITABLE = new Set<string>(CUSTOMER_EDITABLE_STATES);
/** Channels where staff prepared the booking and the customer confirms it. */
const PREPARED_BY_STAFF = new Set(['office', 'seller']);

/**
 * Until when free cancellation lasts: `hours` before the start. 0 hours means up to the start
 * itself (the product form reads "hasta cuántas horas antes"), never after it.
 */
export const freeCancellationUntil = (startsAt: Date, hours: number) =>
  new Date(startsAt.getTime() - Math.max(0, hours) * HOUR_MS);

/** A pending or confirmed booking, before its free-cancellation deadline. */
export function canCancel(b: Pick<BookingRow, 'state'>, until: Date, now: Date): boolean {
  return CANCELLABLE.has(b.state) && now.getTime() < until.getTime();
}

/**
 * Staff prepared it (office or seller), it is pending or confirmed, the customer has not confirmed
 * it yet and the departure has not started.
 */
export function canConfirm(
  b: Pick<BookingRow, 'state' | 'channel' | 'customerConfirmedAt'>,
  startsAt: Date,
  now: Date,
): boolean {
  return (
    PREPARED_BY_STAFF.has(b.channel) &&
    EDITABLE.has(b.state) &&
    b.customerConfirmedAt === null &&
    now.getTime() < startsAt.getTime()
  );
}

export const isPreparedByStaff = (b: Pick<BookingRow, 'channel'>) => PREPARED_BY_STAFF.has(b.channel);

/** Why a customer may not do something with their booking now: a 409's code and message. */
export type Refusal = { code: TErrorCode; message: string };

const stateConflict = (message: string): Refusal => ({ code: 'STATE_CONFLICT', message });

/** Why a customer may not change this booking now, or null when they may. */
export function editRefusal(b: Pick<BookingRow, 'state'>, startsAt: Date, now: Date): Refusal | null {
  if (b.state === 'cancelled') return stateConflict('La reserva está cancelada y ya no se puede modificar');
  if (!EDITABLE.has(b.state)) return stateConflict('La reserva ya no se puede modificar');
  if (now.getTime() >= startsAt.getTime()) {
    return stateConflict('La excursión ya ha empezado; la reserva ya no se puede modificar');
  }
  return null;
}

/** Why a customer may not cancel this booking now, or null when they may. */
export function cancelRefusal(b: Pick<BookingRow, 'state'>, until: Date, now: Date): Refusal | null {
  if (b.state === 'cancelled') return stateConflict('La reserva ya está cancelada');
  if (!CANCELLABLE.has(b.state)) return stateConflict('La reserva ya no se puede cancelar');
  if (now.getTime() >= until.getTime()) {
    return { code: 'CANCELLATION_WINDOW_CLOSED', message: 'El plazo de cancelación gratuita ha terminado' };
  }
  return null;
}

/** The cancel reason staff see: the customer's words after a fixed prefix. */
export const customerCancelReason = (reason: string) =>
  reason.trim() ? `Cancelada por el cliente: ${reason.trim()}` : 'Cancelada por el cliente';
