/**
 * Property-based contract tests of the write endpoints (issue 21, item 5). Request bodies are
 * generated from the OpenAPI document's schemas, which come from the shared zod schemas the API
 * validates with, so the generator and the API cannot disagree without this failing:
 *
 *   valid   a body the document accepts is never refused as malformed (400) and never a 5xx: it
 *           is created/changed (2xx) or refused by a business rule (404 unknown reference, 409,
 *           422 for a documented cross-field rule or a business refusal).
 *   invalid the same body with one field of the wrong kind, or a required field left out, is
 *           refused with 400 or 422, never accepted and never a 5xx.
 *
 * Every answer also goes through the document check of buildTestApp (status listed, body in its
 * schema). Sent as the operator's administrator; the public booking anonymously with its key.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booked, bookingBody, day, mkProduct } from '../../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from '../build-app';
import { bearer, createWorld } from '../factories';
import { arbitraryOf, type Schema } from './arbitrary';
import { ContractChecker, type Document } from './openapi-contract';

/** Requests per property (CONTRACT_RUNS=200 for a longer hunt). */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 12);

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let doc: Document;
let checker: ContractChecker;
let productId: string;
let bookingId: string;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  doc = app.swagger() as unknown as Document;
  checker = new ContractChecker(doc);
  productId = (await mkProduct(app, w.tokens.A1, { capacity: 500 })).id;
  bookingId = (await booked(app, w.tokens.A1, bookingBody(productId))).id;
});
afterAll(async () => {
  await app?.close();
});

type Target = {
  method: 'POST' | 'PUT';
  /** The document's path (`{id}` form). */
  path: string;
  url: () => string;
  token?: () => string;
  headers?: () => Record<string, string>;
  /** Fields set to real values after generation, so some requests reach the business rules. */
  real?: () => Record<string, unknown>;
};

const TARGETS: Target[] = [
  { method: 'POST', path: '/api/v1/vehicles', url: () => '/api/v1/vehicles' },
  { method: 'POST', path: '/api/v1/persons', url: () => '/api/v1/persons' },
  { method: 'POST', path: '/api/v1/accommodations', url: () => '/api/v1/accommodations' },
  { method: 'POST', path: '/api/v1/tour-operators', url: () => '/api/v1/tour-operators', token: () => w.tokens.admin },
  { method: 'POST', path: '/api/v1/users', url: () => '/api/v1/users' },
  { method: 'POST', path: '/api/v1/products', url: () => '/api/v1/products' },
  { method: 'PUT', path: '/api/v1/auth/me', url: () => '/api/v1/auth/me', token: () => w.tokens.A3 },
  {
    method: 'POST',
    path: '/api/v1/bookings/quote',
    url: () => '/api/v1/bookings/quote',
    real: () => ({ product_id: productId, date: day(2) }),
  },
  {
    method: 'POST',
    path: '/api/v1/bookings',
    url: () => '/api/v1/bookings',
    real: () => ({ product_id: productId, date: day(2), time: '09:00', accommodation_id: null, seller_id: null }),
  },
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/payments',
    url: () => `/api/v1/bookings/${bookingId}/payments`,
  },
  {
    method: 'POST',
    path: '/api/v1/public/bookings',
    url: () => '/api/v1/public/bookings',
    token: () => '',
    headers: () => ({ 'idempotency-key': randomUUID() }),
    real: () => ({ product_id: productId, date: day(3), time: '18:00', accommodation_id: null }),
  },
];

type JsonMedia = { schema: Schema; example?: Record<string, unknown> };

/** The JSON request body of a target's operation in the document. */
function mediaOf(t: Target): JsonMedia {
  const op = doc.paths[t.path]?.[t.method.toLowerCase()];
  const content = (op?.requestBody as { content?: Record<string, JsonMedia> } | undefined)?.content;
  const media = content ? content['application/json'] : undefined;
  if (!media) throw new Error(`${t.method} ${t.path} has no JSON body in the document`);
  return media;
}
const bodySchema = (t: Target) => mediaOf(t).schema;

/** Valid bodies for a target: generated from its schema, some with real references, all checked by Ajv. */
function validBodies(t: Target) {
  const schema = bodySchema(t);
  const validate = checker.validator(`request ${t.method} ${t.path}`, schema as Record<string, unknown>);
  return fc
    .tuple(arbitraryOf(schema), fc.boolean())
    .map(([body, withReal]) => (withReal && t.real ? { ...(body as object), ...t.real() } : body))
    .filter((body) => validate(body));
}

async function send(t: Target, body: unknown) {
  const token = t.token ? t.token() : w.tokens.A1;
  return app.inject({
    method: t.method,
    url: t.url(),
    payload: body as object,
    headers: { ...(token ? bearer(token) : {}), ...(t.headers?.() ?? {}) },
  });
}

/** A value of another kind than the schema's, which no shared rule coerces into a valid one. */
function wrongKind(s: Schema): unknown {
  if (s.type === 'object') return 'no-es-un-objeto';
  if (s.type === 'array') return { no: 'es una lista' };
  return { no: ['es', 'un', 'valor'] };
}

describe('write endpoints, requests generated from the document', () => {
  it.each(TARGETS.map((t) => [`${t.method} ${t.path}`, t] as const))(
    '%s: valid bodies are never 400 or 5xx',
    async (_, t) => {
      // Answers by status and, for 422s, by refusal (printed with CONTRACT_DEBUG=1).
      const seen: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(validBodies(t), async (body) => {
          const res = await send(t, body);
          seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
          if (process.env.CONTRACT_DEBUG && res.statusCode === 422) {
            const e = res.json();
            const k = `${e.code} ${JSON.stringify(e.errors ?? e.message)}`.slice(0, 200);
            seen[k] = (seen[k] ?? 0) + 1;
          }
          if (res.statusCode === 400 || res.statusCode >= 500 || ![200, 201, 404, 409, 422].includes(res.statusCode)) {
            throw new Error(`${res.statusCode} for a valid body ${JSON.stringify(body)}: ${res.body}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.CONTRACT_DEBUG) console.log(t.method, t.path, JSON.stringify(seen));
      expect(Object.keys(seen).length).toBeGreaterThan(0);
    },
  );

  it.each(TARGETS.map((t) => [`${t.method} ${t.path}`, t] as const))(
    '%s: a field of the wrong kind or a required one missing is refused with 400/422',
    async (_, t) => {
      const schema = bodySchema(t);
      const fields = Object.keys(schema.properties ?? {});
      const required = schema.required ?? [];
      const mutation = fc.oneof(
        fc.constantFrom(...fields).map((f) => ({ field: f, drop: false })),
        ...(required.length ? [fc.constantFrom(...required).map((f) => ({ field: f, drop: true }))] : []),
      );
      await fc.assert(
        fc.asyncProperty(validBodies(t), mutation, async (body, m) => {
          const bad: Record<string, unknown> = { ...(body as Record<string, unknown>) };
          if (m.drop) delete bad[m.field];
          else bad[m.field] = wrongKind(schema.properties?.[m.field] ?? {});
          const res = await send(t, bad);
          if (res.statusCode !== 400 && res.statusCode !== 422) {
            throw new Error(
              `${res.statusCode} with ${m.drop ? `${m.field} left out` : `${m.field} of the wrong kind`}: ${JSON.stringify(bad)} → ${res.body}`,
            );
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );

  it('the examples of the document are accepted by the API itself', async () => {
    const product = await mkProduct(app, w.tokens.A1, { capacity: 500 });
    const examples: [Target, string][] = [
      [TARGETS.find((t) => t.path === '/api/v1/bookings') as Target, 'createBooking'],
      [TARGETS.find((t) => t.path === '/api/v1/public/bookings') as Target, 'createPublicBooking'],
      [TARGETS.find((t) => t.path === '/api/v1/bookings/{id}/payments') as Target, 'createBookingPayment'],
      [TARGETS.find((t) => t.path === '/api/v1/products') as Target, 'createProduct'],
    ];
    for (const [t, id] of examples) {
      const media = mediaOf(t);
      // The example's references point at records of the example world: swap in this test's.
      const body = { ...media.example };
      if ('product_id' in body) Object.assign(body, { product_id: product.id, date: day(2), time: '09:00' });
      if ('accommodation_id' in body) body.accommodation_id = null;
      const res = await send(t, body);
      expect([200, 201], `${id}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
