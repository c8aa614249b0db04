/**
 * Issue 7, deliverable 5: the backup and restore procedure, actually tried. A database with rows
 * in several tables (an uploaded photo's bytes included) is backed up with the same functions
 * `npm run backup` / `npm run restore` run, restored into a fresh one, and compared table by table
 * (row count and an md5 over every row). Embedded (PGlite) always; PostgreSQL with TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { backup } from '../src/scripts/backup';
import { tableFingerprints } from '../src/scripts/backup-common';
import { restore } from '../src/scripts/restore';

const BASE_URL = process.env.TEST_DATABASE_URL;
const TIMEOUT = 180_000;
const PHOTO = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/** A few rows in several tables, a binary photo among them. */
async function seed(database: Database) {
  const ops = await database.db.execute<{ id: string }>(
    sql`insert into tour_operators (name, email) values ('Teide Aventura', 'hola@teide.test'), ('Atlántico Sur', 'info@sur.test') returning id`,
  );
  const [a, b] = ops.rows.map((r) => r.id);
  await database.db.execute(sql`
    insert into users (full_name, email, password_hash, level, tour_operator_id) values
      ('Admin', 'admin@copia.test', 'x', 0, null),
      ('Ana Pérez', 'ana@teide.test', 'x', 1, ${a}),
      ('Bruno Díaz', 'bruno@sur.test', 'x', 2, ${b})`);
  await database.db.execute(sql`
    insert into stored_files (path, tour_operator_id, content_type, bytes, data)
    values (${`products/${a}/foto-lg.webp`}, ${a}, 'image/webp', ${PHOTO.length}, ${PHOTO})`);
}

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env }, { readDotenv: false });

describe('backup and restore of the embedded database (PGlite)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'trayecto-backup-'));
  const source = path.join(root, 'source');
  const target = path.join(root, 'target');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses while a server holds DATA_DIR; backs up once stopped; restores into a new DATA_DIR with the same rows', {
    timeout: TIMEOUT,
  }, async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: source });
    await db.migrate();
    await seed(db);
    const before = await tableFingerprints(db.db);
    await db.close();
    // A running server (another process) holds DATA_DIR: the copy refuses and says why.
    const server = spawn('sleep', ['60']);
    try {
      writeFileSync(path.join(source, 'trayecto.lock'), String(server.pid));
      await expect(backup(config({ DATA_DIR: source }))).rejects.toThrow(
        `ya está en uso por otro proceso (PID ${server.pid}). Detén ese proceso o usa otro DATA_DIR. Detén Trayecto antes de copiar la base de datos embebida`,
      );
    } finally {
      server.kill();
      await new Promise((r) => server.once('exit', r));
    }

    const done = await backup(config({ DATA_DIR: source }));
    expect(done.kind).toBe('pglite');
    expect(path.dirname(done.file)).toBe(path.join(source, 'backups'));
    expect(done.file).toMatch(/trayecto-\d{8}-\d{6}\.tar\.gz$/);
    expect(done.bytes).toBeGreaterThan(100_000);
    expect(existsSync(`${done.file}.sha256`)).toBe(true);
    console.info(`[backup] PGlite: ${(done.bytes / 1024 / 1024).toFixed(1)} MB in ${(done.ms / 1000).toFixed(1)} s`);

    const restored = await restore(config({ DATA_DIR: target }), done.file);
    console.info(`[restore] PGlite: ${(restored.ms / 1000).toFixed(1)} s`);
    expect(restored.counts).toMatchObject({ tour_operators: 2, users: 3, stored_files: 1 });
    expect(restored.migrations).toMatchObject({ pending: [], missing: [], changed: [], unknown: 0 });

    const copy = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      expect(await tableFingerprints(copy.db)).toEqual(before);
      const photo = await copy.db.execute<{ data: Uint8Array }>(sql`select data from stored_files`);
      expect(Buffer.from(photo.rows[0].data).equals(PHOTO)).toBe(true);
    } finally {
      await copy.close();
    }

    // Never over an existing database unless asked; with --force the old one is kept aside.
    await expect(restore(config({ DATA_DIR: target }), done.file)).rejects.toThrow(
      /Ya hay una base de datos embebida .* --force/,
    );
    const forced = await restore(config({ DATA_DIR: target }), done.file, { force: true });
    expect(forced.keptAside).toMatch(/pgdata\.antes-de-restaurar-/);
    expect(existsSync(forced.keptAside as string)).toBe(true);
  });
});

describe.skipIf(!BASE_URL)('backup and restore on PostgreSQL (pg_dump -Fc / pg_restore)', () => {
  const names: string[] = [];
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: BASE_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  const newDatabase = async () => {
    const name = `trayecto_backup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${name}`);
    names.push(name);
    const url = new URL(BASE_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const out = mkdtempSync(path.join(tmpdir(), 'trayecto-pgbackup-'));
  afterAll(async () => {
    for (const n of names) await admin(`drop database if exists ${n} with (force)`);
    rmSync(out, { recursive: true, force: true });
  });

  it('backs up a live database and restores it into an empty one: same rows, same checksums; a non-empty target needs --force', {
    timeout: TIMEOUT,
  }, async () => {
    const sourceUrl = await newDatabase();
    const db = await openDatabase({ kind: 'postgres', url: sourceUrl, poolSize: 2 });
    await db.migrate();
    await seed(db);
    const before = await tableFingerprints(db.db);
    // pg_dump reads a snapshot: the source stays open (a running server) while it copies.
    const file = path.join(out, 'copia.dump');
    const done = await backup(config({ DATABASE_URL: sourceUrl, JWT_SECRET: 'x'.repeat(40) }), file);
    await db.close();
    expect(done).toMatchObject({ kind: 'postgres', file });
    console.info(`[backup] PostgreSQL: ${(done.bytes / 1024).toFixed(0)} KB in ${(done.ms / 1000).toFixed(1)} s`);

    const targetUrl = await newDatabase();
    const targetConfig = config({ DATABASE_URL: targetUrl, JWT_SECRET: 'x'.repeat(40) });
    const restored = await restore(targetConfig, file);
    console.info(`[restore] PostgreSQL: ${(restored.ms / 1000).toFixed(1)} s`);
    expect(restored.migrations).toMatchObject({ pending: [], missing: [], changed: [], unknown: 0 });
    const copy = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 2 });
    try {
      expect(await tableFingerprints(copy.db)).toEqual(before);
      await expect(copy.assertMigrated()).resolves.toBeUndefined();
    } finally {
      await copy.close();
    }

    await expect(restore(targetConfig, file)).rejects.toThrow(/no está vacía .* --force/);
    const forced = await restore(targetConfig, file, { force: true });
    expect(forced.counts).toMatchObject({ tour_operators: 2, users: 3, stored_files: 1 });
  });
});
