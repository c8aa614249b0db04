/**
 * POST /public/bookings/{id}/payments (ADR 022): the customer starts paying what is due now. The
 * amount is the server's (`dueNowCents`, the bookings side); a payment_attempts row is written
 * before the provider is asked (so a provider that fails leaves only a failed attempt), and the
 * answer is the signed Redsys form or the Stripe Checkout address. A hold that ended with its
 * seats still free is renewed once the provider answered.
 */
import { randomUUID } from 'node:crypto';
import type { TPublicPaymentRequest, TPublicPaymentResponse } from '@trayecto/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../lib/app-error';
import { dueNowCents, renewHold } from '../bookings/bookings.service';
import * as repo from './payments.repository';
import { loadProviderConfig, providerEndpoints } from './payments.service';
import { notificationUrls } from './payments.settings';
import { type CheckoutRequest, type CheckoutStart, ProviderUnavailable } from './provider';
import { newRedsysOrder, startRedsysCheckout } from './redsys';
import { startStripeCheckout } from './stripe';

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Este organizador no tiene activados los pagos en línea';
export const BIZUM_UNAVAILABLE_MESSAGE = 'Bizum no está disponible para este pago';
const PROVIDER_DOWN_MESSAGE =
  'El servicio de pago no responde ahora mismo. No se ha cobrado nada: inténtalo de nuevo en unos minutos';

/** The booking's public page, where the customer comes back (`?payment=ok|ko`). */
export const returnUrl = (origin: string, bookingId: string, result: 'ok' | 'ko') =>
  `${origin}/public/booking/${encodeURIComponent(bookingId)}?payment=${result}`;

export async function startCheckout(
  db: Db,
  bookingId: string,
  body: TPublicPaymentRequest,
  ctx: { origin: string; now: Date; log?: { warn: (o: object, m: string) => void } },
): Promise<TPublicPaymentResponse> {
  const { now, origin } = ctx;
  const due = await dueNowCents(db, bookingId, now);
  const config = await loadProviderConfig(db, due.tourOperatorId);
  if (!config) throw new AppError({ code: 'PAYMENTS_NOT_CONFIGURED', message: PAYMENTS_NOT_CONFIGURED_MESSAGE });
  const payMethod = body.pay_method ?? 'card';
  if (payMethod === 'bizum' && !(config.provider === 'redsys' && config.bizum)) {
    throw fieldError('VALIDATION', 'pay_method', BIZUM_UNAVAILABLE_MESSAGE);
  }

  const provisionalRef = config.provider === 'redsys' ? newRedsysOrder(now) : `pending:${randomUUID()}`;
  const attempt = await inTransaction(db, (tx) =>
    repo.insertAttempt(tx, {
      tourOperatorId: due.tourOperatorId,
      bookingId: due.bookingId,
      provider: config.provider,
      mode: config.mode,
      orderRef: provisionalRef,
      amountCents: due.amountCents,
      currency: due.currency,
      linkId: due.linkId ?? null,
      payMethod,
      createdAt: now,
    }),
  );
  const request: CheckoutRequest = {
    orderRef: provisionalRef,
    amountCents: due.amountCents,
    currency: due.currency,
    locale: due.language,
    description: `Reserva ${due.locator}`,
    customerEmail: due.customerEmail,
    payMethod,
    okUrl: returnUrl(origin, due.bookingId, 'ok'),
    koUrl: returnUrl(origin, due.bookingId, 'ko'),
    notificationUrl: notificationUrls(origin).redsys,
  };

  let start: CheckoutStart;
  try {
    start =
      config.provider === 'redsys'
        ? startRedsysCheckout(config, request, providerEndpoints())
        : await startStripeCheckout(config, request, providerEndpoints());
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    ctx.log?.warn({ attempt: attempt.id, provider: config.provider, detail: err.providerDetail }, err.message);
    await inTransaction(db, (tx) =>
      repo.updateAttempt(tx, attempt.id, {
        state: 'failed',
        error: `${err.message}${err.providerDetail ? `: ${err.providerDetail}` : ''}`.slice(0, 500),
        completedAt: new Date(),
      }),
    );
    throw new AppError({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: PROVIDER_DOWN_MESSAGE });
  }

  await inTransaction(db, async (tx) => {
    if (start.provider === 'stripe') await repo.updateAttempt(tx, attempt.id, { orderRef: start.sessionId });
    if (due.holdExpired && due.holdRenewable) await renewHold(tx, due.bookingId, now);
  });

  return start.provider === 'redsys'
    ? { provider: 'redsys', amount_cents: due.amountCents, currency: due.currency, form: start.form }
    : { provider: 'stripe', amount_cents: due.amountCents, currency: due.currency, redirect_url: start.redirectUrl };
}
