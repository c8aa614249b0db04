/**
 * What Trayecto asks of a payment provider (ADR 022). Two implementations: Redsys (redsys-easy)
 * and Stripe (the official SDK). Each operator's settings pick one; the adapters never touch the
 * database, so a provider that is down or slow never holds a transaction open.
 */
export type ProviderName = 'redsys' | 'stripe';
export type ProviderMode = 'test' | 'live';

/** An operator's decrypted settings, only ever in memory. */
export type ProviderConfig =
  | {
      provider: 'redsys';
      mode: ProviderMode;
      merchantCode: string;
      terminal: string;
      secretKey: string;
      bizum: boolean;
    }
  | { provider: 'stripe'; mode: ProviderMode; secretKey: string; webhookSecret: string };

/** A checkout to start: the amount is the server's, never the client's. */
export type CheckoutRequest = {
  /** payment_attempts.order_ref chosen by the caller (Redsys order: 12 chars, 4 digits first). */
  orderRef: string;
  amountCents: number;
  currency: string;
  /** The booking's language (es, en, de, fr, it, nl): the provider's page in it when it can. */
  locale: string;
  description: string;
  customerEmail: string;
  payMethod: 'card' | 'bizum';
  okUrl: string;
  koUrl: string;
  notificationUrl: string;
};

export type CheckoutStart =
  | {
      provider: 'redsys';
      form: {
        action: string;
        method: 'POST';
        fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };
      };
    }
  /** Stripe: the Checkout Session's id becomes the attempt's order_ref. */
  | { provider: 'stripe'; redirectUrl: string; sessionId: string };

/** A provider's verified word that money moved (or did not) for one of our attempts. */
export type VerifiedNotification = {
  provider: ProviderName;
  /** Unique per provider: Stripe event.id; Redsys `order:<Ds_Order>:<Ds_Response>`. */
  eventKey: string;
  /** payment_attempts.order_ref (Redsys Ds_Order; Stripe Checkout Session id). */
  orderRef: string;
  outcome: 'paid' | 'failed' | 'other';
  amountCents: number | null;
  currency: string | null;
  /** The provider's id of the payment (Stripe PaymentIntent; Redsys order + authorisation code). */
  providerPaymentRef: string | null;
  /** How the customer paid, when the provider says (Redsys Ds_ProcessedPayMethod); else the attempt's. */
  payMethod: 'card' | 'bizum' | null;
  detail: string;
};

export type RefundRequest = {
  /** The payment being refunded: its provider_ref (Stripe PaymentIntent; Redsys order). */
  providerPaymentRef: string;
  amountCents: number;
  currency: string;
  /** Stripe's Idempotency-Key for this refund (a retry of the same refund is not made twice). */
  idempotencyKey?: string;
};

export type RefundResult = { status: 'succeeded' | 'pending'; providerRef: string };

/**
 * Where the providers are and how long we wait for them (REDSYS_URL, STRIPE_API_URL: stand-ins in
 * tests and staging; unset, the providers' own hosts for the operator's mode).
 */
export type ProviderEndpoints = { redsysUrl?: string; stripeApiUrl?: string; timeoutMs: number };

/** The provider's answer within this long, or ProviderUnavailable (ADR 022). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Thrown by an adapter when a notification's signature does not verify with the operator's key. */
export class SignatureInvalid extends Error {
  constructor(readonly providerDetail: string = '') {
    super('La firma del aviso de pago no es válida');
    this.name = 'SignatureInvalid';
  }
}

/** Thrown by an adapter when the provider cannot be reached, times out or answers an error. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly providerDetail: string = '',
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
