/**
 * The "physical limit" baseline: a bare Fastify process (no auth, no validation, no drizzle, no
 * response schemas) that runs the SAME SQL as the bookings API with `pg` directly, through a pool of
 * the same size (10), and answers JSON. run.ts starts it as a child process.
 *
 *   GET  /auth-state?user_id=…                  the query every API request runs first
 *   GET  /bookings?…                            the list's one statement (page, links and total), like the API
 *   POST /bookings                              same transaction as the API's write path, minimal:
 *        BEGIN; INSERT booking (departure found by product/date/time); conditional UPDATE of the
 *        departure (seats_taken + n <= capacity) as the last statement; COMMIT — or ROLLBACK + 409.
 *   POST /bookings-api-shape                    the API's own statement sequence for a staff sale, with pg directly
 *   POST /replay-sale/:scenario/:i              a sale's statements recorded from the API (the customer's,
 *        a channel's reserve), what each sale makes new made fresh (bench/lib/sale-replay.ts)
 *   GET  /replay/:scenario/:variant             the statements the API sent for one request of the
 *        other list endpoints (captured by run.ts through bench/capture.ts, user check included;
 *        named where the API names them, ADR 040):
 *        each wave's statements concurrently, the waves one after another; answers the rows of the
 *        statement that returned most as JSON, or with BENCH_REPLAY_ANSWERS_FILE the API's own answer
 *
 * Env: DATABASE_URL, PORT (127.0.0.1 only), BENCH_REPLAY_FILE (the captured statements).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '@trayecto/shared';
import Fastify from 'fastify';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../apps/api/src/db/pg-session';
import { AUTH_STATE_SQL, BOOKING_COLUMNS, type ListShape, listSql } from './baseline-sql';
import { replaySale, type SaleRecording } from './lib/sale-replay';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 0);
if (!url) throw new Error('DATABASE_URL requerido');

// Dates and timestamps stay strings, as drizzle reads them (mode 'string' / its own parsing).
for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (v: string) => v);

// The API's pool settings (apps/api/src/db/client.ts), under another application_name.
const pool = new pg.Pool({
  connectionString: url,
  max: 10,
  connectionTimeoutMillis: 5000,
  idleTimeoutMillis: 30_000,
  application_name: 'trayecto-bench-baseline',
  options: PG_SESSION_OPTIONS, // as the API's connections (jit off, lock_timeout 3s)
});
pool.on('error', () => {});

type Price = { pax_type: string; amount_cents: number; occupies_seat: boolean };
/** Tariffs read once at start-up (the API reads the product row in each transaction). */
const products = new Map<string, { prices: Price[]; currency: string; tourOperatorId: string }>();

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newLocator = () => `TRY-${[...randomBytes(6)].map((b) => ALPHABET[b & 31]).join('')}`;

/** drizzle-like mapping of an array row of the view query into a nested object. */
function mapRow(r: unknown[]) {
  const b: Record<string, unknown> = {};
  BOOKING_COLUMNS.forEach((c, i) => {
    b[c] = r[i];
  });
  const at = BOOKING_COLUMNS.length;
  // ADR 032 (2026-11-26): what the booking names comes as JSON objects (baseline-sql.ts viewColumns,
  // one per table since ADR 060), then on list rows its payment links and the total.
  const [product, operator, seller, accommodation, createdAtExact, channel, links] = r.slice(at) as [
    Record<string, unknown>,
    Record<string, unknown>,
    unknown,
    Record<string, unknown> | null,
    string,
    unknown,
    unknown[] | undefined,
  ];
  return {
    ...b,
    product: { id: product.id, code: product.code, name: product.name },
    tour_operator: { id: operator.id, name: operator.name },
    seller,
    accommodation,
    pickup_at: accommodation?.pickupAt ?? null,
    created_at_exact: createdAtExact,
    timezone: operator.timezone,
    sales_channel: channel,
    payment: {
      mode: product.mode,
      depositPercent: product.depositPercent,
      depositPerPaxCents: product.depositPerPaxCents,
      onlineEnabled: operator.onlineEnabled,
    },
    payment_links: links ?? [],
  };
}

const app = Fastify({ logger: false });

app.get('/auth-state', async (req) => {
  const { user_id } = req.query as { user_id: string };
  const { rows } = await pool.query({ text: AUTH_STATE_SQL, values: [user_id], rowMode: 'array' });
  return { ok: rows.length === 1 };
});

app.get('/bookings', async (req, reply) => {
  const q = req.query as Record<string, string>;
  const shape: ListShape = {
    dateRange: Boolean(q.date_gte),
    productId: Boolean(q.product_id),
    state: Boolean(q.state),
    q: q.q !== undefined,
    sort: q.sort === 'date,time' ? 'date,time' : 'default',
    keyset: Boolean(q.cursor),
    offset: Boolean(q.page && q.page !== '1'),
  };
  const perPage = Number(q.per_page ?? 50);
  const after = q.cursor
    ? (() => {
        const [date, time, createdAt, id] = JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8'));
        return { date, time, createdAt, id };
      })()
    : undefined;
  const { page, count } = listSql(shape, {
    tourOperatorId: q.tour_operator_id,
    dateFrom: q.date_gte,
    dateTo: q.date_lte,
    productId: q.product_id,
    state: q.state,
    q: q.q,
    after,
    limit: perPage + 1,
    offset: (Number(q.page ?? 1) - 1) * perPage,
  });
  // Like the API (ADR 032): one statement with the rows, their links and the total; the count alone
  // only for an empty page past page one.
  const rows = await pool.query({ ...page, rowMode: 'array' });
  const offset = (Number(q.page ?? 1) - 1) * perPage;
  const lonely =
    count && rows.rows.length === 0 && offset > 0 ? await pool.query({ ...count, rowMode: 'array' }) : undefined;
  const items = rows.rows.map(mapRow);
  const hasMore = items.length > perPage;
  const out = items.slice(0, perPage);
  const last = out.at(-1);
  if (shape.sort === 'default' && hasMore && last) {
    const l = last as Record<string, unknown>;
    const cursor = Buffer.from(JSON.stringify([l.date, l.time, l.created_at_exact, l.id])).toString('base64url');
    reply.header('X-Next-Cursor', cursor);
  }
  // The API's answer: a count past the cap says the cap (ADR 027; LIST_SEARCH_COUNT_CAP with q).
  const cap = shape.q ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  const first = rows.rows[0] as unknown[] | undefined;
  const counted = after ? null : lonely ? Number(lonely.rows[0][0]) : first ? Number(first[first.length - 1]) : 0;
  if (counted !== null) {
    reply.header('X-Total-Count', String(Math.min(counted, cap)));
    if (counted > cap) reply.header('X-Total-Count-Capped', 'true');
  }
  return out;
});

type CreateBody = {
  product_id: string;
  date: string;
  time: string;
  pax: Record<string, number>;
  customer_name: string;
  customer_email?: string;
};

app.post('/bookings', async (req, reply) => {
  const body = req.body as CreateBody;
  const product = products.get(body.product_id);
  if (!product) return reply.code(422).send({ message: 'El producto no existe' });
  const lines = product.prices
    .filter((p) => (body.pax[p.pax_type] ?? 0) > 0)
    .map((p) => ({
      pax_type: p.pax_type,
      quantity: body.pax[p.pax_type],
      unit_cents: p.amount_cents,
      total_cents: p.amount_cents * body.pax[p.pax_type],
      occupies_seat: p.occupies_seat,
    }));
  const paxTotal = lines.reduce((a, l) => a + l.quantity, 0);
  const seats = lines.filter((l) => l.occupies_seat).reduce((a, l) => a + l.quantity, 0);
  const total = lines.reduce((a, l) => a + l.total_cents, 0);
  const client = await pool.connect();
  try {
    await client.query('begin');
    let booking: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 8 && !booking; attempt++) {
      const ins = await client.query(
        `insert into bookings (tour_operator_id, locator, product_id, departure_id, date, time, lines, pax_total, seats,
           subtotal_cents, total_cents, currency, customer_name, customer_email, channel, state, payment_state,
           confirmed_at)
         select d.tour_operator_id, $1, d.product_id, d.id, d.date, d.time, $2, $3, $4, $5, $5, $6, $7, $8,
                'office', 'confirmed', 'pending', now()
         from departures d where d.product_id = $9 and d.date = $10 and d.time = $11
         on conflict (locator) do nothing
         returning *`,
        [
          newLocator(),
          JSON.stringify(lines),
          paxTotal,
          seats,
          total,
          product.currency,
          body.customer_name,
          body.customer_email ?? '',
          body.product_id,
          body.date,
          body.time,
        ],
      );
      booking = ins.rows[0];
    }
    if (!booking) {
      await client.query('rollback');
      return reply.code(422).send({ message: 'La salida no existe' });
    }
    const taken = await client.query(
      `update departures set seats_taken = seats_taken + $1, updated_at = now()
       where id = $2 and closed = false and seats_taken + $1 <= capacity
       returning id, seats_taken, capacity`,
      [seats, booking.departure_id],
    );
    if (taken.rowCount === 0) {
      await client.query('rollback');
      return reply.code(409).send({ message: 'No quedan plazas suficientes' });
    }
    await client.query('commit');
    return reply.code(201).send(booking);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
});

/** What the API-shaped sales read from their request: the body, its product's tariff, seats and lines, the user. */
function saleOrderOf(req: { body: unknown; query: unknown }) {
  const body = req.body as CreateBody;
  const product = products.get(body.product_id);
  if (!product) return undefined;
  const seats = Object.values(body.pax).reduce((a, n) => a + n, 0);
  const unit = product.prices.find((p) => p.pax_type === 'adult')?.amount_cents ?? 0;
  const lines = JSON.stringify([
    { pax_type: 'adult', quantity: seats, unit_cents: unit, total_cents: unit * seats, occupies_seat: true },
  ]);
  const userId = (req.query as { user_id?: string }).user_id ?? null;
  return { body, product, seats, unit, lines, userId };
}

/** The values of {@link saleWriteSql}'s statement for one sale. */
function saleWriteValues(
  row: Record<string, unknown>,
  departureId: string,
  body: CreateBody,
  locator: string,
  lines: string,
  seats: number,
  unit: number,
  userId: string | null,
): unknown[] {
  const product = products.get(body.product_id);
  return [
    row.tour_operator_id,
    locator,
    body.product_id,
    departureId,
    body.date,
    body.time,
    lines,
    seats,
    unit * seats,
    product?.currency,
    body.customer_name,
    body.customer_email ?? '',
    new Date().toISOString(),
    JSON.stringify({ product_id: body.product_id, date: body.date, time: body.time, pax: { adult: seats } }),
    userId,
    JSON.stringify({ product_id: [null, { id: body.product_id, name: row.name }], date: [null, body.date] }),
    `${locator} · ${body.customer_name}`,
    `Reserva confirmada ${locator} · {product}`,
    row.name,
  ];
}

/** The sale's one read: the product, its operator, the departure, the payment settings. */
const SALE_READ_SQL = `select p.*, o.name as operator_name, o.timezone, o.default_commission_pct, row_to_json(d) as departure,
              (select json_build_object('provider', ps.provider, 'holdMinutes', ps.hold_minutes)
               from payment_settings ps where ps.tour_operator_id = p.tour_operator_id) as online
       from products p join tour_operators o on o.id = p.tour_operator_id
       left join departures d on d.product_id = p.id and d.date = $2 and d.time = $3
       where p.id = $1 and p.deleted_at is null and p.tour_operator_id = $4`;

const SALE_WRITE_BODY = `with sold as (
           insert into bookings (tour_operator_id, locator, product_id, departure_id, date, time, lines, pax_total, seats,
             subtotal_cents, total_cents, currency, customer_name, customer_email, channel, state, payment_state,
             confirmed_at, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $9, $10, $11, $12, 'office', 'confirmed', 'pending', $13, $13, $13)
           on conflict (locator) do nothing returning *),
         sold_event as (
           insert into booking_events (tour_operator_id, booking_id, type, data, actor_id, actor_kind, actor_label, created_at)
           select s.tour_operator_id, s.id, 'created', $14::jsonb, $15::uuid, 'staff', 'bench', $13::timestamptz from sold s),
         sold_audit as (
           insert into audit_log (tour_operator_id, actor_id, actor_kind, actor_label, entity_type, entity_id, action, changes,
             summary, request_id, ip, created_at)
           select $1::uuid, $15::uuid, 'staff', 'bench', 'booking', r.id, 'create', $16::jsonb, $17, null, null, $13::timestamptz
           from sold r),
         -- The customer's message, part of the booking's insert since ADR 040 (modules/messages,
         -- customerMessageInsert): its switch and the product's name in the customer's language.
         sold_message as (
           insert into messages (tour_operator_id, kind, channel, dedupe_key, recipient, recipient_name, subject, html,
             text, state, last_error, booking_id, payload, locale, actor_id, resend_of)
           select $1::uuid, 'booking_confirmed', 'email', 'booking_confirmed:' || nb.id::text, $12, $11,
             left(replace($18, '{product}', btrim(regexp_replace(coalesce((select nullif(btrim(p.translations -> 'es' ->> 'name'), '')
               from products p where p.id = $3::uuid), $19), '[[:cntrl:][:space:]]+', ' ', 'g'))), 200), '', '',
             'queued', null, nb.id, '{}'::jsonb, 'es', null, null
           from sold nb
           where not exists (select 1 from message_settings s where s.tour_operator_id = $1::uuid and 'booking_confirmed' = any(s.disabled_kinds))
           on conflict (dedupe_key) do nothing returning id)
         select * from sold`;

/**
 * The staff sale's write as the API sends it: the booking with its `created` event, audit entry and
 * the customer's message (ADR 035, ADR 040); with `takeSeats` (ADR 041) the seats' conditional
 * UPDATE first and the booking's departure the one it returned, a taken locator an error instead of
 * no row.
 */
function saleWriteSql(takeSeats: boolean): string {
  if (!takeSeats) return SALE_WRITE_BODY;
  const insert = SALE_WRITE_BODY.replace(
    '$4, $5, $6, $7, $8, $8,',
    '(select id from taken), $5, $6, $7, $8, $8,',
  ).replace('on conflict (locator) do nothing returning *', 'returning *');
  return `with taken as (
      update departures set seats_taken = seats_taken + $8, updated_at = now()
      where id = $4::uuid and closed = false and seats_taken + $8 <= capacity returning id),
    ${insert.replace(/^with /, '')}`;
}
const SALE_WRITE_SQL = saleWriteSql(false);
const SALE_ONE_STATEMENT_SQL = saleWriteSql(true);

/**
 * POST /bookings-api-shape: the API's own statement sequence for a staff sale (ADR 035), sent with
 * `pg` directly: the token's user lookup; BEGIN (the lock timeout is the connection's, ADR 038); the sale's one read (product,
 * operator, departure, payment settings); the early 409 on a departure read full; the booking with
 * its `created` event and audit entry in one statement; the customer's message (the outbox's
 * insert, with its switch and the product's name in the customer's language, in the booking's
 * statement since ADR 040); the conditional seats UPDATE; COMMIT — 6 statements, answered from what it has (no read after COMMIT). How much
 * of the API's cost is its statements and how much the rest. `?user_id=` the user looked up.
 * (`?fastfail=1` is accepted for the older runs' scenario e9f: the early 409 is now the API's own.)
 */
app.post('/bookings-api-shape', async (req, reply) => {
  const order = saleOrderOf(req);
  if (!order) return reply.code(422).send({ message: 'El producto no existe' });
  const { body, product, seats, unit, lines, userId } = order;
  await pool.query({ text: AUTH_STATE_SQL, values: [userId], rowMode: 'array' });
  const client = await pool.connect();
  try {
    await client.query('begin');
    // (No SET LOCAL lock_timeout since ADR 038: the connection's own option, as the API's.)
    const ctx = await client.query(SALE_READ_SQL, [body.product_id, body.date, body.time, product.tourOperatorId]);
    const row = ctx.rows[0];
    const dep = row?.departure as { id: string; seats_taken: number; capacity: number } | null;
    if (!row || !dep) {
      await client.query('rollback');
      return reply.code(422).send({ message: 'La salida no existe' });
    }
    if (dep.seats_taken + seats > dep.capacity) {
      await client.query('rollback');
      return reply.code(409).send({ message: 'No quedan plazas suficientes' });
    }
    let booking: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 8 && !booking; attempt++) {
      const locator = newLocator();
      const ins = await client.query(
        SALE_WRITE_SQL,
        saleWriteValues(row, dep.id, body, locator, lines, seats, unit, userId),
      );
      booking = ins.rows[0];
    }
    if (!booking) throw new Error('locator');
    const taken = await client.query(
      `update departures set seats_taken = seats_taken + $1, updated_at = now()
       where id = $2 and closed = false and seats_taken + $1 <= capacity returning id, seats_taken, capacity`,
      [seats, dep.id],
    );
    if (taken.rowCount === 0) {
      await client.query('select * from departures where id = $1', [dep.id]);
      await client.query('rollback');
      return reply.code(409).send({ message: 'No quedan plazas suficientes' });
    }
    await client.query('commit');
    return reply.code(201).send(booking);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
});

/**
 * POST /bookings-api-shape-one: the API's staff sale since ADR 041, with pg directly and named as
 * the API names them (ADR 040): the token's user lookup, the sale's one read, then ONE statement
 * with no transaction around it (the seats' conditional UPDATE, the booking whose departure is the
 * one it returned, the event, audit entry and message). Nothing written when the departure cannot
 * take the seats (not null on departure_id: 409); a taken locator is tried again.
 */
app.post('/bookings-api-shape-one', async (req, reply) => {
  const order = saleOrderOf(req);
  if (!order) return reply.code(422).send({ message: 'El producto no existe' });
  const { body, product, seats, unit, lines, userId } = order;
  await pool.query({ name: 'one_auth', text: AUTH_STATE_SQL, values: [userId], rowMode: 'array' });
  const ctx = await pool.query({
    name: 'one_read',
    text: SALE_READ_SQL,
    values: [body.product_id, body.date, body.time, product.tourOperatorId],
  });
  const row = ctx.rows[0];
  const dep = row?.departure as { id: string; seats_taken: number; capacity: number } | null;
  if (!row || !dep) return reply.code(422).send({ message: 'La salida no existe' });
  if (dep.seats_taken + seats > dep.capacity) return reply.code(409).send({ message: 'No quedan plazas suficientes' });
  for (let attempt = 0; attempt < 8; attempt++) {
    const locator = newLocator();
    try {
      const ins = await pool.query({
        name: 'one_write',
        text: SALE_ONE_STATEMENT_SQL,
        values: saleWriteValues(row, dep.id, body, locator, lines, seats, unit, userId),
      });
      return reply.code(201).send(ins.rows[0]);
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'bookings_locator_key') continue;
      if (e.code === '23502') {
        await pool.query('select * from departures where id = $1', [dep.id]);
        return reply.code(409).send({ message: 'No quedan plazas suficientes' });
      }
      throw err;
    }
  }
  throw new Error('locator');
});

type Wave = { text: string; values: unknown[]; prepared?: boolean }[];
const replay: Record<string, Wave[][]> = process.env.BENCH_REPLAY_FILE
  ? JSON.parse(readFileSync(process.env.BENCH_REPLAY_FILE, 'utf8'))
  : {};

/** With BENCH_BASELINE_ANSWER (run.ts): the API's own answer of each variant, sent instead of the rows. */
const answers: Record<string, string[]> = process.env.BENCH_REPLAY_ANSWERS_FILE
  ? JSON.parse(readFileSync(process.env.BENCH_REPLAY_ANSWERS_FILE, 'utf8'))
  : {};

const replayNames = new Map<string, string>();
/** A replayed statement's name, one per text (as the API's db/prepared-statements.ts). */
function replayName(text: string): string {
  let name = replayNames.get(text);
  if (!name) {
    name = `bench_${replayNames.size + 1}`;
    replayNames.set(text, name);
  }
  return name;
}

app.get('/replay/:scenario/:variant', async (req, reply) => {
  const { scenario, variant } = req.params as { scenario: string; variant: string };
  const waves = replay[scenario]?.[Number(variant)];
  if (!waves) return reply.code(404).send({ message: 'sin captura' });
  let biggest: unknown[] = [];
  for (const wave of waves) {
    const results = await Promise.all(
      wave.map((st) =>
        pool.query({
          text: st.text,
          values: st.values,
          // Named where the API named it (ADR 040): the same work for PostgreSQL on both sides.
          ...(st.prepared ? { name: replayName(st.text) } : {}),
          rowMode: 'array',
        }),
      ),
    );
    for (const r of results) if (r.rows.length >= biggest.length) biggest = r.rows;
  }
  const answer = answers[scenario]?.[Number(variant)];
  if (answer !== undefined) return reply.type('application/json; charset=utf-8').send(answer);
  return biggest;
});

/**
 * POST /replay-sale/:scenario/:i: a sale recorded from the API (run.ts, bench/lib/sale-replay.ts),
 * the i-th request on recording i mod n, its statements sent as the API sent them (in order, named
 * where the API named them) with what each sale makes new made fresh; a locator taken meanwhile is
 * tried again with another, as the API does. Answers the last statement's rows (the sale's write).
 */
const sales: Record<string, SaleRecording[]> = process.env.BENCH_SALE_REPLAY_FILE
  ? JSON.parse(readFileSync(process.env.BENCH_SALE_REPLAY_FILE, 'utf8'))
  : {};

/**
 * `pool.query` that keeps its connection when PostgreSQL refuses the statement, as the API's pool
 * does (ADR 043): pg-pool's own `query` closes the connection on any error, so each taken locator a
 * replay retried cost a new backend (its start and its statements prepared again), and until
 * 28 Nov that backend's CPU was also left out of the figures once it ended.
 */
async function queryKeepingConnection(config: pg.QueryConfig): Promise<pg.QueryResult> {
  const client = await pool.connect();
  try {
    const res = await client.query(config);
    client.release();
    return res;
  } catch (err) {
    // A refusal (it has an SQLSTATE) leaves the connection usable; anything else does not.
    client.release((err as { code?: string }).code ? undefined : (err as Error));
    throw err;
  }
}

app.post('/replay-sale/:scenario/:i', async (req, reply) => {
  const { scenario, i } = req.params as { scenario: string; i: string };
  const list = sales[scenario];
  if (!list?.length) return reply.code(404).send({ message: 'sin grabación' });
  const recording = list[Number(i) % list.length];
  for (let attempt = 0; attempt < 8; attempt++) {
    let last: unknown[] = [];
    try {
      // A sale's statements are sent one after another (each waits for the one before in the API).
      last = await replaySale(recording, (st) =>
        queryKeepingConnection({
          text: st.text,
          values: st.values,
          ...(st.prepared ? { name: replayName(st.text) } : {}),
        }),
      );
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'bookings_locator_key') continue;
      throw err;
    }
    return last.length > 0
      ? reply.code(201).send(last)
      : reply.code(409).send({ message: 'No quedan plazas suficientes' });
  }
  throw new Error('locator');
});

async function main() {
  const { rows } = await pool.query<{ id: string; prices: Price[]; currency: string; tour_operator_id: string }>(
    'select id, prices, currency, tour_operator_id from products',
  );
  for (const r of rows) {
    products.set(r.id, { prices: r.prices, currency: r.currency, tourOperatorId: r.tour_operator_id });
  }
  await app.listen({ port, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  console.log(`baseline listening ${addr.port}`);
}

const stop = async () => {
  await app.close().catch(() => {});
  await pool.end().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
