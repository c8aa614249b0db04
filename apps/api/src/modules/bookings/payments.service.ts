import {
  formatCents,
  LEVEL,
  PAYMENT_METHOD_NAMES,
  parseTimestamp,
  paymentStateOf,
  type TPaymentCreateRequest,
  type TPaymentMethod,
  type TPaymentResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { actorUserId, type ChangeActor, staffActor } from '../../lib/actors';
import { AppError, forbidden, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { queuePaymentMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { writeBookingChange } from './booking-writer';
import { type BookingRow, pendingCents, toPaymentResponse } from './bookings.mapper';
import * as repo from './bookings.repository';
import * as paymentsRepo from './payments.repository';

const NOT_FOUND = 'La reserva';

/** The payments and refunds of a booking the actor may read, oldest first. */
export async function listPayments(db: DbOrTx, actor: Actor, id: string): Promise<TPaymentResponse[]> {
  if (!(await repo.findVisibleBookingRef(db, actor, id))) throw notFound(NOT_FOUND);
  return (await paymentsRepo.listPayments(db, id)).map(toPaymentResponse);
}

/** A payment or refund as a service records it (the staff form, the seed, later a bank's notification). */
export type PaymentEntry = {
  kind: 'payment' | 'refund';
  amountCents: number;
  method: TPaymentMethod;
  /** When the money moved; `now` when not said. */
  paidAt?: Date;
  reference?: string;
  notes?: string;
  /** Taken or given back through a payment provider (ADR 022): its name and reference (unique together). */
  provider?: 'redsys' | 'stripe';
  providerRef?: string;
  attemptId?: string;
  linkId?: string;
  /** Online only: card or Bizum. */
  payMethod?: 'card' | 'bizum';
  /** Why a refund was made. */
  reason?: string;
  /** Collected by the crew at check-in (the cash the driver or guide holds). */
  collectedAtCheckIn?: boolean;
  /**
   * Money a provider already moved (ADR 022): a payment recorded even above what is pending or on a
   * cancelled booking, a refund even above what is left (two refunds that raced) — the money moved;
   * the caller refunds what must go back.
   */
  alreadyTaken?: boolean;
  /** Leave the customer's payment message out (a payment refunded at once: the refund's message says it). */
  quiet?: boolean;
  /**
   * A refund the customer no longer owes (ADR 022): the booking's total drops by the amount, as a
   * discount whose reason is the refund's, so nothing is asked for again.
   */
  reduceTotal?: boolean;
};

/** The discount's reason once a refund lowered the total: the earlier reason, then the refund's. */
function discountReasonAfter(before: string, reason: string | undefined): string {
  const why = `Reembolso: ${(reason ?? '').trim()}`;
  return (before ? `${before} · ${why}` : why).slice(0, 200);
}

/**
 * Records money received (`payment`) or returned (`refund`) on a booking the caller locked, in its
 * transaction, with who acted: the payments row, the booking's `paid_cents`/`refunded_cents`/
 * `payment_state` (paymentStateOf) through the one writer, the customer's message. A payment cannot
 * exceed what is pending nor be taken on a cancelled booking; a refund cannot exceed what was paid
 * net of earlier refunds (422). Answers the payment's id.
 */
export async function recordPaymentLocked(
  tx: DbOrTx,
  actor: ChangeActor,
  b: BookingRow,
  entry: PaymentEntry,
  now: Date,
): Promise<string> {
  const { kind, amountCents: amount } = entry;
  // Money a provider already moved is recorded as it happened (the caller refunds any excess).
  if (!entry.alreadyTaken && kind === 'payment') {
    if (b.state === 'cancelled') {
      throw new AppError({
        code: 'STATE_CONFLICT',
        message: 'La reserva está cancelada: solo se pueden registrar reembolsos',
      });
    }
    const pending = pendingCents(b);
    if (amount > pending) {
      const m =
        pending === 0
          ? 'La reserva no tiene importe pendiente'
          : `El cobro supera el importe pendiente (${formatCents(pending, b.currency)})`;
      throw validation({ amount_cents: [m] }, m);
    }
  } else if (!entry.alreadyTaken) {
    const refundable = b.paidCents - b.refundedCents;
    if (amount > refundable) {
      const m = `El reembolso no puede superar lo cobrado (${formatCents(Math.max(0, refundable), b.currency)})`;
      throw validation({ amount_cents: [m] }, m);
    }
  }
  const reference = entry.reference ?? '';
  const payment = await paymentsRepo.insertPayment(tx, {
    tourOperatorId: b.tourOperatorId,
    bookingId: b.id,
    kind,
    amountCents: amount,
    method: entry.method,
    paidAt: entry.paidAt ?? now,
    reference,
    notes: entry.notes ?? '',
    provider: entry.provider ?? null,
    providerRef: entry.providerRef ?? null,
    attemptId: entry.attemptId ?? null,
    linkId: entry.linkId ?? null,
    payMethod: entry.payMethod ?? null,
    reason: entry.reason ?? '',
    collectedAtCheckIn: entry.collectedAtCheckIn ?? false,
    recordedBy: actorUserId(actor),
    createdAt: now,
  });
  const paid = b.paidCents + (kind === 'payment' ? amount : 0);
  const refunded = b.refundedCents + (kind === 'refund' ? amount : 0);
  const lower = kind === 'refund' && entry.reduceTotal ? Math.min(amount, b.totalCents) : 0;
  const total = b.totalCents - lower;
  const discount =
    lower > 0
      ? {
          discountCents: b.discountCents + lower,
          totalCents: total,
          discountReason: discountReasonAfter(b.discountReason, entry.reason),
        }
      : {};
  const paymentState = paymentStateOf(total, paid - refunded, refunded);
  const what = kind === 'payment' ? 'Cobro' : 'Reembolso';
  const method = PAYMENT_METHOD_NAMES[entry.method] ?? entry.method;
  const updated = await writeBookingChange(tx, b, {
    actor,
    now,
    set: { paidCents: paid, refundedCents: refunded, paymentState, ...discount },
    events: [
      {
        type: kind,
        data: {
          payment_id: payment.id,
          amount_cents: amount,
          method: entry.method,
          reference,
          ...(entry.provider ? { provider: entry.provider } : {}),
          ...(entry.reason ? { reason: entry.reason } : {}),
          ...(entry.collectedAtCheckIn ? { collected_at_check_in: true } : {}),
        },
      },
    ],
    audit: {
      action: kind,
      summarySuffix: ` · ${what} de ${formatCents(amount, b.currency)} (${method.toLowerCase()})`,
      changes: {
        ...(kind === 'payment' ? { paid_cents: [b.paidCents, paid] } : { refunded_cents: [b.refundedCents, refunded] }),
        ...(lower > 0
          ? { total_cents: [b.totalCents, total], discount_cents: [b.discountCents, b.discountCents + lower] }
          : {}),
        ...(paymentState !== b.paymentState ? { payment_state: [b.paymentState, paymentState] } : {}),
      },
    },
  });
  if (entry.quiet) return payment.id;
  const product = await refs.findProductRow(tx, b.productId);
  await queuePaymentMessage(tx, updated, product?.name ?? '', {
    id: payment.id,
    kind,
    amountCents: amount,
    method: entry.method,
  });
  return payment.id;
}

/**
 * A payment or refund on a booking named by id, for callers that already act for its operator (the
 * demo seed; a payment provider's verified notification): the rules of {@link recordPaymentLocked}.
 */
export async function recordPayment(
  tx: DbOrTx,
  actor: ChangeActor,
  bookingId: string,
  entry: PaymentEntry,
  now: Date,
): Promise<string> {
  const b = await repo.lockBookingById(tx, bookingId);
  if (!b) throw notFound(NOT_FOUND);
  return recordPaymentLocked(tx, actor, b, entry, now);
}

/**
 * POST /bookings/{id}/payments: staff record money received or returned on a booking they may read
 * (the rules of {@link recordPaymentLocked}). Refunds are for the office (levels 0, 1, 3): a
 * Vendedor records payments only.
 */
export async function addPayment(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TPaymentCreateRequest,
  now: Date,
): Promise<TPaymentResponse> {
  const kind = body.kind ?? 'payment';
  if (kind === 'refund' && actor.level === LEVEL.SELLER) throw forbidden('Solo la oficina puede registrar reembolsos');
  const paymentId = await inTransaction(db, async (tx) => {
    const b = await repo.lockVisibleBooking(tx, actor, id);
    if (!b) throw notFound(NOT_FOUND);
    return recordPaymentLocked(
      tx,
      staffActor(actor),
      b,
      {
        kind,
        amountCents: body.amount_cents,
        method: body.method,
        // The shared rule (zTimestamp) has checked it: a real instant of a sane year.
        paidAt: (body.paid_at && parseTimestamp(body.paid_at)) || now,
        reference: body.reference,
        notes: body.notes,
      },
      now,
    );
  });
  const view = await paymentsRepo.findPaymentView(db, paymentId);
  if (!view) throw notFound('El cobro');
  return toPaymentResponse(view);
}

/** One payment or refund as the API answers it (after the transaction that recorded it). */
export async function readPayment(db: DbOrTx, id: string): Promise<TPaymentResponse> {
  const view = await paymentsRepo.findPaymentView(db, id);
  if (!view) throw notFound('El cobro');
  return toPaymentResponse(view);
}

/**
 * Marks payments a collector handed over to the office as closed by the cash handover `handoverId`
 * (issue 34, the cash module's one write of payments): only that holder's cash or card payments of
 * the operator not handed over yet. Answers how many it closed; the caller refuses (and so rolls
 * back) when that is not all of them — another handover took some meanwhile.
 */
export async function markPaymentsHandedOver(
  tx: DbOrTx,
  c: { tourOperatorId: string; holderId: string; paymentIds: string[]; handoverId: string },
): Promise<number> {
  return paymentsRepo.setPaymentsHandover(tx, c);
}
