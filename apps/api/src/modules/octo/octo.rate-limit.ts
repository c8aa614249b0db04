/**
 * The OCTO API's rate limit (ADR 023): per key, counted in the database like the public limits
 * (lib/rate-limit.ts's fixed windows in `rate_limit_hits`, purged by the same background task), so
 * every API process behind a load balancer counts the same requests. Over the limit: 429 with
 * Retry-After and the OCTO error body. A failing store never takes the API down: the request goes
 * through and a warning is logged (as the public limits do).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { OctoError } from './octo.errors';
import { findCallerByKeyHash, findCallerCounting, type OctoCaller } from './octo.repository';
import { callerOf, keyHashOf } from './octo.service';

export type OctoRateLimitOptions = {
  /** Requests per window and key. */
  max: number;
  windowMs: number;
};

/**
 * 600 requests a minute per key: a channel manager syncing a few dozen products' calendars and
 * checking availability before each sale stays well under it.
 */
export const DEFAULT_OCTO_RATE_LIMIT: OctoRateLimitOptions = { max: 600, windowMs: 60_000 };

/**
 * The caller of a request (octo.service's `keyHashOf` and `callerOf`: 401 UNAUTHORIZED otherwise)
 * counted in its key's window in the same statement (ADR 043: one round trip, not two), and, over
 * the limit, the 429 to answer (the caller is known: the refusal is logged as its request). Should
 * counting fail, the request is authenticated uncounted and a warning logged: a failing store never
 * takes the API down.
 */
export async function authenticateCounted(
  db: DbOrTx,
  log: FastifyBaseLogger,
  authorization: string | undefined,
  opts: OctoRateLimitOptions,
): Promise<{ caller: OctoCaller; refusal?: OctoError }> {
  const keyHash = keyHashOf(authorization);
  let found: Awaited<ReturnType<typeof findCallerCounting>>;
  try {
    found = await findCallerCounting(db, keyHash, opts.windowMs);
  } catch (err) {
    log.warn({ err }, 'rate-limit store failed; the request is let through');
    return { caller: callerOf(await findCallerByKeyHash(db, keyHash)) };
  }
  const { hits, ttl, ...caller } = callerOf(found);
  if (hits <= opts.max) return { caller };
  const seconds = String(Math.max(1, Math.ceil(ttl / 1000)));
  const refusal = new OctoError('BAD_REQUEST', 'rateLimited', {
    status: 429,
    params: { seconds },
    headers: { 'Retry-After': seconds },
  });
  return { caller, refusal };
}
