/**
 * An operator's online payment settings (ADR 022): the provider (Redsys, Stripe or none), test or
 * live, how long a public booking holds its seats while paying, and the provider's keys. Read and
 * changed by the administrator and the operator's admin (levels 0–1), each on the operators it
 * sees. Secrets are sealed with APP_ENCRYPTION_KEY and never answered, logged or audited: the answer
 * says only whether each one is stored, the audit entry "(cambiado)".
 */
import {
  API_PATHS,
  API_PREFIX,
  HOLD_MINUTES_DEFAULT,
  PAYMENT_SETTINGS_MSG,
  type TPaymentSettingsRequest,
  type TPaymentSettingsResponse,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { type AuditChanges, recordAudit, staffAudit } from '../audit/audit.service';
import { findVisibleTourOperator } from '../tour-operators/tour-operators.service';
import * as repo from './payments.repository';
import { openSecrets, type PaymentSecrets, sealSecrets } from './payments.service';

const NOT_FOUND = 'El tour operador';
/** How a changed secret shows in the audit log: never its value. */
export const SECRET_CHANGED = '(cambiado)';

/** Where each provider must send its notifications, on this server's public origin. */
export function notificationUrls(origin: string) {
  return {
    redsys: `${origin}${API_PREFIX}${API_PATHS.redsysNotification}`,
    stripe: `${origin}${API_PREFIX}${API_PATHS.stripeWebhook}`,
  };
}

function toResponse(row: repo.PaymentSettingsRow | undefined, origin: string): TPaymentSettingsResponse {
  const secrets: PaymentSecrets = row ? openSecrets(row.secrets) : {};
  const hasRedsys = !!row?.redsysMerchantCode || !!secrets.redsys_secret_key || row?.provider === 'redsys';
  const hasStripe = !!secrets.stripe_secret_key || !!secrets.stripe_webhook_secret || row?.provider === 'stripe';
  return {
    provider: (row?.provider as TPaymentSettingsResponse['provider']) ?? null,
    mode: row?.mode === 'live' ? 'live' : 'test',
    hold_minutes: row?.holdMinutes ?? HOLD_MINUTES_DEFAULT,
    redsys: hasRedsys
      ? {
          merchant_code: row?.redsysMerchantCode ?? '',
          terminal: row?.redsysTerminal ?? '',
          bizum: row?.redsysBizum ?? false,
          secret_key_set: !!secrets.redsys_secret_key,
        }
      : null,
    stripe: hasStripe
      ? {
          publishable_hint: null,
          secret_key_set: !!secrets.stripe_secret_key,
          webhook_secret_set: !!secrets.stripe_webhook_secret,
        }
      : null,
    notification_urls: notificationUrls(origin),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

async function visibleOperator(db: DbOrTx, actor: Actor, id: string) {
  const op = await findVisibleTourOperator(db, actor, id);
  if (!op) throw notFound(NOT_FOUND);
  return op;
}

export async function getPaymentSettings(db: Db, actor: Actor, operatorId: string, origin: string) {
  const op = await visibleOperator(db, actor, operatorId);
  return toResponse(await repo.findSettings(db, op.id), origin);
}

/**
 * Saves the settings. A secret omitted keeps the stored one; a provider chosen without everything it
 * needs (its codes, its secrets) → 422 naming the field; Stripe's secret key must be the mode's
 * (sk_test_ in test, sk_live_ in live).
 */
export async function updatePaymentSettings(
  db: Db,
  actor: Actor,
  operatorId: string,
  body: TPaymentSettingsRequest,
  origin: string,
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const op = await visibleOperator(tx, actor, operatorId);
    const before = await repo.lockSettings(tx, op.id);
    const old = before ? openSecrets(before.secrets) : {};
    const secrets: PaymentSecrets = { ...old };
    if (body.redsys?.secret_key) secrets.redsys_secret_key = body.redsys.secret_key;
    if (body.stripe?.secret_key) secrets.stripe_secret_key = body.stripe.secret_key;
    if (body.stripe?.webhook_secret) secrets.stripe_webhook_secret = body.stripe.webhook_secret;
    const merchantCode = body.redsys?.merchant_code ?? before?.redsysMerchantCode ?? null;
    const terminal = body.redsys?.terminal ?? before?.redsysTerminal ?? null;
    const bizum = body.redsys?.bizum ?? before?.redsysBizum ?? false;

    const errors: Record<string, string[]> = {};
    if (body.provider === 'redsys') {
      if (!merchantCode) errors['redsys.merchant_code'] = [PAYMENT_SETTINGS_MSG.redsysMissing];
      if (!terminal) errors['redsys.terminal'] = [PAYMENT_SETTINGS_MSG.redsysMissing];
      if (!secrets.redsys_secret_key) errors['redsys.secret_key'] = [PAYMENT_SETTINGS_MSG.secretMissing];
    }
    const stripeKey = secrets.stripe_secret_key;
    if (body.provider === 'stripe') {
      if (!stripeKey) errors['stripe.secret_key'] = [PAYMENT_SETTINGS_MSG.secretMissing];
      if (!secrets.stripe_webhook_secret) errors['stripe.webhook_secret'] = [PAYMENT_SETTINGS_MSG.webhookSecretMissing];
    }
    // A key of the other mode (sk_live_ in test) would take real money in a test, or none in live.
    if (stripeKey && (body.provider === 'stripe' || body.stripe?.secret_key)) {
      if (!stripeKey.startsWith(body.mode === 'live' ? 'sk_live_' : 'sk_test_')) {
        errors['stripe.secret_key'] = [PAYMENT_SETTINGS_MSG.stripeSecretMode(body.mode)];
      }
    }
    if (Object.keys(errors).length > 0) throw validation(errors);

    const sealed = Object.keys(secrets).length > 0 ? sealSecrets(secrets) : null;
    const row = await repo.upsertSettings(tx, {
      tourOperatorId: op.id,
      provider: body.provider,
      mode: body.mode,
      holdMinutes: body.hold_minutes,
      redsysMerchantCode: merchantCode,
      redsysTerminal: terminal,
      redsysBizum: bizum,
      secrets: sealed,
      updatedBy: actor.id,
      updatedAt: now,
    });

    const changes: AuditChanges = {};
    const plain: [string, unknown, unknown][] = [
      ['provider', before?.provider ?? null, row.provider],
      ['mode', before?.mode ?? 'test', row.mode],
      ['hold_minutes', before?.holdMinutes ?? HOLD_MINUTES_DEFAULT, row.holdMinutes],
      ['redsys.merchant_code', before?.redsysMerchantCode ?? null, row.redsysMerchantCode],
      ['redsys.terminal', before?.redsysTerminal ?? null, row.redsysTerminal],
      ['redsys.bizum', before?.redsysBizum ?? false, row.redsysBizum],
    ];
    for (const [field, from, to] of plain) if (from !== to) changes[field] = [from, to];
    const secretFields: [string, keyof PaymentSecrets][] = [
      ['redsys.secret_key', 'redsys_secret_key'],
      ['stripe.secret_key', 'stripe_secret_key'],
      ['stripe.webhook_secret', 'stripe_webhook_secret'],
    ];
    for (const [field, k] of secretFields) {
      if (secrets[k] !== old[k]) changes[field] = [old[k] ? SECRET_CHANGED : null, SECRET_CHANGED];
    }
    if (!before || Object.keys(changes).length > 0) {
      await recordAudit(tx, staffAudit(actor), {
        tourOperatorId: op.id,
        entityType: 'payment_settings',
        entityId: op.id,
        action: before ? 'update' : 'create',
        summary: `Pagos en línea de ${op.name}`,
        changes,
        at: now,
      });
    }
    return toResponse(row, origin);
  });
}
