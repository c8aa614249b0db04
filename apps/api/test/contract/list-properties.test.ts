/**
 * Property-based contract tests of the lists (issue 21): every GET list operation of the OpenAPI
 * document (the lists and their CSV exports, found in the document), queried with parameters
 * generated from the document's own query parameters (`page`, `per_page`, `sort`, `q` and each
 * filter `field[op]`, built from the list spec the API parses with):
 *
 *   published  every list publishes its filters as typed parameters, an export the same ones as
 *              its list, and a filter operator the API takes is published (and one it is not
 *              published is refused): the document lists exactly what the parser accepts.
 *   valid      a query of values the document calls valid answers 200 (and, through
 *              buildTestApp, a body in the operation's schema; a CSV export its text/csv file).
 *   invalid    the same query with one parameter given a value the document calls invalid answers
 *              400 with the error body naming that parameter.
 *
 * CONTRACT_RUNS=200 for a longer hunt (12 queries per list and property by default).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booked, bookingBody, day, mkProduct } from '../../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from '../build-app';
import { bearer, createWorld } from '../factories';
import { accommodationBody, personBody, vehicleBody } from '../security/fixtures';
import { arbitraryOf, type Schema } from './arbitrary';
import { ContractChecker, type Document } from './openapi-contract';

/** Queries per list and property (CONTRACT_RUNS=200 for a longer hunt). */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 12);

type ParamSchema = Schema & { items?: ParamSchema; anyOf?: ParamSchema[]; maxItems?: number };
type Parameter = {
  in: string;
  name: string;
  schema: ParamSchema;
  style?: string;
  explode?: boolean;
  description?: string;
};
type ListOp = {
  path: string;
  operationId: string;
  /** The list's filter whitelist (`x-list-filters`: field → type). */
  fields: Record<string, string>;
  /** The list conventions and the filters: every query parameter but the bookings' opaque cursor. */
  params: Parameter[];
  csv: boolean;
};

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let checker: ContractChecker;
const lists: ListOp[] = [];
let doc: Document;
/** The two bookings of the set-up (day 2 at 09:00, day 5 at 18:00). */
const bookingIds: string[] = [];

const LIST_CONVENTIONS = ['page', 'per_page', 'sort', 'q'];
/** `field` or `field[op]` → the field. */
const fieldOf = (name: string) => /^([a-z_][a-z0-9_]*)(\[[a-z]+\])?$/.exec(name)?.[1];

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  // A row or two in every list, so that some queries find something to answer (each booking
  // writes its confirmation e-mail, and one is opened in WhatsApp: rows for the messages list).
  const product = await mkProduct(app, w.tokens.A1, { capacity: 500 });
  bookingIds.push((await booked(app, w.tokens.A1, bookingBody(product.id, { date: day(2) }))).id);
  bookingIds.push((await booked(app, w.tokens.A1, bookingBody(product.id, { date: day(5), time: '18:00' }))).id);
  const whatsapp = await app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingIds[1]}/whatsapp`,
    payload: { kind: 'booking_reminder' },
    headers: bearer(w.tokens.A1),
  });
  if (whatsapp.statusCode !== 201) throw new Error(`whatsapp: ${whatsapp.statusCode} ${whatsapp.body}`);
  for (const [url, body] of [
    ['/api/v1/vehicles', vehicleBody()],
    ['/api/v1/persons', personBody()],
    ['/api/v1/accommodations', accommodationBody()],
    ['/api/v1/schedule-sheets', { product_id: product.id, date: day(2), time: '09:00' }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload: body, headers: bearer(w.tokens.A1) });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }

  doc = app.swagger() as unknown as Document;
  checker = new ContractChecker(doc);
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.get as
      | (Record<string, unknown> & { operationId: string; parameters?: Parameter[]; 'x-list-filters'?: object })
      | undefined;
    if (!op) continue;
    const query = (op.parameters ?? []).filter((p) => p.in === 'query');
    // A list: the list conventions or a filter whitelist.
    if (!op['x-list-filters'] && !query.some((p) => p.name === 'sort')) continue;
    const fields = (op['x-list-filters'] ?? {}) as Record<string, string>;
    lists.push({
      path,
      operationId: op.operationId,
      fields,
      params: query.filter((p) => LIST_CONVENTIONS.includes(p.name) || Object.hasOwn(fields, fieldOf(p.name) ?? '')),
      csv: path.endsWith('/export.csv'),
    });
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
});

// ── Values ──────────────────────────────────────────────────────────────────────────────────────

/** Text as people type it: any Unicode (no lone surrogates), and the characters that matter in SQL. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('%', '_', '\\', "o'Brien", ' ', 'Ñandú', 'a b', '-', '4821 KLM', 'a,b', 'a\u0000b'),
);

/** A value the schema accepts, in its typed form (an array for a list parameter). */
function typedValue(s: ParamSchema): fc.Arbitrary<unknown> {
  if (s.type === 'array' && s.items) {
    return fc.array(typedValue(s.items), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
  }
  // A day or an instant (a timestamp filter): either.
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map(typedValue));
  if (s.type === 'string' && !s.enum && !s.format) return text;
  return arbitraryOf(s);
}

/** How the document says the value goes into the query string (`style: form`, `explode: false`). */
const serialise = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v));

/** The typed form of a query string value, as the document reads it (for Ajv). */
function deserialise(s: ParamSchema, raw: string): unknown {
  if (s.type === 'array') return raw === '' ? [] : raw.split(',').map((r) => deserialise(s.items ?? {}, r));
  if (s.type === 'integer' || s.type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (s.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** Ajv on a parameter's schema (compiled once per schema). */
const validator = (p: Pick<Parameter, 'schema'>) =>
  checker.validator(`query parameter ${JSON.stringify(p.schema)}`, p.schema as Record<string, unknown>);

/** A value of the parameter the document calls valid, serialised. */
function validValue(p: Pick<Parameter, 'schema'>): fc.Arbitrary<string> {
  const validate = validator(p);
  return typedValue(p.schema)
    .filter((v) => validate(v))
    .map(serialise);
}

const LONG = 'x'.repeat(201);

/** Values the document calls invalid for a schema, by kind (each is checked against it below). */
function invalidCandidates(s: ParamSchema): string[] {
  if (s.type === 'array') {
    const item = s.items ?? {};
    const good = fc.sample(validValue({ schema: item }), { numRuns: 1, seed: 7 })[0];
    const some = invalidCandidates(item).map((bad) => `${good},${bad}`);
    return ['', ',', ...some, Array.from({ length: (s.maxItems ?? 100) + 1 }, () => 'a').join(',')];
  }
  if (s.enum) return ['no-existe', String(s.enum[0]).toUpperCase(), `${String(s.enum[0])}x`];
  if (s.type === 'integer') {
    return ['abc', '1.5', '1e3', String((s.maximum ?? 0) + 1), String((s.minimum ?? 0) - 1)];
  }
  if (s.type === 'boolean') return ['si', 'yes', '2', 'verdadero'];
  if (s.format === 'uuid') return ['no-es-un-uuid', '00000000-0000-4000-8000-00000000000', "1' or '1'='1"];
  if (s.format === 'date') return ['2026-13-01', '2026-02-30', '0020-01-01', '2101-01-01', '2026-7-1', 'ayer'];
  if (s.anyOf) return ['2026-13-01', '2026-01-01T24:00:00Z', '2026-01-01T10:00:00', '0020-01-01T00:00:00Z', 'ayer'];
  if (s.type === 'string') return [LONG, 'a\u0000b'];
  return [];
}

/** The values of a parameter the document calls invalid (from the candidates of its kind). */
function invalidValues(p: Parameter): string[] {
  const validate = validator(p);
  return invalidCandidates(p.schema).filter((raw) => {
    // An empty `page`, `per_page` or `sort` (`sort=,` too) means the default: what absent means.
    if (['page', 'per_page', 'sort'].includes(p.name) && /^,*$/.test(raw)) return false;
    return !validate(deserialise(p.schema, raw));
  });
}

/** A valid query: a few documented parameters, each with a valid value. */
function validQuery(list: ListOp): fc.Arbitrary<[string, string][]> {
  const params = list.params;
  return fc
    .uniqueArray(fc.constantFrom(...params), { minLength: 0, maxLength: 4, selector: (p) => p.name })
    .chain((chosen) =>
      chosen.length === 0
        ? fc.constant([] as [string, string][])
        : fc.tuple(...chosen.map((p) => validValue(p).map((v) => [p.name, v] as [string, string]))),
    );
}

const queryString = (pairs: [string, string][]) =>
  pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';

async function get(list: ListOp, pairs: [string, string][], token = w.tokens.admin) {
  return app.inject({ method: 'GET', url: `${list.path}${queryString(pairs)}`, headers: bearer(token) });
}

// ── The tests ───────────────────────────────────────────────────────────────────────────────────

describe('list operations of the document', () => {
  it('every list and export publishes its filters as typed query parameters (the export the same as its list)', () => {
    const ids = lists.map((l) => l.operationId).sort();
    // Eleven lists and nine exports (schedule sheets and channels have no export; messages have one
    // since issue 31). A channel's request log pages by `page`/`per_page` only: not a list here.
    // Issue 34 adds three: invoices, commission statements and cash handovers.
    expect(ids.filter((id) => id.startsWith('list'))).toHaveLength(14);
    expect(ids.filter((id) => id.startsWith('export'))).toHaveLength(9);
    for (const list of lists) {
      const names = list.params.map((p) => p.name);
      expect(Object.keys(list.fields).length, `${list.operationId}: no filters published`).toBeGreaterThan(0);
      for (const field of Object.keys(list.fields)) {
        expect(
          names.filter((n) => n.startsWith(`${field}[`)),
          `${list.operationId}: ${field} has no filter parameter`,
        ).not.toEqual([]);
      }
      for (const name of LIST_CONVENTIONS) expect(names, list.operationId).toContain(name);
      for (const p of list.params) {
        expect(p.schema, `${list.operationId} ${p.name}`).toBeDefined();
        expect(p.description, `${list.operationId} ${p.name}`).toMatch(/\S/);
        if (p.schema.type === 'array')
          expect([p.style, p.explode], `${list.operationId} ${p.name}`).toEqual(['form', false]);
      }
      if (list.csv) {
        const of = lists.find((l) => l.path === list.path.replace(/\/export\.csv$/, ''));
        expect(of, list.path).toBeDefined();
        expect(list.params, list.path).toEqual(of?.params);
      }
    }
  });

  it('a filter parameter (field and operator) is published exactly when the API takes it', async () => {
    const OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in'];
    const mismatches: string[] = [];
    for (const list of lists.filter((l) => !l.csv)) {
      for (const field of Object.keys(list.fields)) {
        const sample =
          list.params.find((p) => p.name === `${field}[eq]`) ?? list.params.find((p) => fieldOf(p.name) === field);
        if (!sample) continue;
        const value = fc.sample(validValue({ ...sample, schema: sample.schema.items ?? sample.schema }), {
          numRuns: 1,
          seed: 1,
        })[0];
        // The plain `field` is `field[eq]`.
        for (const name of [field, ...OPS.map((op) => `${field}[${op}]`)]) {
          const published = list.params.some((p) => p.name === name);
          const res = await get(list, [[name, value]]);
          if (published !== (res.statusCode === 200)) {
            mismatches.push(`${list.operationId} ${name}=${value}: published ${published}, answered ${res.statusCode}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('queries generated from the document', () => {
  it('valid values of the documented parameters answer 200 (a body in schema; an export its CSV)', async () => {
    for (const list of lists) {
      await fc.assert(
        fc.asyncProperty(
          validQuery(list),
          fc.constantFrom('admin', 'A1') as fc.Arbitrary<'admin' | 'A1'>,
          async (pairs, who) => {
            const res = await get(list, pairs, w.tokens[who]);
            if (res.statusCode !== 200) {
              throw new Error(`${list.operationId}${queryString(pairs)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  });

  it('one parameter with a value the document calls invalid answers 400 naming it', async () => {
    for (const list of lists) {
      const withInvalid = list.params.filter((p) => invalidValues(p).length > 0);
      // Every documented parameter of a list has values the document refuses.
      expect(
        list.params.filter((p) => !withInvalid.includes(p)).map((p) => p.name),
        list.operationId,
      ).toEqual([]);
      const bad = fc
        .constantFrom(...withInvalid)
        .chain((p) => fc.constantFrom(...invalidValues(p)).map((v) => [p.name, v] as const));
      await fc.assert(
        fc.asyncProperty(validQuery(list), bad, async (pairs, [name, value]) => {
          const query: [string, string][] = [...pairs.filter(([k]) => k !== name), [name, value]];
          const res = await get(list, query);
          const body = res.json() as { code?: string; message?: string; errors?: Record<string, string[]> };
          const named = Object.keys(body.errors ?? {}).includes(name);
          if (res.statusCode !== 400 || body.code !== 'BAD_REQUEST' || !body.message || !named) {
            throw new Error(`${list.operationId}${queryString(query)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  });

  it('a generated client filters with the typed parameters: listBookings with date[gte] and state[in]', async () => {
    const list = lists.find((l) => l.operationId === 'listBookings') as ListOp;
    const dates = async (pairs: [string, string][]) =>
      ((await get(list, pairs, w.tokens.A1)).json() as { date: string }[]).map((b) => b.date).sort();
    expect(await dates([])).toEqual([day(2), day(5)]);
    expect(await dates([['date[gte]', day(3)]])).toEqual([day(5)]);
    expect(await dates([['date[lte]', day(2)]])).toEqual([day(2)]);
    expect(
      await dates([
        ['date[in]', `${day(2)},${day(5)}`],
        ['state[in]', 'confirmed,pending'],
      ]),
    ).toEqual([day(2), day(5)]);
    expect(await dates([['state[in]', 'cancelled']])).toEqual([]);
  });

  it('issue 31: an empty page, per_page or cursor is its default (allowEmptyValue): the first page, of 50', async () => {
    const list = lists.find((l) => l.operationId === 'listBookings') as ListOp;
    const op = doc.paths[list.path]?.get as { parameters?: (Parameter & { allowEmptyValue?: boolean })[] } | undefined;
    const params = op?.parameters ?? [];
    for (const name of ['page', 'per_page', 'cursor']) {
      expect(params.find((p) => p.name === name && p.in === 'query')?.allowEmptyValue, name).toBe(true);
    }
    const same = async (pairs: [string, string][], as: [string, string][]) => {
      const [res, expected] = [await get(list, pairs, w.tokens.A1), await get(list, as, w.tokens.A1)];
      expect(res.statusCode, `${JSON.stringify(pairs)}: ${res.body}`).toBe(200);
      expect(res.body, JSON.stringify(pairs)).toBe(expected.body);
      expect(res.headers['x-next-cursor'], JSON.stringify(pairs)).toBe(expected.headers['x-next-cursor']);
    };
    // One booking a page, so that the first page has a next one: the empty cursor starts at the first.
    await same(
      [
        ['per_page', '1'],
        ['cursor', ''],
      ],
      [['per_page', '1']],
    );
    await same(
      [
        ['per_page', '1'],
        ['page', ''],
      ],
      [
        ['per_page', '1'],
        ['page', '1'],
      ],
    );
    await same([['per_page', '']], [['per_page', '50']]);
  });

  it('listMessages filters with its typed parameters: booking_id, kind[in], channel and state (issue 14)', async () => {
    const list = lists.find((l) => l.operationId === 'listMessages') as ListOp;
    expect(list, 'listMessages is a list of the document').toBeDefined();
    type Row = { booking_id: string; kind: string; channel: string; state: string };
    const rows = async (pairs: [string, string][]) => {
      const res = await get(list, pairs, w.tokens.A1);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Row[])
        .map((m) => `${m.booking_id === bookingIds[0] ? 1 : 2} ${m.kind} ${m.channel} ${m.state}`)
        .sort();
    };
    const [first, second] = bookingIds as [string, string];
    expect(await rows([['booking_id[in]', `${first},${second}`]])).toEqual([
      '1 booking_confirmed email queued',
      '2 booking_confirmed email queued',
      '2 booking_reminder whatsapp sent',
    ]);
    expect(
      await rows([
        ['booking_id[eq]', second],
        ['channel[eq]', 'whatsapp'],
      ]),
    ).toEqual(['2 booking_reminder whatsapp sent']);
    expect(
      await rows([
        ['kind[in]', 'booking_confirmed,booking_reminder'],
        ['state[ne]', 'sent'],
        ['booking_id[in]', `${first},${second}`],
      ]),
    ).toEqual(['1 booking_confirmed email queued', '2 booking_confirmed email queued']);
    // Another operator's bookings have no messages A may list.
    expect(await rows([['tour_operator_id[eq]', w.B.op.id]])).toEqual([]);
  });
});
