/** Cancelling a booking: the one cancel path (staff and the customer's public cancel). */
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { type AuditContext, recordAudit, staffAudit } from '../audit/audit.service';
import * as departuresRepo from '../departures/departures.repository';
import type { BookingMessagePayload } from '../messages/messages.booking-templates';
import { queueCancelledMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { bookingSummary, holdsSeats, NOT_FOUND, readBooking } from './bookings.checks';
import type { BookingRow } from './bookings.mapper';
import * as repo from './bookings.repository';
import { canTransition, transitionMessage } from './bookings.rules';

/** Cancels a pending or confirmed booking with a reason and frees its seats (same transaction). */
export async function cancelBooking(db: DbOrTx, actor: Actor, id: string, reason: string, now: Date) {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleBooking(tx, actor, id);
    if (!cur) throw notFound(NOT_FOUND);
    await cancelLockedBooking(tx, cur, {
      reason,
      actorId: actor.id,
      now,
      audit: staffAudit(actor),
      notify: { by: 'staff' },
    });
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
    actorId: string | null;
    now: Date;
    event?: Record<string, unknown>;
    audit: AuditContext;
    /** What the customer is told; `productName` saves a read when the caller has the product. */
    notify: BookingMessagePayload & { departure?: boolean; productName?: string };
  },
) {
  if (cur.state === 'cancelled') {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva ya está cancelada' });
  }
  if (!canTransition(cur.state, 'cancelled')) {
    throw fieldError('INVALID_STATE_TRANSITION', 'state', transitionMessage(cur.state, 'cancelled'));
  }
  await repo.updateBookingRow(tx, cur.id, {
    state: 'cancelled',
    cancelReason: c.reason,
    cancelledAt: c.now,
    version: cur.version + 1,
    updatedAt: c.now,
  });
  await repo.insertEvents(tx, [
    {
      tourOperatorId: cur.tourOperatorId,
      bookingId: cur.id,
      type: 'cancelled',
      actorId: c.actorId,
      createdAt: c.now,
      data: { reason: c.reason, from: cur.state, seats_released: holdsSeats(cur.state) ? cur.seats : 0, ...c.event },
    },
  ]);
  await recordAudit(tx, c.audit, {
    tourOperatorId: cur.tourOperatorId,
    entityType: 'booking',
    entityId: cur.id,
    action: 'cancel',
    summary: bookingSummary(cur),
    at: c.now,
    changes: { state: [cur.state, 'cancelled'], cancel_reason: [cur.cancelReason || null, c.reason] },
  });
  const { departure, productName, ...payload } = c.notify;
  const name = productName ?? (await refs.findProductRow(tx, cur.productId))?.name ?? '';
  const cancelled: BookingRow = { ...cur, state: 'cancelled', version: cur.version + 1 };
  const messageId = await queueCancelledMessage(tx, cancelled, name, payload, departure);
  if (holdsSeats(cur.state) && cur.seats > 0) await departuresRepo.releaseSeats(tx, cur.departureId, cur.seats);
  return { messageId };
}
