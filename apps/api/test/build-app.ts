import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { PublicRateLimitOptions } from '../src/lib/rate-limit';
import type { ThrottleOptions } from '../src/modules/auth/auth.throttle';
import { ContractChecker, type Document } from './contract/openapi-contract';
import { createTestDatabase } from './db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * One checker per distinct document in this process: the files sharing a worker build apps that
 * publish the same document, and each compiled its validators again (ajv: a tenth of a file's CPU).
 */
const checkers = new Map<string, ContractChecker>();
function contractChecker(doc: Document): ContractChecker {
  const key = JSON.stringify(doc);
  let checker = checkers.get(key);
  if (!checker) {
    checker = new ContractChecker(doc);
    checkers.set(key, checker);
  }
  return checker;
}

/**
 * Every answer a test receives through `app.inject` is checked against the OpenAPI document the
 * app publishes (issue 21): a status the operation does not list, a 204 with a body or a body
 * outside its schema makes that `inject` throw, so the test that sent it fails and names the
 * operation. The contract cannot drift from what the suite exercises.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  let checker: ContractChecker | undefined;
  const checked = async (opts?: InjectOptions | string) => {
    if (opts === undefined) return inject();
    const res = await inject(opts);
    const { method = 'GET', url = '/' } = (typeof opts === 'string' ? { url: opts } : opts) as {
      method?: string;
      url?: string | { pathname?: string };
    };
    const path = typeof url === 'string' ? url : (url.pathname ?? '/');
    checker ??= contractChecker(app.swagger() as unknown as Document);
    const problems = checker.problems(method, path, res);
    if (problems.length > 0) throw new Error(`The API broke its OpenAPI document:\n${problems.join('\n')}`);
    return res;
  };
  app.inject = checked as FastifyInstance['inject'];
  return app;
}

/** The real application on a fresh migrated database, for app.inject. Close it in afterAll. */
export async function buildTestApp(
  opts: {
    loginThrottle?: Partial<ThrottleOptions>;
    publicRateLimit?: Partial<PublicRateLimitOptions>;
    env?: Record<string, string>;
    /** The mail delivery's pace and retries (its loop runs when `env` sets SMTP_URL and MAIL_FROM). */
    mail?: AppOptions['mail'];
    /**
     * Whether the app's background loop runs the reminders by itself (off: tests call
     * `app.background.runner.runTask('messages.reminders', now)`).
     */
    reminders?: boolean;
  } = {},
): Promise<FastifyInstance> {
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
  const database = await createTestDatabase({ preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    loginThrottle: { accountLimit: 1000, addressLimit: 1000, ...opts.loginThrottle },
    // Tests send many requests from one address: high limits unless a test asks for low ones.
    publicRateLimit: { readMax: 100_000, writeMax: 100_000, ...opts.publicRateLimit },
    mail: opts.mail,
    reminders: opts.reminders ?? false,
  });
  return checkAnswersAgainstDocument(app);
}
