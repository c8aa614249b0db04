/**
 * Online payments' wire contract (ADR 022, issue 32): an operator's payment settings, the public
 * checkout, the providers' notifications' answer, and (re-exported from the bookings' contract)
 * the payment links and refunds of a booking. The server computes every amount: no request to the
 * public API carries one.
 */
import { z } from 'zod';
import {
  ZBookingPaymentLinkCreateRequest,
  ZBookingPaymentLinkResponse,
  ZBookingRefundCreateRequest,
  ZBookingRefundResponse,
} from '../bookings/bookings.schema';
import { zEnum, zInt } from '../common/validation';

export const PAYMENT_PROVIDERS = ['redsys', 'stripe'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_MODES = ['test', 'live'] as const;
export type TPaymentMode = (typeof PAYMENT_MODES)[number];
export const PAY_METHODS = ['card', 'bizum'] as const;
export type TPayMethod = (typeof PAY_METHODS)[number];

/** How long a public booking holds its seats while the customer pays, in minutes. */
export const HOLD_MINUTES_DEFAULT = 15;
export const HOLD_MINUTES_MIN = 1;
export const HOLD_MINUTES_MAX = 120;

/** Spanish messages of the settings' fields (the drawer shows them under the field). */
export const PAYMENT_SETTINGS_MSG = {
  merchantCode: 'El código de comercio (FUC) son 9 dígitos',
  terminal: 'El terminal son de 1 a 3 dígitos',
  redsysSecret: 'La clave secreta de Redsys (SHA-256) es un texto en base64, p. ej. sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  stripeSecret: 'La clave secreta de Stripe empieza por sk_test_ o sk_live_',
  stripeSecretMode: (mode: TPaymentMode) =>
    mode === 'live'
      ? 'En modo real la clave secreta de Stripe empieza por sk_live_'
      : 'En modo de pruebas la clave secreta de Stripe empieza por sk_test_',
  webhookSecret: 'El secreto del webhook de Stripe empieza por whsec_',
  secretMissing: 'Falta la clave secreta: sin ella no se puede cobrar',
  webhookSecretMissing: 'Falta el secreto del webhook: sin él no se pueden verificar los avisos de pago',
  redsysMissing: 'Faltan los datos de Redsys (código de comercio y terminal)',
} as const;

export const REDSYS_MERCHANT_CODE_RE = /^\d{9}$/;
export const REDSYS_TERMINAL_RE = /^\d{1,3}$/;
/** A Redsys SHA-256 key: base64 of 16–64 bytes (the test key is 32 characters). */
export const REDSYS_SECRET_RE = /^[A-Za-z0-9+/]{20,100}={0,2}$/;
export const STRIPE_SECRET_RE = /^sk_(test|live)_[A-Za-z0-9]{8,250}$/;
export const STRIPE_WEBHOOK_SECRET_RE = /^whsec_[A-Za-z0-9+/=_-]{8,250}$/;

const secretField = (re: RegExp, message: string) => z.string().trim().regex(re, message).max(260, message);

/**
 * PUT /api/v1/tour-operators/{id}/payment-settings (levels 0–1). A secret omitted keeps the one
 * stored; a provider chosen without its secret stored yet → 422 naming the field. The Stripe secret
 * key's prefix must match the mode (`sk_test_` in test, `sk_live_` in live).
 */
export const ZPaymentSettingsRequest = z.object({
  provider: zEnum(PAYMENT_PROVIDERS).nullable(),
  mode: zEnum(PAYMENT_MODES),
  hold_minutes: zInt(HOLD_MINUTES_MIN, HOLD_MINUTES_MAX),
  redsys: z
    .object({
      merchant_code: z.string().trim().regex(REDSYS_MERCHANT_CODE_RE, PAYMENT_SETTINGS_MSG.merchantCode),
      terminal: z.string().trim().regex(REDSYS_TERMINAL_RE, PAYMENT_SETTINGS_MSG.terminal),
      secret_key: secretField(REDSYS_SECRET_RE, PAYMENT_SETTINGS_MSG.redsysSecret).optional(),
      bizum: z.boolean().optional(),
    })
    .optional(),
  stripe: z
    .object({
      secret_key: secretField(STRIPE_SECRET_RE, PAYMENT_SETTINGS_MSG.stripeSecret).optional(),
      webhook_secret: secretField(STRIPE_WEBHOOK_SECRET_RE, PAYMENT_SETTINGS_MSG.webhookSecret).optional(),
    })
    .optional(),
});
export type TPaymentSettingsRequest = z.infer<typeof ZPaymentSettingsRequest>;

/** The settings as the API answers them: never a secret, only whether each one is stored. */
export const ZPaymentSettingsResponse = z.object({
  // null among the values: OpenAPI 3.0's `nullable` does not add it to an `enum` by itself.
  provider: z
    .enum(PAYMENT_PROVIDERS)
    .nullable()
    .meta({ enum: [...PAYMENT_PROVIDERS, null] }),
  mode: z.enum(PAYMENT_MODES),
  hold_minutes: z.number().int(),
  redsys: z
    .object({
      merchant_code: z.string(),
      terminal: z.string(),
      bizum: z.boolean(),
      secret_key_set: z.boolean(),
    })
    .nullable(),
  stripe: z
    .object({
      /** Always null (Stripe Checkout is a redirect: no publishable key is needed on our pages). */
      publishable_hint: z.string().nullable(),
      secret_key_set: z.boolean(),
      webhook_secret_set: z.boolean(),
    })
    .nullable(),
  /** What to register with each provider: where it tells us a payment happened. */
  notification_urls: z.object({ redsys: z.string(), stripe: z.string() }),
  /** Null: never configured (the defaults). */
  updated_at: z.string().nullable(),
});
export type TPaymentSettingsResponse = z.infer<typeof ZPaymentSettingsResponse>;

/** POST /api/v1/public/bookings/{id}/payments: the customer's choice; Bizum only when the operator has it on. */
export const ZPublicPaymentRequest = z.object({
  pay_method: zEnum(PAY_METHODS).optional(),
});
export type TPublicPaymentRequest = z.infer<typeof ZPublicPaymentRequest>;

/** Redsys: the page POSTs these three fields to `action` (the bank's payment page). */
export const ZPublicPaymentRedsysResponse = z.object({
  provider: z.literal('redsys'),
  amount_cents: z.number().int(),
  currency: z.string(),
  form: z.object({
    action: z.string(),
    method: z.literal('POST'),
    fields: z.object({
      Ds_SignatureVersion: z.string(),
      Ds_MerchantParameters: z.string(),
      Ds_Signature: z.string(),
    }),
  }),
});

/** Stripe: the page goes to `redirect_url` (Stripe Checkout). */
export const ZPublicPaymentStripeResponse = z.object({
  provider: z.literal('stripe'),
  amount_cents: z.number().int(),
  currency: z.string(),
  redirect_url: z.string(),
});

export const ZPublicPaymentResponse = z.discriminatedUnion('provider', [
  ZPublicPaymentRedsysResponse,
  ZPublicPaymentStripeResponse,
]);
export type TPublicPaymentResponse = z.infer<typeof ZPublicPaymentResponse>;

/**
 * POST /api/v1/payments/redsys/notification (form-encoded, as Redsys sends it): the signed
 * notification. Unknown fields are let through (Redsys may add some).
 */
export const ZRedsysNotificationBody = z.looseObject({
  Ds_SignatureVersion: z.string(),
  Ds_MerchantParameters: z.string(),
  Ds_Signature: z.string(),
});
export type TRedsysNotificationBody = z.infer<typeof ZRedsysNotificationBody>;

/** What both notification endpoints answer once processed, already processed or ignored. */
export const ZNotificationAnswer = z.object({ received: z.literal(true) });
export type TNotificationAnswer = z.infer<typeof ZNotificationAnswer>;

// ── Payment links and refunds of a booking (the bookings' contract, under the payments' names) ──
export const ZPaymentLinkCreateRequest = ZBookingPaymentLinkCreateRequest;
export type TPaymentLinkCreateRequest = z.infer<typeof ZPaymentLinkCreateRequest>;
export const ZPaymentLinkResponse = ZBookingPaymentLinkResponse;
export type TPaymentLinkResponse = z.infer<typeof ZPaymentLinkResponse>;
export const ZRefundCreateRequest = ZBookingRefundCreateRequest;
export type TRefundCreateRequest = z.infer<typeof ZRefundCreateRequest>;
export const ZRefundResponse = ZBookingRefundResponse;
export type TRefundResponse = z.infer<typeof ZRefundResponse>;
