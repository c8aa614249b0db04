/**
 * The demo's online payments (issue 32, ADR 022): Teide Aventura takes payments through Redsys in
 * test mode with Redsys' published test merchant (999008881, terminal 1, the public test key), so
 * that a customer can book and pay on the demo against Redsys' test gateway (or REDSYS_URL's
 * stand-in). Written through the payments module's own settings service (the secret sealed with
 * APP_ENCRYPTION_KEY, the change audited) as its administrator would, after the demo's bookings were
 * sold: they stay as they were (paid offline), only new web bookings are held until paid.
 */
import type { Config } from '../config/env';
import type { Db, DbOrTx } from '../db/client';
import type { Actor } from '../lib/tenant';
import { configurePayments } from '../modules/payments/payments.service';
import { updatePaymentSettings } from '../modules/payments/payments.settings';

/** Redsys' published test credentials (its integration guide): not a secret of anyone's. */
export const REDSYS_TEST_MERCHANT = {
  merchant_code: '999008881',
  terminal: '1',
  secret_key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
} as const;

export type SeedPaymentsConfig = Pick<Config, 'APP_ENCRYPTION_KEY' | 'DATA_DIR' | 'REDSYS_URL' | 'STRIPE_API_URL'>;

export async function seedPaymentSettings(
  tx: DbOrTx,
  config: SeedPaymentsConfig,
  operatorId: string,
  admin: Actor,
  now = new Date(),
) {
  // The server seeds before it builds the app: the payment runtime (its key) is set here first.
  configurePayments(config);
  await updatePaymentSettings(
    tx as Db,
    admin,
    operatorId,
    { provider: 'redsys', mode: 'test', hold_minutes: 15, redsys: { ...REDSYS_TEST_MERCHANT, bizum: true } },
    '',
    now,
  );
}
