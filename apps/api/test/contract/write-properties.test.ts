/**
 * Property-based contract tests of the write endpoints (issue 21: "no valid request refused and no
 * invalid one accepted"). Request bodies are generated from the OpenAPI document's schemas (which
 * come from the shared zod schemas the API validates with), then taught the rules JSON Schema
 * cannot say by each target's fixers (targets.ts, one table of rules per target):
 *
 *   coverage every write operation of the document with a JSON body has a target.
 *   valid    a generated body, fixed, is accepted: 2xx, nothing else (a refusal of any kind fails
 *            and prints the body and the answer).
 *   invalid  the same body with one field of the wrong kind, a required one left out, one just
 *            past its bounds (length, range, enum, UUID) or a date its month does not have, is
 *            refused with 400 or 422, never accepted and never a 5xx.
 *   refusals (refusals.ts) a valid body broken on one business rule gets that rule's documented
 *            status and `code`: one property per rule, grouped by kind (cross-field, format,
 *            reference, duplicate, state, permission).
 *
 * Every answer also goes through the document check of buildTestApp (status listed, body in its
 * schema). Sent as the operator's administrator unless a target says otherwise; the public API
 * anonymously (its create with a fresh Idempotency-Key).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, day, mkProduct } from '../../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from '../build-app';
import { bearer } from '../factories';
import { sweepSample } from '../sweep';
import { arbitraryOf, type Schema } from './arbitrary';
import { ContractChecker, type Document } from './openapi-contract';
import { REFUSALS, type Refusal } from './refusals';
import { type Body, key, Picker, type Req, TARGETS, type Target } from './targets';
import { createContractWorld, type World } from './world';

/** Requests per property (CONTRACT_RUNS=200 for a longer hunt). */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 12);
/** Requests per refusal property: each breaks one rule, a few bodies suffice. */
const REFUSAL_RUNS = Math.max(2, Math.ceil(RUNS / 6));

let app: FastifyInstance;
let w: World;
let doc: Document;
let checker: ContractChecker;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createContractWorld(app);
  doc = app.swagger() as unknown as Document;
  checker = new ContractChecker(doc);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

type JsonMedia = { schema: Schema; example?: Record<string, unknown> };
const WRITE_METHODS = ['post', 'put', 'patch'];

/** The JSON request body of an operation in the document. */
function mediaOf(t: { method: string; path: string }): JsonMedia {
  const op = doc.paths[t.path]?.[t.method.toLowerCase()];
  const content = (op?.requestBody as { content?: Record<string, JsonMedia> } | undefined)?.content;
  const media = content ? content['application/json'] : undefined;
  if (!media) throw new Error(`${key(t)} has no JSON body in the document`);
  return media;
}
const bodySchema = (t: Target) => mediaOf(t).schema;
const validatorOf = (t: Target) =>
  checker.validator(`request ${key(t)}`, bodySchema(t) as unknown as Record<string, unknown>);

/** What fast-check generates per request: a body the document accepts, and the fixers' choices. */
type Generated = { body: Body; seeds: number[] };

/** Bodies of a target: generated from its schema (Ajv keeps the ones it accepts), then fixed (pure). */
function generated(t: Target): fc.Arbitrary<Generated> {
  const validate = validatorOf(t);
  const seeds = fc.array(fc.noBias(fc.nat()), { minLength: 24, maxLength: 24 });
  return fc
    .record({ body: arbitraryOf(bodySchema(t)), seeds })
    .filter(({ body }) => validate(body))
    .map(({ body, seeds }) => ({ body: t.fix ? t.fix(body as Body, w, new Picker(seeds)) : (body as Body), seeds }));
}

/** The request a generated body becomes: the target's URL and token, then its send-time step. */
async function requestOf(t: Target, g: Generated): Promise<Req> {
  const req: Req = {
    url: t.url ? t.url(w) : t.path,
    body: g.body,
    token: t.as ? t.as(w) : w.tokens.A1,
    headers: t.headers?.() ?? {},
  };
  return t.prepare ? t.prepare(req, w, new Picker([...g.seeds].reverse())) : req;
}

/** The fixers' promise: whatever they did, the body is still one the document accepts. */
function assertDocumentValid(t: Target, body: Body, what: string) {
  const validate = validatorOf(t);
  if (!validate(body)) {
    throw new Error(
      `${what} of ${key(t)} is outside the document's schema (a fixer bug): ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}

async function send(t: Target, req: Req) {
  return app.inject({
    method: t.method,
    url: req.url,
    payload: req.body as object,
    headers: { ...(req.token ? bearer(req.token) : {}), ...req.headers },
  });
}

const describeAnswer = (req: Req, res: { statusCode: number; body: string }) =>
  `${res.statusCode} ${req.url}\nbody:   ${JSON.stringify(req.body)}\nanswer: ${res.body}`;

const targetOf = (k: string) => {
  const t = TARGETS.find((x) => key(x) === k);
  if (!t) throw new Error(`no target ${k}`);
  return t;
};

describe('write endpoints, requests generated from the document', () => {
  it('every write operation of the document with a JSON body has a target', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, op]) => WRITE_METHODS.includes(method) && (op.requestBody as JsonMedia | undefined))
        .filter(([, op]) =>
          Boolean((op.requestBody as { content?: Record<string, unknown> }).content?.['application/json']),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const targets = TARGETS.map(key);
    expect(
      operations.filter((o) => !targets.includes(o)),
      'write operations without a target',
    ).toEqual([]);
    expect(
      targets.filter((t) => !operations.includes(t)),
      'targets the document no longer has',
    ).toEqual([]);
    expect(new Set(targets).size, 'one target per operation').toBe(targets.length);
    // And every refusal names a target.
    for (const r of REFUSALS) targetOf(r.target);
  });

  it.each(sweepSample('write-properties', TARGETS, key).map((t) => [key(t), t] as const))(
    '%s: a valid body is accepted (2xx)',
    async (_, t) => {
      await fc.assert(
        fc.asyncProperty(generated(t), async (g) => {
          const req = await requestOf(t, g);
          assertDocumentValid(t, req.body, 'A fixed body');
          const res = await send(t, req);
          if (res.statusCode < 200 || res.statusCode > 299) {
            throw new Error(`A valid body was refused: ${describeAnswer(req, res)}`);
          }
          await t.accepted?.(req, res.json(), w);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );

  it.each(sweepSample('write-properties', TARGETS, key).map((t) => [key(t), t] as const))(
    '%s: an invalid body (a field, or a value inside one, of the wrong kind, null or out of bounds; a required one missing, or every one of "one of these"; an impossible date) is refused with 400/422',
    async (_, t) => {
      const schema = bodySchema(t);
      const properties = schema.properties ?? {};
      const fields = Object.keys(properties);
      const required = schema.required ?? [];
      // Dates and instants: a day its month does not have matches the pattern, not the format.
      const dated = fields.filter((f) => ['date', 'date-time'].includes(properties[f]?.format ?? ''));
      const bounded = fields.filter((f) => outOfBounds(properties[f] ?? {}) !== undefined);
      const notNull = fields.filter((f) => !properties[f]?.nullable);
      // "One of these fields" (an `anyOf` of required lists, e.g. check-in's booking_id or code): all left out.
      // (Groups whose every alternative requires fields: "no discount, or a reason" is not one.)
      const alternatives = [schema, ...(schema.allOf ?? [])].flatMap((part) =>
        part.anyOf?.every((a) => a.required?.length) ? part.anyOf.flatMap((a) => a.required ?? []) : [],
      );
      const numeric = fields.filter((f) => ['integer', 'number'].includes(properties[f]?.type ?? ''));
      const mutation = fc.oneof(
        fc.constantFrom(...fields).map((f) => ({ field: f, how: 'of the wrong kind' })),
        ...(required.length ? [fc.constantFrom(...required).map((f) => ({ field: f, how: 'left out' }))] : []),
        ...(alternatives.length ? [fc.constant({ field: alternatives.join(' and '), how: 'all left out' })] : []),
        ...(dated.length ? [fc.constantFrom(...dated).map((f) => ({ field: f, how: 'on 2027-02-29' }))] : []),
        ...(bounded.length ? [fc.constantFrom(...bounded).map((f) => ({ field: f, how: 'out of its bounds' }))] : []),
        ...(notNull.length ? [fc.constantFrom(...notNull).map((f) => ({ field: f, how: 'null' }))] : []),
        ...(numeric.length
          ? [
              fc
                .tuple(fc.constantFrom(...numeric), fc.constantFrom(...NOT_NUMBERS))
                .map(([f, v]) => ({ field: f, how: `as ${JSON.stringify(v)}` })),
            ]
          : []),
        // Inside a list or an object of the body: a value of the wrong kind, null or out of bounds.
        fc.nat().map((n) => ({ field: String(n), how: 'nested' })),
      );
      await fc.assert(
        fc.asyncProperty(generated(t), mutation, async (g, mutated) => {
          const m = { ...mutated };
          const req = await requestOf(t, g);
          let bad: Body = { ...req.body };
          const field = properties[m.field] ?? {};
          if (m.how === 'nested') {
            const leaves = leavesOf(req.body, schema).filter((l) => l.path.length > 1);
            const leaf = leaves[Number(m.field) % Math.max(1, leaves.length)];
            const values = leaf ? invalidValues(leaf.schema) : [];
            // A body with nothing nested (or nothing to break there): its first field of the wrong kind.
            if (!leaf || values.length === 0)
              bad[fields[0] as string] = wrongKind(properties[fields[0] as string] ?? {});
            else {
              bad = structuredClone(req.body);
              setAt(bad, leaf.path, values[Number(m.field) % values.length]);
              m.field = leaf.path.join('.');
            }
          } else if (m.how === 'left out') delete bad[m.field];
          else if (m.how === 'all left out') for (const f of alternatives) delete bad[f];
          else if (m.how === 'of the wrong kind') bad[m.field] = wrongKind(field);
          else if (m.how === 'out of its bounds') bad[m.field] = outOfBounds(field);
          else if (m.how === 'null') bad[m.field] = null;
          else if (m.how.startsWith('as ')) bad[m.field] = JSON.parse(m.how.slice(3));
          else bad[m.field] = field.format === 'date' ? '2027-02-29' : '2027-02-29T10:00:00Z';
          if (checker.validator(`request ${key(t)}`, schema as Record<string, unknown>)(bad)) {
            throw new Error(`${m.field} ${m.how} is still valid for the document: ${JSON.stringify(bad)}`);
          }
          const res = await send(t, { ...req, body: bad });
          if (res.statusCode !== 400 && res.statusCode !== 422) {
            throw new Error(`${m.field} ${m.how} was not refused: ${describeAnswer({ ...req, body: bad }, res)}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );

  it('the examples of the document are accepted by the API itself', async () => {
    // Records of their own: nothing another test sold, paid or changed decides the answer.
    const product = await mkProduct(app, w.tokens.A1, { capacity: 500 });
    const booking = await w.call('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(product.id));
    const examples: [string, string, string][] = [
      ['POST /api/v1/bookings', '/api/v1/bookings', 'createBooking'],
      ['POST /api/v1/public/bookings', '/api/v1/public/bookings', 'createPublicBooking'],
      ['POST /api/v1/bookings/{id}/payments', `/api/v1/bookings/${booking.id}/payments`, 'createBookingPayment'],
      ['POST /api/v1/bookings/{id}/cancel', `/api/v1/bookings/${booking.id}/cancel`, 'cancelBooking'],
      ['POST /api/v1/products', '/api/v1/products', 'createProduct'],
    ];
    for (const [k, url, id] of examples) {
      const t = targetOf(k);
      const example = mediaOf(t).example;
      expect(example, `${id} has an example`).toBeDefined();
      // The example's references point at records of the example world: swap in this test's.
      const body: Body = { ...example };
      if ('product_id' in body) Object.assign(body, { product_id: product.id, date: day(2), time: '09:00' });
      if ('accommodation_id' in body) body.accommodation_id = null;
      const req: Req = { url, body, token: t.as ? t.as(w) : w.tokens.A1, headers: t.headers?.() ?? {} };
      const res = await send(t, req);
      expect([200, 201], `${id}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

/**
 * A value of the schema's kind just outside what it allows: one character or one unit past its
 * limit, outside its enum, not a UUID. Undefined when the schema bounds nothing of the sort.
 */
function outOfBounds(s: Schema): unknown {
  if (s.enum) return s.type === 'integer' ? 99 : 'ninguna-de-las-opciones';
  if (s.type === 'string') {
    if (s.format === 'uuid') return 'no-es-un-uuid';
    // A body stays under the 1 MB limit (the 2 MB CSV's one would answer 413).
    if (s.maxLength !== undefined && s.maxLength < 100_000) return 'x'.repeat(s.maxLength + 1);
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (s.maximum !== undefined && s.maximum < 1_000_000_000) return s.maximum + 1;
    if (s.minimum !== undefined && s.minimum > -1_000_000_000) return s.minimum - 1;
  }
  return undefined;
}

type Leaf = { path: (string | number)[]; schema: Schema };

/** The values inside a body (an object's fields, a list's first item), each with its schema. */
function leavesOf(value: unknown, schema: Schema, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  if (schema.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, s] of Object.entries(schema.properties)) {
      if ((value as Record<string, unknown>)[k] === undefined) continue;
      out.push({ path: [...path, k], schema: s });
      leavesOf((value as Record<string, unknown>)[k], s, [...path, k], out);
    }
  } else if (schema.items && Array.isArray(value) && value.length > 0) {
    out.push({ path: [...path, 0], schema: schema.items });
    leavesOf(value[0], schema.items, [...path, 0], out);
  }
  return out;
}

/** Values the schema refuses: another kind, null where it is not nullable, just out of bounds. */
const invalidValues = (s: Schema) =>
  [wrongKind(s), s.nullable ? undefined : null, outOfBounds(s)].filter((v) => v !== undefined);

function setAt(target: unknown, path: (string | number)[], value: unknown) {
  let at = target as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path.at(-1) as string | number] = value;
}

/**
 * What a number is not, though JavaScript's Number() would make one of it. Plain decimal text
 * ("12") is not here: the API reads it as the number, a documented tolerance for forms (docs/api.md).
 */
const NOT_NUMBERS: unknown[] = [true, [1], '', ' ', '0x1', '1e1'];
/** A value of another kind than the schema's, which no shared rule coerces into a valid one. */
function wrongKind(s: Schema): unknown {
  if (s.type === 'object') return 'no-es-un-objeto';
  if (s.type === 'array') return { no: 'es una lista' };
  return { no: ['es', 'un', 'valor'] };
}

const KINDS: Refusal['kind'][] = ['cross-field', 'format', 'reference', 'duplicate', 'state', 'permission'];

describe.each(KINDS)('business refusals: %s rules', (kind) => {
  const refusals = REFUSALS.filter((r) => r.kind === kind);
  it.each(refusals.map((r) => [`${r.target}: ${r.rule}`, r] as const))('%s', async (_, r) => {
    const t = targetOf(r.target);
    await fc.assert(
      fc.asyncProperty(generated(t), async (g) => {
        const valid = await requestOf(t, g);
        const req = await r.break(valid, w, new Picker(g.seeds));
        if (!r.inDocument) assertDocumentValid(t, req.body, 'A broken body');
        else if (validatorOf(t)(req.body)) {
          throw new Error(`${r.rule}: the document should refuse this body too: ${JSON.stringify(req.body)}`);
        }
        const res = await send(t, req);
        const answer = res.statusCode >= 400 ? res.json() : {};
        const ok =
          res.statusCode === r.status &&
          answer.code === r.code &&
          (!r.field || Object.keys(answer.errors ?? {}).some((f) => f === r.field || f.startsWith(`${r.field}.`)));
        if (!ok) {
          throw new Error(
            `Expected ${r.status} ${r.code}${r.field ? ` on ${r.field}` : ''}: ${describeAnswer(req, res)}`,
          );
        }
      }),
      { numRuns: REFUSAL_RUNS, endOnFailure: true },
    );
  });
});
