/**
 * What the commissions-due triggers of migration 0021 (ADR 037) cost a write, on a bench copy:
 * 2,000 bookings copied from existing ones (new id and locator) inserted in one statement — a seller's
 * sales, then web sales (no seller, no channel: the trigger's WHEN only) — and 2,000 seller bookings
 * cancelled in one, each inside a transaction that is rolled back (nothing stays). The backend's own
 * CPU time (/proc/<pid>/stat, user + system: not the waits of a busy machine) divided by the rows, in
 * rounds alternating with the trigger disabled in the same rolled-back transaction. Every other
 * trigger and index as installed. Local PostgreSQL only (it reads the backend's /proc entry).
 *
 *   BENCH_DB_NAME=trayecto_bench_x node --import tsx bench/commission-trigger-cost.ts
 *
 * TRIGGER_COST_OF=departure-counts measures migration 0025's triggers instead (each departure's
 * bookings and passengers): they are deferred to COMMIT, which a rolled-back transaction never
 * reaches, so every round runs with SET CONSTRAINTS ALL IMMEDIATE (the trigger runs as each
 * statement ends; the same work a commit does).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { BENCH_DB_URL } from './config';

const ROWS = Number(process.env.TRIGGER_COST_ROWS ?? 2000);
const ROUNDS = Number(process.env.TRIGGER_COST_ROUNDS ?? 5);
const TRIGGERS =
  process.env.TRIGGER_COST_OF === 'departure-counts'
    ? { insert: 'departure_counts_insert_delete', update: 'departure_counts_update' }
    : { insert: 'commission_due_insert', update: 'commission_due_update' };

const c = new pg.Client({ connectionString: BENCH_DB_URL, application_name: 'trayecto-bench-trigger-cost' });
await c.connect();
try {
  await c.query('set jit = off');
  const pid = (await c.query<{ p: number }>('select pg_backend_pid() as p')).rows[0].p;
  const cpuMs = () => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const cols = (
    await c.query<{ cols: string }>(
      `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as cols
       from information_schema.columns
       where table_name = 'bookings' and column_name not in ('id', 'locator') and is_generated = 'NEVER'`,
    )
  ).rows[0].cols;
  await c.query(`create temp table seller_src as select * from bookings
    where seller_id is not null and date > current_date and state = 'confirmed' order by id limit ${ROWS}`);
  await c.query(`create temp table web_src as select * from bookings
    where seller_id is null and channel_id is null and date > current_date and state = 'confirmed' order by id limit ${ROWS}`);
  const insert = (src: string, tag: string) =>
    `insert into bookings (id, locator, ${cols}) select gen_random_uuid(), '${tag}-' || row_number() over (), ${cols} from ${src}`;
  const cancel = `update bookings set state = 'cancelled' where id in (select id from seller_src)`;
  const run = async (statement: string, disable?: string) => {
    await c.query('begin');
    try {
      await c.query('set constraints all immediate');
      if (disable) await c.query(`alter table bookings disable trigger ${disable}`);
      const before = cpuMs();
      await c.query(statement);
      return (cpuMs() - before) / ROWS;
    } finally {
      await c.query('rollback');
    }
  };
  const cases: [string, string, string | undefined][] = [
    ['venta de un vendedor, con el trigger', insert('seller_src', 'TCA'), undefined],
    ['venta de un vendedor, sin él', insert('seller_src', 'TCB'), TRIGGERS.insert],
    ['venta web, con el trigger', insert('web_src', 'TCC'), undefined],
    ['venta web, sin él', insert('web_src', 'TCD'), TRIGGERS.insert],
    ['cancelación de un vendedor, con el trigger', cancel, undefined],
    ['cancelación de un vendedor, sin él', cancel, TRIGGERS.update],
  ];
  const out = new Map<string, number[]>();
  for (let k = 0; k < ROUNDS; k++)
    for (const [name, statement, disable] of cases) {
      const list = out.get(name) ?? [];
      list.push(await run(statement, disable));
      out.set(name, list);
    }
  console.log(
    `${TRIGGERS.insert} / ${TRIGGERS.update}: CPU de PostgreSQL por fila, ${ROWS} filas por sentencia, ${ROUNDS} rondas (mediana / mínimo, ms):`,
  );
  for (const [name, list] of out) {
    list.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(44)} ${list[list.length >> 1].toFixed(3)} / ${list[0].toFixed(3)}`);
  }
} finally {
  await c.end();
}
