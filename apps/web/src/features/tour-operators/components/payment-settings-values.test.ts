import { PAYMENT_SETTINGS_MSG } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { mapServerErrors } from '../../../lib/form-errors';
import type { TPaymentSettingsResponse } from '../api/payment-settings-contract';
import {
  PAYMENT_SETTINGS_ALIASES,
  PAYMENT_SETTINGS_FIELDS,
  paymentSettingsValuesOf,
  toPaymentSettingsPayload,
  validatePaymentSettings,
} from './payment-settings-values';

const stored: TPaymentSettingsResponse = {
  provider: 'redsys',
  mode: 'test',
  hold_minutes: 20,
  redsys: { merchant_code: '999008881', terminal: '1', bizum: true, secret_key_set: true },
  stripe: null,
  notification_urls: {
    redsys: 'https://trayecto.example/api/v1/payments/redsys/notification',
    stripe: 'https://trayecto.example/api/v1/payments/stripe/webhook',
  },
  updated_at: '2026-11-25T10:00:00Z',
};

describe('"Pagos en línea" values (ADR 022)', () => {
  it('an operator without settings: no provider, test mode, a 15-minute hold', () => {
    expect(paymentSettingsValuesOf(null)).toMatchObject({ provider: 'none', mode: 'test', hold_minutes: 15 });
    expect(toPaymentSettingsPayload(paymentSettingsValuesOf(null))).toEqual({
      provider: null,
      mode: 'test',
      hold_minutes: 15,
    });
  });

  it('secrets are write-only: never in the values, left out of the body when empty (the stored one stays)', () => {
    const v = paymentSettingsValuesOf(stored);
    expect(v).toMatchObject({ provider: 'redsys', redsys_merchant_code: '999008881', redsys_secret_key: '' });
    expect(toPaymentSettingsPayload(v)).toEqual({
      provider: 'redsys',
      mode: 'test',
      hold_minutes: 20,
      redsys: { merchant_code: '999008881', terminal: '1', bizum: true },
    });
    expect(validatePaymentSettings(v, stored)).toEqual({});
    // A new key replaces it; only the chosen provider's block is sent.
    const replaced = toPaymentSettingsPayload({ ...v, redsys_secret_key: ' sq7HjrUOBfKmC576ILgskD5srU870gJ7 ' });
    expect(replaced.redsys?.secret_key).toBe('sq7HjrUOBfKmC576ILgskD5srU870gJ7');
    expect(replaced.stripe).toBeUndefined();
  });

  it('Redsys: 9-digit merchant code, 1–3 digit terminal, a base64 key required while none is stored', () => {
    const v = { ...paymentSettingsValuesOf(null), provider: 'redsys' as const };
    expect(validatePaymentSettings({ ...v, redsys_merchant_code: '12345', redsys_terminal: '1234' }, null)).toEqual({
      redsys_merchant_code: PAYMENT_SETTINGS_MSG.merchantCode,
      redsys_terminal: PAYMENT_SETTINGS_MSG.terminal,
      redsys_secret_key: PAYMENT_SETTINGS_MSG.secretMissing,
    });
    expect(
      validatePaymentSettings(
        { ...v, redsys_merchant_code: '999008881', redsys_terminal: '1', redsys_secret_key: 'no es base64!' },
        null,
      ),
    ).toHaveProperty('redsys_secret_key');
  });

  it('Stripe: the secret key of the mode (sk_test_ / sk_live_) and a whsec_ webhook secret', () => {
    const v = { ...paymentSettingsValuesOf(null), provider: 'stripe' as const, mode: 'live' as const };
    expect(
      validatePaymentSettings({ ...v, stripe_secret_key: 'sk_test_abcdefgh1', stripe_webhook_secret: 'abc' }, null),
    ).toEqual({
      stripe_secret_key: PAYMENT_SETTINGS_MSG.stripeSecretMode('live'),
      stripe_webhook_secret: PAYMENT_SETTINGS_MSG.webhookSecret,
    });
    expect(validatePaymentSettings(v, null)).toEqual({
      stripe_secret_key: PAYMENT_SETTINGS_MSG.secretMissing,
      stripe_webhook_secret: PAYMENT_SETTINGS_MSG.webhookSecretMissing,
    });
    const ok = { ...v, stripe_secret_key: 'sk_live_12345678', stripe_webhook_secret: 'whsec_45678901' };
    expect(validatePaymentSettings(ok, null)).toEqual({});
    expect(toPaymentSettingsPayload(ok)).toEqual({
      provider: 'stripe',
      mode: 'live',
      hold_minutes: 15,
      stripe: { secret_key: 'sk_live_12345678', webhook_secret: 'whsec_45678901' },
    });
  });

  it('hold minutes 1–120', () => {
    const v = paymentSettingsValuesOf(null);
    expect(validatePaymentSettings({ ...v, hold_minutes: 0 }, null)).toEqual({
      hold_minutes: 'Entre 1 y 120 minutos',
    });
    expect(validatePaymentSettings({ ...v, hold_minutes: 121 }, null)).toHaveProperty('hold_minutes');
    expect(validatePaymentSettings({ ...v, hold_minutes: '' }, null)).toEqual({ hold_minutes: 'Campo requerido' });
  });

  it("a 422's nested field names land on the form's inputs", () => {
    const mapped = mapServerErrors(
      { 'redsys.secret_key': ['Falta la clave secreta de Redsys'], 'stripe.webhook_secret': ['Formato no válido'] },
      PAYMENT_SETTINGS_FIELDS,
      PAYMENT_SETTINGS_ALIASES,
    );
    expect(mapped).toEqual({
      fields: { redsys_secret_key: 'Falta la clave secreta de Redsys', stripe_webhook_secret: 'Formato no válido' },
      rest: [],
    });
  });
});
