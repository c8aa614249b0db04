/**
 * Load benchmark of the bookings API against the generated `trayecto_bench` database, next to a
 * "physical limit" baseline (bench/baseline-server.ts: bare Fastify + pg running the same SQL).
 *
 *   node --import tsx bench/run.ts
 *
 * Env: BENCH_DURATION (s per measurement, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_ONLY (comma list of scenario ids, e.g. "a,b,c2"), BENCH_KEEP=1 (keep the bookings the
 * POST scenarios create; by default they are deleted and seats_taken restored at the end).
 *
 * Starts the real API as `npm start` runs it (the compiled bundle, bench/lib/api-build.ts, with
 * NODE_ENV=production and LOG_LEVEL=info) and the baseline as child processes on free 127.0.0.1 ports, logs in as the generated level-1 user,
 * checks that API and baseline send the same SQL and return the same rows, measures each scenario
 * with autocannon, prints a table (and writes it to bench/results/), verifies the seats invariant
 * after the POST scenarios, and stops everything it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type ListShape, type ListValues, listSql } from './baseline-sql';
import { type Captured, JWT_SECRET, startCapturer } from './capture';
import { BENCH_DB_URL, BENCH_PASSWORD, BENCH_USER_EMAIL, fmtMs } from './config';
import { compiledApi, pruneCompiledApis } from './lib/api-build';
import { recordingOf, type SaleRecording } from './lib/sale-replay';
import { freePort } from './lib/server';
import { type ListScenario, listScenarios } from './scenarios';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const KEEP = process.env.BENCH_KEEP === '1';
/**
 * Hard limit for the whole run: children are stopped and the process exits. Every GET line with a
 * "before" API (BENCH_API_BEFORE) takes a third longer and warms a third server: 1,500 s stopped such
 * a run after 78 of 88 lines (2026-11-26), so it gets twice that.
 */
const WATCHDOG_MS = Number(process.env.BENCH_WATCHDOG_S ?? (process.env.BENCH_API_BEFORE ? 3000 : 1500)) * 1000;
/** Seconds per measurement of the other list endpoints (bench/scenarios.ts), after 1 s of warm-up. */
const LIST_DURATION = Number(process.env.BENCH_LIST_DURATION ?? 4);
/**
 * How the API runs: by default compiled, as `npm start` serves it (bench/lib/api-build.ts builds the
 * working tree into bench/out/ when a source changed); BENCH_API_SOURCE=1 runs the TypeScript under
 * tsx instead (the runs before 2026-11-26). BENCH_API_REF=<git ref> builds that commit instead of the
 * working tree, with BENCH_API_OVERLAY=<paths,…> of the working tree laid over it. BENCH_API_BEFORE=
 * <git ref> starts a second API compiled from that commit and measures it in the same run, before
 * the current one: before/after side by side. Either may also be the path of a compiled server.js.
 * BENCH_API_BEFORE_ENV=NAME=value,… sets environment variables of that "before" API only: with
 * BENCH_API_BEFORE=HEAD, one of the patched dependencies' switches back to their stock code
 * (TRAYECTO_PG_STOCK_CLONE=1, TRAYECTO_PG_STOCK_PROMISE=1) is the only difference between the two.
 */
const API_FROM_SOURCE = process.env.BENCH_API_SOURCE === '1';
const API_REF = process.env.BENCH_API_REF;
const API_OVERLAY = process.env.BENCH_API_OVERLAY?.split(',').filter(Boolean);
const API_BEFORE = process.env.BENCH_API_BEFORE;
const API_BEFORE_ENV = Object.fromEntries(
  (process.env.BENCH_API_BEFORE_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** A git ref, or the path of an already compiled server.js. */
const builtApi = async (ref?: string, overlay?: string[]) =>
  ref?.endsWith('.js') ? path.resolve(ref) : compiledApi({ ref, overlay });
/** The API's log level: production's default (one line per request, written to a file here). */
const API_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Seconds each selected GET scenario runs once through every API before any measurement (warm JIT). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
/**
 * BENCH_API_PROFILE=1: `--cpu-prof` of the whole API process (bench/results/prof/, written when it
 * stops). BENCH_API_PROFILE=scenarios: one profile per scenario of exactly its measured window
 * (bench/cpu-profile.mjs), `bench/results/prof/<stamp>-<id>.cpuprofile`. Summarise with
 * bench/profile-summary.ts, draw with bench/flamegraph.ts.
 */
const PROFILE = process.env.BENCH_API_PROFILE;
/**
 * BENCH_WINDOWS=<file>: each measured window appended as a line `<id> <side> <server pid> <start>
 * <end> <requests>`, the times in seconds of CLOCK_MONOTONIC (Node's hrtime), so that a system-wide
 * `perf record -k CLOCK_MONOTONIC` of the run can be cut to exactly the windows (bench/perf-windows.ts).
 */
const WINDOWS_FILE = process.env.BENCH_WINDOWS;
/** BENCH_NODE_FLAGS='--perf-basic-prof-only-functions': flags of node for every server the bench starts (API and baseline). */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/**
 * BENCH_ACCEPT_ENCODING='gzip, deflate, br': what a browser sends, so the API compresses its answers
 * over 1 kB as it does in production (the baseline never compresses). Unset: no compression.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
/**
 * BENCH_BASELINE_ANSWER=1: the baseline of a list scenario answers the API's own answer (its bytes,
 * captured with its statements) instead of the rows it read: the same SQL and the same bytes on the
 * socket, from a bare process. The API's margin over it is then its own work on the answer
 * (computing, encoding), not the size of what it sends.
 */
const BASELINE_ANSWER = process.env.BENCH_BASELINE_ANSWER === '1';

for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (v: string) => v);

// ── Child processes ──────────────────────────────────────────────────────────────────────────────

type Child = { name: string; proc: ChildProcess; tail: string[]; lines: number; logFile?: string };
const children: Child[] = [];

/**
 * The patched pg's switches (TRAYECTO_PG_*: back to pg's own promise, ADR 058; pg-protocol's own
 * decoding, ADR 056), passed to the API and the baseline alike, so that one run can be set against
 * another on the same data.
 */
const PG_SWITCHES = Object.fromEntries(
  Object.entries(process.env).filter(
    (e): e is [string, string] => e[0].startsWith('TRAYECTO_PG_') && e[1] !== undefined,
  ),
);

/** The pg switches a run was made with, for its header (none: pg as patched). */
const pgSwitchesNote = () =>
  Object.keys(PG_SWITCHES).length
    ? `; pg: ${Object.entries(PG_SWITCHES)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`
    : '';

/**
 * A child process: TypeScript through tsx (`args` = a .ts entry and its flags), or with `compiled`
 * plain node (a compiled .js entry, as production runs it). With `logFile`, its stdout (the JSON
 * log lines) goes to that file, as a service's to its journal, instead of through this process.
 */
function startChild(
  name: string,
  args: string[],
  env: Record<string, string>,
  { compiled = false, logFile, preload = [] }: { compiled?: boolean; logFile?: string; preload?: string[] } = {},
) {
  const out = logFile ? openSync(logFile, 'w') : 'pipe';
  const loader = compiled ? [] : ['--import', 'tsx'];
  const pre = preload.flatMap((p) => ['--import', p]);
  const proc = spawn(
    process.execPath,
    [...NODE_FLAGS, '--import', './bench/exit-with-parent.mjs', ...pre, ...loader, ...args],
    {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...PG_SWITCHES, ...env },
      stdio: ['ignore', out, 'pipe', 'ipc'],
    },
  );
  if (typeof out === 'number') closeSync(out);
  const child: Child = { name, proc, tail: [] as string[], lines: 0, logFile };
  // Always drain the pipes (a full pipe would stall the child) and keep the last lines for errors.
  const onData = (buf: Buffer) => {
    for (const line of buf.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      child.lines++;
      child.tail.push(line);
      if (child.tail.length > 30) child.tail.shift();
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  children.push(child);
  return child;
}

async function stopChildren() {
  await Promise.all(
    children.map(
      ({ name, proc }) =>
        new Promise<void>((resolve) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
          const kill = setTimeout(() => {
            console.error(`(${name} no terminó en 5 s: SIGKILL)`);
            proc.kill('SIGKILL');
          }, 5000);
          proc.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          proc.kill('SIGTERM');
        }),
    ),
  );
}

/** The last lines a child wrote (its log file's too). */
function tailOf(child: Child): string {
  const logged = child.logFile ? readFileSync(child.logFile, 'utf8').split('\n').filter(Boolean).slice(-30) : [];
  return [...logged, ...child.tail].join('\n');
}

/** Lines in a child's log file (the API's request lines when it logs to a file). */
function logLines(child: Child): number {
  if (!child.logFile) return child.lines;
  const buf = readFileSync(child.logFile);
  let n = 0;
  for (const b of buf) if (b === 10) n++;
  return n;
}

async function waitHttp(url: string, child: Child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.proc.exitCode !== null) throw new Error(`${child.name} terminó al arrancar:\n${tailOf(child)}`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} no respondió en ${timeoutMs} ms:\n${tailOf(child)}`);
}

/** Sends a message to a child and waits for its answer (the CPU profiler of bench/cpu-profile.mjs). */
function ask(child: Child, message: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${child.name} no contestó a ${JSON.stringify(message)}`)), 60_000);
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'profiled' in m) {
        clearTimeout(timer);
        child.proc.off('message', onMessage);
        resolve();
      }
    };
    child.proc.on('message', onMessage);
    child.proc.send(message);
  });
}

// ── Measuring ────────────────────────────────────────────────────────────────────────────────────

type Req = { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
type Target = { base: string; headers: Record<string, string>; make: (i: number) => Req };
type Figures = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  codes: Record<string, number>;
  errors: number;
  /** CPU time (user + system) of the server process per completed request, µs: load-proof-ish. */
  cpuUs?: number;
  /** CPU time of every PostgreSQL process (backends and the server's own) per completed request, µs. */
  pgUs?: number;
  /** CPU time of this process (autocannon: making the requests, reading the answers) per completed request, µs. */
  genUs?: number;
  /** PostgreSQL's write-ahead log per completed request: bytes, and full-page images among them. */
  walBytes?: number;
  walFpi?: number;
  /** Blocks PostgreSQL read from outside its shared buffers per completed request (this database). */
  blksRead?: number;
  /** WAL flushes to disk per request (pg_stat_wal.wal_sync): fewer when commits share one (group commit). */
  walSyncs?: number;
  /** Load average (1 min) when the measurement ended. */
  load?: number;
};

/**
 * User + system CPU time so far of each PostgreSQL process of the machine (its backends and its
 * own: WAL writer, checkpointer…), µs by pid, and under {@link REAPED} the CPU of every process
 * the postmaster has reaped so far (its children's times, `cutime` + `cstime`): a backend or an
 * autovacuum worker that ends between two readings is no longer listed, but its time is there
 * (Linux /proc; undefined elsewhere). The machine's server serves only the bench while it measures.
 */
function postgresCpuUs(): Map<number, number> | undefined {
  try {
    const byPid = new Map<number, number>([[REAPED, 0]]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone since the listing
      }
      if (!stat.includes('(postgres)')) continue;
      byPid.set(Number(entry), statCpuUs(stat));
      byPid.set(REAPED, (byPid.get(REAPED) ?? 0) + statCpuUs(stat, 'children'));
    }
    return byPid;
  } catch {
    return undefined;
  }
}
/** {@link postgresCpuUs}'s key of the reaped processes' CPU. */
const REAPED = -1;

/**
 * PostgreSQL's CPU between two {@link postgresCpuUs} readings: each listed process's growth (all of
 * a process that started in between), and each process that ended in between from what the
 * postmaster reaped (its whole life, less what the first reading had already counted). Until
 * 28 Nov a process that ended in between was left out: the baseline's sale replays, whose pool
 * renews connections under load, read up to a fifth low (bench/perf-windows.ts measured it).
 */
function postgresCpuBetween(a: Map<number, number>, b: Map<number, number>): number {
  let total = (b.get(REAPED) ?? 0) - (a.get(REAPED) ?? 0);
  for (const [pid, us] of b) if (pid !== REAPED) total += us - (a.get(pid) ?? 0);
  for (const [pid, us] of a) if (pid !== REAPED && !b.has(pid)) total -= us;
  return total;
}

/** User + system CPU time of a process so far, µs (Linux /proc; undefined elsewhere). */
function cpuTimeUs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    return statCpuUs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** User + system CPU time in a /proc/<pid>/stat line, µs: the process's own, or its reaped children's. */
function statCpuUs(stat: string, whose: 'own' | 'children' = 'own'): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th,
  // cutime and cstime (children waited for) the 14th and 15th.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = whose === 'own' ? 11 : 13;
  return ((Number(f[at]) + Number(f[at + 1])) * 1e6) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc times are in 1/100 s. */
const CLOCK_TICKS = 100;

async function measure(t: Target, duration: number, connections = CONNECTIONS, ids?: string[]): Promise<Figures> {
  let i = 0;
  const first = t.make(0);
  const result = await autocannon({
    url: t.base,
    connections,
    duration,
    timeout: 30,
    headers: {
      ...t.headers,
      ...(first.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
    },
    requests: [
      {
        method: first.method,
        path: first.path,
        body: first.body,
        setupRequest: (req: Record<string, unknown>) => {
          const r = t.make(i++);
          req.method = r.method;
          req.path = r.path;
          if (r.headers) req.headers = { ...(req.headers as Record<string, string>), ...r.headers };
          if (r.body !== undefined) req.body = r.body;
          return req;
        },
        // POST scenarios keep the id of every 201, to check afterwards that each one exists.
        ...(ids
          ? {
              onResponse: (status: number, body: string) => {
                // An OCTO reserve (fo) answers 200 with the booking.
                if (status === 201 || status === 200) ids.push((JSON.parse(body) as { id: string }).id);
              },
            }
          : {}),
      },
    ],
  });
  const codes: Record<string, number> = {};
  for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (v as { count: number }).count;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    codes,
    errors: result.errors + result.timeouts,
  };
}

type Scenario = {
  id: string;
  label: string;
  api?: Target;
  baseline: Target;
  /** GETs warm up for 2 s first; the POST on one departure must not (it would fill it). */
  warmup: boolean;
  /** Seconds of warm-up when not 2. */
  warmupS?: number;
  /** Fewer connections and a longer measurement for the scenarios whose single request takes seconds. */
  connections?: number;
  duration?: number;
  after?: () => Promise<string[]>;
};

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────

const q = (s: string) => encodeURIComponent(s);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));

/** (fp1) and (fo1): departures on which sales are recorded for the baseline to replay, each. */
const REPLAY_DEPARTURES = 1000;

type Dep = { product_id: string; date: string; time: string };
/** A staff sale's body on departure `h`; the customer's and the baseline's are built from it. */
const saleBody = (h: Dep, i: number, who: string, adults = 1 + (i % 3)) =>
  JSON.stringify({
    product_id: h.product_id,
    date: h.date,
    time: h.time,
    pax: { adult: adults },
    customer_name: `Cliente ${who} ${i}`,
    customer_email: `bench${i}@example.com`,
  });
/**
 * The customer's POST /public/bookings of one adult: one Idempotency-Key and one address each (the
 * public write limit is 20 a minute per address).
 */
const publicSaleRequest = (h: Dep, i: number, key: string) => ({
  method: 'POST' as const,
  path: '/api/v1/public/bookings',
  headers: {
    'idempotency-key': key,
    'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  },
  body: JSON.stringify({
    ...JSON.parse(saleBody(h, i, 'web', 1)),
    customer_phone: '+34 600 000 000',
    accept_terms: true,
  }),
});
/** A channel's OCTO reserve of one adult at availability `at` (the departure's start with its offset). */
const octoReserveRequest = (productId: string, at: string | undefined, key: string) => ({
  method: 'POST' as const,
  path: '/api/octo/v1/bookings',
  headers: { authorization: `Bearer ${key}` },
  body: JSON.stringify({
    uuid: crypto.randomUUID(),
    productId,
    optionId: 'DEFAULT',
    availabilityId: at,
    unitItems: [{ unitId: 'adult' }],
  }),
});

/**
 * Folds what the report totals and the commissions due have pending (ADR 026, 037) — what the
 * app's every-minute tasks do — so that no run measures the dashboards and reports over another
 * run's unfolded sales (a POST run's bookings and their removal leave tens of thousands of deltas;
 * the API processes of a run live for seconds, often before those tasks' first turn).
 */
async function foldRollups(db: pg.Pool, when: string) {
  const t0 = performance.now();
  let folded = 0;
  for (const fn of ['booking_totals_compact', 'commission_due_compact']) {
    for (;;) {
      const n = Number((await db.query<{ n: number }>(`select ${fn}(100000) as n`)).rows[0]?.n ?? 0);
      folded += n;
      if (n < 100000) break;
    }
  }
  if (folded > 0) {
    console.log(
      `  totales pendientes plegados ${when}: ${folded.toLocaleString('es-ES')} cambios en ${Math.round(performance.now() - t0)} ms`,
    );
  }
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`\nWatchdog: el benchmark superó ${WATCHDOG_MS / 1000} s; se detiene.`);
    void stopChildren().finally(() => process.exit(2));
  }, WATCHDOG_MS);
  watchdog.unref();

  const db = new pg.Pool({ connectionString: BENCH_DB_URL, max: 3, application_name: 'trayecto-bench-run' });
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows;

  // PostgreSQL's write-ahead log and reads from outside its buffers so far (per measurement: the deltas).
  const pgIo = async () => {
    const [w] = await one<{ bytes: string; fpi: string; read: string; syncs: string }>(
      `select w.wal_bytes::text as bytes, w.wal_fpi::text as fpi, d.blks_read::text as read,
              w.wal_sync::text as syncs
       from pg_stat_wal w, pg_stat_database d where d.datname = current_database()`,
    );
    return { bytes: Number(w.bytes), fpi: Number(w.fpi), read: Number(w.read), syncs: Number(w.syncs) };
  };

  const [meta] = await one<{ op: string; user_id: string; n: string; today: string; start: string }>(
    `select u.tour_operator_id as op, u.id as user_id, (select count(*) from bookings)::text as n,
            (now() at time zone 'Atlantic/Canary')::date::text as today, now()::text as start
     from users u where u.email = $1`,
    [BENCH_USER_EMAIL],
  );
  if (!meta) throw new Error('No existe la base de datos del benchmark: ejecuta antes `npm run bench:generate`.');
  const { op, today } = meta;
  const runStart = meta.start;
  await foldRollups(db, 'al empezar');
  console.log(
    `Benchmark: ${Number(meta.n).toLocaleString('es-ES')} reservas, ${CONNECTIONS} conexiones, ${DURATION} s por medida, ${os.cpus().length} CPU.`,
  );

  // Parameters read from the data set.
  const weeks = Array.from({ length: 10 }, (_, k) => addDays(today, -7 * (k + 1))); // the 10 past weeks
  const prodRows = await one<{ id: string }>(
    `select product_id as id from bookings where tour_operator_id = $1 and date >= $2::date - 70 and date < $2::date
     group by product_id order by count(*) desc limit 10`,
    [op, today],
  );
  const productIds = prodRows.map((r) => r.id);
  const locators = (
    await one<{ locator: string }>(
      `select locator from bookings where tour_operator_id = $1 order by md5(locator) limit 20`,
      [op],
    )
  ).map((r) => r.locator);
  const hot = await one<{ product_id: string; date: string; time: string; capacity: number; id: string }>(
    `select d.product_id, d.date::text, d.time, d.capacity, d.id from departures d
     where d.tour_operator_id = $1 and d.date between $2::date + 30 and $2::date + 300 and d.seats_taken = 0
       and not d.closed and not exists (select 1 from bookings b where b.departure_id = d.id)
       and d.product_id = (select product_id from departures where tour_operator_id = $1 and date > $2::date + 30
                           and seats_taken = 0 group by product_id order by count(*) desc, product_id limit 1)
     order by d.date, d.time limit 4`,
    [op, today],
  );
  if (hot.length < 4) throw new Error('No hay cuatro salidas futuras vacías para los escenarios (e)');
  const spread = await one<{ product_id: string; date: string; time: string; id: string }>(
    `select product_id, date::text, time, id from departures
     where tour_operator_id = $1 and date between $2::date + 2 and $2::date + 240 and not closed
       and capacity - seats_taken >= 25 and id <> all($3::uuid[])
     order by md5(id::text) limit ${2000 + 2 * REPLAY_DEPARTURES}`,
    [op, today, hot.map((h) => h.id)],
  );
  const spreadApi = spread.slice(0, 2000).filter((_, k) => k % 2 === 0);
  const spreadBase = spread.slice(0, 2000).filter((_, k) => k % 2 === 1);
  // (fp1) and (fo1): departures of their own, recorded sales replayed on them (bench/lib/sale-replay.ts).
  const replayPublic = spread.slice(2000, 2000 + REPLAY_DEPARTURES);
  const replayOcto = spread.slice(2000 + REPLAY_DEPARTURES);
  // Issue 35 goal 3, (fp) and (fo): the customer's POST and a channel's OCTO reserve, spread like (f).
  // (fo) sells through an octo channel made for the run (deleted at the end) with 50 keys used in
  // turn: the OCTO limit is 600 requests a minute per key. Its availability ids carry each
  // departure's UTC offset in the operator's zone, as POST /availability gives them.
  const octo = { channel: '', keys: [] as string[], ids: new Map<string, string>() };
  /** (fp)'s requests, numbered across its warm-up and measurement: one Idempotency-Key and address each. */
  let webSeq = 0;
  if (!ONLY || ONLY.has('fo') || ONLY.has('fo1')) {
    const { newChannelKey } = await import('../apps/api/src/modules/channels/channel-keys');
    const [ch] = await one<{ id: string }>(
      `insert into channels (tour_operator_id, name, kind) values ($1, $2, 'octo') returning id`,
      [op, `Canal bench ${runStart}`],
    );
    octo.channel = ch.id;
    for (let k = 0; k < 50; k++) {
      const key = newChannelKey();
      await one(
        'insert into channel_keys (tour_operator_id, channel_id, key_hash, key_prefix) values ($1, $2, $3, $4)',
        [op, ch.id, key.hash, key.prefix],
      );
      octo.keys.push(key.key);
    }
    const offsets = await one<{ id: string; at: string }>(
      `select d.id, d.date::text || 'T' || d.time || ':00' ||
              case when o.off < interval '0' then '-' else '+' end || to_char(abs(extract(epoch from o.off))::int * interval '1 second', 'HH24:MI') as at
       from departures d
       cross join lateral (select (d.date + d.time::time) - ((d.date + d.time::time) at time zone 'Atlantic/Canary' at time zone 'UTC') as off) o
       where d.id = any($1::uuid[])`,
      [[...spreadApi, ...replayOcto].map((d) => d.id)],
    );
    for (const r of offsets) octo.ids.set(r.id, r.at);
  }

  // The other list endpoints (bench/scenarios.ts): their SQL captured from the API itself, every URL
  // variant, for the baseline to replay (BENCH_ONLY takes scenario ids or endpoint groups).
  const ctx = await listScenarios(db);
  const wanted = (s: ListScenario) => !ONLY || ONLY.has(s.id) || ONLY.has(s.group);
  const listSel = ctx.scenarios.filter(wanted);
  const listTokens = new Map<string, string>();
  const replay: Record<string, Captured['waves'][]> = {};
  const replayFile = path.join(os.tmpdir(), `trayecto-bench-replay-${process.pid}.json`);
  const answers: Record<string, string[]> = {};
  const answersFile = path.join(os.tmpdir(), `trayecto-bench-answers-${process.pid}.json`);
  // Scenario 0's baseline replays what GET /auth/me sends (the user check and the user), as the
  // list scenarios do: "the very same statements" (issue 35, goal 2), not the user check alone.
  const meSelected = !ONLY || ONLY.has('0');
  if (listSel.length > 0 || meSelected) {
    const cap = await startCapturer();
    try {
      for (const [who, id] of Object.entries(ctx.users)) listTokens.set(who, await cap.tokenFor(id));
      const t = performance.now();
      if (meSelected) {
        const me = await cap.capture('/api/v1/auth/me', await cap.tokenFor(meta.user_id));
        if (me.status !== 200) throw new Error(`0: GET /api/v1/auth/me → ${me.status} ${me.body.slice(0, 200)}`);
        replay['0'] = [me.waves];
      }
      for (const s of listSel) {
        replay[s.id] = [];
        for (const u of s.urls) {
          const r = await cap.capture(
            u,
            listTokens.get(s.who),
            s.who === 'public' ? { 'x-forwarded-for': '198.51.100.7' } : {},
          );
          if (r.status !== 200) throw new Error(`${s.id}: GET ${u} → ${r.status} ${r.body.slice(0, 200)}`);
          replay[s.id].push(r.waves);
          if (BASELINE_ANSWER) {
            answers[s.id] ??= [];
            answers[s.id].push(r.body);
          }
        }
      }
      console.log(
        `  SQL de ${listSel.length} escenarios de listas capturado de la API (app.inject) en ${fmtMs(performance.now() - t)}`,
      );
    } finally {
      await cap.close();
    }
  }
  writeFileSync(replayFile, JSON.stringify(replay));
  writeFileSync(answersFile, JSON.stringify(answers));

  // (fp1) and (fo1): the customer's sale and a channel's reserve recorded from the API itself, twice
  // on each of their departures, for the baseline to send the same statements with what each sale
  // makes new made fresh (bench/lib/sale-replay.ts). The OCTO request log's batched INSERT and key
  // touch are left out: they follow the answer, a few requests to one statement.
  const saleReplayFile = path.join(os.tmpdir(), `trayecto-bench-sales-${process.pid}.json`);
  const sales: Record<string, SaleRecording[]> = {};
  const wantSale = (id: string) => !ONLY || ONLY.has(id);
  if (wantSale('fp1') || (wantSale('fo1') && octo.channel)) {
    const cap = await startCapturer();
    const notLog = (waves: Captured['waves']) =>
      waves
        .map((w) => w.filter((st) => !/^\s*(insert into "channel_requests"|update "channel_keys")/i.test(st.text)))
        .filter((w) => w.length > 0);
    const record = async (
      id: string,
      deps: (Dep & { id: string })[],
      req: (
        d: Dep & { id: string },
        k: number,
      ) => { method: string; path: string; headers: Record<string, string>; body: string },
    ) => {
      const t = performance.now();
      sales[id] = [];
      for (const [k, d] of deps.entries()) {
        // A pair again when a statement of another request (a late log batch) fell into one of them.
        for (let attempt = 1; ; attempt++) {
          const pair = [];
          for (const r of [req(d, 8 * k + 2 * attempt), req(d, 8 * k + 2 * attempt + 1)]) {
            const got = await cap.send({ method: r.method, url: r.path, headers: r.headers, payload: r.body });
            if (got.status !== 200 && got.status !== 201)
              throw new Error(`${id}: ${r.method} ${r.path} → ${got.status} ${got.body.slice(0, 200)}`);
            pair.push(notLog(got.waves));
          }
          try {
            sales[id].push(recordingOf(pair[0], pair[1]));
            break;
          } catch (err) {
            if (attempt === 3) throw err;
          }
        }
      }
      const st = sales[id][0];
      console.log(
        `  ${id}: ${sales[id].length * 2} ventas grabadas de la API en ${fmtMs(performance.now() - t)}; ${st.waves.flat().length} sentencias, ${st.tokens.length} valores nuevos en cada una`,
      );
    };
    try {
      if (wantSale('fp1'))
        await record('fp1', replayPublic, (d, k) => publicSaleRequest(d, 1_000_000 + k, `bench-${runStart}-rec-${k}`));
      if (wantSale('fo1') && octo.channel)
        await record('fo1', replayOcto, (d, k) =>
          octoReserveRequest(d.product_id, octo.ids.get(d.id), octo.keys[(k >> 1) % octo.keys.length]),
        );
    } finally {
      await cap.close();
    }
  }
  writeFileSync(saleReplayFile, JSON.stringify(sales));

  // Servers.
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  const profDir = path.join(HERE, 'results', 'prof');
  if (PROFILE) mkdirSync(profDir, { recursive: true });
  pruneCompiledApis();
  /** The API as production runs it (compiled, or from source with BENCH_API_SOURCE=1), or commit `ref`'s. */
  const startApi = async (name: string, port: number, ref?: string) => {
    // BENCH_API_PROFILE=1: V8 CPU profile of the whole API process, written to bench/results/prof when it stops.
    const wholeProfile = PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
    const opts = {
      // Production's log lines go to a file (a service's journal), not through this process.
      logFile: path.join(os.tmpdir(), `trayecto-bench-${process.pid}-${name}.log`),
      preload: PROFILE === 'scenarios' ? ['./bench/cpu-profile.mjs'] : [],
    };
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: BENCH_DB_URL,
      JWT_SECRET,
      // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
      APP_ENCRYPTION_KEY: 'b'.repeat(64),
      SEED_DEMO: 'false',
      LOG_LEVEL: API_LOG_LEVEL,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), 'trayecto-bench-data'),
      // The public scenarios come from many addresses (X-Forwarded-For), as real customers do.
      TRUST_PROXY: 'true',
      // ADR 040: BENCH_API_PREPARED=false measures the sale path's statements sent unnamed.
      DATABASE_PREPARED_STATEMENTS: process.env.BENCH_API_PREPARED ?? 'true',
      // BENCH_WEB_CONCURRENCY=2: the API as node:cluster workers (ADR 009); its CPU figures are then the primary's only.
      WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY ?? '1',
      ...(ref ? API_BEFORE_ENV : {}),
    };
    if (API_FROM_SOURCE && !ref) return startChild(name, [...wholeProfile, 'apps/api/src/server.ts'], env, opts);
    const js = path.relative(REPO, await (ref ? builtApi(ref) : builtApi(API_REF, API_OVERLAY)));
    // `npm run serve`: node --enable-source-maps apps/api/dist/server.js
    return startChild(name, [...wholeProfile, '--enable-source-maps', js], env, { ...opts, compiled: true });
  };
  // The API's periodic tasks land wherever their minute falls: a fold of every earlier line's rollup
  // deltas (and the baselines', whose inserts into bookings make them too), the reminders' scan of
  // every booking (~1 s of PostgreSQL at 1 M), purges. Each charged one random line's window and no
  // baseline's. They wait while the bench runs (the delivery of what a sale queues does not); the
  // rollups are folded by the bench before every sale line instead, each side alike.
  await pauseTasks(db);
  const apiPort = await freePort();
  const beforePort = await freePort();
  const basePort = await freePort();
  const apiBefore = API_BEFORE ? await startApi('API-before', beforePort, API_BEFORE) : undefined;
  const API_B = `http://127.0.0.1:${beforePort}`;
  const api = await startApi('API', apiPort);
  const base = startChild('baseline', ['bench/baseline-server.ts'], {
    DATABASE_URL: BENCH_DB_URL,
    PORT: String(basePort),
    BENCH_REPLAY_FILE: replayFile,
    BENCH_REPLAY_ANSWERS_FILE: answersFile,
    BENCH_SALE_REPLAY_FILE: saleReplayFile,
  });
  const API = `http://127.0.0.1:${apiPort}`;
  const BASE = `http://127.0.0.1:${basePort}`;
  await Promise.all([
    waitHttp(`${API}/api/v1/health`, api),
    waitHttp(`${BASE}/auth-state`, base),
    apiBefore && waitHttp(`${API_B}/api/v1/health`, apiBefore),
  ]);
  // Again, for the tasks a first start has just registered.
  await pauseTasks(db);
  console.log(
    `  API: ${API_FROM_SOURCE ? 'fuente (tsx)' : `compilada (como npm start)${API_REF ? ` de ${API_REF}${API_OVERLAY ? ` + ${API_OVERLAY.join(', ')}` : ''}` : ''}`}, LOG_LEVEL=${API_LOG_LEVEL}${API_BEFORE ? `; antes: ${API_BEFORE} compilada${process.env.BENCH_API_BEFORE_ENV ? ` con ${process.env.BENCH_API_BEFORE_ENV}` : ''}` : ''}${pgSwitchesNote()}`,
  );

  const login = await fetch(`${API}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER_EMAIL, password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${API}/api/v1/bookings?per_page=1`, { headers: auth });
  await probe.arrayBuffer();
  const hasApi = probe.status === 200;
  if (!hasApi)
    console.log(
      `\n⚠ GET /api/v1/bookings responde ${probe.status}: la API de reservas aún no está; solo se mide la línea base.\n`,
    );

  const apiList = (params: string) => `/api/v1/bookings?${params}`;
  const baseList = (params: string) => `/bookings?tour_operator_id=${op}&${params}`;
  const apiGet = (make: (i: number) => string): Target => ({
    base: API,
    headers: auth,
    make: (i) => ({ method: 'GET', path: make(i) }),
  });
  const baseGet = (make: (i: number) => string): Target => ({
    base: BASE,
    headers: {},
    make: (i) => ({ method: 'GET', path: make(i) }),
  });

  // (c) Deep pages: the cursor is found by following X-Next-Cursor through the API (else from SQL).
  const followCursors = !ONLY || ['c1', 'c2', 'c3', 'c4'].some((id) => ONLY.has(id));
  const positionAt = async (rowsDeep: number) => {
    if (hasApi && followCursors) {
      let cursor: string | null = null;
      let pos = 0;
      const t = performance.now();
      while (pos < rowsDeep) {
        const step = Math.min(500, rowsDeep - pos);
        const res: Response = await fetch(`${API}${apiList(`per_page=${step}${cursor ? `&cursor=${cursor}` : ''}`)}`, {
          headers: auth,
        });
        if (res.status !== 200) throw new Error(`cursor: ${res.status} ${await res.text()}`);
        cursor = res.headers.get('x-next-cursor');
        // Read the body: an unread response keeps the connection (and the API's shutdown) waiting.
        await res.arrayBuffer();
        if (!cursor) throw new Error('sin X-Next-Cursor');
        pos += step;
      }
      console.log(
        `  cursor a ${rowsDeep.toLocaleString('es-ES')} filas: ${Math.ceil(rowsDeep / 500)} páginas seguidas en ${fmtMs(performance.now() - t)}`,
      );
      return cursor as string;
    }
    const [r] = await one<{ date: string; time: string; c: string; id: string }>(
      `select date::text, time, created_at::text as c, id from bookings where tour_operator_id = $1
       order by date, time, created_at, id offset $2 limit 1`,
      [op, rowsDeep - 1],
    );
    return Buffer.from(JSON.stringify([r.date, r.time, r.c, r.id])).toString('base64url');
  };
  // Depths: 5,000 rows and 99,950 rows (= page 2000 at 50 per page), less on a small data set.
  const [{ n: opRows }] = await one<{ n: string }>(
    'select count(*)::text as n from bookings where tour_operator_id = $1',
    [op],
  );
  const depth = (want: number) => Math.max(50, Math.min(want, Math.floor((Number(opRows) - 100) / 50) * 50));
  const shallow = depth(5000);
  const deep = depth(99_950);
  const pageOf = (d: number) => d / 50 + 1;
  const cursor5k = await positionAt(shallow);
  const cursor100k = await positionAt(deep);
  const n = (x: number) => x.toLocaleString('es-ES');

  const wk = (i: number) => weeks[i % weeks.length];
  const range = (i: number) => `date%5Bgte%5D=${wk(i)}&date%5Blte%5D=${addDays(wk(i), 6)}`;
  const baseRange = (i: number) => `date_gte=${wk(i)}&date_lte=${addDays(wk(i), 6)}`;
  const hotBody = saleBody;
  const post = (baseUrl: string, p: string, headers: Record<string, string>, body: (i: number) => string): Target => ({
    base: baseUrl,
    headers,
    make: (i) => ({ method: 'POST', path: p, body: body(i) }),
  });

  const verifyDepartures = async (ids: string[]) => {
    const rows = await one<{ n: string; over: string; mismatch: string; created: string; seats: string }>(
      `select count(*)::text as n,
              count(*) filter (where d.seats_taken > d.capacity)::text as over,
              count(*) filter (where d.seats_taken <> coalesce(s.seats, 0))::text as mismatch,
              coalesce(sum(s.created), 0)::text as created, coalesce(sum(s.seats), 0)::text as seats
       from departures d
       left join (select departure_id, sum(seats) filter (where state <> 'cancelled') as seats,
                         count(*) filter (where created_at >= $2::timestamptz) as created
                  from bookings where departure_id = any($1::uuid[]) group by departure_id) s on s.departure_id = d.id
       where d.id = any($1::uuid[])`,
      [ids, runStart],
    );
    return rows[0];
  };

  const scenarios: Scenario[] = [
    {
      id: '0',
      label: 'GET /auth/me (coste fijo: token + usuario)',
      api: apiGet(() => '/api/v1/auth/me'),
      baseline: baseGet(() => (replay['0'] ? '/replay/0/0' : `/auth-state?user_id=${meta.user_id}`)),
      warmup: true,
    },
    {
      id: 'a',
      label: '(a) lista 7 días, sort=date,time, 50/pág.',
      api: apiGet((i) => apiList(`${range(i)}&sort=date,time&per_page=50`)),
      baseline: baseGet((i) => baseList(`${baseRange(i)}&sort=date,time&per_page=50`)),
      warmup: true,
    },
    {
      id: 'b',
      label: '(b) ídem + product_id + state',
      api: apiGet((i) =>
        apiList(
          `${range(i)}&product_id%5Beq%5D=${productIds[i % productIds.length]}&state%5Beq%5D=completed&sort=date,time&per_page=50`,
        ),
      ),
      baseline: baseGet((i) =>
        baseList(
          `${baseRange(i)}&product_id=${productIds[i % productIds.length]}&state=completed&sort=date,time&per_page=50`,
        ),
      ),
      warmup: true,
    },
    {
      id: 'c1',
      label: `(c) keyset: cursor a ${n(shallow)} filas`,
      api: apiGet(() => apiList(`per_page=50&cursor=${cursor5k}`)),
      baseline: baseGet(() => baseList(`per_page=50&cursor=${cursor5k}`)),
      warmup: true,
    },
    {
      id: 'c2',
      label: `(c) OFFSET: page=${pageOf(shallow)} (${n(shallow)} filas)`,
      api: apiGet(() => apiList(`per_page=50&page=${pageOf(shallow)}`)),
      baseline: baseGet(() => baseList(`per_page=50&page=${pageOf(shallow)}`)),
      warmup: true,
    },
    {
      id: 'c3',
      label: `(c) keyset: cursor a ${n(deep)} filas`,
      api: apiGet(() => apiList(`per_page=50&cursor=${cursor100k}`)),
      baseline: baseGet(() => baseList(`per_page=50&cursor=${cursor100k}`)),
      warmup: true,
    },
    {
      id: 'c4',
      label: `(c) OFFSET: page=${pageOf(deep)} (${n(deep)} filas)`,
      api: apiGet(() => apiList(`per_page=50&page=${pageOf(deep)}`)),
      baseline: baseGet(() => baseList(`per_page=50&page=${pageOf(deep)}`)),
      warmup: true,
    },
    {
      id: 'e',
      label: `(e) POST, una salida (cap. ${hot[0].capacity})`,
      api: post(API, '/api/v1/bookings', auth, (i) => hotBody(hot[0], i, 'API')),
      baseline: post(BASE, '/bookings', {}, (i) => hotBody(hot[1], i, 'base')),
      warmup: false,
    },
    {
      id: 'f',
      label: `(f) POST, ${spreadApi.length} salidas`,
      api: post(API, '/api/v1/bookings', auth, (i) => hotBody(spreadApi[i % spreadApi.length], i, 'API', 1)),
      baseline: post(BASE, '/bookings', {}, (i) => hotBody(spreadBase[i % spreadBase.length], i, 'base', 1)),
      warmup: true,
    },
    {
      id: 'fp',
      label: `(fp) POST /public/bookings (Idempotency-Key), ${spreadApi.length} salidas`,
      api: {
        base: API,
        headers: {},
        make: () => {
          const i = webSeq++;
          return publicSaleRequest(spreadApi[i % spreadApi.length], i, `bench-${runStart}-${i}`);
        },
      },
      baseline: post(BASE, '/bookings', {}, (i) => hotBody(spreadBase[i % spreadBase.length], i, 'base', 1)),
      warmup: true,
    },
    {
      id: 'fo',
      label: `(fo) POST /api/octo/v1/bookings (reserva de un canal), ${spreadApi.length} salidas`,
      api: {
        base: API,
        headers: {},
        make: (i) => {
          const d = spreadApi[i % spreadApi.length];
          return octoReserveRequest(d.product_id, octo.ids.get(d.id), octo.keys[i % Math.max(1, octo.keys.length)]);
        },
      },
      baseline: post(BASE, '/bookings', {}, (i) => hotBody(spreadBase[i % spreadBase.length], i, 'base', 1)),
      warmup: true,
    },
    {
      id: 'e9',
      label: `(e) POST, una salida: las 6 sentencias de la API con pg (solo línea base)`,
      baseline: post(BASE, `/bookings-api-shape?user_id=${meta.user_id}`, {}, (i) => hotBody(hot[2], i, 'base9')),
      warmup: false,
    },
    {
      id: 'e9f',
      label: `(e) ídem con 409 temprano (salida leída ya llena) (solo línea base)`,
      baseline: post(BASE, `/bookings-api-shape?fastfail=1&user_id=${meta.user_id}`, {}, (i) =>
        hotBody(hot[3], i, 'base9f'),
      ),
      warmup: false,
    },
    {
      id: 'f9',
      label: `(f) POST, ${spreadBase.length} salidas: las 6 sentencias de la API antes de ADR 041 con pg (solo línea base)`,
      baseline: post(BASE, `/bookings-api-shape?user_id=${meta.user_id}`, {}, (i) =>
        hotBody(spreadBase[i % spreadBase.length], i, 'base12', 1),
      ),
      warmup: true,
    },
    {
      id: 'f1',
      label: `(f) POST, ${spreadBase.length} salidas: las 3 sentencias de la API (ADR 041) con pg, con nombre (solo línea base)`,
      baseline: post(BASE, `/bookings-api-shape-one?user_id=${meta.user_id}`, {}, (i) =>
        hotBody(spreadBase[i % spreadBase.length], i, 'base1', 1),
      ),
      warmup: true,
    },
    {
      id: 'fp1',
      label: `(fp) POST /public/bookings, ${replayPublic.length} salidas: las sentencias de la venta del cliente, grabadas de la API, con pg (solo línea base)`,
      baseline: {
        base: BASE,
        headers: {},
        make: (i) => ({ method: 'POST', path: `/replay-sale/fp1/${i}`, body: '{}' }),
      },
      warmup: true,
    },
    {
      id: 'fo1',
      label: `(fo) POST /api/octo/v1/bookings, ${replayOcto.length} salidas: las sentencias de la reserva del canal, grabadas de la API, con pg (solo línea base)`,
      baseline: {
        base: BASE,
        headers: {},
        make: (i) => ({ method: 'POST', path: `/replay-sale/fo1/${i}`, body: '{}' }),
      },
      warmup: true,
    },
    {
      id: 'd',
      label: '(d) q=<localizador>',
      connections: 2,
      api: apiGet((i) => apiList(`q=${q(locators[i % locators.length])}&per_page=50`)),
      baseline: baseGet((i) => baseList(`q=${q(locators[i % locators.length])}&per_page=50`)),
      warmup: false,
      duration: Math.max(DURATION, 20),
    },
    {
      id: 'd2',
      label: '(d) q=<apellido> + 7 días',
      api: apiGet((i) => apiList(`q=garcia&${range(i)}&sort=date,time&per_page=50`)),
      baseline: baseGet((i) => baseList(`q=garcia&${baseRange(i)}&sort=date,time&per_page=50`)),
      warmup: true,
    },
  ];
  for (const s of listSel) {
    const token = listTokens.get(s.who);
    // Public requests come from 1,000 addresses in turn (the public rate limit is per address).
    const xff = (i: number) =>
      s.who === 'public' ? { 'x-forwarded-for': `10.${(i >> 8) & 3}.${i & 255}.${1 + (i % 7)}` } : undefined;
    scenarios.push({
      id: s.id,
      label: `[${s.group}] ${s.id} ${s.label}`,
      api: {
        base: API,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        make: (i) => ({ method: 'GET', path: s.urls[i % s.urls.length], headers: xff(i % 1000) }),
      },
      baseline: baseGet((i) => `/replay/${s.id}/${i % s.urls.length}`),
      warmup: true,
      warmupS: 1,
      duration: LIST_DURATION,
    });
  }

  // Same rows from both sides (first request of each list scenario), and the same SQL text: when a
  // scenario of the bookings list (baseline-sql.ts) is measured.
  const bookingsListIds = ['a', 'b', 'c1', 'c2', 'c3', 'c4', 'd', 'd2'];
  if (hasApi && (!ONLY || bookingsListIds.some((id) => ONLY.has(id)))) {
    await checkSql(db, meta.user_id, op, { weeks, productIds, locators, cursor5k, offset: deep });
    for (const s of scenarios.filter(
      (x) =>
        x.api && x.id !== '0' && x.baseline.make(0).method === 'GET' && !x.baseline.make(0).path.startsWith('/replay/'),
    )) {
      const a = s.api!.make(0);
      const b = s.baseline.make(0);
      const [ra, rb] = await Promise.all([fetch(`${API}${a.path}`, { headers: auth }), fetch(`${BASE}${b.path}`)]);
      const [ja, jb] = (await Promise.all([ra.json(), rb.json()])) as { id: string }[][];
      const same =
        ra.status === 200 &&
        ja.length === jb.length &&
        ja.every((x, k) => x.id === jb[k].id) &&
        ra.headers.get('x-total-count') === rb.headers.get('x-total-count');
      console.log(
        `  ${s.id.padEnd(3)} mismas filas API/base: ${same ? 'sí' : 'NO'} (${ja.length} filas, total ${ra.headers.get('x-total-count')})`,
      );
      if (!same) throw new Error(`API y línea base no devuelven lo mismo en ${s.id}`);
    }
    // The deep cursor from following pages lands where OFFSET lands.
    const [p1, p2] = await Promise.all([
      fetch(`${API}${apiList(`per_page=50&page=${pageOf(deep)}`)}`, { headers: auth }).then((r) => r.json()),
      fetch(`${API}${apiList(`per_page=50&cursor=${cursor100k}`)}`, { headers: auth }).then((r) => r.json()),
    ]);
    const sameDeep = (p1 as { id: string }[]).every((x, k) => x.id === (p2 as { id: string }[])[k]?.id);
    console.log(`  cursor a ${n(deep)} filas = page=${pageOf(deep)}: ${sameDeep ? 'sí' : 'NO'}`);
    if (!sameDeep) throw new Error('El cursor no llega a la misma fila que OFFSET');
  }

  /**
   * Waits until neither server has a query running in the bench database (requests still in flight
   * when autocannon stopped would otherwise weigh on the next measurement); cancels them after 60 s.
   */
  const drain = async () => {
    const until = Date.now() + 60_000;
    const busy = `select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and state <> 'idle'
                    and application_name in ('trayecto', 'trayecto-bench-baseline')`;
    while (Date.now() < until) {
      const [{ n }] = await one<{ n: number }>(busy);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    await one(`select pg_cancel_backend(pid) from pg_stat_activity
               where datname = current_database() and state <> 'idle'
                 and application_name in ('trayecto', 'trayecto-bench-baseline')`);
    console.log('  (consultas pendientes canceladas tras 60 s)');
  };

  /** After a POST scenario: the seats invariant on its departures and every 201 in the database. */
  const verifyPosts = async (side: string, deps: string[], ids: string[], f: Figures) => {
    const v = await verifyDepartures(deps);
    const [{ found }] = await one<{ found: number }>(
      'select count(*)::int as found from bookings where id = any($1::uuid[])',
      [ids],
    );
    const ok = v.over === '0' && v.mismatch === '0' && found === ids.length;
    const note =
      `${side}: ${f.codes['201'] ?? f.codes['200'] ?? 0}×201/200 y ${f.codes['409'] ?? 0}×409 medidos; ${ids.length} reservas respondidas en total ` +
      `(con calentamiento), ${found} de ellas en la base de datos, ${v.created} reservas nuevas en ${deps.length} salida(s) ` +
      `(${v.seats} plazas ocupadas); ${v.over} salidas sobre capacidad, ${v.mismatch} con seats_taken ≠ suma — ` +
      `${ok ? 'OK' : 'INCOHERENTE'}`;
    console.log(`  ${note}`);
    return note;
  };

  type Row = { s: Scenario; api?: Figures; before?: Figures; base?: Figures; notes: string[] };
  const rows: Row[] = [];
  const selected = scenarios.filter((s) => !ONLY || ONLY.has(s.id) || listSel.some((x) => x.id === s.id));
  const sides = [...(apiBefore ? (['before'] as const) : []), 'api', 'base'] as const;
  // The POST scenarios fill their departures: only the current API posts (no "before" side).
  const targetOf = (s: Scenario, side: (typeof sides)[number]) =>
    side === 'base'
      ? s.baseline
      : !hasApi || !s.api
        ? undefined
        : side === 'api'
          ? s.api
          : s.api.make(0).method === 'GET'
            ? { ...s.api, base: API_B }
            : undefined;
  // A warm process (issue 35): every selected GET once through each API before anything is measured,
  // so that no scenario is measured in a process that has only ever served that one request.
  if (WARMUP_S > 0 && hasApi) {
    const t = performance.now();
    for (const s of selected.filter((x) => x.warmup && !x.connections)) {
      for (const side of sides.filter((x) => x !== 'base')) {
        const target = targetOf(s, side);
        if (target && target.make(0).method === 'GET') await measure(target, WARMUP_S);
      }
    }
    await drain();
    console.log(`  calentamiento de la API: ${fmtMs(performance.now() - t)}`);
  }
  for (const s of selected) {
    process.stdout.write(`\n${s.label}${s.connections ? ` (${s.connections} conexiones)` : ''}\n`);
    const out: Row = { s, notes: [] };
    for (const side of sides) {
      const target = targetOf(s, side);
      if (!target) continue;
      const ids: string[] = [];
      const isPost = target.make(0).method === 'POST';
      await drain();
      if (isPost) {
        await foldRollups(db, `antes de ${s.id} (${side})`);
        // Every sale side starts right after a checkpoint: the first writes to a page after one log
        // the whole page (FPI), so a side that ran just after a timed or a previous run's checkpoint
        // paid more WAL than one late in the cycle (the first line measured was always the slowest).
        await db.query('checkpoint');
      }
      if (s.warmup) await measure(target, s.warmupS ?? 2, s.connections, isPost ? ids : undefined);
      const profiled = PROFILE === 'scenarios' && side !== 'base' ? (side === 'api' ? api : apiBefore) : undefined;
      if (profiled) await ask(profiled, { profile: 'start' });
      const server = side === 'base' ? base : side === 'api' ? api : apiBefore;
      const io0 = await pgIo();
      const cpu0 = cpuTimeUs(server?.proc.pid);
      const pg0 = postgresCpuUs();
      const gen0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      const f = await measure(target, s.duration ?? DURATION, s.connections, isPost ? ids : undefined);
      const t1 = process.hrtime.bigint();
      const gen = process.cpuUsage(gen0);
      if (WINDOWS_FILE) {
        const sec = (ns: bigint) => (Number(ns / 1000n) / 1e6).toFixed(6);
        appendFileSync(WINDOWS_FILE, `${s.id} ${side} ${server?.proc.pid ?? 0} ${sec(t0)} ${sec(t1)} ${f.total}\n`);
      }
      const pg1 = postgresCpuUs();
      const cpu1 = cpuTimeUs(server?.proc.pid);
      if (cpu0 !== undefined && cpu1 !== undefined && f.total > 0) f.cpuUs = Math.round((cpu1 - cpu0) / f.total);
      if (pg0 && pg1 && f.total > 0) f.pgUs = Math.round(postgresCpuBetween(pg0, pg1) / f.total);
      if (f.total > 0) f.genUs = Math.round((gen.user + gen.system) / f.total);
      const io1 = await pgIo();
      if (f.total > 0) {
        f.walBytes = Math.round((io1.bytes - io0.bytes) / f.total);
        f.walFpi = Number(((io1.fpi - io0.fpi) / f.total).toFixed(2));
        f.blksRead = Number(((io1.read - io0.read) / f.total).toFixed(2));
        f.walSyncs = Number(((io1.syncs - io0.syncs) / f.total).toFixed(2));
      }
      f.load = os.loadavg()[0];
      if (profiled) {
        const file = path.join(profDir, `${stamp}-${s.id}${side === 'before' ? '-before' : ''}.cpuprofile`);
        await ask(profiled, { profile: 'stop', file });
      }
      await drain();
      out[side] = f;
      console.log(
        `  ${{ api: 'API     ', before: 'API antes', base: 'baseline' }[side]} ${f.rps.toFixed(1).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  CPU ${f.cpuUs ?? '—'} µs/pet. (PostgreSQL ${f.pgUs ?? '—'}, carga ${f.genUs ?? '—'}; WAL ${f.walBytes ?? '—'} B, ${f.walFpi ?? '—'} FPI, ${f.walSyncs ?? '—'} fsync, ${f.blksRead ?? '—'} bloques leídos /pet.)  códigos ${JSON.stringify(f.codes)}${f.errors ? `  errores/timeouts ${f.errors}` : ''}  (carga ${os.loadavg()[0].toFixed(1)})`,
      );
      if (s.id === 'e') out.notes.push(await verifyPosts(side, [hot[side === 'api' ? 0 : 1].id], ids, f));
      if (s.id === 'e9') out.notes.push(await verifyPosts(side, [hot[2].id], ids, f));
      if (s.id === 'e9f') out.notes.push(await verifyPosts(side, [hot[3].id], ids, f));
      if (s.id === 'f' || s.id === 'f9' || s.id === 'f1' || s.id === 'fp' || s.id === 'fo') {
        out.notes.push(
          await verifyPosts(
            side,
            (side === 'api' ? spreadApi : spreadBase).map((d) => d.id),
            ids,
            f,
          ),
        );
      }
    }
    rows.push(out);
  }

  // Table.
  const ms = (n: number | undefined) => (n === undefined ? '—' : `${n}`);
  const num = (n: number | undefined) => (n === undefined ? '—' : n < 10 ? n.toFixed(1) : n.toFixed(0));
  const codes = (f?: Figures) =>
    f
      ? Object.entries(f.codes)
          .filter(([c]) => !c.startsWith('2'))
          .map(([c, n]) => `${n}×${c}`)
          .concat(f.errors ? [`${f.errors} timeouts/errores`] : [])
          .join(' ') || '0'
      : '—';
  const ratio = (a?: Figures, b?: Figures) => (a && b?.rps ? (a.rps / b.rps).toFixed(2) : '—');
  // Columns: each side's throughput, latency and CPU per request (µs of the server process), then
  // the ratios to the baseline; with BENCH_API_BEFORE the "before" API's figures come first.
  type Col = [string, (r: Row) => string, string?];
  const sideCols = (name: string, f: (r: Row) => Figures | undefined, withCodes: boolean): Col[] => [
    [`${name} req/s`, (r) => num(f(r)?.rps)],
    [`${name} p50 ms`, (r) => ms(f(r)?.p50)],
    [`${name} p99 ms`, (r) => ms(f(r)?.p99)],
    ...(withCodes ? ([[`${name} no-2xx`, (r) => codes(f(r)), 'left']] as Col[]) : []),
    [`${name} CPU µs/pet.`, (r) => ms(f(r)?.cpuUs)],
  ];
  // PostgreSQL's and the load generator's CPU per request, after the ratio (the columns before keep their places).
  const cpuCols = (name: string, f: (r: Row) => Figures | undefined): Col[] => [
    [`${name} PG µs/pet.`, (r) => ms(f(r)?.pgUs)],
    [`${name} carga µs/pet.`, (r) => ms(f(r)?.genUs)],
  ];
  const cols: Col[] = [
    ['escenario', (r) => `${r.s.label}${r.s.connections ? ` (${r.s.connections} conex.)` : ''}`, 'left'],
    ...(apiBefore ? sideCols('antes', (r) => r.before, false) : []),
    ...sideCols('API', (r) => r.api, true),
    ...sideCols('base', (r) => r.base, true),
    ['carga', (r) => (r.api?.load ?? r.base?.load)?.toFixed(1) ?? '—'],
    ...(apiBefore ? ([['antes/base', (r) => ratio(r.before, r.base)]] as Col[]) : []),
    ['API/base req/s', (r) => ratio(r.api, r.base)],
    ...cpuCols('API', (r) => r.api),
    ...cpuCols('base', (r) => r.base),
  ];
  const lines = [
    `| ${cols.map((c) => c[0]).join(' | ')} |`,
    `|${cols.map((c) => (c[2] === 'left' ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${cols.map((c) => c[1](r)).join(' | ')} |`),
  ];
  const notes = rows.flatMap((r) => r.notes.map((n) => `- ${r.s.id}: ${n}`));
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const how = `${ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}, ` : ''}API ${API_FROM_SOURCE ? 'desde la fuente (tsx)' : `compilada${API_REF ? ` de ${API_REF}${API_OVERLAY ? ` + ${API_OVERLAY.join(', ')}` : ''}` : ''}`}, LOG_LEVEL=${API_LOG_LEVEL}${API_BEFORE ? `, antes = ${API_BEFORE}${process.env.BENCH_API_BEFORE_ENV ? ` con ${process.env.BENCH_API_BEFORE_ENV}` : ''}` : ''}${pgSwitchesNote()}`;
  const header = `${new Date().toISOString()} — ${Number(meta.n).toLocaleString('es-ES')} reservas, ${CONNECTIONS} conexiones, ${DURATION} s/medida, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? ''}), Node ${process.version}, ${how}, carga al terminar ${load}`;
  const md = [header, '', ...lines, '', ...notes].join('\n');
  console.log(`\n${md}\n`);
  mkdirSync(path.join(HERE, 'results'), { recursive: true });
  writeFileSync(path.join(HERE, 'results', `run-${stamp}.md`), `${md}\n`);
  writeFileSync(
    path.join(HERE, 'results', `run-${stamp}.json`),
    `${JSON.stringify(
      rows.map((r) => ({
        id: r.s.id,
        label: r.s.label,
        ...(r.before ? { before: r.before } : {}),
        api: r.api,
        baseline: r.base,
        notes: r.notes,
      })),
      null,
      2,
    )}\n`,
  );
  console.log(
    `API: ${logLines(api)} líneas de log (LOG_LEVEL=${API_LOG_LEVEL}). Resultados en bench/results/run-${stamp}.md`,
  );

  if (!KEEP) {
    // Leave the data set as generated: remove what the POST scenarios created, restore seats.
    const c = await db.connect();
    try {
      await c.query('begin');
      const del = await c.query<{ departure_id: string }>(
        `with gone as (select id, departure_id from bookings where created_at >= $1::timestamptz),
              ev as (delete from booking_events where booking_id in (select id from gone)),
              pay as (delete from payments where booking_id in (select id from gone)),
              -- Their confirmations (queued for ever without SMTP: each run's would pile up in the
              -- outbox the next runs' delivery reads) and audit entries.
              msg as (delete from messages where booking_id in (select id from gone)),
              aud as (delete from audit_log where entity_type = 'booking' and entity_id in (select id from gone))
         delete from bookings b using gone where b.id = gone.id returning b.departure_id`,
        [runStart],
      );
      const ids = [...new Set(del.rows.map((r) => r.departure_id))];
      await c.query(
        `update departures d set seats_taken = coalesce((select sum(seats) from bookings b
                                 where b.departure_id = d.id and b.state <> 'cancelled'), 0)
         where d.id = any($1::uuid[])`,
        [ids],
      );
      // (fp) and (fo): their keys, the jobs that would end the channel's holds, and the run's channel.
      await c.query(`delete from idempotency_keys where scope = 'public-bookings' and key like $1`, [
        `bench-${runStart}-%`,
      ]);
      await c.query(`delete from jobs where kind = 'payments.hold-expiry' and created_at >= $1::timestamptz`, [
        runStart,
      ]);
      if (octo.channel) {
        for (const t of ['channel_requests', 'channel_keys']) {
          await c.query(`delete from ${t} where channel_id = $1`, [octo.channel]);
        }
        await c.query('delete from channels where id = $1', [octo.channel]);
      }
      await c.query('commit');
      console.log(`Limpieza: ${del.rowCount} reservas del benchmark borradas, ${ids.length} salidas restauradas.`);
    } catch (err) {
      await c.query('rollback');
      throw err;
    } finally {
      c.release();
    }
    await foldRollups(db, 'tras la limpieza');
    await vacuumWritten(db);
  }
  await resumeTasks(db);
  await db.end();
}

/** The API's periodic tasks that wait while the bench runs: all but the outbox's delivery. */
const PAUSED_TASKS = `name <> 'messages.deliver'`;

/** Puts the API's periodic tasks a day ahead (job_tasks keeps `next_run_at` when a process registers them). */
async function pauseTasks(db: pg.Pool) {
  await db.query(`update job_tasks set next_run_at = now() + interval '1 day' where ${PAUSED_TASKS}`);
}

/** Makes the paused tasks due again (a day ahead is later than any task's period). */
async function resumeTasks(db: pg.Pool) {
  await db.query(
    `update job_tasks set next_run_at = now() where ${PAUSED_TASKS} and next_run_at > now() + interval '12 hours'`,
  );
}

/** The tables a run's sales and their cleanup leave dead rows in (bookings' rows and indexes first). */
const WRITTEN_TABLES = [
  'bookings',
  'booking_events',
  'payments',
  'messages',
  'audit_log',
  'departures',
  'idempotency_keys',
  'jobs',
  'rate_limit_hits',
  // The rollups' queue and the rollups the fold rewrites (ADR 026/041), the OCTO request log and its
  // keys' last use: this machine's PostgreSQL runs without autovacuum (CI's configuration), and the
  // queue's dead rows made the dashboards read 263 MB (the seller's 25 → 650 ms) after a day of runs.
  'booking_totals_change',
  'booking_totals',
  'channel_requests',
  'channel_keys',
];

/**
 * VACUUM of what the run wrote and deleted, so that the next run starts on the data set as its
 * last VACUUM left it instead of meeting autovacuum halfway through (the minimal transaction moved
 * by up to 45 % between the lines of one run, the first lowest). ~25 s on the 1 M data set after a
 * run of the three sales. BENCH_VACUUM=0 skips it.
 */
async function vacuumWritten(db: pg.Pool) {
  if (process.env.BENCH_VACUUM === '0') return;
  const t0 = performance.now();
  for (const t of WRITTEN_TABLES) await db.query(`vacuum ${t}`);
  console.log(
    `  VACUUM de ${WRITTEN_TABLES.length} tablas escritas en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * Builds the API's list queries with its own repository code (drizzle, capturing the SQL instead of
 * reading it from logs) and compares them with the baseline's text: same SQL, same parameters.
 */
async function checkSql(
  pool: pg.Pool,
  userId: string,
  op: string,
  v: { weeks: string[]; productIds: string[]; locators: string[]; cursor5k: string; offset: number },
) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('../apps/api/src/db/schema');
  const { parseListQuery } = await import('../apps/api/src/lib/filters');
  const repo = await import('../apps/api/src/modules/bookings/bookings.repository');
  const captured: { text: string; params: unknown[] }[] = [];
  const d = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  });
  const actor = { id: userId, level: 1, tourOperatorId: op, fullName: '' };
  const [date, time, createdAt, id] = JSON.parse(Buffer.from(v.cursor5k, 'base64url').toString('utf8'));
  const after = { date, time, createdAt, id };
  const from = v.weeks[0];
  const to = addDays(from, 6);
  const cases: {
    name: string;
    query: Record<string, string>;
    shape: ListShape;
    values: ListValues;
    keyset?: boolean;
  }[] = [
    {
      name: 'a',
      query: { 'date[gte]': from, 'date[lte]': to, sort: 'date,time', per_page: '50' },
      shape: { dateRange: true, sort: 'date,time' },
      values: { tourOperatorId: op, dateFrom: from, dateTo: to, limit: 51 },
    },
    {
      name: 'b',
      query: {
        'date[gte]': from,
        'date[lte]': to,
        'product_id[eq]': v.productIds[0],
        'state[eq]': 'completed',
        sort: 'date,time',
        per_page: '50',
      },
      shape: { dateRange: true, productId: true, state: true, sort: 'date,time' },
      values: {
        tourOperatorId: op,
        dateFrom: from,
        dateTo: to,
        productId: v.productIds[0],
        state: 'completed',
        limit: 51,
      },
    },
    {
      name: 'c-keyset',
      query: { per_page: '50' },
      shape: { sort: 'default', keyset: true },
      values: { tourOperatorId: op, after, limit: 51 },
      keyset: true,
    },
    {
      name: 'c-offset',
      query: { per_page: '50', page: String(v.offset / 50 + 1) },
      shape: { sort: 'default', offset: true },
      values: { tourOperatorId: op, limit: 51, offset: v.offset },
    },
    {
      name: 'd',
      query: { q: v.locators[0], per_page: '50' },
      shape: { q: true, sort: 'default' },
      values: { tourOperatorId: op, q: v.locators[0], limit: 51 },
    },
  ];
  let allSame = true;
  for (const c of cases) {
    captured.length = 0;
    await repo.listBookings(
      d as never,
      actor,
      parseListQuery(c.query, repo.BOOKING_LIST_SPEC),
      c.keyset ? after : undefined,
    );
    const mine = listSql(c.shape, c.values);
    // ADR 032 (2026-11-26): one statement, the page with its links and its total; the count alone
    // (a second statement) only for an empty page past page one.
    const [page, count] = captured;
    const same =
      page?.text === mine.page.text &&
      (count === undefined || count.text === mine.count?.text) &&
      JSON.stringify(page?.params) === JSON.stringify(mine.page.values) &&
      (count === undefined || JSON.stringify(count.params) === JSON.stringify(mine.count?.values));
    allSame &&= same;
    if (!same) {
      console.log(
        `  SQL distinto en ${c.name}:\n  API:  ${page?.text}\n        ${JSON.stringify(page?.params)}\n  base: ${mine.page.text}\n        ${JSON.stringify(mine.page.values)}`,
      );
      console.log(`  API count: ${count?.text}\n  base count: ${mine.count?.text}`);
    }
  }
  console.log(`  SQL de la línea base = SQL de la API (a, b, c, d): ${allSame ? 'sí' : 'NO'}`);
  if (!allSame) throw new Error('La línea base no envía el mismo SQL que la API: actualiza bench/baseline-sql.ts');
}

main()
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    for (const c of children) {
      const tail = tailOf(c);
      if (tail) console.error(`--- ${c.name} (últimas líneas)\n${tail}`);
    }
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopChildren();
    for (const c of children) if (c.logFile) rmSync(c.logFile, { force: true });
    process.exit();
  });
