/**
 * A property-based tester pointed at the document, as strict as an outside one (issue 21, "done
 * when"; issue 31, item 8). For EVERY operation the OpenAPI document publishes, requests are built
 * from what the document says and sent over real HTTP to the app listening on a port (so what Node
 * answers before Fastify, like 431 for an over-long head, is seen too), and every answer must be
 * one the operation documents: its status listed, its body in that status's schema, never a 5xx.
 *
 *   random     path ids from their schemas plus hostile ones (unknown, too long, SQL, traversal),
 *              every documented query parameter, a JSON body from the request schema; sent as the
 *              platform administrator, as the lowest staff level (Guía) and anonymously, where
 *              every operation that is not public answers 401.
 *   head       a 16 KB query string and a 17 KB header: Node's answer, documented.
 *   bodies     an empty body (with and without a JSON Content-Type), a `null` body, a body of
 *              another media type (XML, text, a multipart without boundary or parts, JSON on a
 *              multipart upload): a documented refusal where the operation reads a body, never
 *              a 5xx; a body on a GET changes nothing.
 *   nulls      `null` for each optional property of a valid body: refused with 400/422 naming the
 *              property where the document says it is not nullable, and never refused for it
 *              where the document says it is.
 *   empties    an empty value for each query parameter: accepted where the document accepts it
 *              (its schema takes "" or it has `allowEmptyValue`), 400 naming it where it does not.
 *
 * Every finding of a test is listed at once (not only the first), so one run says all that
 * disagrees. The write endpoints' bodies and the lists' filters have their own, sharper properties
 * (write-properties, list-properties): this is the net under every operation, so a new route is
 * fuzzed the day it is published. CONTRACT_RUNS=100 for a longer hunt.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkProduct } from '../../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from '../build-app';
import { bearer, createWorld } from '../factories';
import { sweepSample } from '../sweep';
import { arbitraryOf, type Schema } from './arbitrary';
import { type HttpClient, type HttpRequest, listenForTests } from './http';
import { type Answer, ContractChecker, type Document } from './openapi-contract';

/** Random requests per operation and identity (CONTRACT_RUNS=100 for a longer hunt). */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 4);
/** Time for one identity's random requests: longer hunts take longer. */
const RANDOM_TIMEOUT = 30_000 + RUNS * 3_000;
/** Fixed seed of the deterministic checks' sample values (bodies, required parameters). */
const SEED = 31;

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  allowEmptyValue?: boolean;
  style?: string;
  explode?: boolean;
  schema?: Schema;
};
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type Op = { method: string; path: string; op: Operation };

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let client: HttpClient;
let checker: ContractChecker;
let ops: Op[] = [];
/** Path ids of real records, for the checks whose answer would otherwise stop at 404 (`{path}` prefix → id). */
const realIds: [string, string][] = [];

/** Operations whose side effect would end the identity's session for the rest of the run. */
const SESSION_ENDING = new Set(['POST /api/v1/auth/logout']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  app = await buildTestApp({
    publicRateLimit: { readMax: 1_000_000, writeMax: 1_000_000 },
    loginThrottle: { accountLimit: 1_000_000, addressLimit: 1_000_000 },
  });
  w = await createWorld(app);
  client = await listenForTests(app);
  // The image upload reads its body after finding the product: give it one.
  realIds.push(['/api/v1/products/{id}', (await mkProduct(app, w.tokens.A1)).id]);
  // A channel of A (issue 33): its edit, keys and log answer past the 404, where the bodies are read.
  const channel = await app.inject({
    method: 'POST',
    url: '/api/v1/channels',
    headers: bearer(w.tokens.A1),
    payload: { name: 'Canal del probador' },
  });
  if (channel.statusCode !== 201) throw new Error(`channel: ${channel.statusCode} ${channel.body}`);
  realIds.push(['/api/v1/channels/{id}', channel.json().id]);
  const doc = app.swagger() as unknown as Document & { paths: Record<string, Record<string, Operation>> };
  checker = new ContractChecker(doc);
  ops = Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    )
    // Deletes last, so they cannot take away what the other operations' requests reach.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 120_000);
afterAll(async () => {
  client?.close();
  await app?.close();
});

const name = (o: Op) => `${o.method} ${o.path} (${o.op.operationId})`;
const jsonBodyOf = (o: Op) => o.op.requestBody?.content?.['application/json']?.schema;
const isMultipart = (o: Op) => Boolean(o.op.requestBody?.content?.['multipart/form-data']);
/** Public operations need no token (the document's `security: []`). */
const isPublic = (o: Op) => Array.isArray(o.op.security) && o.op.security.length === 0;

/** Headers every request of an operation carries: the token, and a fresh key where one is required. */
function headersOf(o: Op, token: string): Record<string, string> {
  const idempotent = (o.op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
  return { ...(token ? bearer(token) : {}), ...(idempotent ? { 'idempotency-key': crypto.randomUUID() } : {}) };
}

/**
 * Sends a request over HTTP and checks its answer against the document: the status listed for
 * the operation, the body in that status's schema, never a 5xx. Returns the problems (empty: none).
 */
async function exchange(o: Op, req: HttpRequest): Promise<{ res: Answer; problems: string[] }> {
  const res = await client.send(req);
  const problems = checker.problems(req.method, req.url, res);
  if (res.statusCode >= 500 && problems.length === 0) problems.push(`answered ${res.statusCode}: ${res.body}`);
  return { res, problems: problems.map((p) => `${p}\n    request: ${describeRequest(o, req)}`) };
}

const describeRequest = (o: Op, req: HttpRequest) => {
  const type = req.headers?.['content-type'];
  const body = req.body === undefined ? 'no body' : `body ${JSON.stringify(String(req.body).slice(0, 120))}`;
  return `${req.method} ${req.url.length > 160 ? `${req.url.slice(0, 160)}… (${req.url.length} characters)` : req.url} ${type ? `[${type}] ` : ''}${body} — ${o.op.operationId}`;
};

/** The fields a 400/422 answer names in `errors`. */
function fieldsNamed(res: Answer): string[] {
  if (res.statusCode !== 400 && res.statusCode !== 422) return [];
  try {
    return Object.keys((JSON.parse(res.body) as { errors?: object }).errors ?? {});
  } catch {
    return [];
  }
}
const names = (res: Answer, field: string) =>
  fieldsNamed(res).some((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`));

// ── Values from the document ────────────────────────────────────────────────────────────────────

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

/** A query value as the URL carries it (lists joined by commas: `style: form`, `explode: false`). */
const queryText = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));

/** One value the document calls valid, the same on every run (the deterministic checks' inputs). */
function sampleOf(schema: Schema, key: string): unknown {
  const validate = checker.validator(`sample ${key}`, schema as Record<string, unknown>);
  const [value] = fc.sample(
    arbitraryOf(schema).filter((v) => validate(v)),
    { numRuns: 1, seed: SEED },
  );
  return value;
}

/**
 * The operation's URL with sample path ids (a real record's where one is known, except to delete
 * it), its required query parameters and `extra` on top.
 */
function urlOf(o: Op, extra: Record<string, string> = {}, leaveOut?: string): string {
  let url = o.path;
  const search = new URLSearchParams();
  const real = o.method === 'DELETE' ? undefined : realIds.find(([prefix]) => o.path.startsWith(prefix));
  if (real) url = url.replace(real[0], real[0].replace('{id}', real[1]));
  for (const p of o.op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(sampleOf(p.schema ?? {}, p.name))));
    if (p.in === 'query' && p.required && p.name !== leaveOut) {
      search.set(p.name, queryText(sampleOf(p.schema ?? {}, `${o.path} ${p.name}`)));
    }
  }
  for (const [k, v] of Object.entries(extra)) search.set(k, v);
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function requestOf(o: Op) {
  const params = o.op.parameters ?? [];
  const path = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const body = jsonBodyOf(o);
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

/**
 * Whether the document calls an empty value of a query parameter valid: `allowEmptyValue`, or a
 * schema that takes "" (a `style: form` list: the empty list).
 */
function acceptsEmpty(p: Parameter): boolean {
  if (p.allowEmptyValue) return true;
  const schema = (p.schema ?? {}) as Record<string, unknown>;
  const value = schema.type === 'array' ? [] : '';
  return checker.validator(`param ${JSON.stringify(schema)}`, schema)(value);
}

const IDENTITIES = [
  { name: 'administrador', token: () => w.tokens.admin },
  { name: 'guía', token: () => w.tokens.A5 },
  { name: 'anónimo', token: () => '' },
] as const;

/**
 * Who sends an operation's deterministic checks: someone it lets past its role guard (which runs
 * before the body and the query are read), so that what is checked is the reading of the request.
 * The operator's administrator, else the platform's; anonymous for the public API and
 * for operations that would end the session.
 */
async function senderOf(o: Op): Promise<string> {
  const known = senders.get(o);
  if (known !== undefined) return known;
  const token = await firstSenderOf(o);
  senders.set(o, token);
  return token;
}
const senders = new Map<Op, string>();

async function firstSenderOf(o: Op): Promise<string> {
  if (isPublic(o) || SESSION_ENDING.has(`${o.method} ${o.path}`)) return '';
  // The operator's administrator first: the platform's must name a tour operator in every create,
  // a rule of who sends it that no document can say (docs/api.md, «Reglas que el documento no puede decir»).
  for (const token of [w.tokens.A1, w.tokens.admin]) {
    const res = await client.send({ method: o.method, url: urlOf(o), headers: headersOf(o, token) });
    if (res.statusCode !== 403) return token;
  }
  return w.tokens.A1;
}

/** The operations tried: every one under CI, a seeded sample in a newcomer's run (../sweep.ts). */
const swept = () => sweepSample('every-operation', ops, (o) => `${o.method} ${o.path}`);

/** Runs `check` over every operation (swept) and fails once with every finding. */
async function forEveryOperation(check: (o: Op, findings: string[]) => Promise<void>, only = (_: Op) => true) {
  const findings: string[] = [];
  for (const o of swept().filter(only)) await check(o, findings);
  expect(findings, `${findings.length} findings:\n${findings.join('\n')}`).toEqual([]);
}

describe('every operation of the document, requests generated from it, over HTTP', () => {
  it('the document has operations, and the tester reaches all of them', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter((o) => !o.op.operationId)).toEqual([]);
  });

  it.each(IDENTITIES.map((i) => [i.name, i] as const))(
    'as %s: never a 5xx, every status documented, every body in its schema',
    async (_, identity) => {
      const seen: Record<string, number> = {};
      await forEveryOperation(async (o, findings) => {
        if (identity.name !== 'anónimo' && SESSION_ENDING.has(`${o.method} ${o.path}`)) return;
        try {
          await fc.assert(
            fc.asyncProperty(requestOf(o), async ({ url, payload }) => {
              const token = identity.token();
              const json: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
              const req = {
                method: o.method,
                url,
                headers: { ...headersOf(o, token), ...json },
                body: payload === undefined ? undefined : JSON.stringify(payload),
              };
              const { res, problems } = await exchange(o, req);
              const key = `${o.method} ${o.path} → ${res.statusCode}`;
              seen[key] = (seen[key] ?? 0) + 1;
              if (problems.length > 0) throw new Error(problems.join('\n'));
              // 414: a URL too long for the router is refused before it is a route at all.
              if (!token && !isPublic(o) && res.statusCode !== 401 && res.statusCode !== 414) {
                throw new Error(`${o.method} ${url} without a token answered ${res.statusCode}, not 401: ${res.body}`);
              }
            }),
            { numRuns: RUNS, endOnFailure: true },
          );
        } catch (e) {
          findings.push(`${name(o)}: ${(e as Error).message.split('\n').slice(0, 8).join('\n')}`);
        }
      });
      if (process.env.CONTRACT_DEBUG) console.log(identity.name, JSON.stringify(seen, null, 1));
      expect(Object.keys(seen).length).toBeGreaterThan(swept().length - SESSION_ENDING.size - 1);
    },
    RANDOM_TIMEOUT,
  );

  it('an over-long request head (a 16 KB query string, a 17 KB header): a documented answer, in the error schema', async () => {
    await forEveryOperation(async (o, findings) => {
      const token = await senderOf(o);
      const long = await exchange(o, {
        method: o.method,
        url: urlOf(o, { relleno: 'a'.repeat(16 * 1024) }),
        headers: headersOf(o, token),
      });
      const header = await exchange(o, {
        method: o.method,
        url: urlOf(o),
        headers: { ...headersOf(o, token), 'x-relleno': 'a'.repeat(17 * 1024) },
      });
      findings.push(...long.problems, ...header.problems);
      for (const { res } of [long, header]) {
        if (res.statusCode < 400) findings.push(`${name(o)}: an over-long head answered ${res.statusCode}`);
      }
    });
  });

  it('an empty body, a null body, a body of another media type: a documented refusal where a body is read, never a 5xx', async () => {
    const json = 'application/json';
    const cases: { what: string; headers: Record<string, string>; body: string; refused: boolean }[] = [
      { what: 'an empty JSON body', headers: { 'content-type': json }, body: '', refused: true },
      { what: 'an empty body without Content-Type', headers: {}, body: '', refused: true },
      { what: 'a null body', headers: { 'content-type': json }, body: 'null', refused: true },
      { what: 'an XML body', headers: { 'content-type': 'application/xml' }, body: '<a/>', refused: true },
      { what: 'a text body', headers: { 'content-type': 'text/plain' }, body: 'null', refused: true },
      {
        what: 'a multipart body without boundary',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'null',
        refused: true,
      },
      {
        what: 'a multipart body without parts',
        headers: { 'content-type': 'multipart/form-data; boundary=limite' },
        body: 'null',
        refused: true,
      },
      {
        what: 'an empty multipart body',
        headers: { 'content-type': 'multipart/form-data; boundary=limite' },
        body: '',
        refused: true,
      },
    ];
    await forEveryOperation(
      async (o, findings) => {
        const token = await senderOf(o);
        // A body the operation does not read changes nothing; one it reads must be what it documents.
        const reads = Boolean(o.op.requestBody?.required);
        const extra = isMultipart(o)
          ? [{ what: 'a JSON body', headers: { 'content-type': json }, body: '{}', refused: true }]
          : [];
        for (const c of [...cases, ...extra]) {
          const req = {
            method: o.method,
            url: urlOf(o),
            headers: { ...headersOf(o, token), ...c.headers },
            body: c.body,
          };
          const { res, problems } = await exchange(o, req);
          findings.push(...problems.map((p) => `${c.what}: ${p}`));
          if (reads && c.refused && problems.length === 0 && ![400, 401, 403, 415, 422].includes(res.statusCode)) {
            findings.push(
              `${c.what}: ${name(o)} answered ${res.statusCode}, not a refusal\n    ${res.body.slice(0, 200)}`,
            );
          }
        }
      },
      (o) => BODY_METHODS.has(o.method),
    );
  });

  it('a body on a GET is not read: the same answer as without it', async () => {
    await forEveryOperation(
      async (o, findings) => {
        const token = await senderOf(o);
        const url = urlOf(o);
        const plain = await exchange(o, { method: 'GET', url, headers: headersOf(o, token) });
        const withBody = await exchange(o, {
          method: 'GET',
          url,
          headers: { ...headersOf(o, token), 'content-type': 'application/json' },
          body: '{"x":1}',
        });
        findings.push(...plain.problems, ...withBody.problems);
        if (plain.res.statusCode !== withBody.res.statusCode) {
          findings.push(`${name(o)}: ${plain.res.statusCode} without a body, ${withBody.res.statusCode} with one`);
        }
      },
      (o) => o.method === 'GET',
    );
  });

  it('null for each optional property of a valid body: refused where the document says not nullable, never refused for it where nullable', async () => {
    await forEveryOperation(
      async (o, findings) => {
        const schema = jsonBodyOf(o) as Schema;
        const token = await senderOf(o);
        const base = sampleOf(schema, `${o.path} body`) as Record<string, unknown>;
        const required = new Set(schema.required ?? []);
        for (const [field, s] of Object.entries(schema.properties ?? {})) {
          if (required.has(field)) continue;
          const body = JSON.stringify({ ...base, [field]: null });
          const req = {
            method: o.method,
            url: urlOf(o),
            headers: { ...headersOf(o, token), 'content-type': 'application/json' },
            body,
          };
          const { res, problems } = await exchange(o, req);
          findings.push(...problems);
          const nullable = checker.validator(`nullable ${JSON.stringify(s)}`, s as Record<string, unknown>)(null);
          if (!nullable && !names(res, field) && ![401, 403].includes(res.statusCode)) {
            findings.push(
              `${name(o)}: "${field}": null, which the document does not allow, answered ${res.statusCode} (not a refusal naming it)\n    ${res.body.slice(0, 200)}`,
            );
          }
          if (nullable && names(res, field)) {
            findings.push(
              `${name(o)}: "${field}": null, which the document allows, was refused for it: ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        }
      },
      (o) => Boolean(jsonBodyOf(o)?.properties),
    );
  });

  it('a valid body with only what the document requires: never refused for a property it left out', async () => {
    await forEveryOperation(
      async (o, findings) => {
        const schema = jsonBodyOf(o) as Schema;
        const validate = checker.validator(`request ${o.method} ${o.path}`, schema as Record<string, unknown>);
        const token = await senderOf(o);
        // The sample, without each property the document lets it go without (one at a time).
        const body = { ...(sampleOf(schema, `${o.path} body`) as Record<string, unknown>) };
        for (const field of Object.keys(body)) {
          const { [field]: value, ...rest } = body;
          if (validate(rest)) delete body[field];
        }
        const req = {
          method: o.method,
          url: urlOf(o),
          headers: { ...headersOf(o, token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
        const { res, problems } = await exchange(o, req);
        findings.push(...problems);
        const missing = Object.keys(schema.properties ?? {}).filter((f) => !(f in body) && names(res, f));
        if (missing.length > 0) {
          findings.push(
            `${name(o)}: ${JSON.stringify(body)}, valid for the document, was refused for leaving out ${missing.join(', ')}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      },
      (o) => Boolean(jsonBodyOf(o)?.properties),
    );
  });

  it('a required header left out: 400', async () => {
    await forEveryOperation(async (o, findings) => {
      for (const p of (o.op.parameters ?? []).filter((x) => x.in === 'header' && x.required)) {
        const token = await senderOf(o);
        const { [p.name]: _, ...headers } = headersOf(o, token);
        const body = jsonBodyOf(o) ? JSON.stringify(sampleOf(jsonBodyOf(o) as Schema, `${o.path} body`)) : undefined;
        const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
        const req = { method: o.method, url: urlOf(o), headers: { ...headers, ...json }, body };
        const { res, problems } = await exchange(o, req);
        findings.push(...problems);
        if (res.statusCode !== 400) findings.push(`${name(o)}: without ${p.name} answered ${res.statusCode}, not 400`);
      }
    });
  });

  it('an empty value for each query parameter: accepted where the document accepts it, else a 400 naming it', async () => {
    await forEveryOperation(async (o, findings) => {
      const query = (o.op.parameters ?? []).filter((p) => p.in === 'query');
      if (query.length === 0) return;
      const token = await senderOf(o);
      for (const p of query) {
        const req = { method: o.method, url: urlOf(o, { [p.name]: '' }, p.name), headers: headersOf(o, token) };
        const { res, problems } = await exchange(o, req);
        findings.push(...problems);
        const refusedForIt = res.statusCode === 400 && names(res, p.name);
        if (acceptsEmpty(p) && refusedForIt) {
          findings.push(
            `${name(o)}: "${p.name}=" is valid for the document and was refused: ${res.body.slice(0, 200)}`,
          );
        }
        if (!acceptsEmpty(p) && !refusedForIt && ![401, 403].includes(res.statusCode)) {
          findings.push(
            `${name(o)}: "${p.name}=" is not valid for the document and answered ${res.statusCode} (not a 400 naming it): ${res.body.slice(0, 200)}`,
          );
        }
      }
    });
  });
});
