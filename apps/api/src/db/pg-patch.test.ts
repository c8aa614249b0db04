import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * pg, patched (patches/pg+*.patch, ADR 047): a result read as arrays (drizzle's selects) no longer
 * builds the empty row object that only rows read as objects use; a query's config that is a plain
 * object of data properties is copied by a spread (docs/performance.md). These tests hold the patch
 * to pg's own behaviour, on a real database.
 */
type ResultInternals = { _prebuiltEmptyResultObject: unknown };

const URL = process.env.TEST_DATABASE_URL;

describe('pg result fields (patched)', () => {
  it('is patched: a result read as arrays keeps no empty row object', () => {
    const Result = (
      pg as unknown as { Result: new (rowMode?: string) => ResultInternals & { addFields(f: unknown[]): void } }
    ).Result;
    const fields = [{ name: 'a', dataTypeID: 23, format: 'text' }];
    const arrays = new Result('array');
    arrays.addFields(fields);
    expect(arrays._prebuiltEmptyResultObject).toBeNull();
    const objects = new Result();
    objects.addFields(fields);
    expect(objects._prebuiltEmptyResultObject).toEqual({ a: null });
  });
});

const require = createRequire(import.meta.url);
type Normalize = (config: unknown, values?: unknown, callback?: unknown) => Record<string, unknown>;
const { normalizeQueryConfig } = require('pg/lib/utils.js') as { normalizeQueryConfig: Normalize };

describe("pg's copy of a query's config (patched)", () => {
  it('is patched: a plain config is copied by a spread', () => {
    expect(readFileSync(require.resolve('pg/lib/utils.js'), 'utf8')).toContain('isPlainDataObject(config)');
  });

  it('copies a plain config with the same properties in the same order, the caller’s left as it was', () => {
    const config = { name: 'q1', text: 'select $1', rowMode: 'array', types: undefined };
    const copy = normalizeQueryConfig(config, [1]);
    expect(copy).not.toBe(config);
    expect(Object.keys(copy)).toEqual(['name', 'text', 'rowMode', 'types', 'values']);
    expect(copy).toEqual({ name: 'q1', text: 'select $1', rowMode: 'array', types: undefined, values: [1] });
    expect(config).toEqual({ name: 'q1', text: 'select $1', rowMode: 'array', types: undefined });
    const callback = () => undefined;
    expect(normalizeQueryConfig(config, callback).callback).toBe(callback);
    expect(normalizeQueryConfig('select 1')).toEqual({ text: 'select 1' });
  });

  it('keeps what a spread would lose as pg keeps it: accessors, hidden properties, symbols, prototypes', () => {
    let reads = 0;
    const withGetter = {
      get text() {
        reads++;
        return 'select 1';
      },
    };
    const a = normalizeQueryConfig(withGetter);
    expect(typeof Object.getOwnPropertyDescriptor(a, 'text')?.get).toBe('function');
    expect(reads).toBe(0);

    const hidden = Object.defineProperty({ text: 'select 1' }, 'name', { value: 'h', enumerable: false });
    const b = normalizeQueryConfig(hidden);
    expect(b.name).toBe('h');
    expect(Object.getOwnPropertyDescriptor(b, 'name')?.enumerable).toBe(false);

    const key = Symbol('k');
    const withSymbol = { text: 'select 1', [key]: 1 };
    expect((normalizeQueryConfig(withSymbol) as Record<symbol, unknown>)[key]).toBe(1);

    class Config {
      text = 'select 1';
      describe() {
        return this.text;
      }
    }
    const c = normalizeQueryConfig(new Config()) as unknown as Config;
    expect(c).toBeInstanceOf(Config);
    expect(c.describe()).toBe('select 1');
  });
});

// pg's results come from a PostgreSQL server (the embedded database does not use pg).
describe.skipIf(!URL)('pg result fields (patched), on PostgreSQL', () => {
  const database = new pg.Client({ connectionString: URL });
  beforeAll(async () => {
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
  });

  it('rows read as arrays and as objects come back parsed as before', async () => {
    const text = `select 1::int as n, 'x'::text as t, null::int as z, true as b, 2.50::numeric as m, '{1,2}'::int[] as xs`;
    const arrays = await database.query({ text, rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'x', null, true, '2.50', [1, 2]]]);
    expect(arrays.fields.map((f: { name: string }) => f.name)).toEqual(['n', 't', 'z', 'b', 'm', 'xs']);
    const objects = await database.query({ text });
    expect(objects.rows).toEqual([{ n: 1, t: 'x', z: null, b: true, m: '2.50', xs: [1, 2] }]);
    // Custom type parsers (drizzle passes its own with every statement) still decide, column by column.
    const custom = await database.query({
      text: `select 7::int as n, now() as at`,
      rowMode: 'array',
      types: { getTypeParser: (oid: number) => (oid === 23 ? (v: string) => `int:${v}` : (v: string) => v) },
    });
    expect(custom.rows[0][0]).toBe('int:7');
    expect(typeof custom.rows[0][1]).toBe('string');
  });
});
