/**
 * Hostile dates everywhere (issue 12, items 14–15): impossible calendar days (2026-02-30,
 * 2026-04-31, 2026-13-01), years PostgreSQL refuses or JavaScript misreads (0000, 0020, 9999) and
 * broken instants go into EVERY date and timestamp the API accepts, found from the OpenAPI document
 * so that a new field is attacked without touching this file:
 *
 *   body fields     `format: date` / `date-time` at any depth of a request body (the shared zDate /
 *                   zTimestamp carry it), arrays and nested objects included → 422 naming the field
 *   query params    `format: date` / `date-time` query parameters (availability, calendar…) → 400
 *   list filters    every `date` / `timestamp` field of `x-list-filters` (the list's whitelist),
 *                   with eq, lt, gte and in → 400 naming the field
 *   path params     any date path parameter → 4xx
 *   cursors         the bookings keyset cursor with those dates inside → 400
 *
 * Never a 5xx, and nothing is written anywhere.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const BAD_DATES = ['2026-02-30', '2026-04-31', '2026-13-01', '0000-01-01', '0020-01-01', '9999-12-31'];
const BAD_INSTANTS = [
  '2026-02-30T10:00:00Z',
  '2026-04-31T10:00:00+02:00',
  '0000-01-01T00:00:00Z',
  '0020-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T10:00:00',
];

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-list-filters'?: Record<string, string>;
};
type Target = { route: string; base: Req; op: Operation };
type Path = (string | number)[];

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;
const targets: Target[] = [];
let failures: string[] = [];
const covered = {
  body: new Set<string>(),
  query: new Set<string>(),
  filters: new Set<string>(),
  path: new Set<string>(),
};
let requests = 0;

/** The date-like leaves of a JSON schema: [path, 'date' | 'date-time'] (array items as index 0). */
function dateLeaves(s: JsonSchema | undefined, at: Path = []): [Path, string][] {
  if (!s) return [];
  if (s.format === 'date' || s.format === 'date-time') return [[at, s.format]];
  const out: [Path, string][] = [];
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) out.push(...dateLeaves(alt, at));
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...dateLeaves(v, [...at, k]));
  if (s.items) out.push(...dateLeaves(s.items, [...at, 0]));
  return out;
}

/** Sets `value` at `path`, creating what is missing (arrays for numeric keys). */
function setAt(obj: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [k, ...rest] = path;
  const copy = (
    Array.isArray(obj) ? [...obj] : obj && typeof obj === 'object' ? { ...obj } : typeof k === 'number' ? [] : {}
  ) as Record<string | number, unknown>;
  copy[k] = setAt(copy[k], rest, value);
  return copy;
}

/** A fresh Idempotency-Key on every public booking attempt (a reused key answers its first result). */
const fresh = (req: Req): Req =>
  req.headers?.['idempotency-key'] ? { ...req, headers: { ...req.headers, 'idempotency-key': `date-${uniq()}` } } : req;

/** Records an answer that is not the expected refusal (a 5xx above all). */
function expectRefused(res: LightMyRequestResponse, label: string, statuses: number[], field?: string) {
  requests += 1;
  if (res.statusCode >= 500) return failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (!statuses.includes(res.statusCode)) return failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (!errorMessageOf(res)) return failures.push(`${label}: no JSON message`);
  if (field) {
    const errors = (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
    if (!Object.keys(errors).some((k) => k === field || k.startsWith(`${field}[`))) {
      failures.push(`${label}: no error for "${field}" in ${JSON.stringify(errors).slice(0, 200)}`);
    }
  }
}

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld({ images: true }));
  const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [p, methods] of Object.entries(doc.paths)) {
    if (!p.startsWith('/api/v1/')) continue;
    for (const [m, op] of Object.entries(methods)) {
      const route = `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
      const roleRow = ROLE_ROWS.find((r) => r.route === route);
      const publicRow = PUBLIC_ROWS.find((r) => r.route === route);
      const base = roleRow
        ? { token: w.tokens.admin, ...(await roleRow.request({ app, w, level: 0, token: w.tokens.admin })) }
        : publicRow
          ? publicRow.request(w)
          : null;
      if (!base) throw new Error(`no base request for ${route}`);
      targets.push({ route, base, op });
    }
  }
}, 180_000);
afterAll(async () => {
  await close?.();
});

describe('hostile dates in every date and timestamp of the API', () => {
  it('every date and timestamp (body, query, list filter, path, cursor) refuses impossible days and odd years with 400/422; nothing is written', async () => {
    failures = [];
    const before = await snapshotDatabase(app);
    for (const { route, base, op } of targets) {
      const [pathname, qs] = base.url.split('?');
      const query = new URLSearchParams(qs ?? '');
      const urlWith = (name: string, value: string) => {
        const q = new URLSearchParams(query);
        q.set(name, value);
        return `${pathname}?${q.toString()}`;
      };

      // Body fields, at any depth.
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema && base.payload !== undefined && !Buffer.isBuffer(base.payload)) {
        for (const [path, format] of dateLeaves(schema)) {
          const field = path.join('.');
          covered.body.add(`${route} ${field}`);
          for (const v of format === 'date' ? BAD_DATES : BAD_INSTANTS) {
            const res = await send(app, fresh({ ...base, payload: setAt(base.payload, path, v) }));
            expectRefused(res, `${route} body ${field}=${v}`, [422], field);
          }
        }
      }

      for (const param of op.parameters ?? []) {
        const format = param.schema?.format;
        if (format !== 'date' && format !== 'date-time') continue;
        const values = format === 'date' ? BAD_DATES : BAD_INSTANTS;
        if (param.in === 'query') {
          covered.query.add(`${route} ?${param.name}`);
          for (const v of values) {
            const res = await send(app, fresh({ ...base, url: urlWith(param.name, v) }));
            expectRefused(res, `${route} ?${param.name}=${v}`, [400], param.name);
          }
        } else if (param.in === 'path') {
          covered.path.add(`${route} :${param.name}`);
          for (const v of values) {
            const url = base.url.replace(/\d{4}-\d{2}-\d{2}/, v);
            expectRefused(await send(app, fresh({ ...base, url })), `${route} :${param.name}=${v}`, [400, 404]);
          }
        }
      }

      // List filters: every date and timestamp field of the list's whitelist.
      for (const [field, type] of Object.entries(op['x-list-filters'] ?? {})) {
        if (type !== 'date' && type !== 'timestamp') continue;
        covered.filters.add(`${route} ${field}`);
        const values = type === 'date' ? BAD_DATES : [...BAD_DATES, ...BAD_INSTANTS];
        for (const v of values) {
          for (const opName of ['eq', 'lt', 'gte']) {
            const res = await send(app, { ...base, url: urlWith(`${field}[${opName}]`, v) });
            expectRefused(res, `${route} ?${field}[${opName}]=${v}`, [400], field);
          }
          const res = await send(app, { ...base, url: urlWith(`${field}[in]`, `2026-01-01,${v}`) });
          expectRefused(res, `${route} ?${field}[in]=…,${v}`, [400], field);
        }
      }

      // The bookings keyset cursor carries a date and an instant.
      if ((op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor')) {
        const id = '00000000-0000-4000-8000-000000000000';
        const forged = [
          ...BAD_DATES.map((d) => [d, '09:00', '2026-01-01 10:00:00+00', id]),
          ...BAD_INSTANTS.map((t) => ['2026-01-01', '09:00', t, id]),
        ];
        covered.query.add(`${route} ?cursor`);
        for (const parts of forged) {
          const cursor = Buffer.from(JSON.stringify(parts)).toString('base64url');
          const res = await send(app, { ...base, url: urlWith('cursor', cursor) });
          expectRefused(res, `${route} ?cursor=${parts.join('|')}`, [400], 'cursor');
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotDatabase(app)).toEqual(before);
  }, 600_000);

  it('covers the dates the issue names (and every list with a date filter)', () => {
    const all = [...covered.body, ...covered.query, ...covered.filters, ...covered.path];
    for (const expected of [
      'POST /api/v1/public/bookings date',
      'POST /api/v1/bookings date',
      'POST /api/v1/bookings/quote date',
      'POST /api/v1/schedule-sheets date',
      'POST /api/v1/schedule-sheets/generate date',
      'PUT /api/v1/products/:id/departures date',
      'POST /api/v1/products availability_rules.0.valid_from',
      'POST /api/v1/products closed_dates.0',
      'POST /api/v1/products seasons.0.from',
      'POST /api/v1/vehicles unavailable_periods.0.from',
      'POST /api/v1/persons document_expiry',
      'POST /api/v1/bookings/:id/payments paid_at',
      'GET /api/v1/bookings/calendar ?from',
      'GET /api/v1/products/:id/availability ?from',
      'GET /api/v1/public/products/:id/availability ?from',
      'GET /api/v1/bookings ?cursor',
      'GET /api/v1/bookings date',
      'GET /api/v1/bookings created_at',
      'GET /api/v1/schedule-sheets date',
      'GET /api/v1/users created_at',
      'GET /api/v1/tour-operators created_at',
      'GET /api/v1/audit-log created_at',
      'GET /api/v1/products created_at',
      // Issue 14
      'POST /api/v1/products/:id/departures/cancel date',
      'GET /api/v1/messages created_at',
    ]) {
      expect(all, expected).toContain(expected);
    }
    console.info(
      `hostile dates: ${requests} requests; ${covered.body.size} body fields, ${covered.query.size} query parameters, ${covered.filters.size} list filters, ${covered.path.size} path parameters; 0 answers of 5xx`,
    );
  });
});
