import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { PublicRateLimitOptions } from '../src/lib/rate-limit';
import type { ThrottleOptions } from '../src/modules/auth/auth.throttle';
import { createTestDatabase } from './db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** The real application on a fresh migrated database, for app.inject. Close it in afterAll. */
export async function buildTestApp(
  opts: {
    loginThrottle?: Partial<ThrottleOptions>;
    publicRateLimit?: Partial<PublicRateLimitOptions>;
    env?: Record<string, string>;
  } = {},
): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/trayecto-test-unused',
      WEB_DIST: '/nonexistent',
      ...opts.env,
    },
    { readDotenv: false },
  );
  return buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    loginThrottle: { accountLimit: 1000, addressLimit: 1000, ...opts.loginThrottle },
    // Tests send many requests from one address: high limits unless a test asks for low ones.
    publicRateLimit: { readMax: 100_000, writeMax: 100_000, ...opts.publicRateLimit },
  });
}
