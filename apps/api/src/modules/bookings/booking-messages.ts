/**
 * Which message a booking's change sends its customer (issue 14), written in the change's own
 * transaction through the outbox (modules/messages): one place, so the sale, the edit, the
 * cancellations and the payments of staff and customers decide alike.
 */
import type { DbOrTx } from '../../db/client';
import type { BookingMessagePayload } from '../messages/messages.booking-templates';
import { CUSTOMER_VISIBLE_CHANGES } from '../messages/messages.booking-templates';
import { MESSAGE_KIND } from '../messages/messages.rules';
import { bookingMessageOfNewBooking, queueBookingMessage } from '../messages/messages.service';
import type { Change } from './booking-changes';
import type { BookingRow } from './bookings.mapper';

/** Staff channels: a pending booking they make is prepared for the customer to complete and confirm. */
const isStaffSale = (b: Pick<BookingRow, 'channel'>) => b.channel !== 'public';

/** A new booking: confirmed → its confirmation; pending → received for review (web) or prepared (staff). */
const saleMessageKind = (b: Pick<BookingRow, 'state' | 'channel'>) =>
  b.state === 'confirmed'
    ? MESSAGE_KIND.BOOKING_CONFIRMED
    : isStaffSale(b)
      ? MESSAGE_KIND.BOOKING_PREPARED
      : MESSAGE_KIND.BOOKING_REQUESTED;

/**
 * The message a sale sends its customer ({@link saleMessageKind}), written by the booking's own
 * insert (ADR 040): the statement for the CTE that returns the new booking and its locator.
 */
export function saleMessageOf(
  tx: DbOrTx,
  b: Pick<
    BookingRow,
    'state' | 'channel' | 'tourOperatorId' | 'date' | 'customerEmail' | 'customerName' | 'language' | 'productId'
  >,
  productName: string,
) {
  const kind = saleMessageKind(b);
  return bookingMessageOfNewBooking(tx, { kind, booking: b, productName }, `${kind}:`);
}

/** A booking that became confirmed (the office's review, or the customer confirming what was prepared). */
export function queueConfirmedMessage(tx: DbOrTx, b: BookingRow, productName: string) {
  const kind = MESSAGE_KIND.BOOKING_CONFIRMED;
  return queueBookingMessage(tx, { kind, booking: b, productName, dedupeKey: `${kind}:${b.id}` });
}

/**
 * Staff changed what the customer relies on (day, time, tour, passengers, pickup): the changes as
 * `[before, after]`, one message per version of the booking. Other edits (notes, seller…) say nothing.
 */
export function queueChangedMessage(tx: DbOrTx, b: BookingRow, productName: string, changes: Record<string, Change>) {
  const visible: Record<string, [unknown, unknown]> = {};
  for (const field of CUSTOMER_VISIBLE_CHANGES) {
    const c = changes[field];
    if (c) visible[field] = [c.from, c.to];
  }
  if (Object.keys(visible).length === 0) return Promise.resolve(undefined);
  if (changes.total_cents) visible.total_cents = [changes.total_cents.from, changes.total_cents.to];
  const kind = MESSAGE_KIND.BOOKING_CHANGED;
  return queueBookingMessage(tx, {
    kind,
    booking: b,
    productName,
    dedupeKey: `${kind}:${b.id}:${b.version}`,
    payload: { changes: visible },
  });
}

/** Cancelled by the office, by the customer, or with its whole departure (its own message). */
export function queueCancelledMessage(
  tx: DbOrTx,
  b: BookingRow,
  productName: string,
  payload: BookingMessagePayload,
  departure = false,
) {
  const kind = departure ? MESSAGE_KIND.DEPARTURE_CANCELLED : MESSAGE_KIND.BOOKING_CANCELLED;
  return queueBookingMessage(tx, { kind, booking: b, productName, dedupeKey: `${kind}:${b.id}`, payload });
}

/** Money received or returned: one message per payment. */
export function queuePaymentMessage(
  tx: DbOrTx,
  b: BookingRow,
  productName: string,
  payment: { id: string; kind: 'payment' | 'refund'; amountCents: number; method: string },
) {
  const kind = payment.kind === 'refund' ? MESSAGE_KIND.PAYMENT_REFUNDED : MESSAGE_KIND.PAYMENT_RECEIVED;
  return queueBookingMessage(tx, {
    kind,
    booking: b,
    productName,
    dedupeKey: `${kind}:${payment.id}`,
    payload: { amount_cents: payment.amountCents, method: payment.method },
  });
}
