/**
 * What a tour does to its bookings (PRODUCT.md §4 "Check-in", "no-shows at the end"): a passenger
 * marked on board or the mark undone, and at the end of the tour the checked-in bookings done and
 * the others no-shows. The schedule sheets decide when (their state, the day's window, the crew);
 * the bookings module checks the booking and writes it through the one writer, with its version
 * bumped and a line in its history like every other change.
 */
import { BOOKING_STATE_NAMES, type TBookingState } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { actorUserId, type ChangeActor } from '../../lib/actors';
import { AppError } from '../../lib/app-error';
import { type BookingEvent, writeBookingChange } from './booking-writer';
import type { BookingRow } from './bookings.mapper';
import * as repo from './bookings.repository';

const NOT_ON_DEPARTURE = 'La reserva no está en esta hoja';

export type CheckIn = {
  actor: ChangeActor;
  now: Date;
  /** On board (true) or the mark undone (false). */
  present: boolean;
  /** How it was marked: a tap on the list, a scanned QR, a typed locator. */
  method: string;
  /** Given by the office to check in outside the departure's day; kept in the history and audit. */
  overrideReason: string | null;
  /** Added to the audit entry's summary (" · hoja Teide 09:00"). */
  summarySuffix: string;
};

/**
 * Marks a booking of this departure on board (or undoes it), named by id or by locator (any case):
 * 404 when it is not on the departure, 409 once cancelled or no longer pending/confirmed. Marking
 * it again keeps the first time and writes nothing. Answers the booking and whether it changed.
 */
export async function checkInBooking(
  tx: DbOrTx,
  on: { tourOperatorId: string; departureId: string },
  target: { id: string } | { locator: string },
  c: CheckIn,
): Promise<{ booking: BookingRow; changed: boolean }> {
  const booking = await repo.lockDepartureBooking(tx, on, target);
  if (!booking) throw new AppError({ code: 'NOT_FOUND', message: NOT_ON_DEPARTURE });
  if (booking.state === 'cancelled') {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva está cancelada' });
  }
  if (booking.state !== 'pending' && booking.state !== 'confirmed') {
    const name = BOOKING_STATE_NAMES[booking.state as TBookingState] ?? booking.state;
    throw new AppError({ code: 'STATE_CONFLICT', message: `La reserva ya está «${name}»` });
  }
  const wasPresent = booking.checkedInAt !== null;
  if (c.present === wasPresent) return { booking, changed: false };
  const reason = c.overrideReason ? { override_reason: c.overrideReason } : {};
  const updated = await writeBookingChange(tx, booking, {
    actor: c.actor,
    now: c.now,
    set: c.present
      ? { checkedInAt: c.now, checkedInBy: actorUserId(c.actor) }
      : { checkedInAt: null, checkedInBy: null },
    events: [{ type: c.present ? 'checked_in' : 'check_in_undone', data: { method: c.method, ...reason } }],
    audit: {
      action: c.present ? 'check_in' : 'check_in_undo',
      summarySuffix: c.summarySuffix,
      changes: {
        checked_in: [wasPresent, c.present],
        ...(c.overrideReason ? { override_reason: [null, c.overrideReason] } : {}),
      },
    },
  });
  return { booking: updated, changed: true };
}

/**
 * The end of the tour on this departure, in the caller's transaction: checked-in bookings become
 * «Realizada» (a pending one is confirmed first, as the state machine asks: two lines in its
 * history), confirmed ones nobody checked in «No presentado». Pending bookings nobody checked in
 * stay pending for the office to decide. Answers both lists as they are now.
 */
export async function settleDepartureAtEnd(
  tx: DbOrTx,
  departureId: string,
  c: { actor: ChangeActor; now: Date; sheetId?: string; summarySuffix: string },
): Promise<{ completed: BookingRow[]; noShows: BookingRow[] }> {
  const completed: BookingRow[] = [];
  const noShows: BookingRow[] = [];
  for (const b of await repo.lockOpenBookings(tx, departureId)) {
    const to = b.checkedInAt ? 'completed' : b.state === 'confirmed' ? 'no_show' : null;
    if (!to) continue;
    const events: BookingEvent[] = [];
    const sheet = c.sheetId ? { sheet_id: c.sheetId } : {};
    if (b.state === 'pending')
      events.push({ type: 'state_changed', data: { from: 'pending', to: 'confirmed', ...sheet } });
    events.push({ type: 'state_changed', data: { from: 'confirmed', to, ...sheet } });
    const row = await writeBookingChange(tx, b, {
      actor: c.actor,
      now: c.now,
      set: { state: to, ...(b.state === 'pending' ? { confirmedAt: c.now } : {}) },
      events,
      audit: { action: 'state', summarySuffix: c.summarySuffix, changes: { state: [b.state, to] } },
    });
    (to === 'completed' ? completed : noShows).push(row);
  }
  return { completed, noShows };
}
