/**
 * Fault benchmark (issue 7, deliverable 2): PostgreSQL restarts during a booking load.
 *
 * Starts a private PostgreSQL 15 cluster (never the machine's shared one), the real API server on
 * it, and several customers booking through the public API with an Idempotency-Key each, retrying
 * with the same key on 503/409-running/network errors. Meanwhile PostgreSQL is restarted twice:
 * `pg_ctl restart -m fast` and a crash (`pg_ctl stop -m immediate` + start, i.e. crash recovery).
 *
 * Then it checks and prints: the API process never exited; every acknowledged 201 booking exists
 * exactly once; no key booked twice; seats_taken equals the booked seats of every departure; no
 * 500 answers and every 503 carries the Spanish message; the time from each restart to the first
 * booking accepted again. Exits 1 if a check fails. The cluster is deleted at the end (also on
 * Ctrl-C or failure).
 *
 *   npm run bench:fault                       # 20 s of load, 8 customers
 *   FAULT_SECONDS=30 FAULT_CLIENTS=16 npm run bench:fault
 *
 * Needs root (the cluster runs as the `postgres` OS user via runuser) or to be run as `postgres`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/lib/password';
import { TOTALS_DRIFT_SQL } from '../apps/api/test/booking-totals';
import { DEPARTURE_COUNTS_DRIFT_SQL } from '../apps/api/test/departure-counts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 5499);
const API_PORT = Number(process.env.FAULT_API_PORT ?? 3460);
const LOAD_SECONDS = Number(process.env.FAULT_SECONDS ?? 20);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 8);
/** A key still "running" when PostgreSQL died is taken over after 60 s (lib/idempotency.ts). */
const SETTLE_SECONDS = Number(process.env.FAULT_SETTLE_SECONDS ?? 90);
const JWT_SECRET = 'fault-bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const PASSWORD = 'Fault-bench-2026';
const UNAVAILABLE = 'Servicio no disponible temporalmente. Inténtalo de nuevo en unos segundos.';
const API = `http://127.0.0.1:${API_PORT}`;

const t0 = performance.now();
const now = () => performance.now() - t0;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const say = (msg: string) => console.log(`[${fmt(now()).padStart(8)}] ${msg}`);

// ---------------------------------------------------------------- private PostgreSQL cluster

const work = mkdtempSync('/tmp/trayecto-fault-');
const pgData = path.join(work, 'pgdata');
const pgLog = path.join(work, 'postgres.log');
const asRoot = userInfo().uid === 0;

function pgctl(args: string[]) {
  const cmd = [path.join(PG_BIN, 'pg_ctl'), '-D', pgData, ...args];
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', ...cmd], { stdio: 'pipe' })
    : execFileSync(cmd[0], cmd.slice(1), { stdio: 'pipe' });
}

function initCluster() {
  if (asRoot) {
    chownSync(
      work,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
    chmodSync(work, 0o700);
  }
  const initdb = [
    path.join(PG_BIN, 'initdb'),
    '-D',
    pgData,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ];
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...initdb], { stdio: 'pipe' });
  else execFileSync(initdb[0], initdb.slice(1), { stdio: 'pipe' });
}

const pgOptions = `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${work} -c max_connections=50`;
const startPg = () => pgctl(['-l', pgLog, '-o', pgOptions, '-w', '-t', '60', 'start']);

// ---------------------------------------------------------------- the API server

let server: ChildProcess | undefined;
let serverExit: { code: number | null; signal: string | null; at: number } | undefined;
let serverOutput = '';

function startServer(databaseUrl: string) {
  server = spawn(
    process.execPath,
    ['--import', './bench/exit-with-parent.mjs', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(API_PORT),
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        DATA_DIR: path.join(work, 'data'),
        WEB_DIST: '/nonexistent',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Each simulated customer has its own address (X-Forwarded-For): the per-address public
        // write limit (20/min) would otherwise stop the load, not PostgreSQL.
        TRUST_PROXY: 'true',
      },
    },
  );
  const keep = (chunk: Buffer) => {
    serverOutput += chunk.toString('utf8');
    if (serverOutput.length > 2_000_000) serverOutput = serverOutput.slice(-1_000_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  server.once('exit', (code, signal) => {
    serverExit = { code, signal, at: now() };
  });
}

async function waitReady(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (serverExit) throw new Error(`el servidor terminó al arrancar:\n${serverOutput.slice(-3000)}`);
    try {
      if ((await fetch(`${API}/api/v1/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`el servidor no estuvo listo en ${timeoutMs} ms:\n${serverOutput.slice(-3000)}`);
}

// ---------------------------------------------------------------- set-up through the API

const addDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return d.toISOString().slice(0, 10);
};
const DATES = [addDays(3), addDays(4), addDays(5), addDays(6)];

async function prepare(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const op = await c.query<{ id: string }>(`insert into tour_operators (name) values ('Fallos S.L.') returning id`);
  await c.query(
    `insert into users (full_name, email, password_hash, level, tour_operator_id) values ('Admin Fallos', 'admin@fallos.test', $1, 1, $2)`,
    [await hashPassword(PASSWORD), op.rows[0].id],
  );
  await c.end();
  const login = await fetch(`${API}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@fallos.test', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${API}/api/v1/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      code: 'FALLOS-1',
      name: 'Excursión de la prueba de fallos',
      capacity: 1500,
      state: 'active',
      booking_cutoff_hours: 0,
      instant_confirmation: true,
      pickup_enabled: false,
      prices: [
        { pax_type: 'adult', amount_cents: 4500, min_age: 12 },
        { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11 },
      ],
      availability_rules: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00', '18:00'], valid_from: addDays(0), valid_to: null },
      ],
    }),
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

// ---------------------------------------------------------------- the load

type Attempt = { at: number; status: number | 'network'; message?: string; replayed?: boolean; id?: string };
type Booking = {
  key: string;
  name: string;
  pax: number;
  attempts: Attempt[];
  final?: { status: number; id?: string; at: number };
};

const bookings: Booking[] = [];
let stopNewBookings = false;

async function attempt(b: Booking, body: string): Promise<Attempt> {
  const at = now();
  try {
    const res = await fetch(`${API}/api/v1/public/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': b.key,
        'x-forwarded-for': `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
    return {
      at,
      status: res.status,
      message: json.message,
      id: json.id,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  } catch (err) {
    return { at, status: 'network', message: (err as Error).message };
  }
}

/** One customer: books, and retries the same booking with the same key until it has an answer. */
async function customer(productId: string, settleBy: number) {
  let n = 0;
  while (!stopNewBookings) {
    const pax = 1 + (n++ % 3);
    const b: Booking = { key: randomUUID(), name: `Cliente ${randomUUID().slice(0, 8)}`, pax, attempts: [] };
    bookings.push(b);
    const body = JSON.stringify({
      product_id: productId,
      date: DATES[(Math.random() * DATES.length) | 0],
      time: Math.random() < 0.5 ? '09:00' : '18:00',
      pax: { adult: pax },
      customer_name: b.name,
      customer_email: 'cliente@example.com',
      customer_phone: '+34 600 000 000',
      customer_country: 'ES',
      language: 'es',
      accept_terms: true,
    });
    for (;;) {
      const a = await attempt(b, body);
      b.attempts.push(a);
      const retry =
        a.status === 'network' || a.status === 503 || (a.status === 409 && /procesando/.test(a.message ?? ''));
      if (!retry) {
        b.final = { status: a.status as number, id: a.id, at: a.at };
        break;
      }
      if (now() > settleBy) break;
      await new Promise((r) => setTimeout(r, a.status === 409 ? 1000 : 200));
    }
  }
}

// ---------------------------------------------------------------- the faults

type Fault = { name: string; command: string; start: number; pgBackAt?: number; firstOkAt?: number };
const faults: Fault[] = [];

async function restart(name: string, mode: 'fast' | 'immediate') {
  const f: Fault = {
    name,
    command: mode === 'fast' ? 'pg_ctl restart -m fast' : 'pg_ctl stop -m immediate; pg_ctl start',
    start: now(),
  };
  faults.push(f);
  say(`${name}: ${f.command}`);
  if (mode === 'fast') pgctl(['-l', pgLog, '-o', pgOptions, '-m', 'fast', '-w', '-t', '60', 'restart']);
  else {
    pgctl(['-m', 'immediate', '-w', 'stop']);
    // Stay down a moment, as a crashed server does before its supervisor restarts it.
    await new Promise((r) => setTimeout(r, 1000));
    startPg();
  }
  f.pgBackAt = now();
  say(`${name}: PostgreSQL accepts connections again (${fmt(f.pgBackAt - f.start)} after the command)`);
}

// ---------------------------------------------------------------- checks

type Check = { ok: boolean; what: string; detail: string };

async function verify(databaseUrl: string, productId: string): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (ok: boolean, what: string, detail: string) => checks.push({ ok, what, detail });
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    add(
      !serverExit,
      'the API process never exited',
      serverExit ? `exited ${JSON.stringify(serverExit)}` : `pid ${server?.pid} alive`,
    );

    const acked = bookings.filter((b) => b.final?.status === 201);
    const unresolved = bookings.filter((b) => !b.final);
    add(unresolved.length === 0, 'every booking got a final answer', `${unresolved.length} without one`);

    const rows = (
      await c.query<{ id: string; customer_name: string; seats: number }>(
        'select id, customer_name, seats from bookings where product_id = $1',
        [productId],
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = acked.filter((b) => !b.final?.id || !byId.has(b.final.id));
    add(
      missing.length === 0,
      'every acknowledged 201 booking exists',
      `${acked.length} acknowledged, ${missing.length} missing`,
    );

    const perName = new Map<string, number>();
    for (const r of rows) perName.set(r.customer_name, (perName.get(r.customer_name) ?? 0) + 1);
    const duplicated = [...perName.values()].filter((n) => n > 1).length;
    add(duplicated === 0, 'no key booked twice', `${duplicated} customers with more than one booking`);

    const ackedIds = new Set(acked.map((b) => b.final?.id));
    const extra = rows.filter((r) => !ackedIds.has(r.id));
    add(
      extra.length === 0,
      'no booking exists that was not acknowledged',
      `${rows.length} in the database, ${extra.length} never acknowledged`,
    );

    const replayMismatch = bookings.filter((b) => {
      const ids = new Set(b.attempts.filter((a) => a.status === 201).map((a) => a.id));
      return ids.size > 1;
    }).length;
    add(replayMismatch === 0, 'replays answer the same booking', `${replayMismatch} mismatches`);

    const seats = (
      await c.query<{ date: string; time: string; seats_taken: number; capacity: number; booked: number }>(
        `select d.date::text, d.time, d.seats_taken, d.capacity,
                coalesce(sum(b.seats) filter (where b.state <> 'cancelled'), 0)::int as booked
         from departures d left join bookings b on b.departure_id = d.id
         where d.product_id = $1 group by d.id order by d.date, d.time`,
        [productId],
      )
    ).rows;
    const wrong = seats.filter((s) => s.seats_taken !== s.booked || s.seats_taken > s.capacity);
    add(
      wrong.length === 0,
      'seats_taken equals the booked seats (no oversell)',
      seats.map((s) => `${s.date} ${s.time}: ${s.seats_taken}/${s.capacity} taken, ${s.booked} booked`).join('; '),
    );

    // ADR 026: the report totals every accepted booking appended survive the restarts with it.
    const drift = (await c.query(TOTALS_DRIFT_SQL)).rows;
    add(drift.length === 0, 'the report totals add up to the bookings', `${drift.length} rows differ`);
    // Migration 0025: each departure's bookings and passengers, counted at COMMIT, survive them too.
    const counts = (await c.query(DEPARTURE_COUNTS_DRIFT_SQL)).rows;
    add(
      counts.length === 0,
      "each departure's bookings and passengers are its bookings'",
      `${counts.length} departures differ`,
    );

    const all = bookings.flatMap((b) => b.attempts);
    const fiveHundreds = all.filter((a) => a.status === 500);
    add(fiveHundreds.length === 0, 'no 500 answers', `${fiveHundreds.length} × 500 ${fiveHundreds[0]?.message ?? ''}`);
    const s503 = all.filter((a) => a.status === 503);
    const bad503 = s503.filter((a) => a.message !== UNAVAILABLE);
    add(
      bad503.length === 0,
      'every 503 says so in Spanish',
      `${s503.length} × 503, ${bad503.length} with another message: ${bad503[0]?.message ?? ''}`,
    );
    const other = all.filter((a) => typeof a.status === 'number' && ![201, 409, 503].includes(a.status));
    add(
      other.length === 0,
      'no other error statuses',
      other
        .slice(0, 3)
        .map((a) => `${a.status} ${a.message}`)
        .join('; '),
    );

    for (const f of faults) {
      add(
        f.firstOkAt !== undefined && f.firstOkAt - f.start < 30_000,
        `service resumes by itself after ${f.name}`,
        f.firstOkAt === undefined
          ? 'no booking accepted afterwards'
          : `first 201 ${fmt(f.firstOkAt - f.start)} after the command`,
      );
    }
  } finally {
    await c.end();
  }
  return checks;
}

// ---------------------------------------------------------------- main

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  try {
    server?.kill('SIGKILL');
  } catch {}
  try {
    if (existsSync(path.join(pgData, 'postmaster.pid'))) pgctl(['-m', 'immediate', '-w', 'stop']);
  } catch {}
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});
process.on('SIGTERM', () => {
  cleanup();
  process.exit(143);
});

async function main() {
  say(`private PostgreSQL 15 in ${pgData} on port ${PG_PORT}`);
  initCluster();
  startPg();
  const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
  const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/trayecto`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database trayecto');
  await admin.end();

  say(`API server on :${API_PORT} (migrations, then listen)`);
  startServer(databaseUrl);
  await waitReady();
  const productId = await prepare(databaseUrl);
  say(`load: ${CLIENTS} customers booking for ${LOAD_SECONDS} s, each retrying its own key`);

  const loadStart = now();
  const settleBy = loadStart + (LOAD_SECONDS + SETTLE_SECONDS) * 1000;
  const customers = Array.from({ length: CLIENTS }, () => customer(productId, settleBy));
  const firstOkAfter = (f: Fault) => {
    const ok = bookings
      .flatMap((b) => b.attempts)
      .filter((a) => a.status === 201 && !a.replayed && a.at > f.start)
      .map((a) => a.at);
    return ok.length > 0 ? Math.min(...ok) : undefined;
  };
  const at = (s: number) => new Promise((r) => setTimeout(r, Math.max(0, loadStart + s * 1000 - now())));
  await at(LOAD_SECONDS * 0.3);
  await restart('restart (fast)', 'fast');
  await at(LOAD_SECONDS * 0.65);
  await restart('crash (immediate)', 'immediate');
  await at(LOAD_SECONDS);
  stopNewBookings = true;
  say('load over; waiting for the customers still retrying');
  await Promise.all(customers);
  for (const f of faults) f.firstOkAt = firstOkAfter(f);

  const all = bookings.flatMap((b) => b.attempts);
  const count = (p: (a: Attempt) => boolean) => all.filter(p).length;
  const stuck = bookings.filter((b) => b.attempts.some((a) => a.status === 409 && /procesando/.test(a.message ?? '')));
  const loadMs = now() - loadStart;
  console.log('\nFigures');
  console.log(`  bookings attempted          ${bookings.length} (${all.length} requests in ${fmt(loadMs)})`);
  console.log(`  acknowledged 201            ${bookings.filter((b) => b.final?.status === 201).length}`);
  console.log(`  refused 409 (no seats)      ${bookings.filter((b) => b.final?.status === 409).length}`);
  console.log(`  answers 503 (retried)       ${count((a) => a.status === 503)}`);
  console.log(
    `  answers 409 running (retried) ${count((a) => a.status === 409 && /procesando/.test(a.message ?? ''))} on ${stuck.length} keys`,
  );
  console.log(`  network errors (retried)    ${count((a) => a.status === 'network')}`);
  console.log(`  replayed 201                ${count((a) => a.status === 201 && a.replayed === true)}`);
  for (const f of faults) {
    const failures = all.filter(
      (a) => a.at >= f.start && a.at <= (f.firstOkAt ?? Number.POSITIVE_INFINITY) && a.status !== 201,
    );
    console.log(
      `  ${f.name.padEnd(26)}  PostgreSQL back after ${fmt((f.pgBackAt ?? f.start) - f.start)}; first booking accepted ${
        f.firstOkAt === undefined
          ? 'never'
          : `${fmt(f.firstOkAt - f.start)} after the command (${fmt(f.firstOkAt - (f.pgBackAt ?? f.start))} after PostgreSQL was back)`
      }; ${failures.length} failed answers meanwhile`,
    );
  }
  if (stuck.length > 0) {
    const waits = stuck.map((b) => (b.final?.at ?? now()) - (b.attempts.find((a) => a.status === 409)?.at ?? 0));
    console.log(`  longest wait of a key left "running" by a dead connection: ${fmt(Math.max(...waits))}`);
  }

  const checks = await verify(databaseUrl, productId);
  console.log('\nChecks');
  for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what} — ${c.detail}`);
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    console.log(`\n${failed.length} check(s) failed. Server log tail:\n${serverOutput.slice(-4000)}`);
    console.log(`PostgreSQL log tail:\n${readFileSync(pgLog, 'utf8').slice(-2000)}`);
  }
  return failed.length === 0;
}

main()
  .then((ok) => {
    cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch((err) => {
    console.error(err);
    cleanup();
    process.exit(1);
  });
