/**
 * Stripe through its official SDK (ADR 022): a Checkout Session (Stripe's page, strong customer
 * authentication included) the customer is redirected to, its webhooks verified by the SDK with
 * the operator's signing secret, refunds of the PaymentIntent. Never touches the database; the
 * SDK waits 10 s and does not retry by itself (a retry is the customer's or the job's).
 */
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutStart,
  type ProviderConfig,
  type ProviderEndpoints,
  ProviderUnavailable,
  type RefundRequest,
  type RefundResult,
  SignatureInvalid,
  type VerifiedNotification,
} from './provider';

type StripeConfig = Extract<ProviderConfig, { provider: 'stripe' }>;

/** The events the operator subscribes its webhook to (docs/payments.md). */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

const LOCALES = new Set(['es', 'en', 'de', 'fr', 'it', 'nl']);

/** An SDK client for this operator's key, pointed at STRIPE_API_URL when it is set. */
export function stripeClient(secretKey: string, endpoints: ProviderEndpoints): Stripe {
  const where = endpoints.stripeApiUrl ? new URL(endpoints.stripeApiUrl) : null;
  return new Stripe(secretKey, {
    timeout: endpoints.timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
    ...(where
      ? {
          host: where.hostname,
          port: where.port || (where.protocol === 'https:' ? 443 : 80),
          protocol: where.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Creates the Checkout Session; its id becomes the attempt's order_ref. */
export async function startStripeCheckout(
  config: StripeConfig,
  req: CheckoutRequest,
  endpoints: ProviderEndpoints,
): Promise<Extract<CheckoutStart, { provider: 'stripe' }>> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(config.secretKey, endpoints).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: req.currency.toLowerCase(),
              unit_amount: req.amountCents,
              product_data: { name: req.description.slice(0, 250) || 'Reserva' },
            },
          },
        ],
        ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
        locale: (LOCALES.has(req.locale) ? req.locale : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
        success_url: req.okUrl,
        cancel_url: req.koUrl,
        client_reference_id: req.orderRef,
        metadata: { trayecto_order: req.orderRef },
        payment_intent_data: { metadata: { trayecto_order: req.orderRef } },
      },
      { idempotencyKey: `checkout:${req.orderRef}` },
    );
  } catch (err) {
    throw unavailable(err);
  }
  if (!session.url) throw new ProviderUnavailable('Stripe no ha devuelto la página de pago');
  return { provider: 'stripe', redirectUrl: session.url, sessionId: session.id };
}

/**
 * The Checkout Session an event is about, read WITHOUT verifying it: only to find whose signing
 * secret verifies it. Null for an event that is not about a Checkout Session or does not parse.
 */
export function peekStripeSession(rawBody: string): string | null {
  try {
    const event = JSON.parse(rawBody) as { type?: unknown; data?: { object?: { id?: unknown; object?: unknown } } };
    const obj = event.data?.object;
    return typeof event.type === 'string' &&
      event.type.startsWith('checkout.session.') &&
      obj?.object === 'checkout.session' &&
      typeof obj.id === 'string'
      ? obj.id
      : null;
  } catch {
    return null;
  }
}

/** Verifies a webhook with the operator's signing secret (the SDK) and says what it means. */
export function verifyStripeWebhook(config: StripeConfig, rawBody: string, signature: string): VerifiedNotification {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch (err) {
    throw new SignatureInvalid(err instanceof Error ? err.message : 'firma no válida');
  }
  const session = event.data.object as Partial<Stripe.Checkout.Session>;
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  let outcome: VerifiedNotification['outcome'] = 'other';
  if (
    (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    outcome = 'paid';
  } else if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
    outcome = 'failed';
  }
  return {
    provider: 'stripe',
    eventKey: event.id,
    orderRef: typeof session.id === 'string' ? session.id : '',
    outcome,
    amountCents: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency.toUpperCase() : null,
    providerPaymentRef: outcome === 'paid' ? paymentIntent : null,
    payMethod: 'card',
    detail: `${event.type}${session.payment_status ? ` · ${session.payment_status}` : ''}`,
  };
}

/** A refund of the PaymentIntent `providerPaymentRef`. */
export async function refundStripe(
  config: StripeConfig,
  req: RefundRequest,
  endpoints: ProviderEndpoints,
): Promise<RefundResult> {
  let refund: Stripe.Refund;
  try {
    refund = await stripeClient(config.secretKey, endpoints).refunds.create(
      { payment_intent: req.providerPaymentRef, amount: req.amountCents },
      req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : undefined,
    );
  } catch (err) {
    throw unavailable(err);
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw new ProviderUnavailable('Stripe ha rechazado el reembolso', refund.failure_reason ?? refund.status);
  }
  return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', providerRef: refund.id };
}

function unavailable(err: unknown): ProviderUnavailable {
  if (err instanceof ProviderUnavailable) return err;
  if (err instanceof Stripe.errors.StripeConnectionError) {
    return new ProviderUnavailable('Stripe no responde o no ha respondido a tiempo', err.message);
  }
  if (err instanceof Stripe.errors.StripeError) {
    return new ProviderUnavailable('Stripe ha respondido con un error', `${err.type}: ${err.message}`);
  }
  return new ProviderUnavailable('No se ha podido conectar con Stripe', err instanceof Error ? err.message : '');
}
