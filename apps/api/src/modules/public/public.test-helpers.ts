/** Shared set-up of the public API tests: requests without a token, bodies, keys. */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys } from '../../db/schema';
import { bookingBody } from '../bookings/bookings.test-helpers';

/** Requests as a customer's browser sends them: no Authorization header. */
export function publicApi(app: FastifyInstance) {
  const get = (url: string) => app.inject({ method: 'GET', url });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object | string, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      payload,
      headers: typeof payload === 'string' ? { 'content-type': 'application/json', ...headers } : headers,
    });
  /** POST /api/v1/public/bookings with an Idempotency-Key (a fresh one unless given). */
  const book = (payload: object | string, key: string | null = newKey()) =>
    send('POST', '/api/v1/public/bookings', payload, key === null ? {} : { 'idempotency-key': key });
  return { get, send, book };
}

/** A fresh client-generated Idempotency-Key. */
export const newKey = () => randomUUID();

/** The PRODUCT §2 public booking example on a product, tomorrow at 09:00. */
export const publicBody = (productId: string, over: Record<string, unknown> = {}) => ({
  ...bookingBody(productId),
  accept_terms: true,
  ...over,
});

export async function keysStored(app: FastifyInstance) {
  const [row] = await app.db.select({ n: count() }).from(idempotencyKeys);
  return Number(row.n);
}
