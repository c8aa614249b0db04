import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { acquireDataDirLock } from '../src/lib/data-lock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from '../src/seed';
import { buildTestApp } from './build-app';
import { createTestDatabase } from './db';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the running application', () => {
  it('PRODUCT §2: OpenAPI at /api/v1/openapi.json and browsable at /api/docs', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users', '/api/v1/users/{id}', '/api/v1/tour-operators']),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('every answer carries a request id; an incoming one is kept', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('readiness checks the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('unknown API paths answer a JSON 404; page paths get the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ruta no encontrada');
    const page = await app.inject({ method: 'GET', url: '/users' });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('security headers with a Content-Security-Policy on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('configuration (PRODUCT §1)', () => {
  it('defaults: port 3000, embedded database in ./data, 12h tokens, demo data when embedded', () => {
    const c = loadConfig({}, { readDotenv: false });
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      JWT_TTL: '12h',
      LOG_LEVEL: 'info',
      embedded: true,
      SEED_DEMO: true,
    });
    expect(c.DATA_DIR.endsWith(`${path.sep}data`)).toBe(true);
  });

  it('lists every bad variable with a clear message', () => {
    try {
      loadConfig(
        {
          PORT: 'abc',
          DATABASE_URL: 'mysql://x',
          JWT_TTL: 'forever',
          LOG_LEVEL: 'loud',
          SEED_DEMO: 'maybe',
          ADMIN_EMAIL: 'nope',
        },
        { readDotenv: false },
      );
      throw new Error('expected ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      for (const v of ['PORT', 'DATABASE_URL', 'JWT_TTL', 'LOG_LEVEL', 'SEED_DEMO', 'ADMIN_EMAIL'])
        expect(msg).toContain(v);
    }
  });

  it('JWT_SECRET (≥ 32 chars) is required with DATABASE_URL; SEED_DEMO defaults to false there', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' }, { readDotenv: false })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'short' }, { readDotenv: false }),
    ).toThrow(/32/);
    const c = loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(32) }, { readDotenv: false });
    expect(c).toMatchObject({ embedded: false, SEED_DEMO: false });
  });

  it('issue 12: PUBLIC_URL is an http(s) origin, kept without its trailing slash; anything else stops the start', () => {
    const load = (PUBLIC_URL: string) => loadConfig({ PUBLIC_URL }, { readDotenv: false }).PUBLIC_URL;
    expect(load('https://reservas.example.com')).toBe('https://reservas.example.com');
    expect(load('https://Reservas.Example.com:8443/')).toBe('https://reservas.example.com:8443');
    expect(load('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(load('')).toBeUndefined();
    expect(loadConfig({}, { readDotenv: false }).PUBLIC_URL).toBeUndefined();
    for (const bad of [
      'reservas.example.com',
      'ftp://reservas.example.com',
      'https://reservas.example.com/reservas',
      'https://reservas.example.com/?a=1',
      'https://reservas.example.com/#x',
      'https://user:pass@reservas.example.com',
      'javascript:alert(1)',
    ]) {
      expect(() => load(bad), bad).toThrow(
        'PUBLIC_URL: debe ser un origen http(s) sin ruta ni parámetros, p. ej. https://reservas.example.com',
      );
    }
  });

  it('issue 14: SMTP_URL is smtp:// or smtps://, and needs MAIL_FROM; unset, nothing is sent', () => {
    const load = (env: Record<string, string>) => loadConfig(env, { readDotenv: false });
    expect(load({}).SMTP_URL).toBeUndefined();
    expect(load({ SMTP_URL: '', MAIL_FROM: '' }).SMTP_URL).toBeUndefined();
    const c = load({ SMTP_URL: 'smtps://u%40x.com:p@smtp.example.com:465', MAIL_FROM: 'Trayecto <no-reply@x.com>' });
    expect(c).toMatchObject({
      SMTP_URL: 'smtps://u%40x.com:p@smtp.example.com:465',
      MAIL_FROM: 'Trayecto <no-reply@x.com>',
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@x.com' }).MAIL_FROM).toBe('no-reply@x.com');
    expect(() => load({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      'MAIL_FROM: es obligatorio cuando se define SMTP_URL',
    );
    for (const bad of ['http://smtp.example.com', 'smtp.example.com:587', 'smtp://']) {
      expect(() => load({ SMTP_URL: bad, MAIL_FROM: 'a@x.com' }), bad).toThrow(/SMTP_URL: /);
    }
    for (const bad of ['no-reply', 'Trayecto <no-reply@x.com>\r\nBcc: a@evil.test', 'a@x.com, b@x.com']) {
      expect(() => load({ SMTP_URL: 'smtp://h:25', MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM: /);
    }
  });
});

describe('demo data and the administrator', () => {
  it('seeds two operators and a user of every role in each, once', { timeout: 120_000 }, async () => {
    const db = await createTestDatabase();
    try {
      expect(await seedDemo(db.db)).toBe(true);
      expect(await seedDemo(db.db)).toBe(false);
      const res = await db.db.execute<{ level: number; n: number }>(
        sql`select level, count(*)::int as n from users group by level order by level`,
      );
      expect(res.rows.map((r) => [r.level, r.n])).toEqual([
        [0, 1],
        [1, 2],
        [2, 2],
        [3, 2],
        [4, 2],
        [5, 2],
      ]);
      expect(DEMO_ACCOUNTS).toHaveLength(11);
      // Issue 15: both operators write in Spanish, sell in the six languages and have their terms in the five others.
      const ops = await db.db.execute<{ dl: string; pl: string[]; tr: Record<string, string> }>(
        sql`select default_language as dl, public_languages as pl, booking_terms_translations as tr from tour_operators`,
      );
      expect(ops.rows).toHaveLength(2);
      for (const op of ops.rows) {
        expect([op.dl, op.pl]).toEqual(['es', ['es', 'en', 'de', 'fr', 'it', 'nl']]);
        expect(Object.keys(op.tr).sort()).toEqual(['de', 'en', 'fr', 'it', 'nl']);
        expect(Object.values(op.tr).every((t) => t.length > 100)).toBe(true);
      }
      expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
      expect(await ensureAdmin(db.db, 'boss@example.com', 'abcdefgh')).toBe(true);
      expect(await ensureAdmin(db.db, 'BOSS@example.com', 'abcdefgh')).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe('the embedded database directory', () => {
  it('PRODUCT §1: a second process on the same DATA_DIR refuses with a clear error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-lock-'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'trayecto.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(/ya está en uso por otro proceso/);
      other.kill();
      await new Promise((r) => other.once('exit', r));
      // A lock left by a dead process is taken over.
      const release = acquireDataDirLock(dir);
      release();
    } finally {
      other.kill();
    }
  });

  it('refuses a database carrying migrations this version does not know', async () => {
    const db = await createTestDatabase();
    try {
      await db.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${Date.now() + 10_000_000})`,
      );
      await expect(db.migrate()).rejects.toThrow(/no conoce/);
    } finally {
      await db.close();
    }
  });

  it('opens PGlite in a directory and keeps data across restarts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-data-'));
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await first.migrate();
    await first.db.execute(sql`insert into tour_operators (name) values ('Persistente'), ('Otro')`);
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.migrate();
    const res = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from tour_operators`);
    expect(res.rows[0].n).toBe(2);
    await second.close();
  });
});
