/**
 * Refunds through the provider that took the money (ADR 022, issue 32 item 5). The provider is
 * called outside any transaction (a slow or failing provider never holds a booking locked); only
 * once it answered is the refund recorded on the booking (bookings' `recordProviderRefund`: its
 * payment state and the customer's refund message follow). A provider error records nothing.
 *
 * - POST /bookings/{id}/refunds (office: levels 0, 1, 3), at most once per `Idempotency-Key`.
 * - The `payments.refund-excess` job: what an online payment brought above what was owed (or a
 *   payment that could not be kept), given back the same way, retried with back-off.
 */
import { createHash } from 'node:crypto';
import type { TBookingRefundCreateRequest, TBookingRefundResponse } from '@trayecto/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { AppError } from '../../lib/app-error';
import { runIdempotent, type StoredResponse } from '../../lib/idempotency';
import type { Actor } from '../../lib/tenant';
import {
  getBooking,
  listProviderPayments,
  readBookingRows,
  readPayment,
  recordProviderRefund,
} from '../bookings/bookings.service';
import { refundThroughProvider } from './payments.service';
import { ProviderUnavailable } from './provider';

const SCOPE = 'booking-refunds';

/**
 * How a refund reaches its provider: the payments service's `refundThroughProvider` (the operator's
 * keys, the adapters' timeouts). A seam for the refund tests, which put a stand-in here.
 */
export const refundProvider = { refund: refundThroughProvider };

type ProviderRow = Awaited<ReturnType<typeof listProviderPayments>>[number];
type Provider = 'redsys' | 'stripe';

const payMethodOf = (m: string | null) => (m === 'bizum' || m === 'card' ? m : null);

/** What each provider holds of this booking's money: its payments minus its refunds. */
export function netByProvider(rows: readonly ProviderRow[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const r of rows) {
    if (!r.provider) continue;
    net.set(r.provider, (net.get(r.provider) ?? 0) + (r.kind === 'refund' ? -r.amountCents : r.amountCents));
  }
  return net;
}

const exceeds = (message: string) =>
  new AppError({ code: 'REFUND_EXCEEDS_PAID', message, errors: { amount_cents: [message] } });

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(Math.max(0, cents) / 100);

/**
 * The online payment a refund goes back through: the one named, else the latest one whose
 * provider still holds money of this booking. 422 REFUND_EXCEEDS_PAID when there is none, or the
 * amount is above what that provider was paid net of its refunds (or above the payment itself).
 */
export function pickRefundable(rows: readonly ProviderRow[], amountCents: number, paymentId?: string): ProviderRow {
  const net = netByProvider(rows);
  const online = rows.filter((r) => r.kind === 'payment' && r.provider && r.providerRef);
  const payment = paymentId
    ? online.find((r) => r.id === paymentId)
    : online.find((r) => (net.get(r.provider as string) ?? 0) > 0);
  if (!payment) {
    if (paymentId) {
      throw new AppError({
        code: 'VALIDATION',
        message: 'Ese cobro no es un pago en línea de esta reserva',
        errors: { payment_id: ['Ese cobro no es un pago en línea de esta reserva'] },
      });
    }
    throw exceeds('Esta reserva no tiene pagos en línea que reembolsar: registra el reembolso en «Cobros»');
  }
  const left = Math.min(payment.amountCents, net.get(payment.provider as string) ?? 0);
  if (amountCents > left) {
    throw exceeds(`El reembolso supera lo cobrado por ${providerName(payment.provider)} (${euros(left)})`);
  }
  return payment;
}

const providerName = (p: string | null) => (p === 'stripe' ? 'Stripe' : p === 'redsys' ? 'Redsys' : (p ?? ''));

/**
 * The reference a refund is recorded under, unique per provider: Stripe's refund id; for Redsys
 * (whose refunds carry the payment's order) the order plus a salt that names this refund.
 */
export function refundRef(provider: string, resultRef: string, paymentRef: string, salt: string): string {
  if (provider === 'stripe' && resultRef && resultRef !== paymentRef) return resultRef;
  const short = createHash('sha256').update(salt).digest('hex').slice(0, 12);
  return `${resultRef || paymentRef}:refund:${short}`;
}

/**
 * POST /bookings/{id}/refunds: a refund through the provider, once per Idempotency-Key (the same
 * key and body answer the first answer again). 404 not the actor's booking; 422
 * REFUND_EXCEEDS_PAID; 502 PAYMENT_PROVIDER_UNAVAILABLE (nothing recorded, the key is free for a
 * retry); 201 the refund recorded with what the provider said (`provider_status`).
 */
export async function createRefund(
  db: Db,
  actor: Actor,
  bookingId: string,
  body: TBookingRefundCreateRequest,
  key: string,
  now: Date,
  log?: FastifyBaseLogger,
) {
  return runIdempotent(
    db,
    { scope: `${SCOPE}:${actor.id}`, key, payload: { booking_id: bookingId, ...body } },
    async (complete): Promise<StoredResponse> => {
      const booking = await getBooking(db, actor, bookingId);
      const payment = pickRefundable(await listProviderPayments(db, booking.id), body.amount_cents, body.payment_id);
      const provider = payment.provider as Provider;
      const result = await callProvider(db, booking.tour_operator_id, {
        provider,
        providerPaymentRef: payment.providerRef as string,
        amountCents: body.amount_cents,
        currency: booking.currency,
        // The provider's own idempotency (Stripe): a retry after a lost answer refunds once.
        idempotencyKey: `refund:${createHash('sha256').update(`${actor.id}:${key}`).digest('hex').slice(0, 40)}`,
      });
      let response: StoredResponse | undefined;
      await inTransaction(db, async (tx) => {
        const id = await recordProviderRefund(tx, {
          bookingId: booking.id,
          paymentId: payment.id,
          provider,
          providerRef: refundRef(provider, result.providerRef, payment.providerRef as string, `${actor.id}:${key}`),
          amountCents: body.amount_cents,
          reason: body.reason,
          now,
          actor: staffActor(actor),
          payMethod: payMethodOf(payment.payMethod),
          reduceTotal: body.reduce_total === true,
        });
        const refund: TBookingRefundResponse = { ...(await readPayment(tx, id)), provider_status: result.status };
        response = { status: 201, body: refund };
        await complete(tx, response);
      });
      if (!response) throw new AppError({ code: 'INTERNAL', message: 'El reembolso no devolvió respuesta' });
      return response;
    },
    log,
  );
}

/** The provider's refund, its failure as 502 PAYMENT_PROVIDER_UNAVAILABLE (nothing recorded). */
async function callProvider(
  db: Db,
  tourOperatorId: string,
  r: { provider: Provider; providerPaymentRef: string; amountCents: number; currency: string; idempotencyKey: string },
) {
  try {
    return await refundProvider.refund(db, tourOperatorId, r);
  } catch (err) {
    if (err instanceof ProviderUnavailable) {
      throw new AppError({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: `${providerName(r.provider)} no ha podido hacer el reembolso ahora; no se ha registrado nada, inténtalo de nuevo en unos minutos`,
      });
    }
    throw err;
  }
}

/**
 * The `payments.refund-excess` job: gives back `amount_cents` of one online payment through its
 * provider and records it as the system ("Reembolso en línea"). Recorded under a reference that
 * names the job's cause, so a job run again after its refund was recorded does nothing; a provider
 * error fails the attempt (the runner retries it with back-off).
 *
 * Payload: `{ booking_id, payment_id, amount_cents, reason? }`. The payments' notification handler
 * enqueues it too for a payment that arrived after its hold's seats were taken (`refund_required`).
 */
export async function refundExcess(db: Db, payload: Record<string, unknown>, now: Date): Promise<void> {
  const bookingId = String(payload.booking_id ?? '');
  const paymentId = String(payload.payment_id ?? '');
  const amount = Number(payload.amount_cents ?? 0);
  if (!bookingId || !paymentId || !(amount > 0)) return;
  const rows = await listProviderPayments(db, bookingId);
  const payment = rows.find((r) => r.id === paymentId && r.kind === 'payment');
  if (!payment?.provider || !payment.providerRef) return;
  const provider = payment.provider as Provider;
  const ref = refundRef(provider, '', payment.providerRef, `excess:${paymentId}:${amount}`);
  if (rows.some((r) => r.providerRef === ref)) return;
  const [booking] = await readBookingRows(db, [bookingId]);
  await refundProvider.refund(db, payment.tourOperatorId, {
    provider,
    providerPaymentRef: payment.providerRef,
    amountCents: amount,
    currency: booking?.currency ?? 'EUR',
    idempotencyKey: `excess:${paymentId}:${amount}`,
  });
  await inTransaction(db, (tx) =>
    recordProviderRefund(tx, {
      bookingId,
      paymentId,
      provider,
      // The cause's reference: a job run again once this is recorded finds it and does nothing.
      providerRef: ref,
      amountCents: amount,
      reason: String(payload.reason ?? 'Devolución automática de lo cobrado de más en línea'),
      now,
      payMethod: payMethodOf(payment.payMethod),
    }),
  );
}
