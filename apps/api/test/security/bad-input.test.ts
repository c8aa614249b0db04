/**
 * Bad input on every endpoint (issue 7, PRODUCT.md §7 "Bad input"), driven by the route inventory:
 * each /api/v1 operation of the OpenAPI document (route-inventory.test.ts proves it lists every
 * route) starts from a valid request (matrix.ts) and is attacked in its path ids, query string,
 * body shape and every body field: malformed JSON, wrong types, huge and negative numbers, 100 kB
 * strings, NUL bytes, SQL and HTML injection, unknown filters, absurd paging, wrong content types.
 * Every answer is a 2xx (accepted as plain data) or 400/401/403/404/409/413/415/422 with a JSON
 * `message` — never a 500 — and the shape attacks, all refused, leave every table unchanged.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FULL_SWEEP, sweepSample } from '../sweep';
import {
  errorMessageOf,
  type Req,
  type SecurityWorld,
  send,
  setupSecurityWorld,
  snapshotDatabase,
  uniq,
} from './fixtures';
import { PUBLIC_ROWS, ROLE_ROWS } from './matrix';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;

type Op = {
  route: string;
  method: string;
  path: string;
  query: string[];
  bodyProps: string[];
  isList: boolean;
  base: Req;
};
const ops: Op[] = [];
/** The operations attacked: every one under CI, a seeded sample in a newcomer's run (../sweep.ts). */
const swept = () => sweepSample('bad-input', ops, (o) => o.route);

const ACCEPTED_ERRORS = [400, 401, 403, 404, 409, 413, 414, 415, 422];
let failures: string[] = [];
let requests = 0;

/** Records an answer that breaks the rule: a 5xx, an unexpected status, or an error without a JSON message. */
function check(res: LightMyRequestResponse, label: string, mustReject = false) {
  requests += 1;
  const s = res.statusCode;
  if (s >= 500) failures.push(`${label}: ${s} ${res.body.slice(0, 300)}`);
  else if (s >= 300 && !ACCEPTED_ERRORS.includes(s)) failures.push(`${label}: unexpected ${s}`);
  else if (s >= 400 && !errorMessageOf(res))
    failures.push(`${label}: ${s} without a JSON message: ${res.body.slice(0, 200)}`);
  else if (mustReject && s < 400) failures.push(`${label}: accepted (${s}) ${res.body.slice(0, 200)}`);
}

/** A fresh Idempotency-Key on every public booking attempt (a reused key answers its first result). */
const withFreshKey = (req: Req): Req =>
  req.headers?.['idempotency-key'] ? { ...req, headers: { ...req.headers, 'idempotency-key': `bad-${uniq()}` } } : req;

const call = (req: Req) => send(app, withFreshKey(req));

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld({ images: true }));
  const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  for (const [p, methods] of Object.entries(doc.paths)) {
    if (!p.startsWith('/api/v1/')) continue;
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const path = p.replace(/\{(\w+)\}/g, ':$1');
      const route = `${method} ${path}`;
      const roleRow = ROLE_ROWS.find((r) => r.route === route);
      const publicRow = PUBLIC_ROWS.find((r) => r.route === route);
      // The administrator passes every role check, so the attack reaches validation and the database.
      const base = roleRow
        ? { token: w.tokens.admin, ...(await roleRow.request({ app, w, level: 0, token: w.tokens.admin })) }
        : publicRow
          ? publicRow.request(w)
          : null;
      if (!base) throw new Error(`no base request for ${route}`);
      const schema = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })?.content?.[
        'application/json'
      ]?.schema;
      const query = (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
      ops.push({
        route,
        method,
        path,
        query,
        bodyProps: Object.keys(schema?.properties ?? {}),
        isList: query.includes('per_page'),
        base,
      });
    }
  }
}, 180_000);
afterAll(async () => {
  await close?.();
});
beforeEach(() => {
  failures = [];
});

const UUID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const BAD_IDS = [
  '%00',
  'abc%00def',
  `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(11)}%00`,
  'not-a-uuid',
  "'%20or%201=1%20--",
  "1';%20drop%20table%20users;%20--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '1e308',
  '-1',
  '9223372036854775808',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(300),
];

/** Every leaf of a JSON value, as a path of keys/indexes. */
function leaves(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leaves(x, [...at, i])) : [at];
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? entries.flatMap(([k, x]) => leaves(x, [...at, k])) : [at];
  }
  return [at];
}
const getAt = (obj: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], obj);
function setAt(obj: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = Array.isArray(obj) ? [...obj] : { ...(obj as object) };
  const [k, ...rest] = path;
  (copy as Record<string | number, unknown>)[k] = setAt((copy as Record<string | number, unknown>)[k], rest, value);
  return copy;
}
/** Replaces every string leaf (or every number leaf) of a body at once. */
function mapLeaves(v: unknown, f: (x: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => mapLeaves(x, f));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapLeaves(x, f)]));
  return f(v);
}

const hasJsonBody = (op: Op) =>
  op.base.payload !== undefined && !Buffer.isBuffer(op.base.payload) && typeof op.base.payload === 'object';

describe('bad input on every endpoint', () => {
  it('covers every /api/v1 operation of the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(60);
  });

  it('refused shapes (malformed JSON, wrong content types, bad ids, NUL and huge values everywhere) change nothing', async () => {
    const before = await snapshotDatabase(app);
    for (const op of swept()) {
      const label = (what: string) => `${op.route} ${what}`;
      // Path ids: every UUID in the URL replaced by garbage.
      const [path, qs] = op.base.url.split('?');
      if (op.path.includes('/:')) {
        expect(path.match(UUID_IN_PATH)?.length, op.route).toBeGreaterThan(0);
        for (const bad of BAD_IDS) {
          const url = `${path.replace(UUID_IN_PATH, bad)}${qs ? `?${qs}` : ''}`;
          check(await call({ ...op.base, url }), label(`id ${bad.slice(0, 20)}`), true);
        }
      }
      // Routes without a body (DELETE, logout, finish) ignore one, as HTTP allows.
      if (op.method === 'GET' || op.base.payload === undefined) continue;
      const multipart = Buffer.isBuffer(op.base.payload);
      const json = { ...op.base.headers, 'content-type': 'application/json' };
      const shapes: [string, Req][] = [
        ['malformed JSON', { ...op.base, payload: '{"name": "x",', headers: json }],
        ['truncated JSON', { ...op.base, payload: '{', headers: json }],
        ['NUL in JSON text', { ...op.base, payload: '{"name": "a\u0000b"', headers: json }],
        ['empty JSON body', { ...op.base, payload: '', headers: json }],
        ['text/plain', { ...op.base, payload: 'hola', headers: { ...op.base.headers, 'content-type': 'text/plain' } }],
        [
          'form-encoded',
          {
            ...op.base,
            payload: 'name=x&level=0',
            headers: { ...op.base.headers, 'content-type': 'application/x-www-form-urlencoded' },
          },
        ],
        [
          'xml',
          { ...op.base, payload: '<a>1</a>', headers: { ...op.base.headers, 'content-type': 'application/xml' } },
        ],
      ];
      if (!multipart && hasJsonBody(op)) {
        shapes.push(
          ['array body', { ...op.base, payload: '[]', headers: json }],
          ['array of the body', { ...op.base, payload: JSON.stringify([op.base.payload]), headers: json }],
          ['string body', { ...op.base, payload: '"texto"', headers: json }],
          ['number body', { ...op.base, payload: '1e308', headers: json }],
          ['null body', { ...op.base, payload: 'null', headers: json }],
          ['objects everywhere', { ...op.base, payload: mapLeaves(op.base.payload, () => ({ $gt: '' })) }],
        );
        const kinds = new Set(leaves(op.base.payload).map((p) => typeof getAt(op.base.payload, p)));
        if (kinds.has('string')) {
          const payload = mapLeaves(op.base.payload, (x) => (typeof x === 'string' ? `a\u0000${x}` : x));
          shapes.push(['NUL in every string', { ...op.base, payload }]);
        }
        if (kinds.has('number')) {
          const payload = mapLeaves(op.base.payload, (x) => (typeof x === 'number' ? 2 ** 63 : x));
          shapes.push(['2^63 in every number', { ...op.base, payload }]);
        }
      }
      for (const [what, req] of shapes) check(await call(req), label(what), true);
    }
    expect(failures).toEqual([]);
    expect(await snapshotDatabase(app)).toEqual(before);
  }, 300_000);

  it('every body field × wrong types, huge and negative numbers, long strings, NUL bytes, SQL and HTML: never a 500', async () => {
    // By the type of the valid value: what a careless server would pass on to PostgreSQL.
    const FOR_STRING: [string, unknown][] = [
      ['NUL', 'a\u0000b'],
      ['SQL', "' or 1=1 --"],
      ['100 kB', 'x'.repeat(100_000)],
      ['2^63', 2 ** 63],
      ['object', { $ne: null }],
    ];
    const FOR_NUMBER: [string, unknown][] = [
      ['1e308', 1e308],
      ['2^63', 2 ** 63],
      ['-1', -1],
      ['-2^63', -(2 ** 63)],
      ['NUL text', '1\u0000'],
      ['array', ['<script>alert(1)</script>']],
    ];
    const FOR_OTHER: [string, unknown][] = [
      ['NUL', 'a\u0000b'],
      ['1e308', 1e308],
      ['object', { $ne: null }],
      ['array', ['<script>alert(1)</script>']],
    ];
    for (const op of swept().filter(hasJsonBody)) {
      const payload = op.base.payload as object;
      const paths = leaves(payload);
      // Fields of the schema the valid body leaves out are attacked too.
      for (const prop of op.bodyProps) if (!(prop in payload)) paths.push([prop]);
      for (const path of paths) {
        const current = getAt(payload, path);
        const values = typeof current === 'string' ? FOR_STRING : typeof current === 'number' ? FOR_NUMBER : FOR_OTHER;
        for (const [what, value] of values) {
          const res = await call({ ...op.base, payload: setAt(payload, path, value) });
          check(res, `${op.route} ${path.join('.')}=${what}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('injection strings in every text field at once are stored as plain data or refused: never a 500, tables intact', async () => {
    const VALUES = [
      "'; drop table users; --",
      "Robert'); DELETE FROM bookings WHERE ('1'='1",
      '<script>alert(1)</script>',
      '"><svg onload=alert(1)>',
      '%00%27%22\\',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
      '${7*7}{{7*7}}',
      '\u202e\u2028\u2029\ufeff',
      '𝕋𝕣𝕒𝕪𝕖𝕔𝕥𝕠 🚌',
    ];
    for (const op of swept().filter(hasJsonBody)) {
      for (const v of VALUES) {
        const res = await call({
          ...op.base,
          payload: mapLeaves(op.base.payload, (x) => (typeof x === 'string' ? v : x)),
        });
        check(res, `${op.route} all strings=${v}`);
      }
    }
    expect(failures).toEqual([]);
    for (const table of ['users', 'bookings', 'products', 'tour_operators']) {
      const res = await send(app, { method: 'GET', url: '/api/v1/users?per_page=1', token: w.tokens.admin });
      expect(res.statusCode, table).toBe(200);
    }
  }, 300_000);

  it('query strings: unknown filters and ops, absurd paging, NUL, SQL and long values answer 400, never 500', async () => {
    const LIST_ATTACKS: [string, boolean][] = [
      ['foo[eq]=1', true],
      ['state[regex]=x', true],
      ['state[eq', false],
      ['per_page=100000', true],
      ['per_page=0', true],
      ['page=-1', true],
      ['page=0', true],
      ['page=1e9', true],
      ['page=abc', true],
      ['page=1&page=2', true],
      ['sort=password_hash', true],
      ['sort=%00', true],
      [`sort=${'-created_at,'.repeat(200)}`, false],
      ['q=%00', false],
      [`q=${'x'.repeat(10_000)}`, true],
      ["q='%20or%201=1%20--", false],
      ['q=%25%5F%5C', false],
      ["tour_operator_id[eq]='%20or%201=1%20--", true],
      ['tour_operator_id[eq]=%00', true],
      [
        `tour_operator_id[in]=${Array.from({ length: 150 }, () => '00000000-0000-4000-8000-000000000000').join(',')}`,
        true,
      ],
      ['created_at[gte]=%00', true],
      ['created_at[gte]=9999999-01-01', true],
      ['id[like]=x', true],
    ];
    for (const op of swept().filter((o) => o.method === 'GET')) {
      const [path] = op.base.url.split('?');
      if (op.isList) {
        for (const [qs, mustReject] of LIST_ATTACKS) {
          check(await call({ ...op.base, url: `${path}?${qs}` }), `${op.route} ?${qs.slice(0, 40)}`, mustReject);
        }
      }
      const params = new URL(op.base.url, 'http://x').searchParams;
      for (const name of op.query.filter((q) => !['page', 'per_page', 'sort', 'q'].includes(q))) {
        for (const bad of ['%00', "'%20or%201=1%20--", '1e308', '-1', 'x'.repeat(5000), '%3Cscript%3E', '']) {
          const others = [...params.entries()]
            .filter(([k]) => k !== name)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
          const url = `${path}?${[...others, `${name}=${bad}`].join('&')}`;
          check(await call({ ...op.base, url }), `${op.route} ?${name}=${bad.slice(0, 20)}`);
          check(await call({ ...op.base, url: `${url}&${name}=${bad}` }), `${op.route} ?${name} twice`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the Idempotency-Key header: missing, NUL, CRLF or over-long answers 400', async () => {
    const op = ops.find((o) => o.route === 'POST /api/v1/public/bookings');
    if (!op) throw new Error('no public booking route');
    for (const key of [undefined, '', 'a\u0000b', 'x'.repeat(300), 'ñ'.repeat(10)]) {
      const headers = { ...op.base.headers };
      if (key === undefined) delete headers['idempotency-key'];
      else headers['idempotency-key'] = key;
      const res = await send(app, { ...op.base, headers }).catch((err: Error) => ({ err }));
      if ('err' in res) continue; // light-my-request itself refuses some header values (as Node's HTTP would)
      check(res, `Idempotency-Key ${JSON.stringify(key)?.slice(0, 20)}`, true);
    }
    expect(failures).toEqual([]);
  });

  it('reports what it sent', () => {
    expect(requests).toBeGreaterThan(FULL_SWEEP ? 1500 : 400);
    console.info(`bad-input: ${requests} requests over ${ops.length} operations, 0 answers of 5xx`);
  });
});
