/**
 * Liveness and readiness (issue 7, deliverable 5): /health never touches the database; /ready
 * answers 503 when the database is unreachable, not fully migrated, or the server is shutting down.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET } from '../../../test/build-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import { AUTOVACUUM_OFF_READY_WARNING } from '../../db/maintenance';
import { UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';
import { markShuttingDown } from './health.routes';

describe('health and readiness', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/health is the liveness probe: 200 without asking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/ready: 200 with the database kind, no problems, pool figures on PostgreSQL, no secrets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: app.database.kind });
    expect(body.problems).toBeUndefined();
    expect(typeof body.duration_ms).toBe('number');
    if (app.database.kind === 'postgres') expect(body.pool).toMatchObject({ max: 10 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/postgres:\/\/|password|secret/i);
  });

  it('ADR 049: /ready warns (200, `warnings`) when the PostgreSQL server runs without autovacuum, and only then', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    const setting = await app.db.execute<{ on: string }>(sql`select current_setting('autovacuum') as on`);
    const off = app.database.kind === 'postgres' && setting.rows[0].on === 'off';
    // CI's PostgreSQL runs without it (its conf.d), the embedded database never warns.
    expect(res.json().warnings).toEqual(off ? [AUTOVACUUM_OFF_READY_WARNING] : undefined);
  });

  it('/ready: 503 naming the migration when one is missing from the database', async () => {
    const last = await app.db.execute<{ hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('unavailable');
      expect(res.json().problems.join(' ')).toMatch(/no tiene aplicadas 1 migración\(es\) \(\d{4}_\w+\)/);
    } finally {
      const { hash, created_at } = last.rows[0];
      await app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${created_at}::bigint)`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
  });

  it('/ready: 503 "shutting_down" once shutdown begins, while other routes still answer (draining)', async () => {
    const other = await buildTestApp();
    try {
      markShuttingDown(other);
      const res = await other.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'shutting_down', problems: ['El servidor se está deteniendo'] });
      expect((await other.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('an unreachable PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 2 });
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'postgres://x@127.0.0.1:1/none',
        JWT_SECRET: TEST_JWT_SECRET,
        WEB_DIST: '/nonexistent',
      },
      { readDotenv: false },
    );
    app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/ready answers 503 "La base de datos no responde" within the ping timeout; /health stays 200', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      database: 'postgres',
      problems: ['La base de datos no responde'],
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('a request that needs the database gets 503 + Retry-After with the Spanish message, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nadie@example.com', password: 'Secreta123' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(UNAVAILABLE_MESSAGE);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
