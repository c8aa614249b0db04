/**
 * «Comisiones» at 1 M bookings (issue 35, ADR 037): what is due, read from the figures the database
 * keeps by day and party (`commission_due_totals` + deltas), and the per-booking lines read through
 * the lines' booking date, proven equal to ADR 025's definition — the statement as it was before,
 * kept below verbatim as the reference — on a data set with settled and open statements, corrections
 * after settling (an edit, a cancellation, a booking moved to another seller), bookings moved to
 * another day, pending and no-show ones, a channel the operator collects for and one that collects
 * itself (and one that changes), several sellers and two operators: with the deltas not folded yet,
 * folded by the task, and rebuilt from scratch. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { COMMISSION_EARNING_STATES } from '@trayecto/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createUser, createWorld, login } from '../../../test/factories';
import type { DbOrTx } from '../../db/client';
import { bookings, channels, commissionStatementLines, users } from '../../db/schema';
import { booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { groupByParty } from './commissions.mapper';
import * as repo from './commissions.repository';

let app: FastifyInstance;
let w: World;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });
const ok = async (p: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown> & { id: string };
};

// ── The reference: ADR 025's due statement exactly as commissions.repository.ts had it ─────────────

const earning = sql.raw(`(${COMMISSION_EARNING_STATES.map((s) => `'${s}'`).join(', ')})`);

async function referenceDueLines(db: DbOrTx, scope: repo.CommissionScope, f: repo.DueFilter) {
  const op = scope.tourOperatorId ?? f.tourOperatorId ?? null;
  const sellerId = scope.sellerId ?? (f.partyKind === 'seller' ? (f.partyId ?? null) : null);
  const channelId = f.partyKind === 'channel' ? (f.partyId ?? null) : null;
  const wantSellers = f.partyKind !== 'channel' && !channelId;
  const wantChannels = f.partyKind !== 'seller' && !scope.sellerId && !sellerId;
  const inPeriod = sql`b.date between ${f.from}::date and ${f.to}::date`;
  const opOf = (alias: string) => (op ? sql`and ${sql.raw(alias)}.tour_operator_id = ${op}::uuid` : sql``);
  const commission = sql`case when b.state in ${earning} then b.commission_cents else 0 end`;
  const branches: SQL[] = [];
  if (wantSellers) {
    branches.push(sql`select b.id as booking_id, 'seller'::text as party_kind, b.seller_id as party_id, ${commission} as commission
      from bookings b where b.seller_id is not null and ${inPeriod} ${opOf('b')}
      ${sellerId ? sql`and b.seller_id = ${sellerId}::uuid` : sql``}`);
  }
  if (wantChannels) {
    branches.push(sql`select b.id as booking_id, 'channel'::text as party_kind, b.channel_id as party_id, ${commission} as commission
      from bookings b where b.channel_id is not null and ${inPeriod} ${opOf('b')}
      ${channelId ? sql`and b.channel_id = ${channelId}::uuid` : sql``}
      and exists (select 1 from channels cc where cc.id = b.channel_id and cc.collects = 'operator')`);
  }
  if (branches.length === 0) return [];
  const priorParty = [
    wantSellers && !wantChannels ? sql`and s.party_kind = 'seller'` : sql``,
    wantChannels && !wantSellers ? sql`and s.party_kind = 'channel'` : sql``,
    sellerId ? sql`and s.seller_id = ${sellerId}::uuid` : sql``,
    channelId ? sql`and s.channel_id = ${channelId}::uuid` : sql``,
  ];
  const res = await db.execute<repo.LineRow>(sql`
    with cand as (${sql.join(branches, sql` union all `)}),
    prior as (
      select l.booking_id, s.party_kind, coalesce(s.seller_id, s.channel_id) as party_id,
        sum(l.amount_cents)::int as counted
      from commission_statement_lines l
        join commission_statements s on s.id = l.statement_id
        join bookings b on b.id = l.booking_id
      where ${inPeriod} ${opOf('s')} ${sql.join(priorParty, sql` `)}
      group by 1, 2, 3
    ),
    merged as (
      select coalesce(c.booking_id, p.booking_id) as booking_id,
        coalesce(c.party_kind, p.party_kind) as party_kind,
        coalesce(c.party_id, p.party_id) as party_id,
        coalesce(c.commission, 0)::int as commission_cents,
        coalesce(p.counted, 0)::int as counted_cents
      from cand c full join prior p
        on p.booking_id = c.booking_id and p.party_kind = c.party_kind and p.party_id = c.party_id
    )
    select m.booking_id::text, m.party_kind, m.party_id::text,
      coalesce(case m.party_kind when 'seller' then u.full_name else ch.name end, '') as party_name,
      b.tour_operator_id::text, b.locator, b.date::text as date, b.time, pr.name as product_name,
      b.customer_name, b.state as booking_state, b.total_cents as booking_total_cents,
      m.commission_cents, m.counted_cents, (m.commission_cents - m.counted_cents)::int as amount_cents
    from merged m
      join bookings b on b.id = m.booking_id
      join products pr on pr.id = b.product_id
      left join users u on m.party_kind = 'seller' and u.id = m.party_id
      left join channels ch on m.party_kind = 'channel' and ch.id = m.party_id
    where m.commission_cents <> m.counted_cents
    order by party_name, m.party_kind, m.party_id, b.date, b.time, b.locator`);
  return res.rows;
}

// ── The data set ───────────────────────────────────────────────────────────────────────────────

const ids = {
  sellers: [] as { id: string; token: string }[],
  sol: '',
  luna: '',
  mar: '',
  sellerB: '',
  statements: [] as string[],
};

/** Every way of asking: scopes, periods and party filters (the combinations the screen and the API offer). */
function cases() {
  const A = w.A.op.id;
  const B = w.B.op.id;
  const scopes: [string, repo.CommissionScope, string | undefined][] = [
    ['operador A', { tourOperatorId: A, sellerId: null }, undefined],
    ['operador B', { tourOperatorId: B, sellerId: null }, undefined],
    ['administrador, todos', { tourOperatorId: null, sellerId: null }, undefined],
    ['administrador, operador A', { tourOperatorId: null, sellerId: null }, A],
    ['vendedor 1 de A', { tourOperatorId: A, sellerId: ids.sellers[0].id }, undefined],
  ];
  const periods: [string, string][] = [
    [day(0), day(10)],
    [day(0), day(40)],
    [day(3), day(3)],
    [day(11), day(25)],
    [day(-400), day(400)],
  ];
  const parties: Pick<repo.DueFilter, 'partyKind' | 'partyId'>[] = [
    {},
    { partyKind: 'seller' },
    { partyKind: 'channel' },
    { partyKind: 'seller', partyId: ids.sellers[1].id },
    { partyKind: 'channel', partyId: ids.sol },
    { partyKind: 'channel', partyId: ids.luna },
  ];
  const out: { name: string; scope: repo.CommissionScope; f: repo.DueFilter }[] = [];
  for (const [s, scope, tourOperatorId] of scopes)
    for (const [from, to] of periods)
      for (const p of parties)
        out.push({ name: `${s} ${from}–${to} ${JSON.stringify(p)}`, scope, f: { from, to, tourOperatorId, ...p } });
  return out;
}

/** The summary and the lines, both ways, for every case; and the figures per day against the lines per day. */
async function expectSameAsReference(label: string) {
  let nonEmpty = 0;
  for (const c of cases()) {
    const reference = await referenceDueLines(app.db, c.scope, c.f);
    const lines = await repo.listDueLines(app.db, c.scope, c.f);
    expect(lines, `${label}: líneas, ${c.name}`).toEqual(reference);
    const parties = await repo.listDueParties(app.db, c.scope, c.f);
    const expected = groupByParty(reference).map(({ lines: _l, ...p }) => p);
    expect(
      parties.map((p) => ({ ...p, booking_count: Number(p.booking_count), amount_cents: Number(p.amount_cents) })),
      `${label}: resumen, ${c.name}`,
    ).toEqual(expected);
    if (reference.length > 0) nonEmpty += 1;
  }
  // The data set exercises the cases: most of them owe something.
  expect(nonEmpty).toBeGreaterThan(60);
  // Day by day and party by party, over every date: the kept figures are the lines added up.
  const all = await referenceDueLines(
    app.db,
    { tourOperatorId: null, sellerId: null },
    { from: day(-400), to: day(400) },
  );
  const byDay = new Map<string, { bookings: number; amount: number }>();
  for (const l of all) {
    const key = `${l.tour_operator_id}|${l.date}|${l.party_kind}|${l.party_id}`;
    const v = byDay.get(key) ?? { bookings: 0, amount: 0 };
    v.bookings += 1;
    v.amount += Number(l.amount_cents);
    byDay.set(key, v);
  }
  const kept = await app.db.execute<{ k: string; bookings: number; amount: number }>(sql`
    select tour_operator_id || '|' || day || '|' || party_kind || '|' || party_id as k,
      sum(bookings)::int as bookings, sum(amount_cents)::int as amount
    from (select * from commission_due_totals union all select * from commission_due_delta) t
    group by 1 having sum(bookings) <> 0 or sum(amount_cents) <> 0 order by 1`);
  expect(
    Object.fromEntries(kept.rows.map((r) => [r.k, { bookings: Number(r.bookings), amount: Number(r.amount) }])),
    `${label}: cifras por día`,
  ).toEqual(Object.fromEntries([...byDay.entries()].sort()));
}

const foldDeltas = async () => {
  const run = await app.background.runner.runTask('commissions.compact-due');
  expect(run).toBeTruthy();
  const [{ n }] = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from commission_due_delta`)).rows;
  expect(Number(n)).toBe(0);
};

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  // Three sellers in A (10, 12 and 8 %), one in B.
  await app.db.update(users).set({ commissionPct: 10 }).where(eq(users.id, w.A.l2.id));
  ids.sellers.push({ id: w.A.l2.id, token: w.tokens.A2 });
  for (const [name, pct] of [
    ['Ana Vendedora A', 12],
    ['Zoe Vendedora A', 8],
  ] as const) {
    const u = await createUser(app, { level: 2, tourOperatorId: w.A.op.id, fullName: name, commissionPct: pct });
    ids.sellers.push({ id: u.id, token: await login(app, u.email) });
  }
  await app.db.update(users).set({ commissionPct: 9 }).where(eq(users.id, w.B.l2.id));
  ids.sellerB = w.B.l2.id;
  const channel = async (token: string, body: object) =>
    (await ok(call('POST', '/api/v1/channels', token, body), 201)).id;
  ids.sol = await channel(w.tokens.A1, { name: 'Agencia Sol', kind: 'agency', commission_pct: 20 });
  ids.luna = await channel(w.tokens.A1, {
    name: 'Agencia Luna',
    kind: 'agency',
    commission_pct: 15,
    collects: 'agency',
  });
  ids.mar = await channel(w.tokens.B1, { name: 'Agencia Mar', kind: 'agency', commission_pct: 10 });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the due at scale equals ADR 025’s definition', { timeout: 300_000 }, () => {
  const sold: Record<string, { id: string; locator: string }> = {};

  it('sales of three sellers, two channels and two operators, some cancelled, pending or no-show', async () => {
    const pA = await mkProduct(app, w.tokens.A1, { capacity: 60 });
    const pA2 = await mkProduct(app, w.tokens.A1, { capacity: 60 });
    const pB = await mkProduct(app, w.tokens.B1, { capacity: 60 });
    const sell = async (token: string, productId: string, d: number, over: Record<string, unknown> = {}) =>
      booked(app, token, bookingBody(productId, { date: day(d), ...over }));
    for (const [k, s] of ids.sellers.entries()) {
      for (const d of [1, 3, 5, 8, 12, 18, 30]) {
        sold[`s${k}d${d}`] = await sell(s.token, d % 2 ? pA.id : pA2.id, d, {
          pax: { adult: 1 + ((k + d) % 3), child: d % 2 },
          time: d % 3 ? '09:00' : '18:00',
        });
      }
    }
    for (const d of [2, 3, 9, 15]) {
      sold[`sol${d}`] = await sell(w.tokens.A1, pA.id, d, { channel_id: ids.sol });
      sold[`luna${d}`] = await sell(w.tokens.A1, pA2.id, d, { channel_id: ids.luna });
    }
    for (const d of [1, 4, 9, 20]) {
      sold[`b${d}`] = await sell(w.tokens.B1, pB.id, d, { seller_id: ids.sellerB });
      sold[`mar${d}`] = await sell(w.tokens.B1, pB.id, d, { channel_id: ids.mar });
    }
    // Office and web sales earn nobody a commission (and change nothing here).
    await sell(w.tokens.A1, pA.id, 3);
    await ok(call('POST', `/api/v1/bookings/${sold.s0d8.id}/cancel`, w.tokens.A1, { reason: 'No viaja' }));
    await ok(call('POST', `/api/v1/bookings/${sold.sol9.id}/cancel`, w.tokens.A1, { reason: 'No viaja' }));
    // A booking still pending and one a no-show (states the API reaches by other paths): by SQL.
    await app.db.update(bookings).set({ state: 'pending' }).where(eq(bookings.id, sold.s1d12.id));
    await app.db.update(bookings).set({ state: 'no_show' }).where(eq(bookings.id, sold.s2d1.id));
    await expectSameAsReference('ventas');
  });

  it('statements made and settled, then edits after settling: corrections', async () => {
    const statement = async (body: object) =>
      (await ok(call('POST', '/api/v1/commissions/statements', w.tokens.A1, body), 201)).id;
    for (const s of ids.sellers.slice(0, 2))
      ids.statements.push(await statement({ party_kind: 'seller', seller_id: s.id, from: day(0), to: day(10) }));
    ids.statements.push(await statement({ party_kind: 'channel', channel_id: ids.sol, from: day(0), to: day(10) }));
    await ok(
      call('POST', `/api/v1/commissions/statements/${ids.statements[0]}/settle`, w.tokens.A1, {
        settled_on: day(0),
        method: 'transfer',
      }),
    );
    await ok(
      call('POST', '/api/v1/commissions/statements', w.tokens.B1, {
        party_kind: 'seller',
        seller_id: ids.sellerB,
        from: day(0),
        to: day(5),
      }),
      201,
    );
    await expectSameAsReference('liquidaciones');

    // One more adult (a bigger commission), a cancellation, a booking moved to another day (out of
    // the statement's period) and one given to another seller: all counted already.
    await ok(call('PUT', `/api/v1/bookings/${sold.s0d1.id}`, w.tokens.A1, { pax: { adult: 3, child: 1 } }));
    await ok(call('POST', `/api/v1/bookings/${sold.s1d3.id}/cancel`, w.tokens.A1, { reason: 'Cambio de planes' }));
    await ok(call('PUT', `/api/v1/bookings/${sold.s0d5.id}`, w.tokens.A1, { date: day(14) }));
    await ok(call('PUT', `/api/v1/bookings/${sold.s1d5.id}`, w.tokens.A1, { seller_id: ids.sellers[2].id }));
    await ok(call('PUT', `/api/v1/bookings/${sold.sol3.id}`, w.tokens.A1, { pax: { adult: 1 } }));
    // And by SQL, as a repair would: a counted booking back to pending, one moved to the channel.
    await app.db.update(bookings).set({ state: 'pending' }).where(eq(bookings.id, sold.s0d3.id));
    await app.db
      .update(bookings)
      .set({ sellerId: null, channel: 'channel', channelId: ids.sol, commissionCents: 999 })
      .where(eq(bookings.id, sold.s1d1.id));
    // The lines follow their booking's date.
    const moved = await app.db
      .select()
      .from(commissionStatementLines)
      .where(eq(commissionStatementLines.bookingId, sold.s0d5.id));
    expect(moved.map((l) => l.bookingDate)).toEqual([day(14)]);
    await expectSameAsReference('cambios tras liquidar');
  });

  it('the task folds the deltas: the same answers', async () => {
    await foldDeltas();
    await expectSameAsReference('acumulados');
  });

  it('a correcting statement, and a channel that starts collecting itself', async () => {
    await ok(
      call('POST', '/api/v1/commissions/statements', w.tokens.A1, {
        party_kind: 'seller',
        seller_id: ids.sellers[0].id,
        from: day(0),
        to: day(30),
      }),
      201,
    );
    await app.db.update(channels).set({ collects: 'agency' }).where(eq(channels.id, ids.sol));
    await app.db.update(channels).set({ collects: 'operator' }).where(eq(channels.id, ids.luna));
    await expectSameAsReference('canal que cambia');
    await foldDeltas();
    await expectSameAsReference('canal que cambia, acumulado');
  });

  it('rebuilt from the bookings and the lines: the same figures', async () => {
    await app.db.execute(sql`select commission_due_rebuild(null)`);
    await expectSameAsReference('reconstruido');
  });
});

describe('GET /commissions/due/summary and one party’s lines', () => {
  it('answers the parties without lines; party_id gives one party’s lines; a Vendedor only theirs', async () => {
    const q = `from=${day(0)}&to=${day(40)}`;
    const summary = await ok(call('GET', `/api/v1/commissions/due/summary?${q}`, w.tokens.A1));
    const full = await ok(call('GET', `/api/v1/commissions/due?${q}`, w.tokens.A1));
    const parties = (full.parties as { lines: unknown[] }[]).map(({ lines: _l, ...p }) => p);
    expect(summary.parties).toEqual(parties);
    expect(parties.length).toBeGreaterThan(2);

    const one = await ok(
      call('GET', `/api/v1/commissions/due?${q}&party=seller&party_id=${ids.sellers[2].id}`, w.tokens.A1),
    );
    expect((one.parties as { party_id: string }[]).map((p) => p.party_id)).toEqual([ids.sellers[2].id]);

    const mine = await ok(call('GET', `/api/v1/commissions/due/summary?${q}`, ids.sellers[0].token));
    for (const p of mine.parties as { party_kind: string; party_id: string }[])
      expect(p).toMatchObject({ party_kind: 'seller', party_id: ids.sellers[0].id });
    const other = await ok(
      call('GET', `/api/v1/commissions/due?${q}&party=seller&party_id=${ids.sellers[1].id}`, ids.sellers[0].token),
    );
    expect(other.parties).toEqual([]);

    const bad = await call('GET', `/api/v1/commissions/due/summary?${q}&party_id=${ids.sellers[1].id}`, w.tokens.A1);
    // A query the API cannot read is a 400 naming the field (ADR 002), in Spanish.
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/vendedor \(seller\) o un canal/);
    expect((await call('GET', `/api/v1/commissions/due/summary?${q}`, w.tokens.A3)).statusCode).toBe(403);
    expect((await ok(call('GET', `/api/v1/commissions/due/summary?${q}`, w.tokens.B1))).parties).not.toContainEqual(
      expect.objectContaining({ tour_operator_id: w.A.op.id }),
    );
  });
});
