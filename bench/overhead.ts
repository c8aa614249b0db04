/**
 * The API's own CPU per request (issue 35, goal 2), measured in one process: the application
 * (`buildApp`, production's logger at info writing to /dev/null) answers each scenario's requests
 * through `app.inject` on the bench database, and the process's CPU time (user + system, what
 * Node spent: routing, hooks, token, logging, drizzle, pg's protocol, mapping, serialising) is
 * divided by the requests. PostgreSQL's own work is another process and not counted. HTTP parsing
 * and the socket are not counted either (inject): run.ts's "CPU µs/pet." has them.
 *
 * Less exposed to a busy machine than req/s: CPU time is the process's own. With OVERHEAD_B the
 * same requests also go through a second copy of the application built from other sources, in
 * turns (A, B, A, B …) in this same process, so both see the same machine: before/after in one run.
 *
 *   BENCH_DB_NAME=trayecto_bench_x node --import tsx bench/overhead.ts
 *
 * Beside them, unless OVERHEAD_BARE=0, the bare side: run.ts's baseline in this same process (Fastify
 * without hooks and `pg` replaying the statements side A sent for each request); `base/A CPU` is the
 * share of A's CPU a bare process needs for the same statements (goal 2's ratio, in CPU).
 *
 * OVERHEAD_PROFILE=<folder>: a V8 CPU profile of each side's measured turns per scenario
 * (`<id>-A.cpuprofile`, `<id>-B.cpuprofile`), for bench/profile-summary.ts and bench/flamegraph.ts.
 *
 * OVERHEAD_HEAP=1: V8's sampling heap profiler over the measured turns instead of CPU profiles: the
 * KB each side allocates per request, garbage included, and the functions that allocate most (ADR
 * 053; OVERHEAD_HEAP_TOP of them, 8 by default). Bytes allocated, unlike CPU time, hardly move
 * with what else the machine runs.
 *
 * OVERHEAD_BUILDS=1: no timing; for each scenario, after a warm-up, how many statements one request
 * sends and how many SQL texts drizzle builds for it (calls of drizzle's `SQL#toQuery`): a read whose
 * selects are kept as templates (ADR 052) builds none, so a screen with builds left is one to look at.
 * OVERHEAD_BUILDS=where also prints the application's function that asked for each build, where the
 * synchronous stack shows one (`?`: a builder awaited as a thenable, run from a microtask).
 *
 * OVERHEAD_ACCEPT_ENCODING: the Accept-Encoding every request sends (a browser's: 'gzip, deflate, br').
 *
 * Env: OVERHEAD_ONLY (scenario ids: 0, a, b and the list ids of scenarios.ts, or `all`; default the
 * cheap-SQL set), OVERHEAD_N (requests per turn, 200), OVERHEAD_ROUNDS (turns per side, 5), OVERHEAD_CONNECTIONS
 * (requests in flight, 10), OVERHEAD_A / OVERHEAD_B: the sources of each side, `worktree` (this
 * checkout) or `<git ref>[+path,path…]` (that commit with these working-tree paths over it,
 * bench/lib/api-build.ts); A defaults to the working tree, B to none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { JWT_SECRET, type Rec, type Statement, toWaves } from './capture';
import { BENCH_DB_URL } from './config';
import { sourceTree } from './lib/api-build';
import { listScenarios } from './scenarios';

const REPO = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.OVERHEAD_N ?? 200);
const ROUNDS = Number(process.env.OVERHEAD_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.OVERHEAD_CONNECTIONS ?? 10);
const CHEAP = '0,us1,ve1,pe1,ac1,al3,ms1,in1,cm2,ca2,a,b,db2';
const ONLY = new Set((process.env.OVERHEAD_ONLY ?? CHEAP).split(',').map((s) => s.trim()));
const PROFILE_DIR = process.env.OVERHEAD_PROFILE;
/** OVERHEAD_ACCEPT_ENCODING=br (or 'gzip, deflate, br'): answers compressed as a browser gets them. */
const ACCEPT_ENCODING = process.env.OVERHEAD_ACCEPT_ENCODING;

/** V8's sampling profiler of this process, one profile per scenario and side (OVERHEAD_PROFILE). */
class Profiler {
  #session = new Session();
  #ready = (async () => {
    this.#session.connect();
    await this.#session.post('Profiler.enable');
    await this.#session.post('Profiler.setSamplingInterval', { interval: 100 });
  })();
  /** Profiles `fn`'s run into `file`, adding to what the same file already got (several turns). */
  #nodes = new Map<string, unknown[]>();
  async around<T>(fn: () => Promise<T>, key: string): Promise<T> {
    await this.#ready;
    await this.#session.post('Profiler.start');
    const out = await fn();
    const { profile } = await this.#session.post('Profiler.stop');
    const list = this.#nodes.get(key) ?? [];
    list.push(profile);
    this.#nodes.set(key, list);
    return out;
  }
  /** Writes each key's turns as one profile (their samples side by side). */
  flush(dir: string) {
    mkdirSync(dir, { recursive: true });
    for (const [key, profiles] of this.#nodes) {
      for (const [i, p] of profiles.entries())
        writeFileSync(path.join(dir, `${key}-${i + 1}.cpuprofile`), JSON.stringify(p));
    }
    this.#nodes.clear();
  }
}
const profiler = PROFILE_DIR ? new Profiler() : undefined;

type HeapNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
};

/**
 * V8's sampling heap profiler over each side's measured turns (OVERHEAD_HEAP=1, ADR 053): what each
 * request allocates, garbage included (the objects minor and major GCs collected are kept in the
 * samples), and by which function. Bytes allocated hardly depend on what else the machine runs,
 * unlike CPU time: a change's garbage can be compared on a noisy host.
 */
class HeapSampler {
  #session = new Session();
  #ready = (async () => {
    this.#session.connect();
    await this.#session.post('HeapProfiler.enable');
  })();
  /** key → bytes by function, and the requests they cover. */
  readonly totals = new Map<string, { bytes: Map<string, number>; requests: number }>();
  async around<T>(fn: () => Promise<T>, key: string, requests: number): Promise<T> {
    await this.#ready;
    await this.#session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const out = await fn();
    const { profile } = (await this.#session.post('HeapProfiler.stopSampling')) as unknown as {
      profile: { head: HeapNode };
    };
    const t = this.totals.get(key) ?? { bytes: new Map<string, number>(), requests: 0 };
    t.requests += requests;
    const walk = (n: HeapNode) => {
      if (n.selfSize) {
        const cf = n.callFrame;
        const name = `${cf.functionName || '(anónima)'} ${cf.url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|bench)\//, '$1/')}:${cf.lineNumber + 1}`;
        t.bytes.set(name, (t.bytes.get(name) ?? 0) + n.selfSize);
      }
      for (const c of n.children) walk(c);
    };
    walk(profile.head);
    this.totals.set(key, t);
    return out;
  }
  /** KB allocated per request, and the functions that allocate most. */
  report(key: string, top = Number(process.env.OVERHEAD_HEAP_TOP ?? 8)): string {
    const t = this.totals.get(key);
    if (!t) return '';
    const all = [...t.bytes.values()].reduce((a, b) => a + b, 0);
    const kb = (b: number) => (b / 1024 / t.requests).toFixed(1);
    const rows = [...t.bytes].sort((a, b) => b[1] - a[1]).slice(0, top);
    return [
      `  ${key}: ${kb(all)} KB asignados por petición`,
      ...rows.map(([f, b]) => `    ${kb(b).padStart(7)} KB  ${f}`),
    ].join('\n');
  }
}
const heap = process.env.OVERHEAD_HEAP === '1' ? new HeapSampler() : undefined;
const BUILDS = process.env.OVERHEAD_BUILDS === '1' || process.env.OVERHEAD_BUILDS === 'where';

/**
 * OVERHEAD_BUILDS: each request of `reqs` once, the statements it sends and the SQL texts drizzle
 * builds for it (its `SQL#toQuery`, the method every build ends in, ADR 044), per request.
 */
async function countBuilds(side: Side, reqs: Req[]): Promise<{ statements: number; builds: number }> {
  const { SQL } = await import('drizzle-orm');
  const proto = SQL.prototype as unknown as { toQuery: (...a: unknown[]) => unknown };
  const toQuery = proto.toQuery;
  let builds = 0;
  const where = new Map<string, number>();
  proto.toQuery = function (this: unknown, ...a: unknown[]) {
    builds++;
    if (process.env.OVERHEAD_BUILDS === 'where') {
      // The application's frame that asked for it (OVERHEAD_BUILDS=where).
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack;
      Error.stackTraceLimit = limit;
      const frame = stack?.split('\n').find((l) => l.includes('/apps/api/src/') && !l.includes('/db/'));
      const at =
        frame
          ?.trim()
          .replace(/^at /, '')
          .replace(/\(?\/.*apps\/api\/src\//, '(') ?? '?';
      where.set(at, (where.get(at) ?? 0) + 1);
    }
    return toQuery.apply(this, a);
  };
  let statements = 0;
  try {
    for (const r of reqs) {
      const { waves } = await (side.record as NonNullable<Side['record']>)(() =>
        side.app.inject({ method: 'GET', url: r.url, headers: r.headers }),
      );
      statements += waves.flat().length;
    }
  } finally {
    proto.toQuery = toQuery;
  }
  for (const [at, n] of where) console.log(`    ${(n / reqs.length).toFixed(1)} × ${at}`);
  return { statements: statements / reqs.length, builds: builds / reqs.length };
}

type Side = {
  name: string;
  app: FastifyInstance;
  token: (userId: string) => Promise<string>;
  /** Records the statements its pool sends while `fn` runs (to give the bare side the same SQL). */
  record?: <T>(fn: () => Promise<T>) => Promise<{ out: T; waves: Statement[][] }>;
};

/**
 * The bare side (run.ts's baseline in this process): Fastify with no hooks, `pg` with the API's pool
 * size, and for each request the statements side A sent for it, each wave's concurrently, answering
 * the largest result as JSON (baseline-server.ts's /replay). "The very same statements" (goal 2).
 */
async function startBare(): Promise<{ app: FastifyInstance; waves: Map<string, Statement[][]> }> {
  const Fastify = (await import('fastify')).default;
  // Dates and timestamps stay text, as in baseline-server.ts (per pool: the API's parsers untouched).
  const raw = (v: string) => v;
  const pool = new pg.Pool({
    connectionString: BENCH_DB_URL,
    max: 10,
    application_name: 'trayecto-bench-overhead-bare',
    options: '-c jit=off', // as the API's connections (apps/api/src/db/pg-session.ts)
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        [1082, 1114, 1184].includes(oid) ? raw : pg.types.getTypeParser(oid, format as 'text')) as never,
    },
  });
  const waves = new Map<string, Statement[][]>();
  const app = Fastify({ logger: false });
  app.get('/replay/:key', async (req) => {
    let biggest: unknown[] = [];
    for (const wave of waves.get((req.params as { key: string }).key) ?? []) {
      const results = await Promise.all(wave.map((st) => pool.query({ ...st, rowMode: 'array' })));
      for (const r of results) if (r.rows.length >= biggest.length) biggest = r.rows;
    }
    return biggest;
  });
  app.addHook('onClose', async () => {
    await pool.end();
  });
  await app.ready();
  return { app, waves };
}

/** The application from a source tree root (this checkout or bench/out/src-…), on the bench database. */
async function startSide(name: string, spec: string): Promise<Side> {
  let root = REPO;
  if (spec !== 'worktree') {
    const [ref, overlay] = spec.split('+');
    root = sourceTree({ ref, overlay: overlay ? overlay.split(',') : [] }).src;
  }
  const mod = (p: string) => import(pathToFileURL(path.join(root, 'apps/api/src', p)).href);
  const { buildApp } = await mod('app.ts');
  const { loadConfig } = await mod('config/env.ts');
  const { openDatabase } = await mod('db/client.ts');
  const { createLogger } = await mod('lib/logger.ts');
  const { createTokenService } = await mod('modules/auth/auth.tokens.ts');
  const pino = (await import('pino')).default;
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: BENCH_DB_URL,
      JWT_SECRET,
      APP_ENCRYPTION_KEY: 'b'.repeat(64),
      DATA_DIR: '/tmp/trayecto-bench-overhead',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
    },
    { readDotenv: false },
  );
  const database = await openDatabase({ kind: 'postgres', url: BENCH_DB_URL });
  // Its pool's statements, recorded on demand (capture.ts's waves: concurrent ones together).
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  let recs: Rec[] | undefined;
  const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const p = query(...args);
    if (recs) {
      const [cfg, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const rec = {
        text: typeof cfg === 'string' ? cfg : cfg.text,
        values: values ?? (typeof cfg === 'string' ? [] : (cfg.values ?? [])),
        t0: performance.now(),
        t1: Number.POSITIVE_INFINITY,
      };
      recs.push(rec);
      const done = () => {
        rec.t1 = performance.now();
      };
      void p.then(done, done);
    }
    return p;
  };
  // Production's logger (lib/logger.ts) at info: every request's line is written, to /dev/null.
  const log = createLogger('info', pino.destination({ dest: '/dev/null', sync: true }));
  const app: FastifyInstance = await buildApp({
    config,
    database,
    jwtSecret: JWT_SECRET,
    loggerInstance: log,
    background: false,
    reminders: false,
    publicRateLimit: { readMax: 1_000_000, writeMax: 1_000_000 },
  });
  await app.ready();
  const tokens = createTokenService(JWT_SECRET, '12h');
  const pool = new pg.Pool({ connectionString: BENCH_DB_URL, max: 1 });
  return {
    name,
    app,
    async record(fn) {
      recs = [];
      const out = await fn();
      const waves = toWaves(recs);
      recs = undefined;
      return { out, waves };
    },
    async token(userId) {
      const { rows } = await pool.query<{ level: number; op: string | null; ver: number }>(
        'select level, tour_operator_id as op, token_version as ver from users where id = $1',
        [userId],
      );
      return tokens.sign({ sub: userId, level: rows[0].level, tour_operator_id: rows[0].op, ver: rows[0].ver });
    },
  };
}

type Req = { url: string; headers: Record<string, string> };

/** `n` requests, `CONNECTIONS` in flight; CPU µs and wall ms per request. */
async function burst(app: FastifyInstance, reqs: Req[], n: number) {
  let next = 0;
  let bad = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < n) {
        const r = reqs[next++ % reqs.length];
        const res = await app.inject({ method: 'GET', url: r.url, headers: r.headers });
        if (res.statusCode !== 200) bad++;
      }
    }),
  );
  const c = process.cpuUsage(c0);
  return { cpuUs: (c.user + c.system) / n, wallMs: (performance.now() - t0) / n, bad };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const db = new pg.Pool({ connectionString: BENCH_DB_URL, max: 2 });
  const ctx = await listScenarios(db);
  const [meta] = (
    await db.query<{ admin: string; today: string; op: string }>(
      `select id as admin, tour_operator_id as op, (now() at time zone 'Atlantic/Canary')::date::text as today
       from users where email = 'bench.admin@teide-aventura.test'`,
    )
  ).rows;
  const products = (
    await db.query<{ id: string }>(
      `select product_id as id from bookings where tour_operator_id = $1 and date >= $2::date - 70 and date < $2::date
       group by product_id order by count(*) desc limit 10`,
      [meta.op, meta.today],
    )
  ).rows.map((r) => r.id);
  const week = (k: number) => {
    const from = new Date(Date.parse(`${meta.today}T00:00:00Z`) - 7 * (k + 1) * 86_400_000);
    const to = new Date(from.getTime() + 6 * 86_400_000);
    return `date%5Bgte%5D=${from.toISOString().slice(0, 10)}&date%5Blte%5D=${to.toISOString().slice(0, 10)}`;
  };
  const scenarios: { id: string; who: string; urls: string[] }[] = [
    { id: '0', who: 'admin', urls: ['/api/v1/auth/me'] },
    {
      id: 'a',
      who: 'admin',
      urls: Array.from({ length: 10 }, (_, k) => `/api/v1/bookings?${week(k)}&sort=date,time&per_page=50`),
    },
    {
      id: 'b',
      who: 'admin',
      urls: Array.from(
        { length: 10 },
        (_, k) =>
          `/api/v1/bookings?${week(k)}&product_id%5Beq%5D=${products[k % products.length]}&state%5Beq%5D=completed&sort=date,time&per_page=50`,
      ),
    },
    ...ctx.scenarios,
  ].filter((s) => ONLY.has('all') || ONLY.has(s.id) || ONLY.has((s as { group?: string }).group ?? ''));
  await db.end();

  const sides = [await startSide('A', process.env.OVERHEAD_A ?? 'worktree')];
  if (process.env.OVERHEAD_B) sides.push(await startSide('B', process.env.OVERHEAD_B));
  // OVERHEAD_BARE=0 leaves the bare side out.
  const bare = process.env.OVERHEAD_BARE === '0' || BUILDS ? undefined : await startBare();
  const bareSide: Side | undefined = bare && { name: 'base', app: bare.app, token: async () => '' };
  const allSides = bareSide ? [...sides, bareSide] : sides;
  if (BUILDS)
    console.log('| escenario | sentencias por petición | textos SQL construidos por drizzle |\n|---|---:|---:|');
  else
    console.log(
      `CPU de la API por petición (app.inject, ${CONNECTIONS} en vuelo, ${N} × ${ROUNDS} turnos por lado): ` +
        sides
          .map((s) => `${s.name} = ${s.name === 'A' ? (process.env.OVERHEAD_A ?? 'worktree') : process.env.OVERHEAD_B}`)
          .join(', '),
    );
  const ratioCols = [
    ...(sides.length > 1 ? ['B/A CPU'] : []),
    ...(bareSide ? sides.map((x) => `base/${x.name} CPU`) : []),
  ];
  const header = `| escenario | ${allSides.map((x) => `${x.name} CPU µs/pet. | ${x.name} ms/pet.`).join(' | ')}${ratioCols.map((c) => ` | ${c}`).join('')} |`;
  const lines = [header, `|---|${allSides.map(() => '---:|---:').join('|')}${ratioCols.map(() => '|---:').join('')}|`];
  for (const s of scenarios) {
    const users = ctx.users as Record<string, string>;
    const reqsOf = async (side: Side): Promise<Req[]> => {
      const headers: Record<string, string> =
        s.who === 'public'
          ? { 'x-forwarded-for': '198.51.100.7' }
          : { authorization: `Bearer ${await side.token(users[s.who] ?? meta.admin)}` };
      if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
      return s.urls.map((url) => ({ url, headers }));
    };
    const reqs = await Promise.all(sides.map(reqsOf));
    if (BUILDS) {
      await burst(sides[0].app, reqs[0], Math.max(20, reqs[0].length));
      const c = await countBuilds(sides[0], reqs[0]);
      console.log(`| ${s.id} | ${c.statements.toFixed(1)} | ${c.builds.toFixed(1)} |`);
      continue;
    }
    if (bare && bareSide) {
      // The bare side's requests: the statements side A sends for each URL, captured once.
      const keys: Req[] = [];
      for (const [k, r] of reqs[0].entries()) {
        const key = `${s.id}-${k}`;
        const a = sides[0];
        const { waves } = await (a.record as NonNullable<Side['record']>)(() =>
          a.app.inject({ method: 'GET', url: r.url, headers: r.headers }),
        );
        bare.waves.set(key, waves);
        keys.push({ url: `/replay/${key}`, headers: {} });
      }
      reqs.push(keys);
    }
    // Warm: the JIT has seen this route on each side before anything is counted.
    for (const [k, side] of allSides.entries()) await burst(side.app, reqs[k], Math.max(50, N / 2));
    const cpu: number[][] = allSides.map(() => []);
    const wall: number[][] = allSides.map(() => []);
    let bad = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, side] of allSides.entries()) {
        const run = () => burst(side.app, reqs[k], N);
        const r = profiler
          ? await profiler.around(run, `${s.id}-${side.name}`)
          : heap
            ? await heap.around(run, `${s.id}-${side.name}`, N)
            : await run();
        cpu[k].push(r.cpuUs);
        wall[k].push(r.wallMs);
        bad += r.bad;
      }
    }
    const cells = allSides.map((_, k) => `${median(cpu[k]).toFixed(0)} | ${median(wall[k]).toFixed(2)}`);
    const b = allSides.length - 1;
    const ratios = [
      ...(sides.length > 1 ? [median(cpu[1]) / median(cpu[0])] : []),
      ...(bareSide ? sides.map((_, k) => median(cpu[b]) / median(cpu[k])) : []),
    ];
    const line = `| ${s.id} | ${cells.join(' | ')}${ratios.map((r) => ` | ${r.toFixed(2)}`).join('')} |${bad ? ` (${bad} respuestas ≠ 200)` : ''}`;
    lines.push(line);
    console.log(line);
    if (heap) for (const side of allSides) console.log(heap.report(`${s.id}-${side.name}`));
  }
  if (!BUILDS) console.log(`\n${lines.join('\n')}\n`);
  if (profiler && PROFILE_DIR) {
    profiler.flush(PROFILE_DIR);
    console.log(`Perfiles en ${PROFILE_DIR} (<escenario>-<lado>-<turno>.cpuprofile, ${N} peticiones cada uno)`);
  }
  for (const side of allSides) await side.app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
