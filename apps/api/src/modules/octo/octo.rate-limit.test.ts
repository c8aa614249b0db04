/**
 * The OCTO API's rate limit (ADR 023): per key, counted in the database (every API process counts
 * the same requests), 429 with Retry-After and the specification's error body, logged like every
 * authenticated request.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { channelRequests } from '../../db/schema';
import type { World } from '../bookings/bookings.test-helpers';
import { checkAgainstOctoDocument, expectOctoError, mkChannel, mkKey, OCTO, octoApi } from './octo.test-helpers';

const MAX = 3;

let app: FastifyInstance;
let w: World;
const processes: FastifyInstance[] = [];

/** An API process on the test's database with a low OCTO limit (no memory shared with the others). */
async function limitedProcess() {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/trayecto-test-unused', WEB_DIST: '/nonexistent' },
    { readDotenv: false },
  );
  const other = await buildApp({
    config,
    database: { ...app.database, close: async () => {} },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    background: false,
    reminders: false,
    octoRateLimit: { max: MAX },
  });
  processes.push(other);
  await checkAgainstOctoDocument(other);
  return other;
}

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  for (const p of processes) await p.close();
  await app?.close();
});

describe('OCTO rate limit', () => {
  it('the configured requests per key and window, then 429 BAD_REQUEST with Retry-After; another key is not affected', async () => {
    const one = await limitedProcess();
    const channel = await mkChannel(app, w.A.op.id);
    const { key, row } = await mkKey(app, channel);
    const api = octoApi(one, key);
    for (let i = 0; i < MAX; i++) expect((await api.get('/supplier')).statusCode).toBe(200);
    const limited = await api.get('/supplier', { 'accept-language': 'en' });
    expect(expectOctoError(limited, 429, 'BAD_REQUEST').errorMessage).toMatch(/^Too many requests/);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);

    const other = await mkKey(app, channel);
    expect((await octoApi(one, other.key).get('/supplier')).statusCode).toBe(200);
    // A key that is no key is refused before it is counted.
    expectOctoError(await octoApi(one, 'trk_nope').get('/supplier'), 401, 'UNAUTHORIZED');

    await vi.waitFor(async () => {
      const rows = await app.db
        .select()
        .from(channelRequests)
        .where(and(eq(channelRequests.keyId, row.id), eq(channelRequests.status, 429)));
      expect(rows).toEqual([expect.objectContaining({ path: `${OCTO}/supplier`, errorCode: 'BAD_REQUEST' })]);
    });
  });

  it('a failing count never takes the API down: the key still authenticates, uncounted; a bad key is still refused', async () => {
    // ADR 043: the key is found and its request counted by one statement; when counting fails, the
    // key is looked up alone.
    const one = await limitedProcess();
    const { key } = await mkKey(app, await mkChannel(app, w.A.op.id));
    await app.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      for (let i = 0; i < MAX + 2; i++) expect((await octoApi(one, key).get('/supplier')).statusCode).toBe(200);
      expectOctoError(await octoApi(one, 'trk_nope').get('/supplier'), 401, 'UNAUTHORIZED');
    } finally {
      await app.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    // Counted again once the store is back.
    for (let i = 0; i < MAX; i++) expect((await octoApi(one, key).get('/supplier')).statusCode).toBe(200);
    expectOctoError(await octoApi(one, key).get('/supplier'), 429, 'BAD_REQUEST');
  });

  it('every process counts the same requests (the count is in the database)', async () => {
    const [p1, p2] = [await limitedProcess(), await limitedProcess()];
    const { key } = await mkKey(app, await mkChannel(app, w.A.op.id));
    expect((await octoApi(p1, key).get('/capabilities')).statusCode).toBe(200);
    expect((await octoApi(p2, key).get('/capabilities')).statusCode).toBe(200);
    expect((await octoApi(p1, key).get('/capabilities')).statusCode).toBe(200);
    expectOctoError(await octoApi(p2, key).get('/capabilities'), 429, 'BAD_REQUEST');
  });
});
