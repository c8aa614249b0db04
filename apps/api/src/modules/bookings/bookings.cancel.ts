/** Cancelling a booking: the one cancel path (staff, the customer, a channel, the system). */
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { type ChangeActor, staffActor } from '../../lib/actors';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import * as departures from '../departures/departures.service';
import type { BookingMessagePayload } from '../messages/messages.booking-templates';
import { queueCancelledMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { writeBookingChange } from './booking-writer';
import { holdsSeats, NOT_FOUND, readBooking } from './bookings.checks';
import type { BookingRow } from './bookings.mapper';
import * as repo from './bookings.repository';
import { canTransition, transitionMessage } from './bookings.rules';

/** Cancels a pending or confirmed booking with a reason and frees its seats (same transaction). */
export async function cancelBooking(db: DbOrTx, actor: Actor, id: string, reason: string, now: Date) {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleBooking(tx, actor, id);
    if (!cur) throw notFound(NOT_FOUND);
    await cancelLockedBooking(tx, cur, { reason, actor: staffActor(actor), now, notify: { by: 'staff' } });
  });
  return readBooking(db, id);
}

/**
 * The one cancel path, for a booking the caller locked in its transaction: only from a state that
 * may go to `cancelled`; records the reason and a `cancelled` event (`event` adds to its data),
 * tells the customer (`notify`: a cancellation by the office or by themselves, or their departure
 * cancelled by the operator) and gives the seats back to the departure. Returns the message's id
 * (undefined when the operator switched that message off).
 */
export async function cancelLockedBooking(
  tx: DbOrTx,
  cur: BookingRow,
  c: {
    reason: string;
    /** Who cancels: staff, the customer, a channel or the system (a hold that ended). */
    actor: ChangeActor;
    now: Date;
    event?: Record<string, unknown>;
    /** What the customer is told; `productName` saves a read when the caller has the product. */
    notify: BookingMessagePayload & { departure?: boolean; productName?: string };
    /** No message at all (a hold that ended unpaid: the customer was never confirmed, ADR 022). */
    silent?: boolean;
  },
) {
  if (cur.state === 'cancelled') {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva ya está cancelada' });
  }
  if (!canTransition(cur.state, 'cancelled')) {
    throw fieldError('INVALID_STATE_TRANSITION', 'state', transitionMessage(cur.state, 'cancelled'));
  }
  const cancelled = await writeBookingChange(tx, cur, {
    actor: c.actor,
    now: c.now,
    set: { state: 'cancelled', cancelReason: c.reason, cancelledAt: c.now },
    events: [
      {
        type: 'cancelled',
        data: { reason: c.reason, from: cur.state, seats_released: holdsSeats(cur.state) ? cur.seats : 0, ...c.event },
      },
    ],
    audit: {
      action: 'cancel',
      changes: { state: [cur.state, 'cancelled'], cancel_reason: [cur.cancelReason || null, c.reason] },
    },
  });
  const { departure, productName, ...payload } = c.notify;
  let messageId: string | undefined;
  if (!c.silent) {
    const name = productName ?? (await refs.findProductRow(tx, cur.productId))?.name ?? '';
    messageId = await queueCancelledMessage(tx, cancelled, name, payload, departure);
  }
  if (holdsSeats(cur.state) && cur.seats > 0) await departures.releaseSeats(tx, cur.departureId, cur.seats);
  return { messageId };
}
