/**
 * What garbage collection costs a process that reads results through pg's promise (issue 35,
 * twenty-sixth session, ADR 058): pg as patched (patches/pg+*.patch: a query without a callback runs
 * through the callback path, answered by a promise made outside `Client#query`) against pg's own
 * promise (TRAYECTO_PG_STOCK_PROMISE=1), on rows shaped like the calendar's week (1,100 × 10) and on
 * a small answer (3 rows), made by generate_series into a temporary table (no data set needed):
 *
 *   node --import tsx bench/query-gc.ts     # QUERY_GC_URL (default the machine's postgres), QUERY_GC_QUERIES (1000), QUERY_GC_ROUNDS (3)
 *
 * Each way runs in its own process (the switch is read when pg loads), alternated in rounds so that
 * a busy moment hits both; prints, per query, the process's CPU and the collections' pauses (V8's
 * `gc` performance entries: young-generation scavenges and full mark-compacts), and how many of each.
 */
import { spawnSync } from 'node:child_process';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CALENDAR_WEEK_ROWS } from './lib/row-shapes';

const DB_URL = process.env.QUERY_GC_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERIES = Number(process.env.QUERY_GC_QUERIES ?? 1000);
const ROUNDS = Number(process.env.QUERY_GC_ROUNDS ?? 3);

const SHAPES: Record<string, string> = {
  'calendar week (1,100 × 10)': CALENDAR_WEEK_ROWS,
  'small answer (3 × 2)': `select g as n, md5(g::text) as h from generate_series(1, 3) g`,
};

type Figures = { cpu: number; minorMs: number; majorMs: number; minor: number; major: number };

async function child() {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const out: Record<string, Figures> = {};
  let gc = { minorMs: 0, majorMs: 0, minor: 0, major: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gc.minor++;
        gc.minorMs += e.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMs += e.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  for (const [k, [name, shape]] of Object.entries(SHAPES).entries()) {
    await client.query(`create temporary table rows_${k} as ${shape}`);
    const text = `select * from rows_${k}`;
    const n = name.startsWith('small') ? QUERIES * 10 : QUERIES;
    for (let i = 0; i < 50; i++) await client.query({ text });
    // The entries of the warm-up arrive on a later turn: let them in before counting from zero.
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc = { minorMs: 0, majorMs: 0, minor: 0, major: 0 };
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await client.query({ text });
    const used = process.cpuUsage(start);
    await new Promise((resolve) => setTimeout(resolve, 20));
    out[name] = {
      cpu: (used.user + used.system) / n,
      minorMs: (gc.minorMs * 1000) / n,
      majorMs: (gc.majorMs * 1000) / n,
      minor: gc.minor,
      major: gc.major,
    };
  }
  observer.disconnect();
  await client.end();
  process.stdout.write(JSON.stringify(out));
}

function run(stock: boolean): Record<string, Figures> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, QUERY_GC_CHILD: '1', TRAYECTO_PG_STOCK_PROMISE: stock ? '1' : '0' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr || `child exited ${res.status}`);
  return JSON.parse(res.stdout);
}

async function main() {
  console.log(
    `Lectura de filas por la promesa de pg: ${QUERIES} consultas por forma y ronda, ${ROUNDS} rondas alternas`,
  );
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const stock of round % 2 ? [true, false] : [false, true]) {
      const figures = run(stock);
      for (const [shape, f] of Object.entries(figures)) {
        rows.push(
          `| ${round} | ${shape} | ${stock ? 'promesa de pg' : 'parcheada'} | ${f.cpu.toFixed(0)} | ${f.minorMs.toFixed(0)} (${f.minor}) | ${f.majorMs.toFixed(0)} (${f.major}) |`,
        );
      }
    }
  }
  console.log('| ronda | forma | pg | CPU µs/consulta | scavenges µs/consulta (n) | mark-compact µs/consulta (n) |');
  console.log('|---|---|---|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

if (process.env.QUERY_GC_CHILD) await child();
else await main();
