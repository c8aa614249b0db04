import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * pg's Client#query, patched (patches/pg+*.patch, ADR 058): a query without a callback runs through
 * the callback path and is answered by a promise made outside `Client#query`, because pg's own
 * promise kept every result alive through V8's young-generation collections (bench/query-gc.ts).
 * These tests hold the patched promise to what pg's own promised: the same result, the same errors
 * with the caller's stack, the read timeout, and the caller's config object left as it was given.
 */
const URL = process.env.TEST_DATABASE_URL;

describe('pg Client#query as a promise (patched)', () => {
  it('is the patched method (the patch was applied by npm install)', () => {
    expect(pg.Client.prototype.query.toString()).toContain('promisedQuery(this');
    expect(typeof (pg.Client.prototype as unknown as { _sendQuery?: unknown })._sendQuery).toBe('function');
  });
});

// A real server (the embedded database does not use pg).
describe.skipIf(!URL)('pg Client#query as a promise (patched), on PostgreSQL', () => {
  const client = new pg.Client({ connectionString: URL });
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it('resolves with the whole result: rows, fields, count and command, with or without values', async () => {
    const plain = await client.query('select 1 as one, $$Peña$$ as name');
    expect(plain.rows).toEqual([{ one: 1, name: 'Peña' }]);
    expect(plain.fields.map((f) => f.name)).toEqual(['one', 'name']);
    expect(plain.rowCount).toBe(1);
    expect(plain.command).toBe('SELECT');
    const bound = await client.query('select $1::int * 2 as twice', [21]);
    expect(bound.rows).toEqual([{ twice: 42 }]);
    const arrays = await client.query({ text: 'select g, g * 2 from generate_series(1, 3) g', rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
    ]);
  });

  it('a named statement runs again from its preparation, and the caller’s config object is left as given', async () => {
    const config = { name: 'pg_promise_patch_twice', text: 'select $1::text as v', values: ['a'] };
    const given = { ...config };
    expect((await client.query(config)).rows).toEqual([{ v: 'a' }]);
    expect((await client.query(config, ['b'])).rows).toEqual([{ v: 'b' }]);
    // The callback the patch passes goes onto the Query's copy of it, never onto the caller's object.
    expect(config).toEqual(given);
    expect(Object.keys(config)).toEqual(['name', 'text', 'values']);
  });

  it('rejects with the server’s error and the caller’s stack; the connection stays usable', async () => {
    const failed = await client.query('select 1 / 0').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(pg.DatabaseError);
    expect((failed as pg.DatabaseError).code).toBe('22012');
    expect((failed as Error).stack).toContain('pg-client-promise-patch.test.ts');
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('the read timeout still rejects the promise', async () => {
    const slow = new pg.Client({ connectionString: URL, query_timeout: 50 });
    await slow.connect();
    try {
      await expect(slow.query('select pg_sleep(1)')).rejects.toThrow('Query read timeout');
    } finally {
      await slow.end().catch(() => {});
    }
  });

  it('a callback still gets the result and the call returns nothing, as before', async () => {
    let returned: unknown = 'unset';
    const rows = await new Promise((resolve, reject) => {
      returned = client.query('select 3 as three', (err: Error | null, res: pg.QueryResult) =>
        err ? reject(err) : resolve(res.rows),
      );
    });
    expect(rows).toEqual([{ three: 3 }]);
    expect(returned).toBeUndefined();
  });

  it('a closed client rejects, as before', async () => {
    const closed = new pg.Client({ connectionString: URL });
    await closed.connect();
    await closed.end();
    await expect(closed.query('select 1')).rejects.toThrow('Client was closed and is not queryable');
  });
});
