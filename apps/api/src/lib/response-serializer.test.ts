import { ZBookingResponse, ZProductResponse, ZTourOperatorResponse, ZUserResponse } from '@trayecto/shared';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkedWriter,
  compileWriter,
  itemWriter,
  ResponseWriterMismatch,
  responseSerializerCompiler,
} from './response-serializer';

const zodWrite = (schema: z.ZodType, data: unknown) =>
  (zodSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never) as (d: unknown) => string)(
    data,
  );

const SHAPES = z.object({
  id: z.string(),
  note: z.string().optional(),
  count: z.number().int(),
  ratio: z.number().nullable(),
  when: z.iso.datetime().nullable(),
  operator: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  lines: z.array(z.object({ pax: z.enum(['adult', 'child']), cents: z.number().int(), label: z.string().nullable() })),
  texts: z.record(z.string(), z.object({ title: z.string().optional() })),
  state: z.union([z.literal(1), z.literal(2)]),
  kind: z.discriminatedUnion('type', [
    z.object({ type: z.literal('percent'), percent: z.number() }),
    z.object({ type: z.literal('amount'), cents: z.number().int() }),
  ]),
  extra: z.unknown(),
  last: z.boolean(),
});

const SAMPLE = {
  id: 'b-1',
  note: 'comillas " barras \\ saltos\n y emoji 🚌 y \u2028',
  count: 3,
  ratio: null,
  when: '2026-11-26T19:00:00.000Z',
  operator: null,
  tags: ['á', 'ñ'],
  lines: [
    { pax: 'adult', cents: 4550, label: null },
    { pax: 'child', cents: 0, label: 'Niño <12' },
  ],
  texts: { en: { title: 'Whales' }, de: {} },
  state: 2,
  kind: { type: 'amount', cents: 1000 },
  extra: { anything: [1, 'two', null] },
  last: false,
};

describe('the compiled answer writer (ADR 038)', () => {
  it('writes the same bytes as zod + JSON.stringify, optional properties in the schema’s order', () => {
    const write = compileWriter(SHAPES);
    expect(write).toBeDefined();
    for (const data of [
      SAMPLE,
      {
        ...SAMPLE,
        note: undefined,
        operator: { id: 'o', name: 'Teide' },
        ratio: 0.5,
        kind: { type: 'percent', percent: 30 },
      },
      { ...SAMPLE, lines: [], tags: [], texts: {}, extra: null },
    ]) {
      expect(write?.(data)).toBe(zodWrite(SHAPES, data));
    }
  });

  it('leaves out what the schema does not name, as zod does', () => {
    const write = compileWriter(SHAPES);
    const data = { ...SAMPLE, password_hash: 'secret', operator: { id: 'o', name: 'T', tax_id: 'B1' } };
    expect(write?.(data)).toBe(zodWrite(SHAPES, data));
    expect(write?.(data)).not.toContain('secret');
    expect(write?.(data)).not.toContain('tax_id');
  });

  it('compiles the answers of the busiest screens', () => {
    for (const schema of [ZBookingResponse, ZProductResponse, ZUserResponse, ZTourOperatorResponse]) {
      expect(compileWriter(z.array(schema))).toBeDefined();
    }
  });

  it('compiles a schema once per process: a second app built in the same process reuses its writers', () => {
    const schema = z.object({ id: z.string(), n: z.number() });
    expect(compileWriter(schema)).toBe(compileWriter(schema));
    const kept = z.object({ a: z.date() });
    expect(compileWriter(kept)).toBeUndefined();
    expect(compileWriter(kept)).toBeUndefined();
  });

  it('keeps zod’s writer where JSON Schema cannot say the answer exactly', () => {
    expect(compileWriter(z.object({ a: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(compileWriter(z.object({ a: z.string().default('x') }))).toBeUndefined();
    expect(compileWriter(z.object({ a: z.date() }))).toBeUndefined();
    expect(compileWriter(z.object({ a: z.string().pipe(z.string()) }))).toBeUndefined();
  });

  it('in check mode, a difference between the writers is an error naming the route and where', () => {
    const write = checkedWriter(
      () => '{"a":1}',
      () => '{"a":2}',
      'GET /api/v1/x',
    );
    expect(() => write({})).toThrow(ResponseWriterMismatch);
    expect(() => write({})).toThrow(/GET \/api\/v1\/x.*at 5/);
  });

  it('in check mode, an answer zod refuses is still zod’s 500', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
    app.get('/wrong', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 'seven' }));
    app.get('/right', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 7 }));
    const wrong = await app.inject('/wrong');
    expect(wrong.statusCode).toBe(500);
    const right = await app.inject('/right');
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('{"n":7}');
    await app.close();
  });

  it('without check mode, the compiled writer alone answers', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ check: false }));
    // fast-json-stringify coerces where zod refused: what the check mode of the tests is for.
    app.get('/wrong', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: '7' }));
    const res = await app.inject('/wrong');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"n":7}');
    await app.close();
  });

  it('writes the items of a streamed array the same way, one writer per schema', () => {
    const checked = itemWriter(SHAPES, true);
    expect(checked(SAMPLE)).toBe(JSON.stringify(SHAPES.encode(SAMPLE as never)));
    expect(itemWriter(SHAPES, true)).toBe(checked);
    const plain = itemWriter(SHAPES, false);
    expect(plain).not.toBe(checked);
    expect(plain(SAMPLE)).toBe(checked(SAMPLE));
    expect(() => checked({ ...SAMPLE, count: 'three' })).toThrow();
  });
});
