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
 */
import pg from 'pg';
import { BENCH_DB_URL, BENCH_USER_EMAIL } from './config';

type Rec = { client: number; text: string };
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
  recs.push({ client: id, text: text.replace(/\s+/g, ' ').trim() });
  return original.apply(this, args);
};

const VERBOSE = process.env.POST_SQL_VERBOSE === '1';

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
     order by md5(d.id::text) limit 8`,
    [me.op, me.tz],
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
  const database = await openDatabase({ kind: 'postgres', url: BENCH_DB_URL, poolSize: 10 });
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
          payload: body(deps[i], i),
        }),
    },
    {
      name: 'public POST /api/v1/public/bookings',
      send: (i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/public/bookings',
          headers: { 'idempotency-key': `post-sql-${me.start}-${i}`, 'x-forwarded-for': '198.51.100.9' },
          payload: { ...body(deps[2 + i], i), customer_phone: '+34 600 000 000', accept_terms: true },
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
            productId: deps[4 + i].product_id,
            optionId: 'DEFAULT',
            availabilityId: octoId(deps[4 + i]),
            unitItems: [{ unitId: 'adult' }],
          },
        }),
    },
  ];
  const made: string[] = [];
  const rows: string[] = [];
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
