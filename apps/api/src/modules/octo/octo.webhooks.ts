/**
 * Webhooks to channels (issue 33 item 7, ADR 023, docs/octo.md «Webhooks»): when the operator's
 * side changes a channel's booking — staff edit or cancel it, a departure is cancelled, a hold ends
 * by itself — the channel is told at its webhook, so a reseller never sells a tour that moved or no
 * longer runs. A change the channel made itself through the OCTO API sends nothing: it has the
 * answer.
 *
 * A booking listener (bookings/booking-listeners.ts, registered by app.ts): the one writer calls it
 * in the change's transaction, and at the end of that transaction it queues the delivery through
 * the outbox (`queueWebhook`): committed with the change or not at all, signed with the channel's
 * secret when it leaves, retried with back-off, listed in «Mensajes» (ADR 015, "Webhooks"). The
 * body's `data.booking` is the OCTO Booking exactly as `GET /bookings/{uuid}` answers it once the
 * change is committed, with every capability we implement.
 *
 * Events: `booking.cancelled` (with the reason, and `departure_cancelled` when the operator
 * cancelled the whole departure), `booking.expired` (a hold that ended unconfirmed) and
 * `booking.updated` (anything else the channel can read: date, time, passengers, contact, pickup,
 * state, price…). A change the channel cannot see in its booking (a payment, internal notes, a
 * check-in, the seller) sends nothing.
 */
import type { DbOrTx } from '../../db/client';
import { beforeCommit } from '../../db/transaction';
import type { BookingChangeNotice, BookingListener } from '../bookings/booking-listeners';
import type { BookingRow } from '../bookings/bookings.mapper';
import { MAX_WEBHOOK_BODY, queueWebhook } from '../messages/messages.webhooks';
import { listBookings } from './octo.bookings';
import { findWebhookCaller, type OctoCaller } from './octo.repository';
import { OCTO_CAPABILITIES, type TOctoBooking } from './octo.schemas';

/** The events a channel's webhook receives. */
export const CHANNEL_WEBHOOK_EVENT = {
  UPDATED: 'booking.updated',
  CANCELLED: 'booking.cancelled',
  EXPIRED: 'booking.expired',
} as const;

/** The name the composition root registers the listener under. */
export const CHANNEL_WEBHOOK_LISTENER = 'octo.channel-webhooks';

/** One delivery per version of the booking: a change told twice (a retried transaction) is queued once. */
export const channelWebhookKey = (b: Pick<BookingRow, 'id' | 'version'>) => `channel_webhook:${b.id}:${b.version}`;

/**
 * Columns the OCTO booking does not show (docs/octo.md «La reserva»): a change of only these tells
 * the channel nothing. `checkedInAt` shows as `utcRedeemedAt` once the booking reads REDEEMED, and
 * a booking is only checked in while pending or confirmed, so a check-in is never news for it.
 */
const UNSEEN = new Set<string>([
  'version',
  'updatedAt',
  'paidCents',
  'refundedCents',
  'paymentState',
  'internalNotes',
  'checkedInAt',
  'checkedInBy',
  'sellerId',
  'createdBy',
  'pickupTimeOverridden',
  'customerConfirmedAt',
  'discountReason',
  'commissionCents',
]);

const sameValue = (a: unknown, b: unknown) => {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return a === b;
};

/** Whether the change moved something the channel reads in its booking. */
export function isNewsForChannel(before: BookingRow, after: BookingRow): boolean {
  return Object.keys(after).some(
    (k) => !UNSEEN.has(k) && !sameValue(before[k as keyof BookingRow], after[k as keyof BookingRow]),
  );
}

/** A pending booking whose hold had ended when it was cancelled: its channel reads it EXPIRED. */
const holdHadEnded = (b: BookingRow, now: Date) =>
  b.state === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt.getTime() <= now.getTime();

/** The event of a change and what it adds beside the booking. */
export function channelEventOf(c: Pick<BookingChangeNotice, 'before' | 'after' | 'now' | 'events'>): {
  event: (typeof CHANNEL_WEBHOOK_EVENT)[keyof typeof CHANNEL_WEBHOOK_EVENT];
  why: { reason?: string | null; departure_cancelled?: boolean };
} {
  const { before, after } = c;
  if (after.state !== 'cancelled' || before.state === 'cancelled') return { event: 'booking.updated', why: {} };
  const reason = after.cancelReason.trim() || null;
  if (holdHadEnded(before, c.now)) return { event: 'booking.expired', why: { reason } };
  const cancelled = c.events.find((e) => e.type === 'cancelled')?.data;
  return {
    event: 'booking.cancelled',
    why: { reason, departure_cancelled: cancelled?.departure_cancelled === true },
  };
}

/**
 * The booking as the channel's `GET /bookings/{uuid}` answers it now (in the change's
 * transaction): the same code path, by our locator (`supplierReference`), which also finds the
 * office's bookings for an agency that carry no OCTO uuid. The texts are in the operator's language
 * (there is no `Accept-Language` to follow); every capability is applied.
 */
async function octoBookingOf(
  tx: DbOrTx,
  caller: OctoCaller,
  b: BookingRow,
  ctx: { origin: string; now: Date },
): Promise<TOctoBooking> {
  const { body } = await listBookings(
    tx,
    caller,
    { supplierReference: b.locator },
    { capabilities: new Set(OCTO_CAPABILITIES), acceptLanguage: null, origin: ctx.origin, now: ctx.now },
  );
  const found = body.find((x) => x.id === b.id);
  if (!found) throw new Error(`OCTO webhook: booking ${b.id} is not its channel's`);
  return found;
}

/** Room left for `data` in the outbox's body (its `id`, `event` and `created_at` take the rest). */
const DATA_BUDGET = MAX_WEBHOOK_BODY - 1024;

type ChannelWebhookData = { booking: TOctoBooking; reason?: string | null; departure_cancelled?: boolean };

/**
 * `data` within the outbox's limit: a booking of very many passengers leaves out each unit item's
 * `unit` (the option lists the units), then the `product` and `option` (GET the booking for them).
 */
export function fittedData(data: ChannelWebhookData): ChannelWebhookData {
  const size = (d: ChannelWebhookData) => Buffer.byteLength(JSON.stringify(d));
  if (size(data) <= DATA_BUDGET) return data;
  const booking = { ...data.booking, unitItems: data.booking.unitItems.map(({ unit: _unit, ...item }) => item) };
  if (size({ ...data, booking }) <= DATA_BUDGET) return { ...data, booking };
  const { product: _product, option: _option, ...bare } = booking;
  return { ...data, booking: bare };
}

/** Queues the delivery of one booking's change, if its channel is active and has a live webhook. */
async function tellChannel(tx: DbOrTx, c: BookingChangeNotice, origin: string) {
  const channelId = c.after.channelId;
  if (!channelId || !isNewsForChannel(c.before, c.after)) return;
  const target = await findWebhookCaller(tx, c.after.tourOperatorId, channelId);
  if (!target) return;
  const { event, why } = channelEventOf(c);
  const booking = await octoBookingOf(tx, target.caller, c.after, { origin, now: c.now });
  await queueWebhook(tx, {
    endpointId: target.endpointId,
    event,
    data: fittedData({ booking, ...why }),
    dedupeKey: channelWebhookKey(c.after),
    bookingId: c.after.id,
  });
}

/**
 * The listener app.ts registers: a booking of a channel changed by anyone but that channel is told
 * to the channel's webhook once per transaction, at its end (`beforeCommit`): the booking as it is
 * once the whole change is done — its seats moved, the departure closed — and one delivery for what
 * one action wrote in several steps (from the row before the first to the row after the last).
 * Bookings without a channel cost nothing (no query); a channel without a webhook, one read.
 */
export function channelWebhookListener(o: { origin: string }): BookingListener {
  const pending = new WeakMap<object, Map<string, BookingChangeNotice>>();
  return async (tx, c) => {
    const channelId = c.after.channelId;
    if (!channelId) return;
    if (c.actor.kind === 'channel' && c.actor.channelId === channelId) return;
    let inTx = pending.get(tx);
    if (!inTx) {
      inTx = new Map();
      pending.set(tx, inTx);
    }
    const earlier = inTx.get(c.after.id);
    if (earlier) {
      inTx.set(c.after.id, { ...c, before: earlier.before, events: [...earlier.events, ...c.events] });
      return;
    }
    const changes = inTx;
    changes.set(c.after.id, c);
    await beforeCommit(tx, async () => {
      const change = changes.get(c.after.id) ?? c;
      changes.delete(c.after.id);
      await tellChannel(tx, change, o.origin);
    });
  };
}
