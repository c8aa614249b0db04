/**
 * A booking's online payments (ADR 022, issue 32): what is due now, the hold that keeps its seats
 * while the customer pays (renewed, ended), a provider's payment applied to it and a provider's
 * refund recorded. Every change goes through the one writer (`writeBookingChange`) or the one
 * cancel path, with the system as the actor when nobody asked in a request. Lock order as every
 * booking change: the booking row, then its departure.
 */
import { formatCents, timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { type ChangeActor, systemActor } from '../../lib/actors';
import { AppError, notFound, validation } from '../../lib/app-error';
import { cancelJob, enqueueJob, enqueueJobInStatement } from '../../lib/jobs/queue';
import type { Actor } from '../../lib/tenant';
import * as departures from '../departures/departures.service';
import { MESSAGE_KIND } from '../messages/messages.rules';
import { queueBookingMessage } from '../messages/messages.service';
import { queueConfirmedMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { writeBookingChange } from './booking-writer';
import { cancelLockedBooking } from './bookings.cancel';
import { type BookingRow, dueNowOf, pendingCents, startsAtOf, termsOf } from './bookings.mapper';
import * as repo from './bookings.repository';
import * as online from './online.repository';
import { recordPaymentLocked } from './payments.service';

/** The job that ends a hold (registered in background.ts). */
export const HOLD_EXPIRY_JOB = 'payments.hold-expiry';
/** The job that gives back, through its provider, what a payment brought above what was owed. */
export const REFUND_EXCESS_JOB = 'payments.refund-excess';
/** Why a hold that ended cancels its booking (its `cancel_reason`). */
export const HOLD_EXPIRED_REASON = 'Pago no completado a tiempo';
/** …and a channel's reserve its channel did not confirm in time (ADR 023: the channel reads EXPIRED). */
export const CHANNEL_HOLD_EXPIRED_REASON = 'Reserva del canal no confirmada a tiempo';
/** The system actors of this file, as the history names them ("Sistema · Pago en línea"). */
export const ONLINE_PAYMENT_ACTOR = 'Pago en línea';
export const HOLD_END_ACTOR = 'Fin de la retención';
export const ONLINE_REFUND_ACTOR = 'Reembolso en línea';
const REINSTATED = 'Reactivada por un pago recibido tras la retención';
const RENEWED = 'Retención renovada al volver a pagar';

const NOT_FOUND_WHAT = 'La reserva';
const NOTHING_DUE_MESSAGE = 'Esta reserva no tiene nada que pagar en línea ahora';
const HOLD_EXPIRED_MESSAGE = 'El tiempo para pagar terminó y las plazas ya no están disponibles: haz una nueva reserva';

/** The dedupe key of the job that ends this hold (one job per end: a renewed hold has another). */
export const holdJobKey = (bookingId: string, end: Date) => `${HOLD_EXPIRY_JOB}:${bookingId}:${end.toISOString()}`;

/** Whether a cancelled booking was cancelled by the end of its hold (the hold's end stays on it). */
export const cancelledByHold = (b: Pick<BookingRow, 'state' | 'holdExpiresAt'>) =>
  b.state === 'cancelled' && b.holdExpiresAt !== null;

/** A held booking whose hold has ended by `now` (the job or the sweep has not cancelled it yet). */
const holdEnded = (b: Pick<BookingRow, 'state' | 'holdExpiresAt'>, now: Date) =>
  b.state === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt.getTime() <= now.getTime();

/** Writes the job that ends this hold at its end, in the hold's transaction. */
export async function scheduleHoldExpiry(tx: DbOrTx, bookingId: string, end: Date) {
  await enqueueJob(tx, holdExpiryJob(bookingId, end));
}

/** {@link scheduleHoldExpiry} as a part of the sale's one statement (ADR 042). */
export const scheduleHoldExpiryInStatement = (db: DbOrTx, bookingId: string, end: Date) =>
  enqueueJobInStatement(db, holdExpiryJob(bookingId, end));

const holdExpiryJob = (bookingId: string, end: Date) => ({
  kind: HOLD_EXPIRY_JOB,
  payload: { booking_id: bookingId },
  runAt: end,
  dedupeKey: holdJobKey(bookingId, end),
});

/** The hold a new public booking gets, or null when it is not paid online (ADR 022 "Holds and races"). */
export async function holdForSale(
  tx: DbOrTx,
  p: { tourOperatorId: string; paymentMode: string; totalCents: number },
  now: Date,
): Promise<Date | null> {
  if (p.totalCents <= 0 || (p.paymentMode !== 'full' && p.paymentMode !== 'deposit')) return null;
  return holdOf(p, await online.findOnlineSettings(tx, p.tourOperatorId), now);
}

/**
 * {@link holdForSale} with the operator's settings already read (the sale reads them with the rest,
 * ADR 035): none without a provider; else `now` + the operator's hold minutes.
 */
export function holdOf(
  p: { paymentMode: string; totalCents: number },
  settings: { provider: string | null; holdMinutes?: number | null },
  now: Date,
): Date | null {
  if (p.totalCents <= 0 || (p.paymentMode !== 'full' && p.paymentMode !== 'deposit')) return null;
  if (!settings.provider) return null;
  return new Date(now.getTime() + (settings.holdMinutes ?? online.DEFAULT_HOLD_MINUTES) * 60_000);
}

export type DueNow = {
  bookingId: string;
  tourOperatorId: string;
  amountCents: number;
  currency: string;
  language: string;
  customerEmail: string;
  locator: string;
  /** The hold ended (the booking may already be cancelled by it). */
  holdExpired: boolean;
  /** …and its seats are still free: the checkout renews it (`renewHold`) instead of refusing. */
  holdRenewable: boolean;
  /** The live payment link the amount comes from, if any. */
  linkId: string | null;
};

/**
 * What the customer must pay online now for a booking (ADR 022), computed by the server from the
 * product's mode, a live payment link and what was paid. 404 for an unknown booking; 409 NOTHING_DUE
 * when nothing is due online; 409 HOLD_EXPIRED when its hold ended and its seats were taken by
 * others (a hold that ended with its seats still free is `holdRenewable`).
 */
export async function dueNowCents(db: DbOrTx, bookingId: string, now: Date): Promise<DueNow> {
  const [b] = await repo.findBookingRows(db, [bookingId]);
  if (!b) throw notFound(NOT_FOUND_WHAT);
  const ended = cancelledByHold(b) || holdEnded(b, now);
  if (b.state === 'cancelled' && !cancelledByHold(b)) throw nothingDue();
  const terms = await online.findProductTerms(db, b.productId);
  const links = (await online.listLinks(db, [b.id])).get(b.id) ?? [];
  // A booking its hold's end cancelled owes what it owed while held.
  const owing = ended ? { ...b, state: 'pending' } : b;
  const amount = terms ? dueNowOf(owing, termsOf({ mode: terms.paymentMode, ...terms }), links, now) : 0;
  if (amount <= 0) throw nothingDue();
  let renewable = false;
  if (ended) {
    renewable = b.state === 'pending' || (await seatsFree(db, b.departureId, b.seats));
    if (!renewable) throw new AppError({ code: 'HOLD_EXPIRED', message: HOLD_EXPIRED_MESSAGE });
  }
  const live = online.liveLinkOf(links, now);
  return {
    bookingId: b.id,
    tourOperatorId: b.tourOperatorId,
    amountCents: amount,
    currency: b.currency,
    language: b.language,
    customerEmail: b.customerEmail,
    locator: b.locator,
    holdExpired: ended,
    holdRenewable: renewable,
    linkId: live?.id ?? null,
  };
}

/** Whether the departure could take these seats now (a read: the conditional UPDATE decides). */
async function seatsFree(db: DbOrTx, departureId: string, seats: number) {
  if (seats === 0) return true;
  const dep = await departures.findDepartureById(db, departureId);
  return !!dep && !dep.closed && dep.seatsTaken + seats <= dep.capacity;
}

const nothingDue = () => new AppError({ code: 'NOTHING_DUE', message: NOTHING_DUE_MESSAGE });

/**
 * Gives a hold that ended a new one (the customer is paying again and its seats are free): a
 * pending booking's hold moves to `now + hold minutes`; one its hold's end cancelled takes its
 * seats again (the one conditional UPDATE of the departure) and is pending and held again. 409
 * HOLD_EXPIRED when the seats were taken meanwhile. A hold still running is left as it is.
 * Answers the hold's end.
 */
export async function renewHold(tx: DbOrTx, bookingId: string, now: Date): Promise<Date | null> {
  const b = await repo.lockBookingById(tx, bookingId);
  if (!b) throw notFound(NOT_FOUND_WHAT);
  if (!cancelledByHold(b) && !holdEnded(b, now)) return b.holdExpiresAt;
  const settings = await online.findOnlineSettings(tx, b.tourOperatorId);
  const end = new Date(now.getTime() + settings.holdMinutes * 60_000);
  const actor = systemActor(ONLINE_PAYMENT_ACTOR);
  if (cancelledByHold(b)) {
    if (b.seats > 0 && !(await departures.takeSeats(tx, b.departureId, b.seats))) {
      throw new AppError({ code: 'HOLD_EXPIRED', message: HOLD_EXPIRED_MESSAGE });
    }
    await writeBookingChange(tx, b, {
      actor,
      now,
      set: { state: 'pending', holdExpiresAt: end, cancelReason: '', cancelledAt: null },
      events: [{ type: 'state_changed', data: { from: 'cancelled', to: 'pending', reason: RENEWED } }],
      audit: {
        action: 'state',
        changes: { state: ['cancelled', 'pending'], hold_expires_at: [null, end.toISOString()] },
      },
    });
  } else {
    await writeBookingChange(tx, b, {
      actor,
      now,
      set: { holdExpiresAt: end },
      events: [{ type: 'updated', data: { changes: { hold_expires_at: { from: b.holdExpiresAt, to: end } } } }],
    });
  }
  await scheduleHoldExpiry(tx, b.id, end);
  return end;
}

/**
 * Ends a hold (the job at its end, or the sweep): locks the booking and, if it is still pending
 * with its hold ended and nothing paid, cancels it through the one cancel path as the system
 * ("Fin de la retención"), which gives its seats back. The customer gets no cancellation message:
 * they never received a confirmation, and the page they come back to says the time ran out
 * (ADR 022). Answers whether it cancelled. A held booking the office took money on meanwhile
 * loses its hold and stays pending for the office to decide; anything else (paid online, renewed,
 * cancelled) is left alone.
 */
export async function expireHold(db: DbOrTx, bookingId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const b = await repo.lockBookingById(tx, bookingId);
    if (!b || !holdEnded(b, now)) return false;
    if (b.paidCents - b.refundedCents > 0) {
      // The office took money meanwhile: the booking stays for the office to decide, without a hold.
      await writeBookingChange(tx, b, {
        actor: systemActor(HOLD_END_ACTOR),
        now,
        set: { holdExpiresAt: null },
        events: [{ type: 'updated', data: { changes: { hold_expires_at: { from: b.holdExpiresAt, to: null } } } }],
      });
      return false;
    }
    await cancelLockedBooking(tx, b, {
      reason: b.channelId ? CHANNEL_HOLD_EXPIRED_REASON : HOLD_EXPIRED_REASON,
      actor: systemActor(HOLD_END_ACTOR),
      now,
      event: { hold_expires_at: b.holdExpiresAt?.toISOString() },
      notify: { by: 'staff' },
      silent: true,
    });
    return true;
  });
}

/** Ends every hold that ended by `now` (the periodic sweep), at most `limit`; answers how many. */
export async function expireEndedHolds(db: DbOrTx, now: Date, limit = 200): Promise<number> {
  let n = 0;
  for (const id of await online.listEndedHolds(db, now, limit)) {
    if (await expireHold(db, id, now)) n++;
  }
  return n;
}

export type OnlinePayment = {
  bookingId: string;
  attemptId: string;
  provider: 'redsys' | 'stripe';
  /** The provider's id of this payment: unique per provider, so it is recorded once. */
  providerRef: string;
  amountCents: number;
  now: Date;
  linkId?: string | null;
  /** Card or Bizum: what the provider said, else what the customer chose (default card). */
  payMethod?: 'card' | 'bizum';
  /** The payment's reference shown to staff (default: the provider's). */
  reference?: string;
};

/**
 * A provider's verified payment, applied in the caller's transaction (with its `provider_events`
 * row): locks the booking first, so a hold's end and a payment never interleave.
 * - `duplicate`: this provider's payment is already recorded (a replay): nothing written.
 * - held or pending: the payment is recorded (method `online`, the system "Pago en línea"), the
 *   hold cleared, the booking confirmed (its confirmation message goes now) → `applied`.
 * - cancelled by its hold's end: its seats are taken again if they are free (the one conditional
 *   UPDATE) and the booking reinstated ("Reactivada…") → `applied`; otherwise — or cancelled for
 *   another reason — the payment is recorded on the cancelled booking without a message and the
 *   caller must refund all of it through the provider and record that with
 *   {@link recordProviderRefund} → `refund_required`.
 * - more than was pending (someone paid meanwhile): the whole payment is recorded (the money moved)
 *   and the excess is refunded through the provider by the `payments.refund-excess` job → `applied`.
 */
export async function applyOnlinePayment(
  tx: DbOrTx,
  p: OnlinePayment,
): Promise<'applied' | 'duplicate' | 'refund_required'> {
  let b = await repo.lockBookingById(tx, p.bookingId);
  if (!b) throw notFound(NOT_FOUND_WHAT);
  if (await online.findProviderPayment(tx, p.provider, p.providerRef)) return 'duplicate';
  const actor = systemActor(ONLINE_PAYMENT_ACTOR);
  const entry = {
    kind: 'payment' as const,
    amountCents: p.amountCents,
    method: 'online' as const,
    paidAt: p.now,
    reference: p.reference ?? p.providerRef,
    provider: p.provider,
    providerRef: p.providerRef,
    attemptId: p.attemptId,
    linkId: p.linkId ?? undefined,
    payMethod: p.payMethod ?? 'card',
    alreadyTaken: true,
  };
  if (b.state === 'cancelled') {
    const reinstated =
      cancelledByHold(b) && (b.seats === 0 || (await departures.takeSeats(tx, b.departureId, b.seats)));
    if (!reinstated) {
      await recordPaymentLocked(tx, actor, b, { ...entry, quiet: true }, p.now);
      return 'refund_required';
    }
    b = await writeBookingChange(tx, b, {
      actor,
      now: p.now,
      set: { state: 'confirmed', confirmedAt: p.now, holdExpiresAt: null, cancelReason: '', cancelledAt: null },
      events: [{ type: 'state_changed', data: { from: 'cancelled', to: 'confirmed', reason: REINSTATED } }],
      audit: { action: 'state', changes: { state: ['cancelled', 'confirmed'] } },
    });
    await confirmationMessage(tx, b);
  } else if (b.state === 'pending' || b.holdExpiresAt !== null) {
    const wasHeld = b.holdExpiresAt;
    const confirming = b.state === 'pending';
    b = await writeBookingChange(tx, b, {
      actor,
      now: p.now,
      set: { holdExpiresAt: null, ...(confirming ? { state: 'confirmed', confirmedAt: p.now } : {}) },
      events: confirming ? [{ type: 'state_changed', data: { from: 'pending', to: 'confirmed' } }] : [],
      audit: confirming ? { action: 'state', changes: { state: ['pending', 'confirmed'] } } : undefined,
    });
    if (wasHeld) await cancelJob(tx, holdJobKey(b.id, wasHeld));
    if (confirming) await confirmationMessage(tx, b);
  }
  const excess = Math.max(0, p.amountCents - pendingCents(b));
  const paymentId = await recordPaymentLocked(tx, actor, b, entry, p.now);
  if (p.linkId) await online.markLinkPaid(tx, b.id, p.linkId, p.now);
  if (excess > 0) {
    await enqueueJob(tx, {
      kind: REFUND_EXCESS_JOB,
      payload: { booking_id: b.id, payment_id: paymentId, amount_cents: excess },
      dedupeKey: `${REFUND_EXCESS_JOB}:${paymentId}`,
    });
  }
  return 'applied';
}

async function confirmationMessage(tx: DbOrTx, b: BookingRow) {
  const product = await refs.findProductRow(tx, b.productId);
  await queueConfirmedMessage(tx, b, product?.name ?? '');
}

export type ProviderRefund = {
  bookingId: string;
  /** The payment refunded (its provider's), when known. */
  paymentId?: string | null;
  provider: 'redsys' | 'stripe';
  /** The provider's id of this refund (unique per provider: a replay records nothing). */
  providerRef: string;
  amountCents: number;
  reason: string;
  now: Date;
  /** Who asked: the office's user for a refund from the booking screen; else the system. */
  actor?: ChangeActor;
  /** Card or Bizum: the refunded payment's (the money goes back the way it came). */
  payMethod?: 'card' | 'bizum' | null;
  /** The customer no longer owes it: the total drops by the amount (ADR 022). */
  reduceTotal?: boolean;
};

/**
 * What staff read as a refund's reference: the provider and what its portal shows (the Redsys order
 * the refund was made on; Stripe's refund id), never our uniqueness salt (`ORDER:refund:…`).
 */
function refundReference(provider: 'redsys' | 'stripe', providerRef: string): string {
  const id = provider === 'redsys' ? (providerRef.split(':')[0] ?? providerRef) : providerRef;
  return `${provider === 'redsys' ? 'Redsys' : 'Stripe'} ${id}`.slice(0, 100);
}

/**
 * Records a refund the provider made (after it answered, outside any open transaction before it),
 * in the caller's transaction: locks the booking, records the refund (method `online`, the
 * provider and its reference, the reason) with the rules of `recordPaymentLocked` (never above
 * what was paid net of refunds), the payment state follows and the customer's refund message is
 * queued. A refund already recorded under that reference answers its id again.
 */
export async function recordProviderRefund(tx: DbOrTx, r: ProviderRefund): Promise<string> {
  const b = await repo.lockBookingById(tx, r.bookingId);
  if (!b) throw notFound(NOT_FOUND_WHAT);
  const existing = await online.findProviderPayment(tx, r.provider, r.providerRef);
  if (existing) return existing.id;
  const reason = r.reason.trim();
  return recordPaymentLocked(
    tx,
    r.actor ?? systemActor(ONLINE_REFUND_ACTOR),
    b,
    {
      kind: 'refund',
      amountCents: r.amountCents,
      method: 'online',
      paidAt: r.now,
      reference: refundReference(r.provider, r.providerRef),
      notes: reason.slice(0, 500),
      reason,
      provider: r.provider,
      providerRef: r.providerRef,
      payMethod: r.payMethod ?? undefined,
      reduceTotal: r.reduceTotal,
      alreadyTaken: true,
    },
    r.now,
  );
}

export type NewPaymentLink = {
  /** Default: everything pending. */
  amountCents?: number;
  channel: 'email' | 'whatsapp' | 'none';
  /** 1–168, default 72. */
  expiresInHours?: number;
};

const DEFAULT_LINK_HOURS = 72;

/**
 * A payment link of a booking the actor may read (ADR 022), in the caller's transaction: locks the
 * booking; 404 not theirs; 409 STATE_CONFLICT once cancelled; 409 NOTHING_DUE with nothing pending;
 * 409 PAYMENTS_NOT_CONFIGURED without a provider; 422 above what is pending; 409 STATE_CONFLICT once
 * the departure started. The link expires after the hours asked, never after the departure starts.
 * The e-mail (channel `email`) is queued here too, in the booking's language.
 */
export async function addPaymentLink(
  tx: DbOrTx,
  actor: Actor,
  bookingId: string,
  req: NewPaymentLink,
  now: Date,
): Promise<{ link: online.PaymentLinkRow; booking: BookingRow }> {
  const b = await repo.lockVisibleBooking(tx, actor, bookingId);
  if (!b) throw notFound(NOT_FOUND_WHAT);
  if (b.state === 'cancelled') {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva está cancelada: no se puede pedir un pago' });
  }
  const pending = pendingCents(b);
  if (pending <= 0) throw new AppError({ code: 'NOTHING_DUE', message: 'La reserva no tiene importe pendiente' });
  const settings = await online.findOnlineSettings(tx, b.tourOperatorId);
  if (!settings.provider) {
    throw new AppError({
      code: 'PAYMENTS_NOT_CONFIGURED',
      message: 'El tour operador no tiene configurado el pago en línea (Tour operadores → Pagos)',
    });
  }
  const amount = req.amountCents ?? pending;
  if (amount > pending) {
    const m = `El importe supera lo pendiente (${formatCents(pending, b.currency)})`;
    throw validation({ amount_cents: [m] }, m);
  }
  if (req.channel === 'email' && !b.customerEmail.trim()) {
    const m = 'La reserva no tiene correo electrónico: envía el enlace por WhatsApp o cópialo';
    throw validation({ channel: [m] }, m);
  }
  const operator = await refs.findOperatorSettings(tx, b.tourOperatorId);
  const startsAt = startsAtOf(b, timeZoneOf(operator?.timezone));
  if (startsAt.getTime() <= now.getTime()) {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La salida ya ha empezado: cobra lo pendiente en persona' });
  }
  const asked = now.getTime() + (req.expiresInHours ?? DEFAULT_LINK_HOURS) * 3_600_000;
  const expiresAt = new Date(Math.min(asked, startsAt.getTime()));
  const link = await online.insertLink(tx, {
    tourOperatorId: b.tourOperatorId,
    bookingId: b.id,
    amountCents: amount,
    expiresAt,
    channel: req.channel,
    createdBy: actor.id,
    createdAt: now,
  });
  if (req.channel === 'email') {
    const product = await refs.findProductRow(tx, b.productId);
    const messageId = await queueBookingMessage(tx, {
      kind: MESSAGE_KIND.PAYMENT_LINK,
      booking: b,
      productName: product?.name ?? '',
      dedupeKey: `${MESSAGE_KIND.PAYMENT_LINK}:${link.id}`,
      payload: { amount_cents: amount, expires_at: expiresAt.toISOString() },
      actorId: actor.id,
    });
    if (messageId) {
      await online.setLinkMessage(tx, link.id, messageId);
      return { link: { ...link, messageId }, booking: b };
    }
  }
  return { link, booking: b };
}

/** Records the WhatsApp message a link was sent with. */
export async function setPaymentLinkMessage(db: DbOrTx, linkId: string, messageId: string | null) {
  await online.setLinkMessage(db, linkId, messageId);
}
