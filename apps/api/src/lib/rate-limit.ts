/**
 * Rate limits of the public API (PRODUCT.md §1: nothing kept in process memory), built on
 * @fastify/rate-limit with a store in the `rate_limit_hits` table, so every API process behind a
 * load balancer counts the same requests.
 *
 * Fixed windows: the first request of a key opens a window of `windowMs`; each request adds one in
 * a single upsert; the window resets once it has passed. A failing store never takes the routes
 * down: the request goes through (fail open) and a warning is logged.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { affectedRows, type DbOrTx } from '../db/client';
import { ASYNC_COMMIT } from '../db/pg-session';
import { withPreparedStatements } from '../db/prepared-statements';
import { AppError } from './app-error';

export type PublicRateLimitOptions = {
  /** Requests per window and address for reads (GET). */
  readMax: number;
  /** Requests per window and address for writes (create, update, cancel). */
  writeMax: number;
  windowMs: number;
};

export const DEFAULT_PUBLIC_RATE_LIMIT: PublicRateLimitOptions = { readMax: 300, writeMax: 20, windowMs: 60_000 };

export const RATE_LIMITED_MESSAGE = 'Demasiadas peticiones, inténtalo de nuevo en unos segundos';

const PURGE_BATCH = 500;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Adds one hit to a key's window and answers the hits in it and the milliseconds until it resets,
 * in one statement (INSERT … ON CONFLICT DO UPDATE: concurrent requests of any process serialise on
 * the row, none is lost).
 */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  // ADR 040: an upsert by key on every limited request, prepared on the server.
  const res = await withPreparedStatements(() =>
    db.execute<{ hits: number; ttl: number }>(countHits(sql`select ${key}::text`, sql`${windowMs / 1000}`)),
  );
  const row = res.rows[0];
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/**
 * The upsert that adds one hit to the window of each key `keys` selects (a select of one text
 * column) and returns `hits` and `ttl` (ms until the window resets): {@link hit}'s statement, and a
 * part of a statement that counts the request it authenticates (the OCTO API's keys, ADR 043).
 * `windowSecs` is a parameter or a placeholder. Its statement commits asynchronously (ADR 048): a
 * server crash may forget the last hits of a window, never more; so it is never run inside a
 * transaction that writes anything else.
 */
export function countHits(keys: SQL, windowSecs: SQL): SQL {
  const win = sql`make_interval(secs => ${windowSecs}::float8)`;
  return sql`
    insert into rate_limit_hits as t (key, hits, reset_at)
    select k.key, 1, now() + ${win} from (${keys}) as k (key), ${ASYNC_COMMIT}
    on conflict (key) do update set
      hits = case when t.reset_at <= now() then 1 else t.hits + 1 end,
      reset_at = case when t.reset_at <= now() then now() + ${win} else t.reset_at end
    returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`;
}

/**
 * Deletes windows that ended a while ago (bounded, so it stays cheap): the `rate-limit.purge`
 * background task (background.ts) repeats it, never a request. Returns how many.
 */
export async function purgeExpiredHits(db: DbOrTx, limit = PURGE_BATCH): Promise<number> {
  const res = await db.execute(sql`
    delete from rate_limit_hits where key in (
      select key from rate_limit_hits where reset_at < now() - interval '1 minute' limit ${limit})`);
  return affectedRows(res);
}

/** A @fastify/rate-limit store class over the database (the plugin instantiates it itself). */
function databaseStore(db: DbOrTx, log: FastifyBaseLogger) {
  return class DatabaseRateLimitStore {
    incr(key: string, cb: IncrCallback, timeWindow: number) {
      hit(db, key, timeWindow).then(
        (result) => cb(null, result),
        (err: Error) => {
          log.warn({ err, key }, 'rate-limit store failed; the request is let through');
          cb(err);
        },
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  };
}

/** The client's address as the limits see it: behind TRUST_PROXY, the forwarded one; IPv6 by /64. */
const addressOf = (req: FastifyRequest) => normalizeIP(req.ip);

/**
 * Registers the limiter in the calling plugin's scope and answers one onRequest hook per route
 * group (reads, writes). The hook runs before the body is read; over the limit it answers
 * 429 with Retry-After and a Spanish message.
 */
export async function registerPublicRateLimits(app: FastifyInstance, opts: PublicRateLimitOptions) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db, app.log),
    skipOnError: true,
    timeWindow: opts.windowMs,
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError({
        code: 'RATE_LIMITED',
        message: RATE_LIMITED_MESSAGE,
        headers: { 'Retry-After': String(seconds) },
      });
    },
  });
  const limiter = (group: string, max: number) =>
    app.rateLimit({
      max,
      timeWindow: opts.windowMs,
      keyGenerator: (req) => `public:${group}:${addressOf(req)}`,
    }) as unknown as onRequestAsyncHookHandler;
  return { read: limiter('read', opts.readMax), write: limiter('write', opts.writeMax) };
}
