/**
 * The providers' word that money moved (ADR 022): Redsys' notification and Stripe's webhook.
 *
 * 1. Find the attempt the notification names (read without trusting it), hence the operator whose
 *    key must verify it. An order we do not know: logged, 200, nothing written (it cannot be
 *    verified, so nothing of it is kept).
 * 2. Verify it with that operator's key (redsys-easy, Stripe's SDK): 400 SIGNATURE_INVALID and
 *    nothing changes when it does not.
 * 3. In ONE transaction: the `provider_events` row (unique per provider and event: a replay finds
 *    it and changes nothing), the attempt's state and, for a payment whose amount and currency are
 *    the attempt's, the bookings side's `applyOnlinePayment` (which locks the booking first).
 * 4. A payment that arrived after its hold ended with its seats gone (`refund_required`) is given
 *    back after the commit through the provider; a job (`payments.refund-excess`, written in the
 *    same transaction, due a little later) does it if this process cannot.
 */
import type { TRedsysNotificationBody } from '@trayecto/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { enqueueJob } from '../../lib/jobs/queue';
import { applyOnlinePayment, findProviderPayment, REFUND_EXCESS_JOB } from '../bookings/bookings.service';
import * as repo from './payments.repository';
import { loadProviderConfig, providerEndpoints } from './payments.service';
import { type ProviderName, SignatureInvalid, type VerifiedNotification } from './provider';
import { peekRedsysOrder, verifyRedsysNotification } from './redsys';
import { refundExcess } from './refunds';
import { peekStripeSession, verifyStripeWebhook } from './stripe';

const SIGNATURE_INVALID_MESSAGE = 'La firma del aviso de pago no es válida';
/** The reason a late payment's refund carries (the booking's history, the customer's message). */
export const LATE_REFUND_REASON = 'Pago recibido cuando la reserva ya no tenía plazas: se devuelve entero';
/** How long the safety-net job waits before giving a late payment back itself. */
const LATE_REFUND_JOB_DELAY_MS = 5 * 60_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type NotificationOutcome = 'applied' | 'duplicate' | 'ignored' | 'refunded_late' | 'replay' | 'unknown';

const signatureInvalid = () => new AppError({ code: 'SIGNATURE_INVALID', message: SIGNATURE_INVALID_MESSAGE });

/** POST /payments/redsys/notification. */
export async function receiveRedsysNotification(
  db: Db,
  fields: TRedsysNotificationBody,
  now: Date,
  log: Log,
): Promise<NotificationOutcome> {
  const order = peekRedsysOrder(fields);
  if (!order) {
    log.warn({ provider: 'redsys' }, 'Aviso de Redsys ilegible: rechazado');
    throw signatureInvalid();
  }
  const attempt = await repo.findAttemptByOrder(db, 'redsys', order);
  if (!attempt) {
    log.warn({ provider: 'redsys', order, outcome: 'ignored' }, 'Aviso de Redsys de un pedido desconocido: ignorado');
    return 'unknown';
  }
  const config = await loadProviderConfig(db, attempt.tourOperatorId, 'redsys');
  if (config?.provider !== 'redsys') {
    log.warn({ provider: 'redsys', order, outcome: 'ignored' }, 'Aviso de Redsys sin clave configurada: ignorado');
    return 'unknown';
  }
  let verified: VerifiedNotification;
  try {
    verified = verifyRedsysNotification(config, fields, providerEndpoints());
  } catch (err) {
    if (!(err instanceof SignatureInvalid)) throw err;
    log.warn({ provider: 'redsys', order, detail: err.providerDetail }, 'Aviso de Redsys con firma no válida');
    throw signatureInvalid();
  }
  return applyVerified(db, attempt, verified, now, log);
}

/** POST /payments/stripe/webhook (the raw body, as Stripe signed it). */
export async function receiveStripeWebhook(
  db: Db,
  rawBody: string,
  signature: string | undefined,
  now: Date,
  log: Log,
): Promise<NotificationOutcome> {
  if (!signature) throw signatureInvalid();
  const session = peekStripeSession(rawBody);
  const attempt = session ? await repo.findAttemptByOrder(db, 'stripe', session) : undefined;
  if (!attempt) {
    log.warn({ provider: 'stripe', session, outcome: 'ignored' }, 'Evento de Stripe de un pago desconocido: ignorado');
    return 'unknown';
  }
  const config = await loadProviderConfig(db, attempt.tourOperatorId, 'stripe');
  if (config?.provider !== 'stripe') {
    log.warn({ provider: 'stripe', session, outcome: 'ignored' }, 'Evento de Stripe sin claves configuradas: ignorado');
    return 'unknown';
  }
  let verified: VerifiedNotification;
  try {
    verified = verifyStripeWebhook(config, rawBody, signature);
  } catch (err) {
    if (!(err instanceof SignatureInvalid)) throw err;
    log.warn({ provider: 'stripe', session, detail: err.providerDetail }, 'Evento de Stripe con firma no válida');
    throw signatureInvalid();
  }
  return applyVerified(db, attempt, verified, now, log);
}

type Late = { bookingId: string; paymentId: string; amountCents: number };

/** Step 3 and 4 of the module's comment, for a notification verified with the attempt's operator's key. */
async function applyVerified(
  db: Db,
  attempt: repo.PaymentAttemptRow,
  n: VerifiedNotification,
  now: Date,
  log: Log,
): Promise<NotificationOutcome> {
  const provider = n.provider as ProviderName;
  let late: Late | null = null;
  const outcome = await inTransaction(db, async (tx): Promise<NotificationOutcome> => {
    const a = await repo.lockAttempt(tx, attempt.id);
    if (!a) return 'unknown';
    const fresh = await repo.insertEvent(tx, {
      provider,
      eventKey: n.eventKey,
      tourOperatorId: a.tourOperatorId,
      attemptId: a.id,
      receivedAt: now,
      outcome: 'ignored',
      detail: n.detail.slice(0, 500),
    });
    if (!fresh) return 'replay';
    const mark = (o: 'applied' | 'duplicate' | 'ignored' | 'refunded_late', detail = n.detail) =>
      repo.setEventOutcome(tx, provider, n.eventKey, o, detail);

    if (n.orderRef !== a.orderRef || n.outcome === 'other') {
      await mark('ignored');
      return 'ignored';
    }
    if (n.outcome === 'failed') {
      // Reordered (a failure after the payment): the payment stands.
      if (a.state !== 'started') {
        await mark('ignored', `${n.detail} · el intento ya estaba ${a.state}`);
        return 'ignored';
      }
      await repo.updateAttempt(tx, a.id, { state: 'failed', error: n.detail.slice(0, 500), completedAt: now });
      await mark('applied');
      return 'applied';
    }
    // Paid: the amount and currency must be the attempt's (the server's), never trusted as sent.
    if (n.amountCents !== a.amountCents || (n.currency ?? '').toUpperCase() !== a.currency.toUpperCase()) {
      const detail = `${n.detail} · importe ${n.amountCents} ${n.currency} distinto del intento (${a.amountCents} ${a.currency})`;
      log.error(
        { provider, attempt: a.id, order: a.orderRef },
        'Aviso de pago con otro importe o moneda: no se aplica',
      );
      await mark('ignored', detail);
      return 'ignored';
    }
    if (!n.providerPaymentRef) {
      await mark('ignored', `${n.detail} · sin referencia de pago`);
      return 'ignored';
    }
    const result = await applyOnlinePayment(tx, {
      bookingId: a.bookingId,
      attemptId: a.id,
      provider,
      providerRef: n.providerPaymentRef,
      amountCents: n.amountCents,
      now,
      linkId: a.linkId,
      payMethod: n.payMethod ?? (a.payMethod === 'bizum' ? 'bizum' : 'card'),
      reference: `${provider === 'redsys' ? 'Redsys' : 'Stripe'} ${n.providerPaymentRef}`,
    });
    if (result === 'duplicate') {
      await mark('duplicate');
      return 'duplicate';
    }
    const paid = { providerPaymentRef: n.providerPaymentRef, completedAt: now, error: null };
    if (result === 'refund_required') {
      await repo.updateAttempt(tx, a.id, { ...paid, state: 'refunded_late' });
      await mark('refunded_late');
      const payment = await findProviderPayment(tx, provider, n.providerPaymentRef);
      if (payment) {
        late = { bookingId: a.bookingId, paymentId: payment.id, amountCents: n.amountCents };
        // The safety net: if this process cannot give it back now, the job will.
        await enqueueJob(tx, {
          kind: REFUND_EXCESS_JOB,
          payload: {
            booking_id: a.bookingId,
            payment_id: payment.id,
            amount_cents: n.amountCents,
            reason: LATE_REFUND_REASON,
          },
          runAt: new Date(now.getTime() + LATE_REFUND_JOB_DELAY_MS),
          dedupeKey: `${REFUND_EXCESS_JOB}:${payment.id}`,
        });
      }
      return 'refunded_late';
    }
    await repo.updateAttempt(tx, a.id, { ...paid, state: 'paid' });
    await mark('applied');
    return 'applied';
  });
  log.info({ provider, attempt: attempt.id, event: n.eventKey, outcome }, 'Aviso de pago procesado');

  const owed = late as Late | null;
  if (owed) {
    try {
      await refundExcess(
        db,
        {
          booking_id: owed.bookingId,
          payment_id: owed.paymentId,
          amount_cents: owed.amountCents,
          reason: LATE_REFUND_REASON,
        },
        now,
      );
    } catch (err) {
      log.error(
        { provider, attempt: attempt.id, err: err instanceof Error ? err.message : String(err) },
        'No se ha podido devolver ahora un pago llegado tarde: lo hará el trabajo payments.refund-excess',
      );
    }
  }
  return outcome;
}
