/**
 * What reading rows costs the API's process (issue 35, twenty-fifth session): pg-protocol as patched
 * (patches/pg-protocol+*.patch: in a row of four fields or more, the ASCII fields are substrings of
 * one decoding of the row) against pg-protocol's stock decoding, every field by its own
 * Buffer#toString (TRAYECTO_PG_FIELD_DECODE=1), on rows shaped like the API's, made once by
 * generate_series into a temporary table (no data set needed):
 *
 * - a calendar week's departures: 1,100 rows of 10 fields (two uuids, a date, a time, numbers, booleans);
 * - list rows with NULLs and accented names: 1,000 rows of 12 fields;
 * - narrow rows: 5,000 rows of 3 fields (always field by field).
 *
 *   node --import tsx bench/row-decode.ts     # ROW_DECODE_URL (default the machine's postgres), ROW_DECODE_QUERIES (300)
 *
 * Each way runs in its own process (the switch is read when pg-protocol loads), alternated in three
 * rounds so that a busy moment hits both; prints the process's CPU per query (pg's parsing, the
 * rows as objects; PostgreSQL's own work is another process's).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CALENDAR_WEEK_ROWS } from './lib/row-shapes';

const DB_URL = process.env.ROW_DECODE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERIES = Number(process.env.ROW_DECODE_QUERIES ?? 300);
const ROUNDS = Number(process.env.ROW_DECODE_ROUNDS ?? 3);

const SHAPES: Record<string, string> = {
  'calendar week (1,100 × 10)': CALENDAR_WEEK_ROWS,
  'list rows, NULLs and accents (1,000 × 12)': `
    select md5(g::text)::uuid as id, 'TRY-' || g as locator, case when g % 4 = 0 then 'Muñoz Peña' else 'Smith' end as name,
      case when g % 3 = 0 then null else 'cliente' || g || '@example.com' end as email, g * 1250 as total,
      (g % 2 = 0) as paid, case when g % 5 = 0 then 'Recogida en el hotel Ñandú' else null end as notes,
      ('2026-12-07'::date + g % 30)::text as date, '09:30' as time, 'confirmed' as state, g % 7 as pax, null::text as cancelled
    from generate_series(1, 1000) g`,
  'narrow rows (5,000 × 3)': `select g as n, 'fila ' || g as label, g % 2 = 0 as even from generate_series(1, 5000) g`,
};

async function child() {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const out: Record<string, number> = {};
  for (const [k, [name, shape]] of Object.entries(SHAPES).entries()) {
    // The rows made once: the timed statement only reads them, so they come as fast as PostgreSQL sends.
    await client.query(`create temporary table rows_${k} as ${shape}`);
    const text = `select * from rows_${k}`;
    for (let i = 0; i < 30; i++) await client.query({ text, name });
    const start = process.cpuUsage();
    for (let i = 0; i < QUERIES; i++) await client.query({ text, name });
    const used = process.cpuUsage(start);
    out[name] = (used.user + used.system) / QUERIES;
  }
  await client.end();
  process.stdout.write(JSON.stringify(out));
}

function run(fieldByField: boolean): Record<string, number> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
    env: { ...process.env, TRAYECTO_PG_FIELD_DECODE: fieldByField ? '1' : '0' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout);
}

if (process.argv.includes('--child')) {
  await child();
} else {
  const rows: Record<string, { field: number[]; whole: number[] }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const fieldByField of [true, false]) {
      for (const [name, us] of Object.entries(run(fieldByField))) {
        rows[name] ??= { field: [], whole: [] };
        rows[name][fieldByField ? 'field' : 'whole'].push(us);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `CPU del proceso por consulta (µs), ${QUERIES} consultas × ${ROUNDS} rondas alternadas, mediana (rondas)`,
  );
  console.log('| filas | campo a campo | la fila entera | después/antes |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of Object.entries(rows)) {
    const f = median(r.field);
    const w = median(r.whole);
    console.log(
      `| ${name} | ${f.toFixed(0)} (${r.field.map((x) => x.toFixed(0)).join(', ')}) | ${w.toFixed(0)} (${r.whole.map((x) => x.toFixed(0)).join(', ')}) | ${(w / f).toFixed(2)} |`,
    );
  }
}
