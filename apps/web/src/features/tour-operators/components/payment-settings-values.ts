/**
 * The "Pagos en línea" form (ADR 022): its values (one flat field per input, the secrets empty:
 * they are write-only), the rules the server applies too, the body sent and where a 422's field
 * names land. A secret left empty keeps the stored one; a provider needs its secret stored or typed.
 */
import {
  HOLD_MINUTES_DEFAULT,
  HOLD_MINUTES_MAX,
  HOLD_MINUTES_MIN,
  MSG,
  PAYMENT_SETTINGS_MSG,
  ZPaymentSettingsRequest,
} from '@trayecto/shared';
import { issuesToErrors, mapServerErrors } from '../../../lib/form-errors';
import type { TPaymentMode, TPaymentSettingsRequest, TPaymentSettingsResponse } from '../api/payment-settings-contract';

export type TProviderChoice = 'none' | 'redsys' | 'stripe';

export type TPaymentSettingsValues = {
  provider: TProviderChoice;
  mode: TPaymentMode;
  hold_minutes: number | '';
  redsys_merchant_code: string;
  redsys_terminal: string;
  /** '' = keep the stored one. */
  redsys_secret_key: string;
  redsys_bizum: boolean;
  /** '' = keep the stored one. */
  stripe_secret_key: string;
  /** '' = keep the stored one. */
  stripe_webhook_secret: string;
};

export { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN };

export const PROVIDER_OPTIONS: { value: TProviderChoice; label: string }[] = [
  { value: 'none', label: 'Ninguno' },
  { value: 'redsys', label: 'Redsys' },
  { value: 'stripe', label: 'Stripe' },
];

export const MODE_OPTIONS: { value: TPaymentMode; label: string }[] = [
  { value: 'test', label: 'Pruebas' },
  { value: 'live', label: 'Real' },
];

/** The form's inputs from top to bottom (server errors may name them; the first error is focused). */
export const PAYMENT_SETTINGS_FIELDS = [
  'provider',
  'mode',
  'hold_minutes',
  'redsys_merchant_code',
  'redsys_terminal',
  'redsys_secret_key',
  'redsys_bizum',
  'stripe_secret_key',
  'stripe_webhook_secret',
] as const;

/** The API's field names (`redsys.merchant_code`) → the form's (`redsys_merchant_code`). */
export const PAYMENT_SETTINGS_ALIASES: Record<string, string> = {
  'redsys.merchant_code': 'redsys_merchant_code',
  'redsys.terminal': 'redsys_terminal',
  'redsys.secret_key': 'redsys_secret_key',
  'redsys.bizum': 'redsys_bizum',
  redsys: 'redsys_merchant_code',
  'stripe.secret_key': 'stripe_secret_key',
  'stripe.webhook_secret': 'stripe_webhook_secret',
  stripe: 'stripe_secret_key',
};

export function paymentSettingsValuesOf(s: TPaymentSettingsResponse | null | undefined): TPaymentSettingsValues {
  return {
    provider: s?.provider ?? 'none',
    mode: s?.mode ?? 'test',
    hold_minutes: s?.hold_minutes ?? HOLD_MINUTES_DEFAULT,
    redsys_merchant_code: s?.redsys?.merchant_code ?? '',
    redsys_terminal: s?.redsys?.terminal ?? '',
    redsys_secret_key: '',
    redsys_bizum: s?.redsys?.bizum ?? false,
    stripe_secret_key: '',
    stripe_webhook_secret: '',
  };
}

/** The PUT body: only the chosen provider's block; an empty secret is left out (the stored one stays). */
export function toPaymentSettingsPayload(v: TPaymentSettingsValues): TPaymentSettingsRequest {
  const payload: TPaymentSettingsRequest = {
    provider: v.provider === 'none' ? null : v.provider,
    mode: v.mode,
    hold_minutes: v.hold_minutes === '' ? Number.NaN : Number(v.hold_minutes),
  };
  if (v.provider === 'redsys') {
    const secret = v.redsys_secret_key.trim();
    payload.redsys = {
      merchant_code: v.redsys_merchant_code.trim(),
      terminal: v.redsys_terminal.trim(),
      bizum: v.redsys_bizum,
      ...(secret ? { secret_key: secret } : {}),
    };
  }
  if (v.provider === 'stripe') {
    const secret = v.stripe_secret_key.trim();
    const webhook = v.stripe_webhook_secret.trim();
    payload.stripe = {
      ...(secret ? { secret_key: secret } : {}),
      ...(webhook ? { webhook_secret: webhook } : {}),
    };
  }
  return payload;
}

/**
 * The shared request schema's rules (the server's own messages: hold 1–120 min, a 9-digit merchant
 * code, a 1–3 digit terminal, a base64 Redsys key, Stripe keys of their kind), plus what only the
 * form knows: the Stripe key of the mode chosen, and a provider's secret typed while none is stored.
 */
export function validatePaymentSettings(
  v: TPaymentSettingsValues,
  stored: TPaymentSettingsResponse | null | undefined,
): Record<string, string> {
  const payload = toPaymentSettingsPayload(v);
  const result = ZPaymentSettingsRequest.safeParse(payload);
  const errors: Record<string, string> = result.success
    ? {}
    : mapServerErrors(
        Object.fromEntries(Object.entries(issuesToErrors(result.error.issues)).map(([k, m]) => [k, [m]])),
        PAYMENT_SETTINGS_FIELDS,
        PAYMENT_SETTINGS_ALIASES,
      ).fields;
  if (v.hold_minutes === '') errors.hold_minutes = MSG.required;
  else if (errors.hold_minutes) errors.hold_minutes = `Entre ${HOLD_MINUTES_MIN} y ${HOLD_MINUTES_MAX} minutos`;
  if (v.provider === 'redsys') {
    if (!v.redsys_merchant_code.trim()) errors.redsys_merchant_code = MSG.required;
    if (!v.redsys_terminal.trim()) errors.redsys_terminal = MSG.required;
    if (!v.redsys_secret_key.trim() && !stored?.redsys?.secret_key_set) {
      errors.redsys_secret_key = PAYMENT_SETTINGS_MSG.secretMissing;
    }
  }
  if (v.provider === 'stripe') {
    const secret = v.stripe_secret_key.trim();
    if (secret && !errors.stripe_secret_key && !secret.startsWith(v.mode === 'live' ? 'sk_live_' : 'sk_test_')) {
      errors.stripe_secret_key = PAYMENT_SETTINGS_MSG.stripeSecretMode(v.mode);
    }
    if (!secret && !stored?.stripe?.secret_key_set) errors.stripe_secret_key = PAYMENT_SETTINGS_MSG.secretMissing;
    if (!v.stripe_webhook_secret.trim() && !stored?.stripe?.webhook_secret_set) {
      errors.stripe_webhook_secret = PAYMENT_SETTINGS_MSG.webhookSecretMissing;
    }
  }
  return errors;
}
