/**
 * The customer's own changes through their booking's link (PRODUCT.md §2 "public (no token)", §6):
 * completing their data, confirming what the office prepared, cancelling inside the free window.
 * The rules are the bookings module's (bookings.customer-rules.ts); the public module only parses
 * the request and answers in the customer's language. Everything is written by the one writer with
 * the customer as the actor.
 */
import type { TPublicBookingUpdateRequest } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { PassengerRow } from '../../db/schema/bookings';
import { customerActor, type RequestOrigin } from '../../lib/actors';
import { AppError, validation } from '../../lib/app-error';
import { fromChangeMap, nameReferences } from '../audit/audit.service';
import { editedAnswers } from './booking-answers';
import { changeTracker, editedCustomerData } from './booking-changes';
import { queueConfirmedMessage } from './booking-messages';
import { type BookingEvent, writeBookingChange } from './booking-writer';
import { cancelLockedBooking } from './bookings.cancel';
import { computedPickupTime, usablePlace } from './bookings.checks';
import {
  cancelRefusal,
  customerCancelReason,
  editRefusal,
  freeCancellationUntil,
  isPreparedByStaff,
} from './bookings.customer-rules';
import { startsAtOf } from './bookings.mapper';
import * as repo from './bookings.repository';
import { passengerErrors, paxOf } from './bookings.rules';

const BOOKING_NOT_FOUND = 'Reserva no encontrada';

/** The product of a customer's booking, as their changes see it. */
type LockedProduct = NonNullable<Awaited<ReturnType<typeof repo.lockCustomerBooking>>>['product'];

export type CustomerEditContext = {
  /** The request the customer sent (they act under the name on the booking, as it is after the change). */
  origin: RequestOrigin;
  now: Date;
  /**
   * Whether the customer may pick this place (the public catalogue's offer for the product):
   * throws its own 422 when not. Called only for a place that changes.
   */
  assertPickupPlace: (tx: DbOrTx, product: LockedProduct, accommodationId: string) => Promise<void>;
};

/** The customer's booking, locked for a change inside `tx` (404 once gone or its operator inactive). */
async function lockForCustomer(tx: DbOrTx, bookingId: string) {
  const locked = await repo.lockCustomerBooking(tx, bookingId);
  if (!locked) throw new AppError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND });
  return locked;
}

/**
 * PUT /public/bookings/{id}: the customer completes their data and, with `confirm`, confirms a
 * booking staff prepared (pending → confirmed; a public booking pending the operator's review stays
 * pending). Refused (409) once cancelled, completed, no-show or started. Pax, date, product and
 * prices are staff's. Passengers: names for the guide's list, never more of a type than booked; a
 * document staff recorded stays unless the customer sends another. A new pickup place recomputes
 * the time unless staff set it by hand.
 */
export async function editAsCustomer(
  tx: DbOrTx,
  bookingId: string,
  body: TPublicBookingUpdateRequest,
  ctx: CustomerEditContext,
): Promise<void> {
  const { now } = ctx;
  const locked = await lockForCustomer(tx, bookingId);
  const { booking: cur, product } = locked;
  const refusal = editRefusal(cur, startsAtOf(cur, locked.timezone), now);
  if (refusal) throw new AppError(refusal);

  let passengers: PassengerRow[] = cur.passengers;
  if (body.passengers !== undefined) {
    passengers = body.passengers.map((p) => ({
      full_name: p.full_name,
      pax_type: p.pax_type,
      document_id:
        p.document_id ??
        cur.passengers.find((c) => c.full_name === p.full_name && c.pax_type === p.pax_type)?.document_id ??
        '',
    }));
    const errors = passengerErrors(passengers, paxOf(cur.lines));
    if (errors) throw validation(errors);
  }

  const accommodationId = body.accommodation_id !== undefined ? body.accommodation_id : cur.accommodationId;
  let pickupTime = cur.pickupTime;
  if (accommodationId !== cur.accommodationId) {
    let place: { id: string; zone: string } | null = null;
    if (accommodationId) {
      await ctx.assertPickupPlace(tx, product, accommodationId);
      place = await usablePlace(tx, cur.tourOperatorId, accommodationId);
    }
    if (!cur.pickupTimeOverridden) pickupTime = await computedPickupTime(tx, product, place, cur.time);
  }

  // Answers sent replace the stored ones; sent or confirming, every required question must be answered (ADR 024).
  const answers = editedAnswers(product, cur.answers, body.answers, {
    paxTotal: cur.paxTotal,
    requireAll: body.answers !== undefined || body.confirm === true,
  });
  const next = { ...editedCustomerData(body, cur), accommodationId, pickupTime, passengers, answers };
  const { changes, track, trackCustomer } = changeTracker();
  trackCustomer(cur, next);
  track('answers', cur.answers, next.answers);
  track('passengers', cur.passengers, next.passengers);

  const confirming = body.confirm === true && cur.customerConfirmedAt === null;
  const nextState =
    body.confirm === true && isPreparedByStaff(cur) && cur.state === 'pending' ? 'confirmed' : cur.state;
  if (Object.keys(changes).length === 0 && !confirming && nextState === cur.state) return;

  const events: BookingEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'updated', data: { changes } });
  if (confirming) events.push({ type: 'customer_confirmed', data: {} });
  if (nextState !== cur.state) events.push({ type: 'state_changed', data: { from: cur.state, to: nextState } });
  const audited = fromChangeMap(changes);
  if (nextState !== cur.state) audited.state = [cur.state, nextState];
  if (confirming) audited.customer_confirmed = [false, true];
  const updated = await writeBookingChange(tx, cur, {
    actor: customerActor(next.customerName, ctx.origin),
    now,
    set: {
      ...next,
      state: nextState,
      confirmedAt: nextState !== cur.state ? now : cur.confirmedAt,
      customerConfirmedAt: confirming ? now : cur.customerConfirmedAt,
    },
    events,
    audit: {
      action: confirming ? 'confirm' : 'update',
      changes: await nameReferences(tx, audited, { accommodation_id: 'accommodation' }),
    },
  });
  // Confirming what the office prepared sends the confirmation (voucher, calendar, pickup).
  if (nextState === 'confirmed' && cur.state !== 'confirmed') {
    await queueConfirmedMessage(tx, updated, product.name);
  }
}

/**
 * POST /public/bookings/{id}/cancel: inside the free-cancellation window only (409 outside it);
 * the one cancel path frees the seats in the same transaction and tells the customer.
 */
export async function cancelAsCustomer(
  tx: DbOrTx,
  bookingId: string,
  reason: string,
  ctx: { origin: RequestOrigin; now: Date },
): Promise<void> {
  const locked = await lockForCustomer(tx, bookingId);
  const { booking: cur, product } = locked;
  const until = freeCancellationUntil(startsAtOf(cur, locked.timezone), product.freeCancellationHours);
  const refusal = cancelRefusal(cur, until, ctx.now);
  if (refusal) throw new AppError(refusal);
  await cancelLockedBooking(tx, cur, {
    reason: customerCancelReason(reason),
    actor: customerActor(cur.customerName, ctx.origin),
    now: ctx.now,
    event: { customer_reason: reason.trim() },
    notify: { by: 'customer', productName: product.name },
  });
}
