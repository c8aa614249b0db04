/**
 * The OCTO API's rate limit (ADR 023): per key, counted in the database like the public limits
 * (lib/rate-limit.ts's fixed windows in `rate_limit_hits`, purged by the same background task), so
 * every API process behind a load balancer counts the same requests. Over the limit: 429 with
 * Retry-After and the OCTO error body. A failing store never takes the API down: the request goes
 * through and a warning is logged (as the public limits do).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { hit } from '../../lib/rate-limit';
import { OctoError } from './octo.errors';

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

/** Counts one request of a key; throws the 429 when the key is over its limit. */
export async function limitKey(db: DbOrTx, log: FastifyBaseLogger, keyId: string, opts: OctoRateLimitOptions) {
  let counted: { current: number; ttl: number };
  try {
    counted = await hit(db, `octo:${keyId}`, opts.windowMs);
  } catch (err) {
    log.warn({ err, keyId }, 'rate-limit store failed; the request is let through');
    return;
  }
  if (counted.current <= opts.max) return;
  const seconds = String(Math.max(1, Math.ceil(counted.ttl / 1000)));
  throw new OctoError('BAD_REQUEST', 'rateLimited', {
    status: 429,
    params: { seconds },
    headers: { 'Retry-After': seconds },
  });
}
