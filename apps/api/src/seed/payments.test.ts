/**
 * The demo's online payments (issue 32): Teide Aventura on Redsys' published test merchant, its key
 * sealed, its products paid in full, with a deposit or on the day; Atlántico Sur without a provider.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { paymentSettings, products, tourOperators } from '../db/schema';
import { seedDemo } from './index';
import { REDSYS_TEST_MERCHANT } from './payments';

describe('demo payments', () => {
  it('Teide Aventura takes payments with Redsys in test mode; its products ask full, deposit or on the day', {
    timeout: 120_000,
  }, async () => {
    const db = await createTestDatabase();
    try {
      const key = randomBytes(32).toString('hex');
      expect(
        await seedDemo(db.db, {
          payments: {
            APP_ENCRYPTION_KEY: key,
            DATA_DIR: '/tmp/trayecto-test-unused',
            REDSYS_URL: undefined,
            STRIPE_API_URL: undefined,
          },
        }),
      ).toBe(true);
      const rows = await db.db
        .select({ name: tourOperators.name, settings: paymentSettings })
        .from(paymentSettings)
        .innerJoin(tourOperators, eq(tourOperators.id, paymentSettings.tourOperatorId));
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toBe('Teide Aventura');
      expect(rows[0].settings).toMatchObject({
        provider: 'redsys',
        mode: 'test',
        holdMinutes: 15,
        redsysMerchantCode: REDSYS_TEST_MERCHANT.merchant_code,
        redsysTerminal: REDSYS_TEST_MERCHANT.terminal,
      });
      // Sealed, never in clear.
      expect(rows[0].settings.secrets).toMatch(/^v1:/);
      expect(rows[0].settings.secrets).not.toContain(REDSYS_TEST_MERCHANT.secret_key);
      const modes = await db.db
        .select({
          code: products.code,
          mode: products.paymentMode,
          pct: products.depositPercent,
          perPax: products.depositPerPaxCents,
        })
        .from(products);
      const byCode = Object.fromEntries(modes.map((m) => [m.code, m]));
      // The two the older public journeys book stay paid on the day (seed/products.ts).
      expect(byCode['TEI-01']).toMatchObject({ mode: 'on_the_day', pct: null });
      expect(byCode['MAS-01']).toMatchObject({ mode: 'on_the_day' });
      expect(byCode['LOR-01']).toMatchObject({ mode: 'full' });
      expect(byCode['TEI-NOCHE']).toMatchObject({ mode: 'deposit', perPax: 1500 });
      expect(new Set(modes.map((m) => m.mode))).toEqual(new Set(['full', 'deposit', 'on_the_day']));
    } finally {
      await db.close();
    }
  });
});
