/**
 * A property-based tester pointed at the document (issue 21, "done when"): for EVERY operation the
 * OpenAPI document publishes, requests are generated from what the document says — path ids from
 * their schemas plus hostile ones (unknown, too long, SQL, traversal), every documented query
 * parameter, a JSON body from the request schema — and sent as the platform administrator, as the
 * lowest staff level (Guía) and anonymously. Whatever the request, the answer is never a 5xx, its
 * status is one the document lists and its body matches that status's schema (buildTestApp's
 * checker throws otherwise); anonymously, every operation that is not public answers 401 (or 414
 * when the URL is too long to be routed at all).
 *
 * The write endpoints' bodies and the lists' filters have their own, sharper properties
 * (write-properties, list-properties): this one is the net under every operation, so a new route
 * is fuzzed the day it is published.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../build-app';
import { bearer, createWorld } from '../factories';
import { arbitraryOf, type Schema } from './arbitrary';
import type { Document } from './openapi-contract';

/** Requests per operation and identity (CONTRACT_RUNS=100 for a longer hunt). */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 4);

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type Op = { method: string; path: string; op: Operation };

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let ops: Op[] = [];

/** Operations whose side effect would end the identity's session for the rest of the run. */
const SESSION_ENDING = new Set(['POST /api/v1/auth/logout']);

beforeAll(async () => {
  app = await buildTestApp({
    publicRateLimit: { readMax: 1_000_000, writeMax: 1_000_000 },
    loginThrottle: { accountLimit: 1_000_000, addressLimit: 1_000_000 },
  });
  w = await createWorld(app);
  const doc = app.swagger() as unknown as Document & { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    )
    // Deletes last, so they cannot take away what the other operations' requests reach.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
});
afterAll(async () => {
  await app?.close();
});

/** Path ids a client might send: valid by the schema, or not at all. */
const HOSTILE_IDS = [
  '00000000-0000-4000-8000-000000000000',
  'no-existe',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a'.repeat(150),
  'a'.repeat(300),
  'ñandú',
];

function pathValue(p: Parameter): fc.Arbitrary<string> {
  const valid = arbitraryOf(p.schema ?? { type: 'string' }).map((v) => String(v));
  return fc.oneof(valid, fc.constantFrom(...HOSTILE_IDS));
}

/** A query value as the URL carries it (lists joined by commas). */
const queryText = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));

function requestOf(o: Op) {
  const params = o.op.parameters ?? [];
  const path = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const body = o.op.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(...path.map(pathValue)),
      query: fc.tuple(
        ...query.map((p) =>
          p.required
            ? arbitraryOf(p.schema ?? { type: 'string' })
            : fc.option(arbitraryOf(p.schema ?? { type: 'string' }), { nil: undefined, freq: 2 }),
        ),
      ),
      body: body ? arbitraryOf(body) : fc.constant(undefined),
    })
    .map(({ path: pathValues, query: queryValues, body: payload }) => {
      let url = o.path;
      path.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeURIComponent(pathValues[i] as string));
      });
      const search = new URLSearchParams();
      query.forEach((p, i) => {
        if (queryValues[i] !== undefined) search.set(p.name, queryText(queryValues[i]));
      });
      const qs = search.toString();
      return { url: qs ? `${url}?${qs}` : url, payload };
    });
}

/** Public operations need no token (the document's `security: []`). */
const isPublic = (o: Op) => Array.isArray(o.op.security) && o.op.security.length === 0;

const IDENTITIES = [
  { name: 'administrador', token: () => w.tokens.admin },
  { name: 'guía', token: () => w.tokens.A5 },
  { name: 'anónimo', token: () => '' },
] as const;

describe('every operation of the document, requests generated from it', () => {
  it('the document has operations, and the tester reaches all of them', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter((o) => !o.op.operationId)).toEqual([]);
  });

  it.each(IDENTITIES.map((i) => [i.name, i] as const))(
    'as %s: never a 5xx, every status documented, every body in its schema',
    async (_, identity) => {
      const seen: Record<string, number> = {};
      for (const o of ops) {
        if (identity.name !== 'anónimo' && SESSION_ENDING.has(`${o.method} ${o.path}`)) continue;
        await fc.assert(
          fc.asyncProperty(requestOf(o), async ({ url, payload }) => {
            const token = identity.token();
            // buildTestApp's checker throws on an undocumented status or a body outside its schema.
            const res = await app.inject({
              method: o.method as 'GET',
              url,
              ...(payload === undefined ? {} : { payload: payload as object }),
              headers: {
                ...(token ? bearer(token) : {}),
                ...(o.method === 'POST' && o.path.includes('/public/')
                  ? { 'idempotency-key': crypto.randomUUID() }
                  : {}),
              },
            });
            const key = `${o.method} ${o.path} → ${res.statusCode}`;
            seen[key] = (seen[key] ?? 0) + 1;
            if (res.statusCode >= 500) throw new Error(`${o.method} ${url} answered ${res.statusCode}: ${res.body}`);
            // 414: a URL too long for the router is refused before it is a route at all.
            if (!token && !isPublic(o) && res.statusCode !== 401 && res.statusCode !== 414) {
              throw new Error(`${o.method} ${url} without a token answered ${res.statusCode}, not 401: ${res.body}`);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      if (process.env.CONTRACT_DEBUG) console.log(identity.name, JSON.stringify(seen, null, 1));
      expect(Object.keys(seen).length).toBeGreaterThan(ops.length - SESSION_ENDING.size - 1);
    },
  );
});
