import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendBuiltJson, sendBuiltJsonArray } from './json-stream';

const ZItem = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `Salida «${i}» "09:00"`, note: i % 3 ? null : 'ñ\n\\' }));

const ZColumns = z.object({ ids: z.array(z.number().int()), names: z.array(z.string()), closed: z.array(z.boolean()) });

const app = Fastify();
beforeAll(async () => {
  app.decorate('config', { RESPONSE_SERIALIZER_CHECK: true } as never);
  app.get<{ Querystring: { n: string } }>('/items', (req, reply) =>
    sendBuiltJsonArray(reply, items(Number(req.query.n)), ZItem),
  );
  // An item with a key its schema lacks, or a value of another type: the check mode refuses both.
  app.get<{ Querystring: { n: string; bad: string } }>('/strays', (req, reply) => {
    const list: unknown[] = items(Number(req.query.n));
    list[list.length - 1] =
      req.query.bad === 'key' ? { id: 1, name: 'x', note: null, secret: 'hash' } : { id: '1', name: 'x', note: null };
    return sendBuiltJsonArray(reply, list as ReturnType<typeof items>, ZItem);
  });
  // One built value (the calendar's columns, ADR 057): as is, or with a stray key or type.
  app.get<{ Querystring: { bad?: string } }>('/columns', (req, reply) => {
    const value: Record<string, unknown> = { ids: [1, 2, 3], names: ['Teide «1»', 'ñ\n'], closed: [false, true] };
    if (req.query.bad === 'key') value.secret = 'hash';
    if (req.query.bad === 'type') value.ids = [1, '2', 3];
    return sendBuiltJson(reply, value as z.infer<typeof ZColumns>, ZColumns);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('sendBuiltJsonArray: a JSON array, in one piece or streamed in chunks', () => {
  // 2,500 items is one chunk (one piece, with its length); more are streamed chunk by chunk.
  it.each([0, 1, 2500, 2501, 6001])('%i items: exactly the JSON of the items, as application/json', async (n) => {
    const res = await app.inject({ method: 'GET', url: `/items?n=${n}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(items(n)));
    if (n <= 2500) expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    else expect(res.headers['transfer-encoding']).toBe('chunked');
  });

  it.each([
    [1, 'key'],
    [1, 'type'],
  ])('%i item with a stray %s: a 500 in check mode, never the stray JSON', async (n, bad) => {
    const res = await app.inject({ method: 'GET', url: `/strays?n=${n}&bad=${bad}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500 });
  });

  it('a streamed answer whose last chunk strays: cut short in check mode, never completed', async () => {
    await expect(app.inject({ method: 'GET', url: '/strays?n=3000&bad=key' })).rejects.toThrow(/destroyed/);
  });
});

describe('sendBuiltJson: one value the service built, written by JSON.stringify', () => {
  it('exactly its JSON, as application/json with its length', async () => {
    const res = await app.inject({ method: 'GET', url: '/columns' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ ids: [1, 2, 3], names: ['Teide «1»', 'ñ\n'], closed: [false, true] });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  });

  it.each(['key', 'type'])('with a stray %s: a 500 in check mode, never the stray JSON', async (bad) => {
    const res = await app.inject({ method: 'GET', url: `/columns?bad=${bad}` });
    // A 500 (the app's error handler answers it as "An error occurred"), never the value's JSON.
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500 });
  });
});
