/**
 * The statements a booking POST sends, counted (issue 35, goal 3): the staff's `POST /bookings`,
 * the customer's `POST /public/bookings` (Idempotency-Key) and a channel's OCTO reserve and
 * confirm, each sent once through the real application (`buildApp`, `app.inject`) on the bench
 * database, with every `pg` client's queries recorded (pool and transaction connections alike).
 *
 *   BENCH_DB_NAME=<copy> node --import tsx bench/post-sql.ts            # counts
 *   BENCH_DB_NAME=<copy> POST_SQL_VERBOSE=1 node --import tsx bench/post-sql.ts   # and each statement
 *
 * For each request: the statements outside any transaction, the transactions (BEGIN … COMMIT, each
 * statement between them a round trip while the transaction is open) and the total. A warm-up
 * request of each kind runs first (not counted). The octo channel and key it needs are created for
 * the run and deleted at the end with the bookings it made (their seats given back).
 *
 * POST_SQL_CPU=<n>: then <n> more requests of each kind, one after another on ONE PostgreSQL
 * connection, and the CPU time they cost: this process's (the application: routing, validation,
 * drizzle, the driver, the answer) and the PostgreSQL backend's (/proc/<pid>/stat), per request,
 * beside the minimal transaction's (BEGIN, the baseline's INSERT and conditional UPDATE, COMMIT) on
 * a connection of its own. CPU time, unlike throughput, hardly depends on what else the machine runs.
 * `DATABASE_PREPARED_STATEMENTS=false` sends the sale's statements unnamed, as before ADR 040.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { BENCH_DB_URL, BENCH_USER_EMAIL } from './config';

type Rec = { client: number; text: string; raw: string; values: unknown[] };
let recs: Rec[] = [];
const ids = new WeakMap<object, number>();
let nextId = 0;
const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const original = proto.query;
proto.query = function (this: object, ...args: unknown[]) {
  let id = ids.get(this);
  if (id === undefined) {
    id = ++nextId;
    ids.set(this, id);
  }
  const cfg = args[0];
  const text = typeof cfg === 'string' ? cfg : ((cfg as { text?: string })?.text ?? '');
  const values = Array.isArray(args[1]) ? args[1] : ((cfg as { values?: unknown[] })?.values ?? []);
  recs.push({ client: id, text: text.replace(/\s+/g, ' ').trim(), raw: text, values });
  return original.apply(this, args);
};

const VERBOSE = process.env.POST_SQL_VERBOSE === '1';
const CPU_RUNS = Number(process.env.POST_SQL_CPU ?? 0);
const EXPLAIN = process.env.POST_SQL_EXPLAIN === '1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST_SQL_EXPLAIN=1: each statement a staff or public sale sent (inside its transaction, or all of
 * them for a sale without one), sent four times again to warm the connection, then under `EXPLAIN
 * (ANALYZE)`, each undone after it ran (a savepoint) in a transaction rolled back, with a fresh
 * locator and message key: PostgreSQL's planning and execution time of each, and of its triggers.
 */
async function explainTransaction(list: Rec[]) {
  const begin = list.findIndex((r) => r.text.toLowerCase() === 'begin');
  const client = list[begin]?.client;
  // A sale with no transaction (ADR 041, 042): every statement it sent.
  const inside = begin < 0 ? list : list.slice(begin + 1).filter((r) => r.client === client);
  const commit = inside.findIndex((r) => r.text.toLowerCase() === 'commit');
  const end = commit < 0 ? inside.length : commit;
  const c = new pg.Client({ connectionString: BENCH_DB_URL, application_name: 'trayecto-bench-post-sql' });
  await c.connect();
  const freshKey = (v: unknown) =>
    typeof v === 'string' && /^TRY-[A-Z0-9]{6}$/.test(v)
      ? `TRY-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
      : typeof v === 'string' && /^[a-z_]+:[0-9a-f-]{36}$/.test(v)
        ? `${v}:explain`
        : v;
  // The request's own booking exists now: its id is written again as a new one (a sale names its
  // booking before the statement runs, ADR 042).
  const uuids = inside.flatMap((r) => r.values.filter((v) => typeof v === 'string' && UUID.test(v)));
  const { rows: written } = await c.query<{ id: string }>('select id::text from bookings where id = any($1::uuid[])', [
    uuids,
  ]);
  const renamed = new Map(written.map((w) => [w.id, randomUUID()]));
  const fresh = (v: unknown) => (typeof v === 'string' && renamed.has(v) ? renamed.get(v) : freshKey(v));
  try {
    await c.query('begin');
    // Four times on this connection first: a new backend plans and compiles everything once (its
    // catalog caches, the trigger's PL/pgSQL); a pooled connection has done so long before.
    for (let warm = 0; warm < 4; warm++) {
      for (const r of inside.slice(0, end)) {
        if (/^set /i.test(r.text)) continue;
        // Each undone after it ran: the next run writes the same ids again.
        await c.query('savepoint warm');
        await c.query(r.raw, r.values.map(fresh)).catch(() => undefined);
        await c.query('rollback to savepoint warm');
      }
    }
    for (const r of inside.slice(0, end)) {
      if (/^set /i.test(r.text)) continue;
      await c.query('savepoint measured');
      // A statement that depends on what an earlier one wrote for the request (a public sale's
      // stored answer needs its key claimed as running) may refuse when sent again: said, not measured.
      const res = await c
        .query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${r.raw}`, r.values.map(fresh))
        .catch((err: Error) => err);
      await c.query('rollback to savepoint measured');
      if (res instanceof Error) {
        console.log(`  refused again (${res.message}): ${r.text.slice(0, 90)}`);
        continue;
      }
      const plan = (
        res.rows[0]['QUERY PLAN'] as {
          'Planning Time': number;
          'Execution Time': number;
          Triggers?: { 'Trigger Name': string; Time: number }[];
        }[]
      )[0];
      const triggers = (plan.Triggers ?? []).map((t) => `${t['Trigger Name']} ${t.Time.toFixed(2)}`).join(', ');
      console.log(
        `  plan ${plan['Planning Time'].toFixed(2)} ms, run ${plan['Execution Time'].toFixed(2)} ms  ${r.text.slice(0, 90)}${triggers ? `\n      triggers: ${triggers}` : ''}`,
      );
    }
  } finally {
    await c.query('rollback');
    await c.end();
  }
}

/** A PostgreSQL backend's CPU time so far (user + system), in ms. */
function backendCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name; clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's CPU time so far, in ms. */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

type Count = { outside: number; transactions: number[]; total: number };

/** Splits what one request sent into transactions (per connection: begin … commit/rollback) and the rest. */
function countOf(list: Rec[]): Count {
  const open = new Map<number, number>();
  const transactions: number[] = [];
  let outside = 0;
  for (const r of list) {
    const t = r.text.toLowerCase();
    if (t === 'begin' || t.startsWith('begin ')) {
      open.set(r.client, 0);
      continue;
    }
    if (t === 'commit' || t === 'rollback') {
      transactions.push(open.get(r.client) ?? 0);
      open.delete(r.client);
      continue;
    }
    if (open.has(r.client)) open.set(r.client, (open.get(r.client) ?? 0) + 1);
    else outside++;
  }
  return { outside, transactions, total: list.length };
}

async function main() {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config/env');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createTokenService } = await import('../apps/api/src/modules/auth/auth.tokens');
  const { newChannelKey } = await import('../apps/api/src/modules/channels/channel-keys');
  const { JWT_SECRET } = await import('./capture');

  const admin = new pg.Pool({ connectionString: BENCH_DB_URL, max: 2, application_name: 'trayecto-bench-post-sql' });
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await admin.query<T>(text, values)).rows;
  const [me] = await one<{ id: string; op: string; level: number; ver: number; start: string; tz: string }>(
    `select u.id, u.tour_operator_id as op, u.level, u.token_version as ver, now()::text as start, o.timezone as tz
     from users u join tour_operators o on o.id = u.tour_operator_id where u.email = $1`,
    [BENCH_USER_EMAIL],
  );
  if (!me) throw new Error('No existe la base de datos del benchmark: ejecuta antes `npm run bench:generate`.');
  const deps = await one<{ product_id: string; date: string; time: string; offset: string }>(
    `select d.product_id, d.date::text, d.time,
            to_char((d.date + d.time::time) - ((d.date + d.time::time) at time zone $2 at time zone 'UTC'), 'HH24:MI') as offset
     from departures d join products p on p.id = d.product_id
     where d.tour_operator_id = $1 and d.date between current_date + 20 and current_date + 200 and not d.closed
       and d.capacity - d.seats_taken >= 10 and p.state = 'active' and p.deleted_at is null
     order by md5(d.id::text) limit $3`,
    [me.op, me.tz, Math.max(8, CPU_RUNS)],
  );
  if (deps.length < 8) throw new Error('No hay ocho salidas futuras con plazas');

  const [channel] = await one<{ id: string }>(
    `insert into channels (tour_operator_id, name, kind) values ($1, $2, 'octo') returning id`,
    [me.op, `Canal bench post-sql ${Date.now().toString(36)}`],
  );
  const k = newChannelKey();
  await one('insert into channel_keys (tour_operator_id, channel_id, key_hash, key_prefix) values ($1, $2, $3, $4)', [
    me.op,
    channel.id,
    k.hash,
    k.prefix,
  ]);

  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: BENCH_DB_URL,
      JWT_SECRET,
      APP_ENCRYPTION_KEY: 'b'.repeat(64),
      DATA_DIR: '/tmp/trayecto-bench-post-sql',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
    },
    { readDotenv: false },
  );
  // Measuring CPU: one connection, so one backend serves every statement the requests send.
  const database = await openDatabase({
    kind: 'postgres',
    url: BENCH_DB_URL,
    poolSize: CPU_RUNS > 0 ? 1 : 10,
    // ADR 040: as the API (DATABASE_PREPARED_STATEMENTS=false measures the sale unprepared).
    preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: JWT_SECRET,
    logger: false,
    publicRateLimit: { readMax: 1_000_000, writeMax: 1_000_000 },
    // Only the requests' own statements: no periodic task or job claims in between.
    background: false,
  });
  await app.ready();
  const token = await createTokenService(JWT_SECRET, '12h').sign({
    sub: me.id,
    level: me.level,
    tour_operator_id: me.op,
    ver: me.ver,
  } as never);

  const body = (d: (typeof deps)[number], i: number) => ({
    product_id: d.product_id,
    date: d.date,
    time: d.time,
    pax: { adult: 1 },
    customer_name: `Cliente post-sql ${i}`,
    customer_email: `postsql${i}@example.com`,
  });
  const octoId = (d: (typeof deps)[number]) =>
    `${d.date}T${d.time}:00${d.offset.startsWith('-') ? '' : '+'}${d.offset}`;
  const kinds: { name: string; send: (i: number) => Promise<{ statusCode: number; body: string }> }[] = [
    {
      name: 'staff POST /api/v1/bookings',
      send: (i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/bookings',
          headers: { authorization: `Bearer ${token}` },
          payload: body(deps[i % deps.length], i),
        }),
    },
    {
      name: 'public POST /api/v1/public/bookings',
      send: (i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/public/bookings',
          headers: { 'idempotency-key': `post-sql-${me.start}-${i}`, 'x-forwarded-for': '198.51.100.9' },
          payload: { ...body(deps[(2 + i) % deps.length], i), customer_phone: '+34 600 000 000', accept_terms: true },
        }),
    },
    {
      name: 'OCTO POST /api/octo/v1/bookings (reserve)',
      send: (i) =>
        app.inject({
          method: 'POST',
          url: '/api/octo/v1/bookings',
          headers: { authorization: `Bearer ${k.key}` },
          payload: {
            uuid: crypto.randomUUID(),
            productId: deps[(4 + i) % deps.length].product_id,
            optionId: 'DEFAULT',
            availabilityId: octoId(deps[(4 + i) % deps.length]),
            unitItems: [{ unitId: 'adult' }],
          },
        }),
    },
  ];
  const made: string[] = [];
  const rows: string[] = [];
  const cpu: { name: string; node: number; pg: number; wall: number }[] = [];
  try {
    for (const kind of kinds) {
      for (let i = 0; i < 2; i++) {
        recs = [];
        const res = await kind.send(i);
        const list = recs;
        if (res.statusCode !== 201 && res.statusCode !== 200) {
          throw new Error(`${kind.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        const answer = JSON.parse(res.body) as { id: string; uuid?: string };
        made.push(answer.id);
        if (i === 0) continue; // warm-up
        const c = countOf(list);
        rows.push(
          `| ${kind.name} | ${c.total} | ${c.outside} | ${c.transactions.length} | ${c.transactions.join(' + ') || '—'} |`,
        );
        if (VERBOSE) {
          console.log(`\n── ${kind.name}`);
          for (const r of list) console.log(`  [c${r.client}] ${r.text.slice(0, 220)}`);
        }
        if (EXPLAIN && !kind.name.startsWith('OCTO')) {
          console.log(`\n── ${kind.name}: EXPLAIN ANALYZE of its transaction's statements`);
          await explainTransaction(list);
        }
        if (kind.name.startsWith('OCTO')) {
          // The confirmation of that reserve.
          recs = [];
          const conf = await app.inject({
            method: 'POST',
            url: `/api/octo/v1/bookings/${answer.uuid}/confirm`,
            headers: { authorization: `Bearer ${k.key}` },
            payload: {
              contact: { fullName: 'Cliente post-sql', emailAddress: 'postsql@example.com' },
              resellerReference: 'POSTSQL',
            },
          });
          if (conf.statusCode !== 200) throw new Error(`confirm: ${conf.statusCode} ${conf.body.slice(0, 300)}`);
          const cc = countOf(recs);
          rows.push(
            `| OCTO POST /api/octo/v1/bookings/{uuid}/confirm | ${cc.total} | ${cc.outside} | ${cc.transactions.length} | ${cc.transactions.join(' + ') || '—'} |`,
          );
          if (VERBOSE) {
            console.log('\n── OCTO confirm');
            for (const r of recs) console.log(`  [c${r.client}] ${r.text.slice(0, 220)}`);
          }
        }
      }
    }
    if (CPU_RUNS > 0) {
      const { sql } = await import('drizzle-orm');
      const [{ pid }] = (await app.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
      for (const kind of kinds) {
        const node0 = ownCpuMs();
        const pg0 = backendCpuMs(pid);
        const t0 = performance.now();
        for (let i = 0; i < CPU_RUNS; i++) {
          const res = await kind.send(10 + i + (kind.name.startsWith('public') ? CPU_RUNS : 0));
          if (res.statusCode !== 201 && res.statusCode !== 200) {
            throw new Error(`${kind.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
          made.push((JSON.parse(res.body) as { id: string }).id);
        }
        // The OCTO request log is written once the answer is out: let it land in the measure.
        await new Promise((r) => setTimeout(r, 100));
        cpu.push({
          name: kind.name,
          node: (ownCpuMs() - node0) / CPU_RUNS,
          pg: (backendCpuMs(pid) - pg0) / CPU_RUNS,
          wall: (performance.now() - t0) / CPU_RUNS,
        });
      }
      cpu.push(await minimalTransactionCpu(deps, CPU_RUNS, made));
    }
  } finally {
    await app.close();
    await cleanUp(admin, made, channel.id);
    await admin.end();
  }
  console.log(
    [
      '',
      '| request | statements | outside a transaction | transactions | statements inside (BEGIN/COMMIT apart) |',
      '|---|---:|---:|---:|---|',
      ...rows,
    ].join('\n'),
  );
  if (cpu.length > 0) {
    const f = (n: number) => n.toFixed(2);
    console.log(
      [
        '',
        `CPU per request, ${CPU_RUNS} requests of each kind one after another on one connection (ms):`,
        '',
        '| request | this process (app) | PostgreSQL backend | both | wall |',
        '|---|---:|---:|---:|---:|',
        ...cpu.map((c) => `| ${c.name} | ${f(c.node)} | ${f(c.pg)} | ${f(c.node + c.pg)} | ${f(c.wall)} |`),
      ].join('\n'),
    );
  }
}

/**
 * The minimal transaction's CPU (bench/baseline-server.ts' POST /bookings: BEGIN, INSERT of the
 * booking from its departure, the conditional seats UPDATE, COMMIT) on a connection of its own.
 */
async function minimalTransactionCpu(
  deps: { product_id: string; date: string; time: string }[],
  n: number,
  made: string[],
) {
  const c = new pg.Client({ connectionString: BENCH_DB_URL, application_name: 'trayecto-bench-post-sql' });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0].pid;
    const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const locator = () => `TRY-${Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * 32)]).join('')}`;
    const run = async (i: number) => {
      const d = deps[(6 + i) % deps.length];
      await c.query('begin');
      const ins = await c.query<{ id: string; departure_id: string }>(
        `insert into bookings (tour_operator_id, locator, product_id, departure_id, date, time, lines, pax_total, seats,
           subtotal_cents, total_cents, currency, customer_name, customer_email, channel, state, payment_state, confirmed_at)
         select d.tour_operator_id, $1, d.product_id, d.id, d.date, d.time, $2, 1, 1, 1000, 1000, 'EUR', $3, $4,
                'office', 'confirmed', 'pending', now()
         from departures d where d.product_id = $5 and d.date = $6 and d.time = $7
         on conflict (locator) do nothing returning id, departure_id`,
        [
          locator(),
          JSON.stringify([
            { pax_type: 'adult', quantity: 1, unit_cents: 1000, total_cents: 1000, occupies_seat: true },
          ]),
          `Cliente mínimo ${i}`,
          `min${i}@example.com`,
          d.product_id,
          d.date,
          d.time,
        ],
      );
      await c.query(
        `update departures set seats_taken = seats_taken + 1, updated_at = now()
         where id = $1 and closed = false and seats_taken + 1 <= capacity returning id, seats_taken, capacity`,
        [ins.rows[0]?.departure_id],
      );
      await c.query('commit');
      if (ins.rows[0]) made.push(ins.rows[0].id);
    };
    for (let i = 0; i < 10; i++) await run(i);
    const node0 = ownCpuMs();
    const pg0 = backendCpuMs(pid);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await run(10 + i);
    return {
      name: 'minimal transaction (BEGIN, INSERT, UPDATE, COMMIT)',
      node: (ownCpuMs() - node0) / n,
      pg: (backendCpuMs(pid) - pg0) / n,
      wall: (performance.now() - t0) / n,
    };
  } finally {
    await c.end();
  }
}

/** What the run made: its bookings (their seats given back), the channel and its key. */
async function cleanUp(admin: pg.Pool, made: string[], channelId: string) {
  const c = await admin.connect();
  try {
    await c.query('begin');
    const del = await c.query<{ departure_id: string }>(
      `with gone as (select id, departure_id from bookings where id = any($1::uuid[]) or channel_id = $2),
            ev as (delete from booking_events where booking_id in (select id from gone))
       delete from bookings b using gone where b.id = gone.id returning b.departure_id`,
      [made.filter(Boolean), channelId],
    );
    const touched = [...new Set(del.rows.map((r) => r.departure_id))];
    await c.query(
      `update departures d set seats_taken = coalesce((select sum(seats) from bookings b
         where b.departure_id = d.id and b.state in ('pending', 'confirmed', 'completed', 'no_show')), 0)
       where d.id = any($1::uuid[])`,
      [touched],
    );
    await c.query(`delete from jobs where kind = 'payments.hold-expiry' and payload->>'booking_id' = any($1::text[])`, [
      made,
    ]);
    await c.query('delete from channel_requests where channel_id = $1', [channelId]);
    await c.query('delete from channel_keys where channel_id = $1', [channelId]);
    await c.query('delete from channels where id = $1', [channelId]);
    await c.query('commit');
  } catch (err) {
    await c.query('rollback');
    console.error('post-sql: no se pudo limpiar lo creado', err);
    process.exitCode = 1;
  } finally {
    c.release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
});
