/**
 * Issue 7 §4 "running beyond one machine": the real server, started as a person starts it
 * (`node --import tsx apps/api/src/server.ts`), with several processes on one PostgreSQL:
 * node:cluster with WEB_CONCURRENCY=2, and two separate instances on two ports. Over real HTTP,
 * one new TCP connection per request, so the cluster's round-robin spreads them over the workers;
 * which process answered is read from its log line (pino writes `pid` and `reqId` on each).
 *
 * PostgreSQL only (TEST_DATABASE_URL; `npm run test:pg` and CI set it): PGlite is single-process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { MIGRATIONS_FOLDER } from '../src/db/migration-status';
import { bookings, departures, payments, tourOperators, users } from '../src/db/schema';
import { findJobs, listTaskRows } from '../src/lib/jobs/jobs.repository';
import { enqueueJob } from '../src/lib/jobs/queue';
import { createJobRunner } from '../src/lib/jobs/runner';
import { hashPassword } from '../src/lib/password';
import { expireHold } from '../src/modules/bookings/bookings.service';
import { bookingBody, day } from '../src/modules/bookings/bookings.test-helpers';
import {
  formBody,
  REDSYS_TEST_KEY,
  REDSYS_TEST_MERCHANT,
  type RedsysStandIn,
  signRedsysNotification,
  startRedsysStandIn,
} from './stand-ins/redsys-rest';

const BASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(BASE_URL);
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the multi-process tests (CI does)';
const JWT_SECRET = 'multi-process-test-secret-0123456789-abcdefghijklmnop';
const ADMIN = { email: 'admin@multi.example.com', password: 'Secreta123' };
const PASSWORD = 'Secreta123';
const START_TIMEOUT = 150_000;

type LogLine = { pid: number; msg?: string; reqId?: string; workerPid?: number; [k: string]: unknown };

/** A database of its own on the TEST_DATABASE_URL server (dropped in afterAll). */
async function createDatabase() {
  const name = `trayecto_mp_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One `node … server.ts` process (a cluster primary or a single instance) and its log lines. */
class ServerProcess {
  readonly lines: LogLine[] = [];
  readonly child: ChildProcess;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'trayecto-mp-'));
  private exited: Promise<number | null>;
  output = '';

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET,
        DATA_DIR: this.dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Required with DATABASE_URL in production (sealed payment keys): any 64 hex digits.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        ...env,
      },
    });
    let pending = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        this.output += `${line}\n`;
        if (!line.startsWith('{')) continue;
        try {
          this.lines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get pid() {
    return this.child.pid as number;
  }

  /** Waits until a log line satisfies `test` (or the process dies, or time runs out). */
  async waitFor(test: (l: LogLine) => boolean, what: string, timeoutMs = START_TIMEOUT): Promise<LogLine> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(test);
      if (found) return found;
      if (this.child.exitCode !== null) throw new Error(`server exited while waiting for ${what}:\n${this.output}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The pid of the process whose log says it completed this request. */
  async servedBy(reqId: string): Promise<number> {
    const line = await this.waitFor(
      (l) => l.reqId === reqId && l.msg === 'request completed',
      `request ${reqId}`,
      10_000,
    );
    return line.pid;
  }

  /** SIGTERM, then waits for the exit (SIGKILL after 30 s); removes its DATA_DIR. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
    return this.child.exitCode;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; reqId: string; json<T = any>(): T };

/** One request on a new TCP connection (no keep-alive), with its own request id. */
function request(
  port: number,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const reqId = `mp-${randomUUID()}`;
  const headers: Record<string, string> = { 'x-request-id': reqId, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: Buffer | undefined = opts.body;
  if (opts.json !== undefined) {
    payload = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          reqId,
          json: () => JSON.parse(body.toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function login(port: number, email: string, password = PASSWORD) {
  const res = await request(port, 'POST', '/api/v1/auth/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return { token: res.json().token as string, reqId: res.reqId };
}

/** An operator with an operator administrator (level 1), inserted straight into the database. */
async function createOperatorAdmin(db: Database['db'], label: string) {
  const [op] = await db
    .insert(tourOperators)
    .values({ name: `Operador ${label}` })
    .returning();
  const email = `gerencia-${label}-${randomUUID().slice(0, 6)}@multi.example.com`;
  await db.insert(users).values({
    fullName: `Gerencia ${label}`,
    email,
    level: 1,
    tourOperatorId: op.id,
    passwordHash: await hashPassword(PASSWORD),
  });
  return { op, email };
}

let productSeq = 0;
async function createProduct(port: number, token: string, capacity = 10) {
  productSeq += 1;
  const res = await request(port, 'POST', '/api/v1/products', {
    token,
    json: {
      code: `MP-${productSeq}-${randomUUID().slice(0, 4)}`,
      name: `Excursión multiproceso ${productSeq}`,
      capacity,
      state: 'active',
      booking_cutoff_hours: 0,
      instant_confirmation: true,
      prices: [{ pax_type: 'adult', amount_cents: 4500, min_age: 12 }],
      availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00'], valid_from: day(-1), valid_to: null }],
    },
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.body}`);
  return res.json().id as string;
}

/** A multipart/form-data body with one PNG in the field `file`, as a browser sends it. */
async function photoUpload() {
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
  const boundary = `----trayecto${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nPlaya\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.skipIf(!onPostgres)(`several API processes on one PostgreSQL${onPostgres ? '' : ` (${SKIP_NOTE})`}`, () => {
  describe('one machine: node:cluster with WEB_CONCURRENCY=2 (port 3430)', () => {
    const PORT = 3430;
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let db: Database;
    let server: ServerProcess;
    let workerPids: number[];
    let operatorEmail: string;

    /** The pids that answered these requests. */
    const pidsOf = async (answers: Answer[]) => Promise.all(answers.map((a) => server.servedBy(a.reqId)));
    /** `n` requests, one after another, each on its own connection. */
    const sequential = async (n: number, send: () => Promise<Answer>) => {
      const out: Answer[] = [];
      for (let i = 0; i < n; i++) out.push(await send());
      return out;
    };

    beforeAll(async () => {
      database = await createDatabase();
      server = new ServerProcess(PORT, { DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
      const listening = async () =>
        server.lines.filter((l) => l.msg === 'worker listening').map((l) => l.workerPid as number);
      await server.waitFor(() => server.lines.filter((l) => l.msg === 'worker listening').length >= 2, '2 workers');
      workerPids = await listening();
      db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
      operatorEmail = (await createOperatorAdmin(db.db, 'cluster')).email;
    }, START_TIMEOUT + 30_000);

    afterAll(async () => {
      const code = await server?.stop();
      await db?.close();
      // Nothing left behind: every worker this primary ever started is gone.
      for (const l of server?.lines ?? []) {
        if (l.msg === 'worker started' && typeof l.workerPid === 'number') {
          try {
            process.kill(l.workerPid, 0);
            process.kill(l.workerPid, 'SIGKILL');
            throw new Error(`worker ${l.workerPid} outlived its primary`);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
          }
        }
      }
      await database?.drop();
      expect(code).toBe(0);
    }, 60_000);

    it('the primary ran the migrations and created ADMIN_EMAIL once; two workers share the port, the primary serves nothing', async () => {
      expect(workerPids).toHaveLength(2);
      expect(new Set(workerPids).size).toBe(2);
      expect(workerPids).not.toContain(server.pid);
      const byPid = (msg: string) => server.lines.filter((l) => l.msg === msg).map((l) => l.pid);
      expect(byPid('applying migrations')).toEqual([server.pid]);
      expect(byPid('administrator created from ADMIN_EMAIL')).toEqual([server.pid]);
      const listening = server.lines.filter((l) => l.msg?.startsWith('Server listening')).map((l) => l.pid);
      expect(listening.sort()).toEqual([...workerPids].sort());
      expect(server.output).toContain(`Trayecto en http://localhost:${PORT}`);

      const answers = await sequential(6, () => request(PORT, 'GET', '/api/v1/ready'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(await pidsOf(answers))).toEqual(new Set(workerPids));
    });

    it('a token issued by one process is accepted by the other; logging out on one revokes it on both', async () => {
      const { token, reqId } = await login(PORT, operatorEmail);
      const issuer = await server.servedBy(reqId);
      const uses = await sequential(6, () => request(PORT, 'GET', '/api/v1/auth/me', { token }));
      expect(uses.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const usePids = await pidsOf(uses);
      expect(usePids.some((p) => p !== issuer)).toBe(true);
      expect(new Set(usePids)).toEqual(new Set(workerPids));

      const logout = await request(PORT, 'POST', '/api/v1/auth/logout', { token });
      expect(logout.status).toBeLessThan(300);
      const loggedOutBy = await server.servedBy(logout.reqId);
      const after = await sequential(4, () => request(PORT, 'GET', '/api/v1/auth/me', { token }));
      expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      const afterPids = await pidsOf(after);
      expect(afterPids.some((p) => p !== loggedOutBy)).toBe(true);
    });

    it('login throttling counts failures across processes: 5 failures spread over both workers block the 6th attempt (429)', async () => {
      const { email } = await createOperatorAdmin(db.db, 'throttle');
      const failures = await sequential(5, () =>
        request(PORT, 'POST', '/api/v1/auth/login', { json: { email, password: 'no-es-la-clave' } }),
      );
      expect(failures.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      // Each worker saw only some of the failures: per-process counters would not have blocked yet.
      const pids = await pidsOf(failures);
      expect(new Set(pids)).toEqual(new Set(workerPids));
      expect(Math.max(...workerPids.map((p) => pids.filter((x) => x === p).length))).toBeLessThan(5);
      const blocked = await sequential(2, () =>
        request(PORT, 'POST', '/api/v1/auth/login', { json: { email, password: PASSWORD } }),
      );
      expect(blocked.map((a) => a.status)).toEqual([429, 429]);
      expect(new Set(await pidsOf(blocked))).toEqual(new Set(workerPids));
      expect(blocked[0].json().message).toMatch(/^Demasiados intentos fallidos/);
      expect(Number(blocked[0].headers['retry-after'])).toBeGreaterThan(0);
    });

    it('an idempotent public booking retried on another connection (another worker) replays the same answer', async () => {
      const { token } = await login(PORT, operatorEmail);
      const productId = await createProduct(PORT, token);
      const key = randomUUID();
      const body = { ...bookingBody(productId, { pax: { adult: 2 } }), accept_terms: true };
      const send = () =>
        request(PORT, 'POST', '/api/v1/public/bookings', { json: body, headers: { 'idempotency-key': key } });
      const first = await send();
      expect(first.status).toBe(201);
      const retries = await sequential(3, send);
      for (const r of retries) {
        expect(r.status).toBe(201);
        expect(r.headers['idempotent-replayed']).toBe('true');
        expect(r.json()).toEqual(first.json());
      }
      const firstPid = await server.servedBy(first.reqId);
      expect((await pidsOf(retries)).some((p) => p !== firstPid)).toBe(true);
      const rows = await db.db.select().from(bookings).where(eq(bookings.productId, productId));
      expect(rows).toHaveLength(1);
    });

    it('an uploaded photo is served, byte for byte, by every worker', async () => {
      const { token } = await login(PORT, operatorEmail);
      const productId = await createProduct(PORT, token);
      const upload = await photoUpload();
      const created = await request(PORT, 'POST', `/api/v1/products/${productId}/images`, { token, ...upload });
      expect(created.status).toBe(201);
      const { url, thumb_url } = created.json();
      const large = await sequential(4, () => request(PORT, 'GET', url));
      const thumbs = await sequential(4, () => request(PORT, 'GET', thumb_url));
      for (const a of [...large, ...thumbs]) {
        expect(a.status).toBe(200);
        expect(a.headers['content-type']).toBe('image/webp');
      }
      for (const a of large) expect(a.body.equals(large[0].body)).toBe(true);
      expect((await sharp(large[0].body).metadata()).width).toBe(640);
      expect(new Set(await pidsOf(large))).toEqual(new Set(workerPids));
      expect(new Set(await pidsOf(thumbs))).toEqual(new Set(workerPids));
      // The ETag is the same whichever worker answers: a browser revalidates against any of them.
      expect(new Set(large.map((a) => a.headers.etag)).size).toBe(1);
      const revalidated = await sequential(2, () =>
        request(PORT, 'GET', url, { headers: { 'if-none-match': large[0].headers.etag as string } }),
      );
      expect(revalidated.map((a) => a.status)).toEqual([304, 304]);
    });

    it('simultaneous bookings for the last seats, spread over both workers, never oversell', async () => {
      const { token } = await login(PORT, operatorEmail);
      const productId = await createProduct(PORT, token, 10);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          request(PORT, 'POST', '/api/v1/bookings', {
            token,
            json: bookingBody(productId, { pax: { adult: 1 }, customer_name: `Cliente ${i}` }),
          }),
        ),
      );
      const created = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409);
      console.info(
        `[multi-process] 24 simultaneous 1-seat bookings on capacity 10 over 2 workers: ${created.length} × 201, ${refused.length} × 409`,
      );
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(14);
      for (const r of refused) expect(r.json().message).toBe(NO_SEATS_MESSAGE);
      const createdPids = await pidsOf(created);
      expect(new Set(await pidsOf(answers))).toEqual(new Set(workerPids));
      expect(createdPids.length).toBe(10);
      const [dep] = await db.db
        .select()
        .from(departures)
        .where(and(eq(departures.productId, productId), eq(departures.date, day(1))));
      expect(dep.seatsTaken).toBe(10);
      const [held] = await db.db
        .execute<{ n: number }>(
          sql`select count(*)::int as n from bookings where product_id = ${productId} and state <> 'cancelled'`,
        )
        .then((r) => r.rows);
      expect(held.n).toBe(10);
    });

    it('a killed worker is replaced by the primary, and the service keeps answering meanwhile', async () => {
      const victim = workerPids[0];
      const survivor = workerPids[1];
      process.kill(victim, 'SIGKILL');
      await server.waitFor(
        (l) => l.msg === 'worker died; starting another' && l.workerPid === victim,
        'the death',
        20_000,
      );
      // While the replacement starts, the other worker answers every request.
      const meanwhile = await sequential(4, () => request(PORT, 'GET', '/api/v1/ready'));
      expect(meanwhile.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(await pidsOf(meanwhile))).toEqual(new Set([survivor]));

      const replacement = await server.waitFor(
        (l) => l.msg === 'worker listening' && l.workerPid !== undefined && !workerPids.includes(l.workerPid),
        'the replacement worker',
      );
      const fresh = replacement.workerPid as number;
      const after = await sequential(6, () => request(PORT, 'GET', '/api/v1/ready'));
      expect(after.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(await pidsOf(after))).toEqual(new Set([survivor, fresh]));
      // It never migrates: only the primary did, once.
      expect(server.lines.filter((l) => l.msg === 'applying migrations')).toHaveLength(1);
      workerPids = [survivor, fresh];
    });
  });

  describe('several instances without cluster: two server processes on two ports, same database (3431, 3432)', () => {
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let db: Database;
    let a: ServerProcess;
    let b: ServerProcess;
    let bank: RedsysStandIn;

    beforeAll(async () => {
      database = await createDatabase();
      // The bank's REST entry point, for the refund of a payment that came too late (issue 32).
      bank = await startRedsysStandIn();
      // Started at the same moment on an empty database: migrations and ADMIN_EMAIL must not race.
      a = new ServerProcess(3431, { DATABASE_URL: database.url, REDSYS_URL: bank.url });
      b = new ServerProcess(3432, { DATABASE_URL: database.url, REDSYS_URL: bank.url });
      await Promise.all(
        [a, b].map((s) => s.waitFor((l) => Boolean(l.msg?.startsWith('Server listening')), 'listening')),
      );
      db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    }, START_TIMEOUT + 30_000);

    afterAll(async () => {
      const codes = await Promise.all([a?.stop(), b?.stop()]);
      await db?.close();
      await database?.drop();
      await bank?.close();
      expect(codes).toEqual([0, 0]);
    }, 60_000);

    it('both started on the same empty database: migrations applied once, one administrator', async () => {
      const res = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
      expect(res.rows[0].n).toBe(journal.entries.length);
      const admins = await db.db.select().from(users).where(eq(users.email, ADMIN.email));
      expect(admins).toHaveLength(1);
    });

    it('a session, its revocation, the login throttle, idempotency and photos are shared between the instances', async () => {
      const { email } = await createOperatorAdmin(db.db, 'instancias');
      const { token } = await login(3431, email);
      expect((await request(3432, 'GET', '/api/v1/auth/me', { token })).status).toBe(200);

      const productId = await createProduct(3432, token);
      const upload = await photoUpload();
      const image = await request(3431, 'POST', `/api/v1/products/${productId}/images`, { token, ...upload });
      expect(image.status).toBe(201);
      const fromA = await request(3431, 'GET', image.json().url);
      const fromB = await request(3432, 'GET', image.json().url);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(fromB.body.equals(fromA.body)).toBe(true);

      const key = randomUUID();
      const body = { ...bookingBody(productId, { pax: { adult: 1 } }), accept_terms: true };
      const first = await request(3431, 'POST', '/api/v1/public/bookings', {
        json: body,
        headers: { 'idempotency-key': key },
      });
      const again = await request(3432, 'POST', '/api/v1/public/bookings', {
        json: body,
        headers: { 'idempotency-key': key },
      });
      expect(first.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());

      expect((await request(3432, 'POST', '/api/v1/auth/logout', { token })).status).toBeLessThan(300);
      expect((await request(3431, 'GET', '/api/v1/auth/me', { token })).status).toBe(401);

      const { email: other } = await createOperatorAdmin(db.db, 'fuerza-bruta');
      const wrong = { email: other, password: 'no-es-la-clave' };
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await request(i % 2 ? 3432 : 3431, 'POST', '/api/v1/auth/login', { json: wrong })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(
        (await request(3431, 'POST', '/api/v1/auth/login', { json: { email: other, password: PASSWORD } })).status,
      ).toBe(429);
      expect(
        (await request(3432, 'POST', '/api/v1/auth/login', { json: { email: other, password: PASSWORD } })).status,
      ).toBe(429);
    });
    it("issue 32: a hold ending in one process while the bank's notice reaches another and a new customer a third: never oversold, paid once, kept or given back", async () => {
      const { op, email } = await createOperatorAdmin(db.db, 'retenciones');
      const { token } = await login(3431, email);
      const settings = await request(3431, 'PUT', `/api/v1/tour-operators/${op.id}/payment-settings`, {
        token,
        json: {
          provider: 'redsys',
          mode: 'test',
          hold_minutes: 15,
          redsys: { merchant_code: REDSYS_TEST_MERCHANT, terminal: '1', secret_key: REDSYS_TEST_KEY, bizum: false },
        },
      });
      expect(settings.status).toBe(200);
      const product = await request(3432, 'POST', '/api/v1/products', {
        token,
        json: {
          code: `MP-PAGO-${randomUUID().slice(0, 4)}`,
          name: 'Excursión pagada en línea',
          capacity: 2,
          state: 'active',
          booking_cutoff_hours: 0,
          instant_confirmation: true,
          payment_mode: 'full',
          prices: [{ pax_type: 'adult', amount_cents: 4500, min_age: 12 }],
          availability_rules: [
            { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00'], valid_from: day(-1), valid_to: null },
          ],
        },
      });
      expect(product.status).toBe(201);
      const productId = product.json().id as string;
      const customer = (date: string, name: string) => ({
        json: { ...bookingBody(productId, { date, pax: { adult: 2 }, customer_name: name }), accept_terms: true },
        headers: { 'idempotency-key': randomUUID() },
      });
      const outcomes: string[] = [];
      // Five rounds: each is three public writes from this address, under the 20 a minute it may make.
      for (let i = 0; i < 5; i++) {
        const date = day(2 + i);
        const held = await request(3431, 'POST', '/api/v1/public/bookings', customer(date, `Retenida ${i}`));
        expect(held.status).toBe(201);
        const booking = held.json() as { id: string; total_cents: number; hold_expires_at: string };
        const start = await request(3432, 'POST', `/api/v1/public/bookings/${booking.id}/payments`, { json: {} });
        expect(start.status).toBe(201);
        const order = JSON.parse(Buffer.from(start.json().form.fields.Ds_MerchantParameters, 'base64').toString('utf8'))
          .DS_MERCHANT_ORDER as string;
        const notice = formBody(signRedsysNotification({ order, amountCents: booking.total_cents }));
        // Even rounds, at once: this process ends the hold (as a job would at its end), the bank's
        // notice reaches 3432, and another customer wants the same two seats at 3431.
        const end = new Date(Date.parse(booking.hold_expires_at) + 1);
        const notify = () =>
          request(3432, 'POST', '/api/v1/payments/redsys/notification', {
            body: Buffer.from(notice),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
        const another = () => request(3431, 'POST', '/api/v1/public/bookings', customer(date, `Otra ${i}`));
        let paid: Answer;
        let other: Answer;
        if (i % 2 === 0) {
          [, paid, other] = await Promise.all([expireHold(db.db, booking.id, end), notify(), another()]);
        } else {
          // The bank is late: the hold has ended and the seats are sold when its notice arrives.
          await expireHold(db.db, booking.id, end);
          other = await another();
          paid = await notify();
          expect(other.status).toBe(201);
        }
        expect(paid.status).toBe(200);
        expect([201, 409]).toContain(other.status);
        const [dep] = await db.db
          .select()
          .from(departures)
          .where(and(eq(departures.productId, productId), eq(departures.date, date)));
        const [live] = await db.db
          .execute<{ seats: number }>(
            sql`select coalesce(sum(seats), 0)::int as seats from bookings where product_id = ${productId} and date = ${date} and state in ('pending', 'confirmed')`,
          )
          .then((r) => r.rows);
        expect(dep.seatsTaken).toBeLessThanOrEqual(2);
        expect(live.seats).toBe(dep.seatsTaken);
        const [row] = await db.db.select().from(bookings).where(eq(bookings.id, booking.id));
        const moves = await db.db.select().from(payments).where(eq(payments.bookingId, booking.id));
        expect(moves.filter((m) => m.kind === 'payment')).toHaveLength(1);
        if (row.state === 'confirmed') {
          // The payment kept the seats (before the hold ended, or it took them back): the other customer waits.
          expect(other.status).toBe(409);
          expect(moves.filter((m) => m.kind === 'refund')).toHaveLength(0);
        } else {
          // The seats went to the other customer: the money goes back at once, through the bank.
          expect(row.state).toBe('cancelled');
          expect(other.status).toBe(201);
          expect(moves.filter((m) => m.kind === 'refund').map((m) => m.amountCents)).toEqual([booking.total_cents]);
        }
        outcomes.push(`${row.state}/${other.status}`);
      }
      console.info(`[multi-process] hold end × payment × new customer, 5 rounds: ${outcomes.join(', ')}`);
    });
  });
  describe('background work (issue 31): a process that dies mid-run loses its claim to another', () => {
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let db: Database;

    beforeAll(async () => {
      database = await createDatabase();
      db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
      await db.migrate();
    }, START_TIMEOUT);

    afterAll(async () => {
      await db?.close();
      await database?.drop();
    }, 60_000);

    it('its task and its job are taken over once the lease lapses, never while it lives', async () => {
      const jobId = (await enqueueJob(db.db, { kind: 'test.hang', payload: { n: 1 } })) as string;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/background-child.ts', database.url], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      });
      let out = '';
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (c: Buffer) => {
          out += c.toString('utf8');
          if (out.includes('task started') && out.includes(`job started ${jobId}`)) resolve();
        });
        child.stderr?.on('data', (c: Buffer) => {
          out += c.toString('utf8');
        });
        child.once('exit', () => reject(new Error(`the child exited:\n${out}`)));
      });

      const ran: string[] = [];
      const survivor = createJobRunner({
        db: db.db,
        owner: 'survivor',
        tasks: [{ name: 'test.hang', everyMs: 60_000, leaseMs: 2000, run: async () => void ran.push('task') }],
        handlers: [{ kind: 'test.hang', run: async ({ job }) => void ran.push(`job ${job.id}`) }],
      });
      // While the child lives, its heartbeat keeps the claims: asked now, nobody else runs them.
      expect(await survivor.runTask('test.hang')).toEqual({ ran: false });
      expect(await survivor.tick()).toEqual({ tasks: [], jobs: 0 });
      expect((await listTaskRows(db.db))[0]).toMatchObject({ name: 'test.hang', lockedBy: 'child' });

      child.kill('SIGKILL');
      await exited;
      // Past the lapsed lease (2 s, no more heartbeats): the survivor takes both over.
      const later = new Date(Date.now() + 2500);
      expect(await survivor.tick(later)).toEqual({ tasks: ['test.hang'], jobs: 1 });
      expect(ran.sort()).toEqual([`job ${jobId}`, 'task'].sort());
      const [job] = await findJobs(db.db, [jobId]);
      expect(job).toMatchObject({ state: 'done', attempts: 2, lockedBy: 'survivor' });
      expect((await listTaskRows(db.db))[0]).toMatchObject({ lockedBy: null, runCount: 1, failureCount: 0 });
    }, 60_000);
  });
});
