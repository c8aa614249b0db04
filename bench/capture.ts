/**
 * The SQL the API sends for a request, exactly as it builds it: the real application (`buildApp`)
 * runs in this process on a `pg` pool whose `query` is wrapped to record every statement (text,
 * parameters, start and end), and each request goes through `app.inject`. run.ts gives what it
 * records to the baseline server (the same statements through a bare `pg` pool) and explain.ts
 * runs `EXPLAIN (ANALYZE, BUFFERS)` on it.
 *
 * Statements are grouped into waves: one that starts after every earlier one has finished opens a
 * new wave; one that starts while another is running joins it (the API's `Promise.all` of a page and
 * its count). The baseline runs a wave's statements concurrently and the waves one after another.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { BENCH_DB_URL } from './config';

export const JWT_SECRET = 'bench-jwt-secret-0123456789abcdefghijklmnop';

/** `prepared`: the API sent it named (ADR 040), so the baseline does too. */
export type Statement = { text: string; values: unknown[]; prepared?: boolean; returned?: unknown };
export type Captured = { status: number; waves: Statement[][]; ms: number; body: string };

/** A statement as the pool sent it, with when it started and when its answer came. */
export type Rec = Statement & { t0: number; t1: number };

/**
 * The statements of one request in waves: those in flight together (sent before the previous
 * ones answered, e.g. a page and its count under Promise.all) form one wave; the baselines send
 * each wave's statements side by side and the waves one after another.
 */
export function toWaves(recs: Rec[]): Statement[][] {
  const waves: Statement[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const r of recs) {
    if (waves.length === 0 || r.t0 >= end) waves.push([]);
    waves[waves.length - 1].push({
      text: r.text,
      values: r.values,
      ...(r.prepared ? { prepared: true } : {}),
      ...(r.returned === undefined ? {} : { returned: r.returned }),
    });
    end = Math.max(end, r.t1);
  }
  return waves;
}

export type Capturer = {
  app: FastifyInstance;
  /** Signs a token for a user of the bench database (its current token_version). */
  tokenFor(userId: string): Promise<string>;
  capture(url: string, token?: string, headers?: Record<string, string>): Promise<Captured>;
  /** Any request (a sale's POST), its statements recorded like {@link capture}'s. */
  send(req: { method: string; url: string; headers?: Record<string, string>; payload?: string }): Promise<Captured>;
  close(): Promise<void>;
};

export async function startCapturer(): Promise<Capturer> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('../apps/api/src/db/schema');
  const { buildApp } = await import('../apps/api/src/app');
  const { inPreparedScope } = await import('../apps/api/src/db/prepared-statements');
  const { loadConfig } = await import('../apps/api/src/config/env');
  const { createTokenService } = await import('../apps/api/src/modules/auth/auth.tokens');

  const pool = new pg.Pool({ connectionString: BENCH_DB_URL, max: 10, application_name: 'trayecto-bench-capture' });
  let recs: Rec[] = [];
  const orig = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [cfg, params] = args;
    const text = typeof cfg === 'string' ? cfg : (cfg as { text: string }).text;
    const rec: Rec = {
      text,
      values: (params as unknown[]) ?? [],
      // The API's pool names what is sent in this scope (ADR 040); this pool does not, it records.
      prepared: inPreparedScope(),
      t0: performance.now(),
      t1: Number.POSITIVE_INFINITY,
    };
    recs.push(rec);
    const p = orig(...args);
    void p.then(
      (res) => {
        rec.t1 = performance.now();
        // Its first row: a later statement may send a value it returned (sale-replay.ts's links).
        rec.returned = (res as { rows?: unknown[] } | undefined)?.rows?.[0];
      },
      () => {
        rec.t1 = performance.now();
      },
    );
    return p;
  };
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: BENCH_DB_URL,
      JWT_SECRET,
      // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
      APP_ENCRYPTION_KEY: 'b'.repeat(64),
      DATA_DIR: '/tmp/trayecto-bench-capture',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
    },
    { readDotenv: false },
  );
  // The project's own Database (migration checks, health, …) with its drizzle swapped for the
  // recording one: every query the routes send goes through the wrapped pool above.
  const { openDatabase } = await import('../apps/api/src/db/client');
  const database = await openDatabase({ kind: 'postgres', url: BENCH_DB_URL, poolSize: 2 });
  const app = await buildApp({
    config,
    database: {
      ...database,
      db: db as never,
      close: async () => {
        await database.close();
        await pool.end();
      },
    },
    jwtSecret: JWT_SECRET,
    logger: false,
    publicRateLimit: { readMax: 1_000_000, writeMax: 1_000_000 },
    // No background work in this process: its periodic tasks' statements (outbox claims, totals
    // compaction, job leases) went through the same recording pool and were captured as part of
    // whichever request was in flight, and the baseline then replayed them on every request.
    background: false,
    reminders: false,
  });
  await app.ready();
  const tokens = createTokenService(JWT_SECRET, '12h');

  const capturer: Capturer = {
    app,
    async tokenFor(userId) {
      const { rows } = await pool.query<{ level: number; op: string | null; ver: number }>(
        'select level, tour_operator_id as op, token_version as ver from users where id = $1',
        [userId],
      );
      const u = rows[0];
      if (!u) throw new Error(`usuario ${userId} no existe`);
      return tokens.sign({ sub: userId, level: u.level, tour_operator_id: u.op, ver: u.ver } as never);
    },
    capture(url, token, headers = {}) {
      return capturer.send({
        method: 'GET',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    async send({ method, url, headers = {}, payload }) {
      recs = [];
      const t = performance.now();
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      const ms = performance.now() - t;
      const waves = toWaves(recs);
      return { status: res.statusCode, waves, ms, body: res.body };
    },
    async close() {
      await app.close();
    },
  };
  return capturer;
}
