/**
 * Rate limits of the public API (PRODUCT.md §1, §2): per address, reads and writes apart, counted in
 * the database so every API process shares them; a failing store lets requests through.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { purgeExpiredHits, RATE_LIMITED_MESSAGE } from '../../lib/rate-limit';
import { mkProduct, type World } from '../bookings/bookings.test-helpers';
import { newKey, publicBody } from './public.test-helpers';

const LIMITS = { readMax: 3, writeMax: 2, windowMs: 60_000 };

let app: FastifyInstance;
let w: World;
let product: { id: string };
const others: FastifyInstance[] = [];

/** Another API process on the same database (no memory shared with `app`). */
async function anotherProcess(env: Record<string, string> = {}) {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/trayecto-test-unused', WEB_DIST: '/nonexistent', ...env },
    { readDotenv: false },
  );
  const other = await buildApp({
    config,
    database: { ...app.database, close: async () => {} },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    publicRateLimit: LIMITS,
  });
  others.push(other);
  return other;
}

const from = (ip: string, extra: Record<string, string> = {}) => ({ remoteAddress: ip, headers: extra });

beforeAll(async () => {
  app = await buildTestApp({ publicRateLimit: LIMITS });
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1);
});
afterAll(async () => {
  for (const o of others) await o.close();
  await app?.close();
});

describe('public rate limits', () => {
  it('reads: the configured count per window, then 429 with Retry-After and a Spanish message', async () => {
    const url = `/api/v1/public/products/${product.id}`;
    for (let i = 0; i < LIMITS.readMax; i++) {
      const res = await app.inject({ method: 'GET', url, ...from('10.0.0.1') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMITS.readMax - i - 1));
    }
    const limited = await app.inject({ method: 'GET', url, ...from('10.0.0.1') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Every public read shares the budget; another address has its own.
    const other = await app.inject({ method: 'GET', url: `${url}/availability`, ...from('10.0.0.1') });
    expect(other.statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url, ...from('10.0.0.2') })).statusCode).toBe(200);
    // Staff routes are not limited by it.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health', ...from('10.0.0.1') })).statusCode).toBe(200);
  });

  it('writes have their own, lower budget, counted before the body is read', async () => {
    const book = (payload: object | string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        remoteAddress: '10.0.1.1',
        headers: { 'idempotency-key': newKey(), 'content-type': 'application/json' },
        payload,
      });
    expect((await book(publicBody(product.id, { date: 'mañana' }))).statusCode).toBe(422);
    expect((await book('{broken')).statusCode).toBe(400);
    const limited = await book(publicBody(product.id));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings/00000000-0000-4000-8000-000000000000/cancel',
      remoteAddress: '10.0.1.1',
      payload: {},
    });
    expect(cancel.statusCode).toBe(429);
    // Starting an online payment (issue 32) spends the same budget, before the booking is looked up.
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings/00000000-0000-4000-8000-000000000000/payments',
      remoteAddress: '10.0.1.1',
      payload: {},
    });
    expect(pay.statusCode).toBe(429);
    expect(pay.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(pay.headers['retry-after']).toBeTruthy();
    // Reads of that address are still fine.
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/public/products/${product.id}`,
      remoteAddress: '10.0.1.1',
    });
    expect(read.statusCode).toBe(200);
  });

  it('shared by every API process: another process on the same database sees the same count', async () => {
    const other = await anotherProcess();
    const url = `/api/v1/public/products/${product.id}`;
    expect((await app.inject({ method: 'GET', url, ...from('10.0.2.1') })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url, ...from('10.0.2.1') })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, ...from('10.0.2.1') })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url, ...from('10.0.2.1') })).statusCode).toBe(429);
  });

  it('a window that has passed starts again; ended windows are purged', async () => {
    const url = `/api/v1/public/products/${product.id}`;
    for (let i = 0; i <= LIMITS.readMax; i++) await app.inject({ method: 'GET', url, ...from('10.0.3.1') });
    expect((await app.inject({ method: 'GET', url, ...from('10.0.3.1') })).statusCode).toBe(429);
    // Move the window into the past instead of waiting a minute.
    await app.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '2 minutes' where key like '%10.0.3.1'`,
    );
    const again = await app.inject({ method: 'GET', url, ...from('10.0.3.1') });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMITS.readMax - 1));
    await app.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '2 minutes' where key like '%10.0.0.%'`,
    );
    expect(await purgeExpiredHits(app.db)).toBeGreaterThanOrEqual(2);
    const left = await app.db.execute<{ key: string }>(sql`select key from rate_limit_hits where key like '%10.0.0.%'`);
    expect(left.rows).toEqual([]);
  });

  it('behind a proxy (TRUST_PROXY=true) the forwarded address is the client', async () => {
    const proxied = await anotherProcess({ TRUST_PROXY: 'true' });
    const url = `/api/v1/public/products/${product.id}`;
    const via = (client: string) =>
      proxied.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < LIMITS.readMax; i++) expect((await via('203.0.113.7')).statusCode).toBe(200);
    expect((await via('203.0.113.7')).statusCode).toBe(429);
    expect((await via('203.0.113.8')).statusCode).toBe(200);
  });

  it('a failing store never takes the public API down: requests go through and a warning is logged', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    await app.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      for (let i = 0; i < LIMITS.readMax + 2; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/public/products/${product.id}`,
          ...from('10.0.4.1'),
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
