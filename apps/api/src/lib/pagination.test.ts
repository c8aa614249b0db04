/** ADR 027: lists count up to LIST_COUNT_CAP rows, and say when they stopped there. */
import { LIST_COUNT_CAP } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { countUpTo, setPagingHeaders } from './pagination';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rows = (n: number) => database.db.select({ one: sql`1` }).from(sql`generate_series(1, ${n}::int) as g(i)`);

describe('countUpTo', () => {
  it('counts exactly up to the cap', async () => {
    expect(await countUpTo(database.db, rows(0))).toBe(0);
    expect(await countUpTo(database.db, rows(137))).toBe(137);
    expect(await countUpTo(database.db, rows(LIST_COUNT_CAP))).toBe(LIST_COUNT_CAP);
  });

  it('stops one past the cap however many rows match', async () => {
    expect(await countUpTo(database.db, rows(LIST_COUNT_CAP + 1))).toBe(LIST_COUNT_CAP + 1);
    expect(await countUpTo(database.db, rows(250_000))).toBe(LIST_COUNT_CAP + 1);
  });

  it('keeps the conditions of the query it counts', async () => {
    const odd = database.db
      .select({ one: sql`1` })
      .from(sql`generate_series(1, 30000) as g(i)`)
      .where(sql`i % 1000 = 1`);
    expect(await countUpTo(database.db, odd)).toBe(30);
  });
});

describe('setPagingHeaders', () => {
  const app = Fastify();
  app.get('/items', async (req, reply) => {
    const { page, total } = req.headers as { page: string; total: string };
    setPagingHeaders(req, reply, { page: Number(page), perPage: 50, total: Number(total) });
    return [];
  });
  afterAll(() => app.close());

  it('an exact total: X-Total-Count and first/prev/next/last', async () => {
    const res = await app.inject({ url: '/items', headers: { page: '2', total: '120' } });
    expect(res.headers['x-total-count']).toBe('120');
    expect(res.headers['x-total-count-capped']).toBeUndefined();
    const link = String(res.headers.link);
    expect(link).toContain('page=1&per_page=50>; rel="first"');
    expect(link).toContain('page=3&per_page=50>; rel="next"');
    expect(link).toContain('page=3&per_page=50>; rel="last"');
  });

  it('past the cap: the cap, X-Total-Count-Capped, a next page and no last', async () => {
    const res = await app.inject({ url: '/items', headers: { page: '200', total: String(LIST_COUNT_CAP + 1) } });
    expect(res.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(res.headers['x-total-count-capped']).toBe('true');
    const link = String(res.headers.link);
    expect(link).toContain('page=199&per_page=50>; rel="prev"');
    expect(link).toContain('page=201&per_page=50>; rel="next"');
    expect(link).not.toContain('rel="last"');
  });

  it('exactly at the cap is exact', async () => {
    const res = await app.inject({ url: '/items', headers: { page: '1', total: String(LIST_COUNT_CAP) } });
    expect(res.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(res.headers['x-total-count-capped']).toBeUndefined();
    expect(String(res.headers.link)).toContain('rel="last"');
  });
});
