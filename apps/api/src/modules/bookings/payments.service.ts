import {
  formatCents,
  LEVEL,
  PAYMENT_METHOD_NAMES,
  parseTimestamp,
  paymentStateOf,
  type TPaymentCreateRequest,
  type TPaymentResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, forbidden, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { recordAudit, staffAudit } from '../audit/audit.service';
import { queuePaymentMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { bookingSummary } from './bookings.checks';
import { pendingCents, toPaymentResponse } from './bookings.mapper';
import * as repo from './bookings.repository';
import * as paymentsRepo from './payments.repository';

const NOT_FOUND = 'La reserva';

/** The payments and refunds of a booking the actor may read, oldest first. */
export async function listPayments(db: DbOrTx, actor: Actor, id: string): Promise<TPaymentResponse[]> {
  const booking = await repo.findVisibleBooking(db, actor, id);
  if (!booking) throw notFound(NOT_FOUND);
  return (await paymentsRepo.listPayments(db, id)).map(toPaymentResponse);
}

/**
 * Records money received (`payment`) or returned (`refund`) in one transaction with the booking's
 * `paid_cents`/`refunded_cents`/`payment_state` (paymentStateOf). A payment cannot exceed what is
 * pending nor be taken on a cancelled booking; a refund cannot exceed what was paid net of earlier
 * refunds (422). Refunds are for the office (levels 0, 1, 3): a Vendedor records payments only.
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
    const amount = body.amount_cents;
    if (kind === 'payment') {
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
    } else {
      const refundable = b.paidCents - b.refundedCents;
      if (amount > refundable) {
        const m = `El reembolso no puede superar lo cobrado (${formatCents(Math.max(0, refundable), b.currency)})`;
        throw validation({ amount_cents: [m] }, m);
      }
    }
    const payment = await paymentsRepo.insertPayment(tx, {
      tourOperatorId: b.tourOperatorId,
      bookingId: b.id,
      kind,
      amountCents: amount,
      method: body.method,
      // The shared rule (zTimestamp) has checked it: a real instant of a sane year.
      paidAt: (body.paid_at && parseTimestamp(body.paid_at)) || now,
      reference: body.reference ?? '',
      notes: body.notes ?? '',
      recordedBy: actor.id,
      createdAt: now,
    });
    const paid = b.paidCents + (kind === 'payment' ? amount : 0);
    const refunded = b.refundedCents + (kind === 'refund' ? amount : 0);
    const paymentState = paymentStateOf(b.totalCents, paid - refunded, refunded);
    await repo.updateBookingRow(tx, b.id, {
      paidCents: paid,
      refundedCents: refunded,
      paymentState,
      version: b.version + 1,
      updatedAt: now,
    });
    await repo.insertEvents(tx, [
      {
        tourOperatorId: b.tourOperatorId,
        bookingId: b.id,
        type: kind,
        actorId: actor.id,
        createdAt: now,
        data: { payment_id: payment.id, amount_cents: amount, method: body.method, reference: body.reference ?? '' },
      },
    ]);
    const product = await refs.findProductRow(tx, b.productId);
    await queuePaymentMessage(tx, b, product?.name ?? '', {
      id: payment.id,
      kind,
      amountCents: amount,
      method: body.method,
    });
    const what = kind === 'payment' ? 'Cobro' : 'Reembolso';
    const method = PAYMENT_METHOD_NAMES[body.method as keyof typeof PAYMENT_METHOD_NAMES] ?? body.method;
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: b.tourOperatorId,
      entityType: 'booking',
      entityId: b.id,
      action: kind,
      summary: `${bookingSummary(b)} · ${what} de ${formatCents(amount, b.currency)} (${method.toLowerCase()})`,
      at: now,
      changes: {
        ...(kind === 'payment' ? { paid_cents: [b.paidCents, paid] } : { refunded_cents: [b.refundedCents, refunded] }),
        ...(paymentState !== b.paymentState ? { payment_state: [b.paymentState, paymentState] } : {}),
      },
    });
    return payment.id;
  });
  const view = await paymentsRepo.findPaymentView(db, paymentId);
  if (!view) throw notFound('El cobro');
  return toPaymentResponse(view);
}
