/**
 * Issue 12, item 17: a PostgreSQL database that refuses connections (`ALTER DATABASE …
 * ALLOW_CONNECTIONS false`, as during a restore or maintenance) answers FATAL 55000 "database … is
 * not currently accepting connections". That is an outage like a restart: 503 with Retry-After and
 * the Spanish message, never a 500; and the API serves again as soon as connections are allowed.
 *
 * Runs only on PostgreSQL (TEST_DATABASE_URL; CI sets it): PGlite has no connections to refuse.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../src/plugins/error-handler';
import { buildTestApp } from './build-app';
import { bearer, createOperator, createUser, login } from './factories';

const BASE_URL = process.env.TEST_DATABASE_URL;
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it (CI does)';

async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe.skipIf(!BASE_URL)(`a database that refuses connections${BASE_URL ? '' : ` (${SKIP_NOTE})`}`, () => {
  let app: FastifyInstance;
  let name: string;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const op = await createOperator(app);
    const user = await createUser(app, { level: 1, tourOperatorId: op.id });
    token = await login(app, user.email);
    name = (await app.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
  });
  afterAll(async () => {
    if (name) await asAdmin((c) => c.query(`alter database ${name} allow_connections true`)).catch(() => undefined);
    await app?.close();
  });

  it('answers 503 + Retry-After (not 500) while connections are refused, and 200 again once they are allowed', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode).toBe(200);

    await asAdmin(async (c) => {
      await c.query(`alter database ${name} allow_connections false`);
      // The pool's open connections would go on working: end them, so the next query must connect.
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    });
    // Wait until the pool has noticed and dropped every terminated client.
    for (let i = 0; i < 100 && (app.database.stats()?.total ?? 0) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(app.database.stats()?.total).toBe(0);

    // A new connection is refused with FATAL 55000: the classifier sees it as an outage.
    const direct = new pg.Client({
      connectionString: Object.assign(new URL(BASE_URL as string), { pathname: `/${name}` }).toString(),
    });
    const refused = await direct.connect().then(
      () => undefined,
      (err: { code?: string }) => err,
    );
    await direct.end().catch(() => undefined);
    expect(refused?.code).toBe('55000');

    for (const url of [
      '/api/v1/users',
      '/api/v1/bookings',
      '/api/v1/public/products/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json().message, url).toBe(UNAVAILABLE_MESSAGE);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(503);

    await asAdmin((c) => c.query(`alter database ${name} allow_connections true`));
    const again = await app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
    expect(again.statusCode).toBe(200);
  });
});
