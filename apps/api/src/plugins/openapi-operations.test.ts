/**
 * Issue 21: the published document is complete. Every operation has a unique operationId (a new
 * route fails here until OPERATION_IDS names it), a tag, every status the framework and the guards
 * can answer with the error body, 204s without content, typed list parameters, and examples that
 * the operation itself accepts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { ContractChecker, type Document } from '../../test/contract/openapi-contract';
import { apiLicence } from './openapi';
import { OPERATION_IDS, REQUEST_EXAMPLES, routeKey } from './openapi-operations';

type Op = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown>; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
  'x-list-filters'?: unknown;
};

let app: FastifyInstance;
let doc: Document;
const ops: { key: string; op: Op }[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  doc = app.swagger() as unknown as Document;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) ops.push({ key: routeKey(method, path), op: op as Op });
  }
});
afterAll(async () => {
  await app?.close();
});

describe('operationIds and tags', () => {
  it('every operation has its operationId from OPERATION_IDS, unique, and a tag', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter(({ op }) => !op.operationId).map(({ key }) => key)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ops.filter(({ op }) => !op.tags?.length).map(({ key }) => key)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('OPERATION_IDS names no route that does not exist (no stale lines)', () => {
    const real = new Set(ops.map(({ key }) => key));
    expect(Object.keys(OPERATION_IDS).filter((k) => !real.has(k))).toEqual([]);
  });
});

describe('responses', () => {
  it("every 204 has no content; every other response has a JSON body (a CSV export's 200 is text/csv); errors use ErrorResponse with `code`", () => {
    for (const { key, op } of ops) {
      for (const [status, res] of Object.entries(op.responses)) {
        expect(res.description, `${key} ${status}`).not.toBe('Default Response');
        if (status === '204') expect(res.content, `${key} 204`).toBeUndefined();
        else if (key.endsWith('/export.csv') && status === '200')
          expect(res.content?.['text/csv']?.schema, `${key} ${status}`).toBeDefined();
        else if (key.endsWith('/pdf') && status === '200')
          // An invoice's PDF (issue 34).
          expect(res.content?.['application/pdf']?.schema, `${key} ${status}`).toBeDefined();
        else if (key.endsWith('/export.xlsx') && status === '200')
          expect(
            res.content?.['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema,
            `${key} ${status}`,
          ).toBeDefined();
        else expect(res.content?.['application/json']?.schema, `${key} ${status}`).toBeDefined();
        if (Number(status) >= 400) expect(res.description, `${key} ${status}`).toMatch(/`[A-Z_]+`/);
      }
    }
  });

  it("every operation documents 400, 408, 431 (Node's own answers), 500 and (but liveness) 503; with a path parameter 404 and 414; with a body, or a method that may carry one, 413 and 415, and with a body 422; behind a token 401 and 403", () => {
    for (const { key, op } of ops) {
      const has = (s: number) => expect(Object.keys(op.responses), key).toContain(String(s));
      [400, 408, 431, 500].forEach(has);
      if (op.operationId !== 'getHealth') has(503);
      if (op.parameters?.some((p) => p.in === 'path')) [404, 414].forEach(has);
      if (op.requestBody || !key.startsWith('GET ')) [413, 415].forEach(has);
      if (op.requestBody) has(422);
      if (!op.security || op.security.length > 0) [401, 403].forEach(has);
    }
  });
});

describe('request bodies and parameters', () => {
  it('the image upload is multipart/form-data with its file part', () => {
    const upload = ops.find(({ key }) => key === 'POST /api/v1/products/:id/images')?.op;
    const schema = upload?.requestBody?.content['multipart/form-data']?.schema as {
      properties: Record<string, { format?: string }>;
      required: string[];
    };
    expect(schema.properties.file.format).toBe('binary');
    expect(schema.required).toEqual(['file']);
  });

  it('lists type page and per_page as integers, sort as a list of its allowed fields and each filter as a parameter', () => {
    const lists = ops.filter(({ op }) => op['x-list-filters']);
    expect(lists.length).toBeGreaterThan(5);
    for (const { key, op } of lists) {
      const param = (name: string) => op.parameters?.find((p) => p.in === 'query' && p.name === name);
      expect(param('page')?.schema, key).toMatchObject({ type: 'integer', minimum: 1 });
      expect(param('per_page')?.schema, key).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
      expect(param('sort'), key).toMatchObject({
        style: 'form',
        explode: false,
        schema: {
          type: 'array',
          items: { type: 'string', enum: expect.arrayContaining([expect.stringMatching(/^-/)]) },
        },
      });
      for (const field of Object.keys(op['x-list-filters'] as object)) {
        expect(param(`${field}[eq]`)?.schema ?? param(`${field}[in]`)?.schema, `${key} ${field}`).toBeDefined();
      }
      // The extensions the document is built from are folded into `parameters`.
      expect(
        Object.keys(op).filter((k) => k === 'x-list-sort' || k === 'x-list-parameters'),
        key,
      ).toEqual([]);
    }
    const bookings = ops.find(({ key }) => key === 'GET /api/v1/bookings')?.op;
    const byName = (name: string) => bookings?.parameters?.find((p) => p.name === name);
    expect(byName('date[gte]')?.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(byName('state[in]')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] } },
    });
    expect(byName('locator[like]')?.schema).toMatchObject({ type: 'string', maxLength: 200 });
    expect(byName('date[like]')).toBeUndefined();
  });

  it('the API is licensed as proprietary, pointing at its documentation page', () => {
    expect((doc as unknown as { info: { license?: unknown } }).info.license).toEqual({
      name: 'Propietaria — uso según el contrato con el operador',
      url: '/api/docs',
    });
    // With PUBLIC_URL, absolute on it (without, relative to the origin that served the document).
    expect(apiLicence('https://reservas.example.com').url).toBe('https://reservas.example.com/api/docs');
  });

  it('every example is a body its operation accepts per the document', () => {
    const checker = new ContractChecker(doc);
    const withExamples = ops.filter(({ op }) => op.requestBody?.content['application/json']?.example !== undefined);
    expect(withExamples.map(({ op }) => op.operationId).sort()).toEqual(Object.keys(REQUEST_EXAMPLES).sort());
    for (const { key, op } of withExamples) {
      const media = op.requestBody?.content['application/json'];
      const validate = checker.validator(`example ${key}`, media?.schema ?? {});
      expect(validate(media?.example), `${key}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
