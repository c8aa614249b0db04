/**
 * Stall benchmark (issue 12, item 16): can one tenant's product block the server for everyone?
 *
 *   npm run bench:stall
 *   STALL_CONCURRENCY=6 STALL_ROUNDS=3 npm run bench:stall
 *
 * Creates a fresh PostgreSQL database (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432,
 * database `trayecto_bench_stall`, dropped at the end), starts the real API server on it with the
 * demo data, and as an Admin Tour Operador creates the worst product the product schema accepts:
 * as many weekly rules and start times as it allows (before the limits of issue 12: 30 rules × 48
 * times, 1440 start times a day). Then, while a poller asks `GET /api/v1/health` every 10 ms (the
 * event loop's latency as any other client sees it), it fires:
 *
 *   public    STALL_CONCURRENCY anonymous GET /public/products/{id}/availability of the longest
 *             range the public API answers (62 days), STALL_ROUNDS times
 *   staff     one GET /products/{id}/availability of 365 days (and of the longest range allowed)
 *   calendar  one GET /bookings/calendar of the longest range it allows (62 days)
 *
 * and prints, per scenario, the status, response sizes and durations, the health latency
 * (p50 / p99 / max) measured while it ran, and the longest the server's event loop was blocked
 * (perf_hooks.monitorEventLoopDelay, bench/event-loop-probe.mjs); an idle row first, for comparison.
 * Not a test: wall-clock figures depend on the machine (docs/benchmarks.md, "Availability stall").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as shared from '@trayecto/shared';
import pg from 'pg';
import { freePort, untilReady } from './lib/server';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'trayecto_bench_stall';
const CONCURRENCY = Math.max(1, Number(process.env.STALL_CONCURRENCY ?? 3));
const ROUNDS = Math.max(1, Number(process.env.STALL_ROUNDS ?? 2));
const JWT_SECRET = 'stall-bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const USER = 'gerencia@teideaventura.demo';
const PASSWORD = 'Demo2026!';

// The limits of the product schema, when it has them (the run before issue 12 had none).
const limits = shared as unknown as Record<string, unknown>;
const MAX_RULES = Number(limits.MAX_AVAILABILITY_RULES ?? 30);
const MAX_TIMES_PER_DAY = Number(limits.MAX_START_TIMES_PER_DAY ?? 1440);
const PUBLIC_DAYS = Number(limits.PUBLIC_AVAILABILITY_MAX_DAYS ?? 62);
const STAFF_DAYS = Number(limits.AVAILABILITY_MAX_DAYS ?? 366);

const children: ChildProcess[] = [];
let server: ChildProcess | undefined;

type Delay = { p50: number; p99: number; max: number };
/** The server's own event-loop delay since the last call (bench/event-loop-probe.mjs). */
async function eventLoopDelay(): Promise<Delay | undefined> {
  const proc = server;
  if (!proc?.connected) return undefined;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 5000);
    proc.once('message', (m: { eventLoopDelay?: Delay }) => {
      clearTimeout(timer);
      resolve(m.eventLoopDelay);
    });
    proc.send('event-loop-delay');
  });
}
const temps: string[] = [];

async function admin(query: string) {
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

async function startServer(): Promise<string> {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trayecto-stall-'));
  temps.push(dataDir);
  const proc = spawn(
    process.execPath,
    [
      '--import',
      './bench/exit-with-parent.mjs',
      '--import',
      './bench/event-loop-probe.mjs',
      '--import',
      'tsx',
      'apps/api/src/server.ts',
    ],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `${PG_BASE}/${DB_NAME}`,
        JWT_SECRET,
        // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  children.push(proc);
  server = proc;
  return untilReady(proc, `http://127.0.0.1:${port}`, 180_000);
}

async function cleanup() {
  for (const proc of children) if (proc.exitCode === null) proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => undefined);
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The most start times the schema accepts: MAX_RULES rules on every weekday, each with up to 48
 * times, together MAX_TIMES_PER_DAY distinct times a day (spread over the day).
 */
function worstRules(validFrom: string) {
  const perRule = Math.min(48, MAX_TIMES_PER_DAY);
  const step = Math.max(1, Math.floor(1440 / MAX_TIMES_PER_DAY));
  const all = Array.from({ length: MAX_TIMES_PER_DAY }, (_, i) => hhmm((i * step) % 1440));
  return Array.from({ length: MAX_RULES }, (_, r) => ({
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    times: Array.from({ length: perRule }, (_, i) => all[(r * perRule + i) % all.length]).filter(
      (t, i, l) => l.indexOf(t) === i,
    ),
    valid_from: validFrom,
    valid_to: null,
  }));
}

type Sample = { status: number; bytes: number; ms: number };

async function timed(url: string, headers: Record<string, string> = {}): Promise<Sample> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { status: res.status, bytes: body.byteLength, ms: performance.now() - t };
}

/** Polls /health every 10 ms until stopped; returns the latencies. */
function healthPoller(base: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${base}/api/v1/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => (x < 1000 ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : `${(x / 1000).toFixed(2)} s`);
const size = (b: number) =>
  b < 1024 ? `${b} B` : b < 1024 * 1024 ? `${(b / 1024).toFixed(1)} kB` : `${(b / 1024 / 1024).toFixed(1)} MB`;

type Row = { scenario: string; samples: Sample[]; health: number[]; loop?: Delay };

async function measure(base: string, scenario: string, run: () => Promise<Sample[]>): Promise<Row> {
  await eventLoopDelay();
  const poller = healthPoller(base);
  await new Promise((r) => setTimeout(r, 100));
  const samples = await run();
  await new Promise((r) => setTimeout(r, 100));
  const health = await poller.stop();
  return { scenario, samples, health, loop: await eventLoopDelay() };
}

async function main() {
  console.log(`Arrancando el servidor sobre PostgreSQL (${PG_BASE}/${DB_NAME}) con los datos de demostración…`);
  const base = await startServer();
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: USER, password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ token: string }>);
  const auth = { authorization: `Bearer ${login.token}` };
  const today = new Date().toISOString().slice(0, 10);
  const addDays = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  const rules = worstRules(addDays(today, -30));
  const createWorst = async (n: number) => {
    const created = await fetch(`${base}/api/v1/products`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: `STALL-${n}-${Date.now().toString(36)}`,
        name: `Excursión con todas las salidas posibles ${n}`,
        capacity: 50,
        state: 'active',
        booking_cutoff_hours: 0,
        prices: [{ pax_type: 'adult', amount_cents: 1000 }],
        availability_rules: rules,
      }),
    });
    if (created.status !== 201) {
      throw new Error(`No se pudo crear el producto: ${created.status} ${await created.text()}`);
    }
    return (await created.json()) as { id: string };
  };
  const product = await createWorst(1);
  const distinct = new Set(rules.flatMap((r) => r.times)).size;
  console.log(
    `Producto ${product.id}: ${rules.length} reglas, ${rules[0].times.length} horas por regla, ${distinct} horas distintas al día`,
  );

  const rows: Row[] = [];
  rows.push(
    await measure(base, 'idle (health only, 1 s)', async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return [];
    }),
  );
  const publicUrl = `${base}/api/v1/public/products/${product.id}/availability?from=${today}&to=${addDays(today, PUBLIC_DAYS - 1)}`;
  rows.push(
    await measure(base, `public ${PUBLIC_DAYS} days × ${CONCURRENCY} concurrent × ${ROUNDS} rounds`, async () => {
      const out: Sample[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        out.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(publicUrl)))));
      }
      return out;
    }),
  );
  const staff = (days: number) =>
    `${base}/api/v1/products/${product.id}/availability?from=${today}&to=${addDays(today, days - 1)}`;
  rows.push(await measure(base, 'staff 365 days', async () => [await timed(staff(365), auth)]));
  if (STAFF_DAYS < 365) {
    rows.push(await measure(base, `staff ${STAFF_DAYS} days`, async () => [await timed(staff(STAFF_DAYS), auth)]));
  }
  const calendarDays = Number(limits.AVAILABILITY_MAX_DAYS ?? 62);
  const calendar = `${base}/api/v1/bookings/calendar?from=${today}&to=${addDays(today, calendarDays - 1)}`;
  rows.push(
    await measure(base, `calendar ${calendarDays} days (all products)`, async () => [await timed(calendar, auth)]),
  );
  // Two more such products: the calendar of all of them is close to its ceiling (10,000 departures).
  await createWorst(2);
  await createWorst(3);
  rows.push(
    await measure(base, `calendar ${calendarDays} days, 3 such products`, async () => [await timed(calendar, auth)]),
  );

  console.log('');
  console.log(
    '| scenario | status | response size | duration (max) | health p50 | health p99 | health max | health polls | server event-loop delay max |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const statuses = [...new Set(r.samples.map((s) => s.status))].join(', ') || '—';
    const bytes = r.samples.length ? size(Math.max(...r.samples.map((s) => s.bytes))) : '—';
    const dur = r.samples.length ? ms(Math.max(...r.samples.map((s) => s.ms))) : '—';
    console.log(
      `| ${r.scenario} | ${statuses} | ${bytes} | ${dur} | ${ms(pct(r.health, 50))} | ${ms(pct(r.health, 99))} | ${ms(Math.max(...r.health))} | ${r.health.length} | ${r.loop ? ms(r.loop.max) : '—'} |`,
    );
  }
}

main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
