/**
 * Where a request reads from (docs/decisions/033-read-replica.md). `req.dbRead` is the handle the
 * lag-tolerant reads of a request use (lists, reports, exports): the read replica while it keeps up
 * and the caller has no recent write it could miss, otherwise the primary (`app.db`). Without
 * DATABASE_REPLICA_URL it is always `app.db`.
 *
 * Read-your-own-writes: when an authenticated request that may write (any method but GET, HEAD,
 * OPTIONS) ends, its time is kept for its user in this process and sent back as the cookie
 * `trayecto_written_at`; that user's reads stay on the primary until the replica has replayed a
 * primary position sampled after that time (usually the next check, a quarter of a second). The
 * cookie carries the rule to the other processes and machines a browser's next request may reach
 * (WEB_CONCURRENCY > 1, a balancer); the in-process record covers API clients that keep no cookies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database this request's lag-tolerant reads go to: the replica, or the primary when there
     * is none, it lags or is down, or this user has just written. Never for writes or transactions.
     */
    dbRead: Db;
  }
}

/** The cookie with the time (epoch ms) of the caller's last write. */
export const WRITTEN_AT_COOKIE = 'trayecto_written_at';
/** How long the cookie lives (s): longer than the replica may lag while reads go to it. */
const WRITTEN_AT_MAX_AGE_S = 10;
const WRITTEN_AT_RE = new RegExp(`(?:^|;\\s*)${WRITTEN_AT_COOKIE}=(\\d{1,15})(?:;|$)`);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writers remembered in this process before the old ones are forgotten. */
const MAX_REMEMBERED = 10_000;

/** The write time a request's cookie carries, never later than now (a forged future time). */
function writtenAtOf(req: FastifyRequest): number | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const m = WRITTEN_AT_RE.exec(header);
  return m ? Math.min(Number(m[1]), Date.now()) : undefined;
}

export function registerReadRouting(app: FastifyInstance, database: Database) {
  const replica = database.replica;
  const primary = database.db;
  if (!replica) {
    app.decorateRequest('dbRead', {
      getter() {
        return primary;
      },
    });
    return;
  }

  /** user id → when their last write ended (epoch ms), until the replica has it. */
  const lastWrite = new Map<string, number>();

  const readerFor = (req: FastifyRequest): Db => {
    if (!replica.usable()) return primary;
    const userId = req.actor?.id;
    const wrote = userId ? lastWrite.get(userId) : undefined;
    if (wrote !== undefined) {
      if (!replica.caughtUpTo(wrote)) return primary;
      lastWrite.delete(userId as string);
    }
    const cookie = writtenAtOf(req);
    if (cookie !== undefined && !replica.caughtUpTo(cookie)) return primary;
    return replica.db;
  };
  app.decorateRequest('dbRead', {
    getter(this: FastifyRequest) {
      return readerFor(this);
    },
  });

  app.addHook('onSend', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !req.actor) return;
    const now = Date.now();
    if (lastWrite.size >= MAX_REMEMBERED) {
      for (const [id, at] of lastWrite) if (now - at > WRITTEN_AT_MAX_AGE_S * 1000) lastWrite.delete(id);
    }
    lastWrite.set(req.actor.id, now);
    reply.header(
      'Set-Cookie',
      `${WRITTEN_AT_COOKIE}=${now}; Path=/api; Max-Age=${WRITTEN_AT_MAX_AGE_S}; HttpOnly; SameSite=Strict${req.protocol === 'https' ? '; Secure' : ''}`,
    );
  });
}
