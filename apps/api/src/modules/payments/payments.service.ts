/**
 * Online payments (ADR 022): the operator's provider with its keys opened in memory only, a refund
 * through it, and where the providers are. The settings screen is payments.settings.ts, the
 * public checkout payments.checkout.ts, the providers' notifications payments.notifications.ts.
 *
 * The process's payment runtime (the key that opens the operators' secrets, REDSYS_URL,
 * STRIPE_API_URL, the 10 s limit) is set once when the app is built ({@link configurePayments},
 * payments.routes.ts), so that a job's refund reads it as a request's does.
 */
import type { Config } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import { decryptJson, encryptJson, resolveEncryptionKey } from '../../lib/encryption';
import * as repo from './payments.repository';
import {
  PROVIDER_TIMEOUT_MS,
  type ProviderConfig,
  type ProviderEndpoints,
  type ProviderName,
  ProviderUnavailable,
  type RefundRequest,
  type RefundResult,
} from './provider';
import { refundRedsys } from './redsys';
import { refundStripe } from './stripe';

/** The secrets of one operator, sealed together in payment_settings.secrets. */
export type PaymentSecrets = {
  redsys_secret_key?: string;
  stripe_secret_key?: string;
  stripe_webhook_secret?: string;
};

type Runtime = {
  config: Pick<Config, 'APP_ENCRYPTION_KEY' | 'DATA_DIR'>;
  endpoints: ProviderEndpoints;
  key?: Buffer;
};

let runtime: Runtime | undefined;

/** Sets this process's payment runtime from its configuration (the app does it when built). */
export function configurePayments(
  config: Pick<Config, 'APP_ENCRYPTION_KEY' | 'DATA_DIR' | 'REDSYS_URL' | 'STRIPE_API_URL'>,
  overrides: Partial<ProviderEndpoints> = {},
): void {
  runtime = {
    config,
    endpoints: {
      redsysUrl: config.REDSYS_URL,
      stripeApiUrl: config.STRIPE_API_URL,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      ...overrides,
    },
  };
}

function current(): Runtime {
  if (!runtime) throw new Error('configurePayments() has not been called');
  return runtime;
}

/** Where the providers are for this process (REDSYS_URL, STRIPE_API_URL) and how long we wait. */
export const providerEndpoints = (): ProviderEndpoints => current().endpoints;

/** The key that seals secrets (APP_ENCRYPTION_KEY, or the one generated into DATA_DIR), read once. */
function encryptionKey(): Buffer {
  const r = current();
  r.key ??= resolveEncryptionKey(r.config);
  return r.key;
}

export const sealSecrets = (secrets: PaymentSecrets): string => encryptJson(encryptionKey(), secrets);

export function openSecrets(sealed: string | null | undefined): PaymentSecrets {
  if (!sealed) return {};
  return decryptJson<PaymentSecrets>(encryptionKey(), sealed);
}

/**
 * The operator's provider with its keys, in memory only: the one it chose, or `provider` when
 * named (a refund goes back through the provider that took the money, even if the operator has
 * changed since). Null when that provider is not configured (no keys stored).
 */
export async function loadProviderConfig(
  db: DbOrTx,
  tourOperatorId: string,
  provider?: ProviderName,
): Promise<ProviderConfig | null> {
  const row = await repo.findSettings(db, tourOperatorId);
  if (!row) return null;
  const which = provider ?? (row.provider as ProviderName | null);
  if (!which) return null;
  const mode = row.mode === 'live' ? 'live' : 'test';
  const secrets = openSecrets(row.secrets);
  if (which === 'redsys') {
    if (!row.redsysMerchantCode || !row.redsysTerminal || !secrets.redsys_secret_key) return null;
    return {
      provider: 'redsys',
      mode,
      merchantCode: row.redsysMerchantCode,
      terminal: row.redsysTerminal,
      secretKey: secrets.redsys_secret_key,
      bizum: row.redsysBizum,
    };
  }
  if (!secrets.stripe_secret_key || !secrets.stripe_webhook_secret) return null;
  return {
    provider: 'stripe',
    mode,
    secretKey: secrets.stripe_secret_key,
    webhookSecret: secrets.stripe_webhook_secret,
  };
}

/**
 * Gives money back through the provider that took it (outside any transaction: the caller records
 * the refund once the provider answered). ProviderUnavailable when the provider cannot be reached,
 * is slow, refuses, or the operator has no keys for it any more.
 */
export async function refundThroughProvider(
  db: DbOrTx,
  tourOperatorId: string,
  r: { provider: ProviderName } & RefundRequest,
): Promise<RefundResult> {
  const config = await loadProviderConfig(db, tourOperatorId, r.provider);
  if (!config) {
    throw new ProviderUnavailable(
      `Los datos de ${r.provider === 'stripe' ? 'Stripe' : 'Redsys'} de este tour operador no están configurados`,
    );
  }
  const req: RefundRequest = {
    providerPaymentRef: r.providerPaymentRef,
    amountCents: r.amountCents,
    currency: r.currency,
    idempotencyKey: r.idempotencyKey,
  };
  return config.provider === 'redsys'
    ? refundRedsys(config, req, providerEndpoints())
    : refundStripe(config, req, providerEndpoints());
}
