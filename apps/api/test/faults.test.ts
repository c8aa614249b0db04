/**
 * Issue 7, deliverable 2 (faults), on the real thing: migrations checked at start-up (pending,
 * unknown, edited), the real server refusing to start, two servers on one embedded DATA_DIR, a lost
 * lock, and a full disk (a tiny tmpfs; skipped where `mount` is not allowed).
 *
 * PostgreSQL restarts during a booking load: `npm run bench:fault` (bench/fault-pg-restart.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { MIGRATIONS_FOLDER } from '../src/db/migration-status';
import { DISK_FULL_MESSAGE } from '../src/plugins/error-handler';
import { TEST_JWT_SECRET } from './build-app';
import { createUser, login, PASSWORD } from './factories';

const BASE_URL = process.env.TEST_DATABASE_URL;
const TAGS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);
const START_TIMEOUT = 120_000;

/** An empty database (no migrations): PGlite in memory, or a new database on TEST_DATABASE_URL. */
async function emptyDatabase(): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (!BASE_URL) {
    const database = await openDatabase({ kind: 'pglite' });
    return { ...database, drop: async () => {} };
  }
  const name = `trayecto_faults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The real server as a person starts it: `node --import tsx apps/api/src/server.ts`. */
class Server {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;
  constructor(port: number, env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        // Required with DATABASE_URL in production (sealed payment keys): any 64 hex digits.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        ...env,
      },
    });
    this.child.stdout?.on('data', (c: Buffer) => {
      this.output += c.toString('utf8');
    });
    this.child.stderr?.on('data', (c: Buffer) => {
      this.output += c.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
  async listening() {
    const until = Date.now() + START_TIMEOUT;
    while (!this.output.includes('Trayecto en http://')) {
      if (this.child.exitCode !== null) throw new Error(`server exited:\n${this.output}`);
      if (Date.now() > until) throw new Error(`server did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** The exit code, failing the test if it takes longer than `ms`. */
  async exitCode(ms = START_TIMEOUT) {
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref());
    const code = await Promise.race([this.exited, timer]);
    if (code === 'timeout') {
      this.child.kill('SIGKILL');
      throw new Error(`server still running after ${ms} ms:\n${this.output}`);
    }
    return code;
  }
}

describe(`migrations at start-up (${BASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await database?.drop();
  });

  it('an empty database: every migration is pending and assertMigrated refuses, naming them', async () => {
    expect(await database.pendingMigrations()).toEqual(TAGS);
    await expect(database.assertMigrated()).rejects.toThrow(
      `La base de datos no tiene aplicadas ${TAGS.length} migración(es) (${TAGS.join(', ')}). Arranca con MIGRATE=true`,
    );
  });

  it('after migrate(): nothing pending, assertMigrated passes', async () => {
    await database.migrate();
    expect(await database.pendingMigrations()).toEqual([]);
    expect(await database.migrationStatus()).toEqual({
      applied: TAGS,
      pending: [],
      missing: [],
      changed: [],
      unknown: 0,
    });
    await expect(database.assertMigrated()).resolves.toBeUndefined();
  });

  it('a migration from a newer version is refused by assertMigrated and by migrate()', async () => {
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${Date.now() + 10_000_000})`,
    );
    try {
      await expect(database.assertMigrated()).rejects.toThrow(
        /tiene 1 migración\(es\) que esta versión de Trayecto no conoce/,
      );
      await expect(database.migrate()).rejects.toThrow(/no conoce/);
    } finally {
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'future'`);
    }
  });

  it('a migration file edited after it was applied (another hash) is refused', async () => {
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = 'edited-' || hash where id = (select min(id) from drizzle.__drizzle_migrations)`,
    );
    try {
      await expect(database.assertMigrated()).rejects.toThrow(
        `Las migraciones ${TAGS[0]} aplicadas en la base de datos no coinciden con los ficheros de esta versión`,
      );
      await expect(database.migrate()).rejects.toThrow(/no coinciden/);
    } finally {
      await database.db.execute(
        sql`update drizzle.__drizzle_migrations set hash = substr(hash, 8) where hash like 'edited-%'`,
      );
    }
    await expect(database.assertMigrated()).resolves.toBeUndefined();
  });
});

describe('the real server refuses to start on a database it must not use', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trayecto-faults-'));
  let database: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
  const env = (): Record<string, string> =>
    database?.url
      ? { DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };
  beforeAll(async () => {
    if (BASE_URL) {
      database = await emptyDatabase();
      await database.close();
    }
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('MIGRATE=false on a database without the migrations: exits 1 naming the pending ones', {
    timeout: START_TIMEOUT,
  }, async () => {
    const server = new Server(3450, { ...env(), MIGRATE: 'false' });
    expect(await server.exitCode()).toBe(1);
    expect(server.output).toContain(
      `La base de datos no tiene aplicadas ${TAGS.length} migración(es) (${TAGS.join(', ')})`,
    );
    expect(server.output).not.toMatch(/^\s+at /m);
  });

  it('a database migrated by a newer version: exits 1 with "no conoce", MIGRATE or not', {
    timeout: START_TIMEOUT * 2,
  }, async () => {
    const db = database?.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir });
    await db.migrate();
    await db.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${Date.now() + 10_000_000})`,
    );
    await db.close();
    for (const migrate of ['true', 'false']) {
      const server = new Server(3451, { ...env(), MIGRATE: migrate });
      expect(await server.exitCode(), migrate).toBe(1);
      expect(server.output).toContain('migración(es) que esta versión de Trayecto no conoce');
    }
  });
});

describe('the embedded database lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trayecto-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a second real server on the same DATA_DIR refuses with the first one’s PID; the first keeps serving', {
    timeout: START_TIMEOUT * 2,
  }, async () => {
    const first = new Server(3452, { DATA_DIR: dataDir });
    try {
      await first.listening();
      const second = new Server(3453, { DATA_DIR: dataDir });
      expect(await second.exitCode()).toBe(1);
      expect(second.output).toContain(
        `La base de datos embebida de ${dataDir} ya está en uso por otro proceso (PID ${first.child.pid}). Detén ese proceso o usa otro DATA_DIR.`,
      );
      expect((await fetch('http://127.0.0.1:3452/api/v1/ready')).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exitCode(20_000)).toBe(0);
      expect(existsSync(path.join(dataDir, 'trayecto.lock'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  describe('lost while running', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-lost-'));
    const lockFile = path.join(dir, 'trayecto.lock');
    let app: FastifyInstance;
    let other: ChildProcess;
    beforeAll(async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: dir, lockCheckMs: 100 });
      await database.migrate();
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST: '/nonexistent' },
        { readDotenv: false },
      );
      app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
      other = spawn('sleep', ['120']);
    }, START_TIMEOUT);
    afterAll(async () => {
      other?.kill();
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a deleted lock file is written back (nobody else got in) and service goes on', async () => {
      rmSync(lockFile);
      await new Promise((r) => setTimeout(r, 400));
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
    });

    it('a lock taken by another process: every query refused with 503 and the reason, /ready 503, the other’s lock left alone', async () => {
      writeFileSync(lockFile, String(other.pid));
      await new Promise((r) => setTimeout(r, 400));
      const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(503);
      const reason = `Se perdió el bloqueo de la base de datos embebida de ${dir} (ahora lo tiene el proceso ${other.pid})`;
      expect(ready.json().problems[0]).toContain(reason);
      const write = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'alguien@example.com', password: 'Secreta123' },
      });
      expect(write.statusCode).toBe(503);
      expect(write.json().message).toContain(reason);
      expect(write.headers['retry-after']).toBe('5');
      await app.close();
      expect(readFileSync(lockFile, 'utf8')).toBe(String(other.pid));
    });
  });
});

/** Whether this process may mount a tmpfs (root in a container with CAP_SYS_ADMIN). */
function canMountTmpfs(): boolean {
  const probe = mkdtempSync(path.join(tmpdir(), 'trayecto-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const mountable = process.platform === 'linux' && canMountTmpfs();

/** Writes zeros into `file` until the disk refuses (ENOSPC). */
function fillDisk(file: string) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!mountable)(
  `a full disk (embedded database on a 96 MB tmpfs)${mountable ? '' : ' — skipped: cannot mount a tmpfs here'}`,
  () => {
    const mnt = mkdtempSync(path.join(tmpdir(), 'trayecto-full-'));
    const filler = path.join(mnt, 'filler');
    let app: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mnt]);
      const dataDir = path.join(mnt, 'data');
      mkdirSync(dataDir);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.migrate();
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' },
        { readDotenv: false },
      );
      app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
      const admin = await createUser(app, { level: 0 });
      token = await login(app, admin.email, PASSWORD);
    }, START_TIMEOUT);
    afterAll(async () => {
      rmSync(filler, { force: true });
      await app?.close();
      try {
        execFileSync('umount', [mnt]);
      } finally {
        rmSync(mnt, { recursive: true, force: true });
      }
    });

    const createOperator = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/tour-operators',
        headers: { authorization: `Bearer ${token}` },
        payload: { name },
      });

    it('a write on a full disk answers 503 "No queda espacio en disco…" + Retry-After; once space is freed it works again', async () => {
      fillDisk(filler);
      const res = await createOperator('Operador sin disco');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(DISK_FULL_MESSAGE);
      expect(res.headers['retry-after']).toBe('5');
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      rmSync(filler);
      const again = await createOperator('Operador con disco');
      expect(again.statusCode).toBe(201);
    });

    it('the real server on a full disk exits 1 with "No queda espacio en disco en <DATA_DIR>", no stack trace', {
      timeout: START_TIMEOUT,
    }, async () => {
      const fresh = path.join(mnt, 'fresh');
      fillDisk(filler);
      try {
        const server = new Server(3454, { DATA_DIR: fresh });
        expect(await server.exitCode()).toBe(1);
        expect(server.output).toMatch(new RegExp(`No queda espacio en disco( en ${fresh})?`));
        expect(server.output).not.toMatch(/^\s+at /m);
      } finally {
        rmSync(filler, { force: true });
      }
    });
  },
);
