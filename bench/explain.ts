/**
 * EXPLAIN (ANALYZE, BUFFERS) of the bookings list queries the benchmark measures, with the same SQL
 * (bench/baseline-sql.ts, checked against the API's repository by run.ts) and parameters like run.ts.
 *
 *   node --import tsx bench/explain.ts            # plans + a timing loop of each query (as migrated)
 *   node --import tsx bench/explain.ts --try      # the same after creating the recommended trigram
 *                                                 #   index below, then drops it again
 *   node --import tsx bench/explain.ts --try-all  # also the (not recommended) keyset index
 *   node --import tsx bench/explain.ts --try --keep   # leaves the candidate indexes in place
 *   node --import tsx bench/explain.ts --lists-only   # only the other list endpoints (below)
 *   BENCH_ONLY=ss1,db0 node --import tsx bench/explain.ts --lists-only   # some of them
 *
 * Then the other list endpoints of bench/scenarios.ts (users … audit log, public): their SQL is
 * captured from the API itself (bench/capture.ts: buildApp + app.inject, first URL of each
 * scenario), and every SELECT it sent, except the per-request user check, is explained and timed;
 * a summary table (slowest statement of each scenario) closes the output.
 *
 * Candidate changes measured here are what docs/benchmarks.md recommends; they are created by hand
 * in the bench database only (the project's migrations are not touched).
 */
import pg from 'pg';
import { AUTH_STATE_SQL, type ListShape, type ListValues, listSql } from './baseline-sql';
import { startCapturer } from './capture';
import { BENCH_DB_URL, BENCH_USER_EMAIL } from './config';
import { listScenarios } from './scenarios';

const TRY_ALL = process.argv.includes('--try-all');
const TRY = TRY_ALL || process.argv.includes('--try');
const KEEP = process.argv.includes('--keep');
const LOOPS = Number(process.env.BENCH_EXPLAIN_LOOPS ?? 20);
const LISTS_ONLY = process.argv.includes('--lists-only');
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : undefined;

/** Candidate indexes (plain CREATE INDEX: the bench database is idle). */
export const CANDIDATES = [
  {
    name: 'bench_bookings_tenant_keyset_idx',
    onlyAll: true,
    sql: 'create index bench_bookings_tenant_keyset_idx on bookings (tour_operator_id, date, time, created_at, id)',
  },
  { name: 'pg_trgm', sql: 'create extension if not exists pg_trgm' },
  {
    name: 'bench_bookings_search_trgm_idx',
    sql: `create index bench_bookings_search_trgm_idx on bookings using gin (
            f_unaccent(locator) gin_trgm_ops, f_unaccent(customer_name) gin_trgm_ops,
            f_unaccent(customer_email) gin_trgm_ops, f_unaccent(customer_phone) gin_trgm_ops)`,
  },
];

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const c = new pg.Client({ connectionString: BENCH_DB_URL, application_name: 'trayecto-bench-explain' });
  await c.connect();
  try {
    const [m] = (
      await c.query<{ op: string; today: string }>(
        `select tour_operator_id as op, (now() at time zone 'Atlantic/Canary')::date::text as today
         from users where email = $1`,
        [BENCH_USER_EMAIL],
      )
    ).rows;
    const { op, today } = m;
    const week = addDays(today, -7);
    const [{ product_id: productId }] = (
      await c.query<{ product_id: string }>(
        `select product_id from bookings where tour_operator_id = $1 and date >= $2::date - 70 and date < $2::date
         group by 1 order by count(*) desc limit 1`,
        [op, today],
      )
    ).rows;
    const [{ locator }] = (
      await c.query<{ locator: string }>(
        'select locator from bookings where tour_operator_id = $1 order by md5(locator) limit 1',
        [op],
      )
    ).rows;
    const pos = async (offset: number) => {
      const r = await c.query<{ date: string; time: string; c: string; id: string }>(
        `select date::text, time, created_at::text as c, id from bookings where tour_operator_id = $1
         order by date, time, created_at, id offset $2 limit 1`,
        [op, offset - 1],
      );
      const x = r.rows[0];
      return { date: x.date, time: x.time, createdAt: x.c, id: x.id };
    };
    const after = await pos(99_950);

    const cases: { id: string; title: string; shape: ListShape; values: ListValues }[] = [
      {
        id: 'a',
        title: '(a) 7 días de un operador, sort=date,time, per_page=50',
        shape: { dateRange: true, sort: 'date,time' },
        values: { tourOperatorId: op, dateFrom: week, dateTo: addDays(week, 6), limit: 51 },
      },
      {
        id: 'b',
        title: '(b) ídem + product_id + state=completed',
        shape: { dateRange: true, productId: true, state: true, sort: 'date,time' },
        values: {
          tourOperatorId: op,
          dateFrom: week,
          dateTo: addDays(week, 6),
          productId,
          state: 'completed',
          limit: 51,
        },
      },
      {
        id: 'c-keyset',
        title: '(c) cursor (keyset) a 99.950 filas, orden por defecto',
        shape: { sort: 'default', keyset: true },
        values: { tourOperatorId: op, after, limit: 51 },
      },
      {
        id: 'c-offset',
        title: '(c) OFFSET 99.950 (page=2000), orden por defecto',
        shape: { sort: 'default', offset: true },
        values: { tourOperatorId: op, limit: 51, offset: 99_950 },
      },
      {
        id: 'd',
        title: '(d) q=<localizador>, orden por defecto',
        shape: { q: true, sort: 'default' },
        values: { tourOperatorId: op, q: locator, limit: 51 },
      },
    ];

    if (TRY) {
      for (const k of CANDIDATES.filter((x) => TRY_ALL || !('onlyAll' in x))) {
        const t = performance.now();
        await c.query(k.sql.replace(/^create index /, 'create index if not exists '));
        console.log(`-- ${k.name}: creado en ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      await c.query('analyze bookings');
    }
    const sizes = await c.query<{ name: string; size: string }>(
      `select indexrelid::regclass::text as name, pg_size_pretty(pg_relation_size(indexrelid)) as size
       from pg_index where indrelid = 'bookings'::regclass order by 1`,
    );
    console.log(`-- índices de bookings: ${sizes.rows.map((r) => `${r.name} ${r.size}`).join(', ')}\n`);

    for (const k of LISTS_ONLY ? [] : cases) {
      const { page, count } = listSql(k.shape, k.values);
      console.log(`\n### ${k.title}${TRY ? ' — con los índices candidatos' : ''}\n`);
      for (const [part, q] of [
        ['página', page],
        ['count (X-Total-Count)', count],
      ] as const) {
        if (!q) continue;
        const r = await c.query({ text: `explain (analyze, buffers) ${q.text}`, values: q.values });
        console.log(`-- ${part}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\n`);
        // Warm timing: the mean of LOOPS runs, one at a time, on one connection (planning included).
        const loops = k.id === 'd' && !TRY ? Math.min(LOOPS, 3) : LOOPS;
        const t = performance.now();
        for (let i = 0; i < loops; i++) await c.query(q);
        console.log(`-- ${part}: media ${((performance.now() - t) / loops).toFixed(2)} ms en ${loops} ejecuciones\n`);
      }
    }

    await explainLists(c);

    if (TRY && !KEEP) {
      await c.query('drop index if exists bench_bookings_tenant_keyset_idx');
      await c.query('drop index if exists bench_bookings_search_trgm_idx');
      await c.query('drop extension if exists pg_trgm');
      await c.query('analyze bookings');
      console.log('-- índices candidatos eliminados (usa --keep para conservarlos)');
    }
  } finally {
    await c.end();
  }
}

/** The line of a plan that says how the rows are found (the first scan node). */
const keyLine = (plan: string[]) =>
  (plan.find((l) => /Scan|Seq Scan/.test(l)) ?? plan[0]).trim().replace(/\s+\(cost=[^)]*\)/, '');

/** EXPLAIN (ANALYZE, BUFFERS) of the SQL the API sends for the other list endpoints. */
async function explainLists(c: pg.Client) {
  const ctx = await listScenarios(c);
  const cap = await startCapturer();
  const loops = Math.max(1, Math.min(LOOPS, Number(process.env.BENCH_EXPLAIN_LIST_LOOPS ?? 5)));
  const summary: string[] = [];
  try {
    const tokens = new Map<string, string>();
    for (const [who, id] of Object.entries(ctx.users)) tokens.set(who, await cap.tokenFor(id));
    for (const s of ctx.scenarios) {
      if (ONLY && !ONLY.has(s.id)) continue;
      const r = await cap.capture(
        s.urls[0],
        tokens.get(s.who),
        s.who === 'public' ? { 'x-forwarded-for': '198.51.100.7' } : {},
      );
      console.log(
        `\n### ${s.id} — ${s.label}\nGET ${s.urls[0]} → ${r.status} (${r.ms.toFixed(1)} ms por app.inject)\n`,
      );
      if (r.status !== 200) {
        summary.push(`| ${s.id} | ${s.label} | ${r.status} | — | — | ${r.body.slice(0, 80).replaceAll('|', '/')} |`);
        continue;
      }
      let worst = { ms: 0, line: '', n: 0 };
      let k = 0;
      for (const st of r.waves.flat()) {
        if (st.text === AUTH_STATE_SQL || !/^\s*(select|with)\b/i.test(st.text)) continue;
        k++;
        const e = await c.query({ text: `explain (analyze, buffers) ${st.text}`, values: st.values });
        const plan = e.rows.map((x) => x['QUERY PLAN'] as string);
        console.log(
          `-- sentencia ${k}: ${st.text.slice(0, 160)}${st.text.length > 160 ? '…' : ''}\n${plan.join('\n')}`,
        );
        const t = performance.now();
        for (let i = 0; i < loops; i++) await c.query(st);
        const ms = (performance.now() - t) / loops;
        console.log(`-- sentencia ${k}: media ${ms.toFixed(2)} ms en ${loops} ejecuciones\n`);
        if (ms >= worst.ms) worst = { ms, line: keyLine(plan), n: k };
      }
      summary.push(
        `| ${s.id} | ${s.label} | ${r.status} | ${k} | ${worst.ms.toFixed(2)} (n.º ${worst.n}) | ${worst.line.replaceAll('|', '/')} |`,
      );
    }
  } finally {
    await cap.close();
  }
  console.log('\n| escenario | petición | HTTP | sentencias | la más lenta, ms | cómo encuentra las filas |');
  console.log('|---|---|---|---:|---:|---|');
  for (const l of summary) console.log(l);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
