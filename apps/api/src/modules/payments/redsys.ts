/**
 * Redsys through redsys-easy (ADR 022): the redirect form signed HMAC_SHA256_V1, the notification
 * Redsys POSTs to us verified with the operator's key, refunds through the REST `trataPeticion`
 * (transaction type 3). No cryptography here: redsys-easy signs and verifies. Never touches the
 * database; a Redsys that does not answer in time is ProviderUnavailable.
 */
import { randomBytes } from 'node:crypto';
import {
  CURRENCIES,
  type Currency,
  createRedsysAPI,
  isResponseCodeOk,
  LANGUAGES,
  type Language,
  PRODUCTION_URLS,
  REV_CURRENCIES,
  RedsysError,
  SANDBOX_URLS,
  type UrlsConfig,
} from 'redsys-easy';
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

type RedsysConfig = Extract<ProviderConfig, { provider: 'redsys' }>;
export type RedsysNotificationFields = {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
};

/** Redsys' payment-method code for Bizum in Ds_Merchant_PayMethods. */
export const BIZUM_PAY_METHOD = 'z';
/** Redsys' Ds_ProcessedPayMethod of a payment made with Bizum. */
export const BIZUM_PROCESSED_PAY_METHOD = '68';
const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** Redsys' URLs for this operator's mode, or under REDSYS_URL (a stand-in) when it is set. */
export function redsysUrls(mode: 'test' | 'live', base?: string): UrlsConfig {
  if (base) {
    const origin = base.replace(/\/+$/, '');
    return {
      redirect: `${origin}/sis/realizarPago`,
      restTrataPeticion: `${origin}/sis/rest/trataPeticionREST`,
      restIniciaPeticion: `${origin}/sis/rest/iniciaPeticionREST`,
    };
  }
  return mode === 'live' ? PRODUCTION_URLS : SANDBOX_URLS;
}

/**
 * A new Ds_Merchant_Order: 12 characters, the first four digits (Redsys' rule), the rest random
 * letters and digits, so two checkouts never share one.
 */
export function newRedsysOrder(now: Date): string {
  const head = String(now.getTime() % 10_000).padStart(4, '0');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  let tail = '';
  for (const b of bytes) tail += alphabet[b % alphabet.length];
  return head + tail;
}

/** fetch with the adapters' time limit: a Redsys that does not answer in time is aborted. */
function timedFetch(timeoutMs: number) {
  return ((url: string, init?: RequestInit) =>
    globalThis.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })) as unknown as NonNullable<
    Parameters<typeof createRedsysAPI>[0]['fetch']
  >;
}

function api(config: RedsysConfig, endpoints: ProviderEndpoints) {
  return createRedsysAPI({
    secretKey: config.secretKey,
    urls: redsysUrls(config.mode, endpoints.redsysUrl),
    fetch: timedFetch(endpoints.timeoutMs),
  });
}

function currencyNum(currency: string) {
  const num = CURRENCIES[currency.toUpperCase() as Currency]?.num;
  if (!num) throw new ProviderUnavailable(`Redsys no admite la moneda ${currency}`);
  return num;
}

/** The signed form the customer's browser POSTs to Redsys' payment page. */
export function startRedsysCheckout(
  config: RedsysConfig,
  req: CheckoutRequest,
  endpoints: ProviderEndpoints,
): Extract<CheckoutStart, { provider: 'redsys' }> {
  const form = api(config, endpoints).createRedirectForm({
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_MERCHANTCODE: config.merchantCode,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_ORDER: req.orderRef,
    DS_MERCHANT_AMOUNT: String(req.amountCents),
    DS_MERCHANT_CURRENCY: currencyNum(req.currency),
    DS_MERCHANT_MERCHANTURL: req.notificationUrl,
    DS_MERCHANT_URLOK: req.okUrl,
    DS_MERCHANT_URLKO: req.koUrl,
    DS_MERCHANT_CONSUMERLANGUAGE: LANGUAGES[req.locale as Language] ?? LANGUAGES.es,
    DS_MERCHANT_PRODUCTDESCRIPTION: req.description.slice(0, 125),
    ...(req.payMethod === 'bizum' ? { DS_MERCHANT_PAYMETHODS: BIZUM_PAY_METHOD } : {}),
  });
  return {
    provider: 'redsys',
    form: {
      action: form.url,
      method: 'POST',
      fields: {
        Ds_SignatureVersion: form.body.Ds_SignatureVersion,
        Ds_MerchantParameters: form.body.Ds_MerchantParameters,
        Ds_Signature: form.body.Ds_Signature,
      },
    },
  };
}

/**
 * The order a notification claims, read WITHOUT verifying it: only to find whose key verifies it.
 * Null when the parameters do not decode.
 */
export function peekRedsysOrder(fields: Partial<RedsysNotificationFields>): string | null {
  try {
    const text = Buffer.from(String(fields.Ds_MerchantParameters ?? ''), 'base64').toString('utf8');
    const params = JSON.parse(text) as Record<string, unknown>;
    const order = params.Ds_Order ?? params.DS_ORDER;
    return typeof order === 'string' && order.length > 0 && order.length <= 12 ? order : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a notification with the operator's key (redsys-easy) and says what it means: Ds_Response
 * 0000–0099 is paid, anything else failed. SignatureInvalid when it does not verify.
 */
export function verifyRedsysNotification(
  config: RedsysConfig,
  fields: RedsysNotificationFields,
  endpoints: ProviderEndpoints,
): VerifiedNotification {
  if (fields.Ds_SignatureVersion !== SIGNATURE_VERSION) throw new SignatureInvalid('versión de firma desconocida');
  let params: Record<string, string | undefined>;
  try {
    params = api(config, endpoints).processRedirectNotification(fields) as unknown as Record<
      string,
      string | undefined
    >;
  } catch (err) {
    throw new SignatureInvalid(err instanceof Error ? err.message : 'firma no válida');
  }
  const order = String(params.Ds_Order ?? '');
  const response = String(params.Ds_Response ?? '');
  const code = Number.parseInt(response, 10);
  const paid = /^\d{1,4}$/.test(response) && code >= 0 && code <= 99;
  const amount = Number.parseInt(String(params.Ds_Amount ?? ''), 10);
  const currency = REV_CURRENCIES[String(params.Ds_Currency ?? '') as keyof typeof REV_CURRENCIES]?.code ?? null;
  const merchant = String(params.Ds_MerchantCode ?? '');
  const auth = String(params.Ds_AuthorisationCode ?? '').trim();
  const sameMerchant = merchant === config.merchantCode;
  const processed = String(params.Ds_ProcessedPayMethod ?? '');
  const bizum = processed === BIZUM_PROCESSED_PAY_METHOD;
  return {
    provider: 'redsys',
    eventKey: `order:${order}:${response}`,
    orderRef: order,
    outcome: !sameMerchant ? 'other' : paid ? 'paid' : 'failed',
    amountCents: Number.isFinite(amount) ? amount : null,
    currency,
    providerPaymentRef: paid ? order : null,
    payMethod: bizum ? 'bizum' : null,
    detail: sameMerchant
      ? `Ds_Response ${response}${auth ? ` · autorización ${auth}` : ''}${bizum ? ' · Bizum' : ''}`
      : `comercio ${merchant} distinto del configurado`,
  };
}

/** A refund through trataPeticion (TransactionType 3) of `providerPaymentRef` (the payment's order). */
export async function refundRedsys(
  config: RedsysConfig,
  req: RefundRequest,
  endpoints: ProviderEndpoints,
): Promise<RefundResult> {
  let out: Record<string, unknown>;
  try {
    out = (await api(config, endpoints).restTrataPeticion({
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_MERCHANTCODE: config.merchantCode,
      DS_MERCHANT_TERMINAL: config.terminal,
      DS_MERCHANT_ORDER: req.providerPaymentRef,
      DS_MERCHANT_AMOUNT: String(req.amountCents),
      DS_MERCHANT_CURRENCY: currencyNum(req.currency),
    })) as unknown as Record<string, unknown>;
  } catch (err) {
    throw unavailable(err);
  }
  const response = String(out.Ds_Response ?? '');
  if (!isResponseCodeOk(response)) {
    throw new ProviderUnavailable('Redsys ha rechazado el reembolso', `Ds_Response ${response}`);
  }
  return { status: 'succeeded', providerRef: req.providerPaymentRef };
}

function unavailable(err: unknown): ProviderUnavailable {
  if (err instanceof ProviderUnavailable) return err;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new ProviderUnavailable('Redsys no ha respondido a tiempo', err.message);
  }
  if (err instanceof RedsysError) return new ProviderUnavailable('Redsys ha respondido con un error', err.message);
  return new ProviderUnavailable('No se ha podido conectar con Redsys', err instanceof Error ? err.message : '');
}
