import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * pg-protocol, patched (patches/pg-protocol+*.patch, issue 35): in a row of four fields or more, the
 * ASCII fields are substrings of one decoding of the row instead of one Buffer#toString each; the
 * others are decoded alone. These tests hold the patch to the stock decoding: every field, whatever
 * its characters, length or NULL, comes out as PostgreSQL sent it.
 */
const { Parser } = (await import('pg-protocol/dist/parser.js')) as unknown as {
  Parser: new () => { parse(buffer: Buffer, callback: (message: { name: string; fields?: unknown[] }) => void): void };
};

/** A DataRow message ('D') as PostgreSQL sends it: its fields' lengths (-1: NULL) and UTF-8 bytes. */
function dataRow(fields: (string | null)[]): Buffer {
  const parts = fields.map((f) => {
    const bytes = f === null ? Buffer.alloc(0) : Buffer.from(f, 'utf8');
    const len = Buffer.alloc(4);
    len.writeInt32BE(f === null ? -1 : bytes.length);
    return Buffer.concat([len, bytes]);
  });
  const body = Buffer.concat([Buffer.from([fields.length >> 8, fields.length & 0xff]), ...parts]);
  const head = Buffer.alloc(5);
  head.write('D', 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function parseRows(bytes: Buffer, chunk = bytes.length): (unknown[] | undefined)[] {
  const parser = new Parser();
  const rows: (unknown[] | undefined)[] = [];
  for (let i = 0; i < bytes.length; i += chunk) {
    parser.parse(bytes.subarray(i, i + chunk), (m) => rows.push(m.fields));
  }
  return rows;
}

const uuid = '0b5c4a34-2f1e-4d3c-9a8b-7c6d5e4f3a2b';
/** Lengths whose bytes are not all ASCII (0xC8, 0xE2 0x82: the lead of a 3-byte sequence). */
const long = (n: number, c = 'x') => c.repeat(n);

describe('pg-protocol DataRow decoding (patched)', () => {
  afterEach(() => vi.restoreAllMocks());

  const cases: [string, (string | null)[]][] = [
    ['ASCII, ten fields', [uuid, uuid, '2026-12-07', '09:30', '30', 'f', '12', 't', '3', '7']],
    ['NULLs among ASCII', [uuid, null, '2026-12-07', null, '', 'f', null, 't']],
    ['every field NULL', [null, null, null, null, null]],
    ['empty strings', ['', '', '', '', '']],
    ['non-ASCII text', ['Excursión al Teide', 'Muñoz', '12,50 €', 'Ærø 😀', 'ok']],
    ['non-ASCII and NULL', ['Peña', null, 'x', null, '🚌 Guía']],
    ['a field of 200 bytes (a length byte above 0x7f)', [uuid, long(200), 'a', 'b']],
    ['a field of 57,986 bytes (0xE2 0x82 in its length)', [uuid, long(0xe282), 'a', 'b']],
    ['a long field of multibyte text', ['a', long(300, 'ñ'), 'b', 'c']],
    ['three fields (decoded one by one)', ['Peña', null, 'x']],
    ['one field', ['x']],
    ['no fields', []],
    ['a lone quote, backslash, control characters', ['"', '\\', '\n\t', '\u0001\u007f']],
  ];

  it.each(cases)('%s: every field as sent', (_, fields) => {
    expect(parseRows(dataRow(fields))).toEqual([fields]);
  });

  it('many rows in one buffer and split across buffers at every size', () => {
    const rows = cases.map(([, f]) => f);
    const bytes = Buffer.concat(rows.map(dataRow));
    expect(parseRows(bytes)).toEqual(rows);
    for (const chunk of [1, 3, 7, 64, 1000]) expect(parseRows(bytes, chunk)).toEqual(rows);
  });

  it('random rows decode exactly as UTF-8, field by field', () => {
    const alphabet = ['a', 'Z', '0', ' ', '-', ':', 'ñ', 'é', '€', '😀', '"', '\\'];
    let seed = 35;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rows = Array.from({ length: 400 }, () =>
      Array.from({ length: rand(14) }, () =>
        rand(6) === 0
          ? null
          : Array.from(
              { length: rand(4) === 0 ? 120 + rand(200) : rand(40) },
              () => alphabet[rand(rand(3) ? 6 : alphabet.length)],
            ).join(''),
      ),
    );
    expect(parseRows(Buffer.concat(rows.map(dataRow)), 4096)).toEqual(rows);
  });

  it('is patched: the ASCII fields of a row are taken from one decoding of the row, the others decoded alone', () => {
    const whole = vi.spyOn(Buffer.prototype, 'latin1Slice');
    const alone = vi.spyOn(Buffer.prototype, 'utf8Slice');
    const decode = vi.spyOn(Buffer.prototype, 'toString');
    parseRows(dataRow([uuid, uuid, '2026-12-07', '09:30', '30', 'f', '12', 't', '3', '7']));
    expect(whole).toHaveBeenCalledTimes(1);
    expect(alone).not.toHaveBeenCalled();
    parseRows(dataRow([uuid, 'Muñoz', null, '12', 'Peña', 'x']));
    expect(whole).toHaveBeenCalledTimes(2);
    expect(alone).toHaveBeenCalledTimes(2);
    expect(decode).not.toHaveBeenCalled();
  });
});

const URL = process.env.TEST_DATABASE_URL;

// The rows of a real server (the embedded database does not use pg).
describe.skipIf(!URL)('pg-protocol DataRow decoding (patched), on PostgreSQL', () => {
  const database = new pg.Client({ connectionString: URL });
  beforeAll(async () => {
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
  });

  it('text, NULLs, numbers and long values come back as stored', async () => {
    const values = ['Excursión', null, 'plain', long(200), long(0xe282), '😀 €', ''];
    const text = `select $1::text as a, $2::text as b, $3::text as c, $4::text as d, $5::text as e, $6::text as f, $7::text as g,
      42::int as n, true as t, '2026-12-07'::date::text as day, gen_random_uuid() is not null as ok`;
    const res = await database.query({ text, values, rowMode: 'array' });
    expect(res.rows).toEqual([[...values, 42, true, '2026-12-07', true]]);
    const many = await database.query(
      `select g, 'fila ' || g as label, case when g % 3 = 0 then null else 'ñ' || g end as maybe, g * 2 as twice
       from generate_series(1, 2000) g`,
    );
    expect(many.rows).toHaveLength(2000);
    expect(many.rows[1999]).toEqual({ g: 2000, label: 'fila 2000', maybe: 'ñ2000', twice: 4000 });
    expect(many.rows[2]).toEqual({ g: 3, label: 'fila 3', maybe: null, twice: 6 });
  });
});
