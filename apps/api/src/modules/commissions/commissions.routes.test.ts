/**
 * "Comisiones" through the API (issue 34 items 2 and 9) on a real database: what sellers and
 * channels are owed, statements, settling once, corrections after settling, concurrency and roles.
 * Every answer is checked against the OpenAPI document (build-app.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { commissionStatementLines, commissionStatements, users } from '../../db/schema';
import { booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };
let agency: { id: string };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

const FROM = day(0);
const TO = day(40);
const due = (token: string, extra = '') => call('GET', `/api/v1/commissions/due?from=${FROM}&to=${TO}${extra}`, token);
const statementFor = (token: string, body: object) => call('POST', '/api/v1/commissions/statements', token, body);
const sellerStatement = (from = FROM, to = TO) => ({ party_kind: 'seller', seller_id: w.A.l2.id, from, to });

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  // The seller earns 10 % of what they sell; the agency 20 %.
  await app.db.update(users).set({ commissionPct: 10 }).where(eq(users.id, w.A.l2.id));
  product = await mkProduct(app, w.tokens.A1, { capacity: 50 });
  const ch = await call('POST', '/api/v1/channels', w.tokens.A1, {
    name: 'Agencia Sol',
    kind: 'agency',
    commission_pct: 20,
  });
  expect(ch.statusCode).toBe(201);
  agency = ch.json();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** 2 adults + 1 child = 115,00 € (seller: 11,50 €; agency: 23,00 €). */
const sellerSale = (over: Record<string, unknown> = {}) =>
  booked(app, w.tokens.A2, bookingBody(product.id, { date: day(5), ...over }));
const agencySale = (over: Record<string, unknown> = {}) =>
  booked(app, w.tokens.A1, bookingBody(product.id, { date: day(6), channel_id: agency.id, ...over }));

describe('what is due, statements and their settlement', () => {
  let first: { id: string; locator: string };
  let second: { id: string };
  let statementId: string;

  it('lists per seller and per channel the bookings of the period with their commission; a cancelled one owes nothing', async () => {
    first = await sellerSale();
    second = await sellerSale({ date: day(7) });
    const cancelled = await sellerSale({ date: day(8) });
    expect(
      (await call('POST', `/api/v1/bookings/${cancelled.id}/cancel`, w.tokens.A1, { reason: 'No viaja' })).statusCode,
    ).toBe(200);
    const viaAgency = await agencySale();
    const outside = await sellerSale({ date: day(60) });

    const res = await due(w.tokens.A1);
    expect(res.statusCode).toBe(200);
    const parties = res.json().parties as {
      party_kind: string;
      party_id: string;
      amount_cents: number;
      lines: { booking_id: string; commission_cents: number; amount_cents: number }[];
    }[];
    const seller = parties.find((p) => p.party_kind === 'seller' && p.party_id === w.A.l2.id);
    expect(seller).toMatchObject({ party_name: 'Sergio Vendedor A', booking_count: 2, amount_cents: 2300 });
    expect(seller?.lines.map((l) => l.booking_id)).toEqual([first.id, second.id]);
    expect(seller?.lines[0]).toMatchObject({
      locator: first.locator,
      commission_cents: 1150,
      counted_cents: 0,
      amount_cents: 1150,
      booking_total_cents: 11500,
    });
    const channel = parties.find((p) => p.party_kind === 'channel');
    expect(channel).toMatchObject({ party_id: agency.id, party_name: 'Agencia Sol', amount_cents: 2300 });
    expect(channel?.lines.map((l) => l.booking_id)).toEqual([viaAgency.id]);
    const all = parties.flatMap((p) => p.lines.map((l) => l.booking_id));
    expect(all).not.toContain(cancelled.id);
    expect(all).not.toContain(outside.id);

    const onlyChannels = (await due(w.tokens.A1, '&party=channel')).json().parties;
    expect(onlyChannels.map((p: { party_kind: string }) => p.party_kind)).toEqual(['channel']);

    // An agency that takes the customer's money keeps its commission out of it: nothing is owed to it.
    const collecting = await call('POST', '/api/v1/channels', w.tokens.A1, {
      name: 'Agencia Luna',
      kind: 'agency',
      commission_pct: 15,
      collects: 'agency',
    });
    expect(collecting.statusCode, collecting.body).toBe(201);
    const keptByAgency = await agencySale({ channel_id: collecting.json().id });
    const after = (await due(w.tokens.A1, '&party=channel')).json().parties as {
      party_id: string;
      lines: { booking_id: string }[];
    }[];
    expect(after.map((p) => p.party_id)).toEqual([agency.id]);
    expect(after.flatMap((p) => p.lines.map((l) => l.booking_id))).not.toContain(keptByAgency.id);
  });

  it('makes an open statement with one line per booking; then nothing is due for that seller (422 on a second one)', async () => {
    const res = await statementFor(w.tokens.A1, sellerStatement());
    expect(res.statusCode).toBe(201);
    const s = res.json();
    statementId = s.id;
    expect(s).toMatchObject({
      party_kind: 'seller',
      party_id: w.A.l2.id,
      state: 'open',
      total_cents: 2300,
      line_count: 2,
      settled_on: null,
    });
    expect(s.lines).toHaveLength(2);
    expect(s.lines[0]).toMatchObject({ booking_id: first.id, commission_cents: 1150, amount_cents: 1150 });

    const after = (await due(w.tokens.A1, '&party=seller')).json().parties;
    expect(after.find((p: { party_id: string }) => p.party_id === w.A.l2.id)).toBeUndefined();
    const again = await statementFor(w.tokens.A1, sellerStatement());
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/No hay comisiones pendientes/);
  });

  it('settles once: a second settle answers 409 and the statement stays as settled', async () => {
    const body = { settled_on: day(0), method: 'transfer', reference: 'TRF-1' };
    const res = await call('POST', `/api/v1/commissions/statements/${statementId}/settle`, w.tokens.A1, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'settled',
      settled_on: day(0),
      method: 'transfer',
      reference: 'TRF-1',
      settled_by: { id: w.A.l1.id },
    });
    const twice = await call('POST', `/api/v1/commissions/statements/${statementId}/settle`, w.tokens.A1, {
      ...body,
      method: 'cash',
      reference: 'otra',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('STATE_CONFLICT');
    const [row] = await app.db.select().from(commissionStatements).where(eq(commissionStatements.id, statementId));
    expect(row).toMatchObject({ method: 'transfer', reference: 'TRF-1', totalCents: 2300 });
  });

  it('a change after settling shows as a correcting line in the next statement; a cancellation as a negative one', async () => {
    // One more adult on the first booking (+45 €: commission 11,50 → 16,00), the second cancelled.
    const edit = await call('PUT', `/api/v1/bookings/${first.id}`, w.tokens.A1, { pax: { adult: 3, child: 1 } });
    expect(edit.statusCode).toBe(200);
    expect(
      (await call('POST', `/api/v1/bookings/${second.id}/cancel`, w.tokens.A1, { reason: 'Cambio de planes' }))
        .statusCode,
    ).toBe(200);

    const seller = (await due(w.tokens.A1, '&party=seller'))
      .json()
      .parties.find((p: { party_id: string }) => p.party_id === w.A.l2.id);
    expect(seller.lines).toEqual([
      expect.objectContaining({ booking_id: first.id, commission_cents: 1600, counted_cents: 1150, amount_cents: 450 }),
      expect.objectContaining({ booking_id: second.id, commission_cents: 0, counted_cents: 1150, amount_cents: -1150 }),
    ]);
    const next = await statementFor(w.tokens.A1, sellerStatement());
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ total_cents: -700, line_count: 2 });
    const settled = (await call('GET', `/api/v1/commissions/statements/${statementId}`, w.tokens.A1)).json();
    expect(settled).toMatchObject({ state: 'settled', total_cents: 2300, line_count: 2 });
    expect(settled.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([1150, 1150]);
  });

  it('makes a channel statement and exports a statement as CSV', async () => {
    const res = await statementFor(w.tokens.A1, { party_kind: 'channel', channel_id: agency.id, from: FROM, to: TO });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ party_kind: 'channel', party_name: 'Agencia Sol', total_cents: 2300 });
    const csv = await call('GET', `/api/v1/commissions/statements/${res.json().id}/export.csv`, w.tokens.A1);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Agencia Sol');
    expect(csv.body).toContain('23');
  });

  it('lists statements, newest first, filtered by party and state', async () => {
    const res = await call('GET', '/api/v1/commissions/statements?party_kind=seller', w.tokens.A1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((s: { total_cents: number }) => s.total_cents)).toEqual([-700, 2300]);
    const settled = (await call('GET', '/api/v1/commissions/statements?state=settled', w.tokens.A1)).json();
    expect(settled.map((s: { id: string }) => s.id)).toEqual([statementId]);
  });
});

describe('rules of a new statement', () => {
  it('refuses a party that is not of the operator and a period the wrong way round', async () => {
    const other = await statementFor(w.tokens.A1, { party_kind: 'seller', seller_id: w.B.l2.id, from: FROM, to: TO });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toContain('seller_id');
    const backwards = await statementFor(w.tokens.A1, sellerStatement(TO, FROM));
    expect(backwards.statusCode).toBe(422);
    const mixed = await statementFor(w.tokens.A1, { party_kind: 'seller', channel_id: agency.id, from: FROM, to: TO });
    expect(mixed.statusCode).toBe(422);
  });

  it('two statements at once for the same party count each booking once', async () => {
    const seller = (await app.db.select().from(users).where(eq(users.id, w.A.l2.id)))[0];
    expect(seller).toBeTruthy();
    const a = await sellerSale({ date: day(20) });
    const b = await sellerSale({ date: day(21) });
    const period = { from: day(20), to: day(21) };
    const [r1, r2] = await Promise.all([
      statementFor(w.tokens.A1, sellerStatement(period.from, period.to)),
      statementFor(w.tokens.A1, sellerStatement(period.from, period.to)),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 422]);
    const lines = await app.db.select().from(commissionStatementLines);
    expect(lines.filter((l) => l.bookingId === a.id)).toHaveLength(1);
    expect(lines.filter((l) => l.bookingId === b.id)).toHaveLength(1);
  });
});

describe('who sees what', () => {
  it('a Vendedor sees only their own due and statements, and may not make nor settle one', async () => {
    const mine = await due(w.tokens.A2);
    expect(mine.statusCode).toBe(200);
    for (const p of mine.json().parties) expect(p).toMatchObject({ party_kind: 'seller', party_id: w.A.l2.id });
    expect((await due(w.tokens.A2, '&party=channel')).json().parties).toEqual([]);

    const list = (await call('GET', '/api/v1/commissions/statements', w.tokens.A2)).json();
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) expect(s.party_id).toBe(w.A.l2.id);
    const all = (await call('GET', '/api/v1/commissions/statements?party_kind=channel', w.tokens.A1)).json();
    expect((await call('GET', `/api/v1/commissions/statements/${all[0].id}`, w.tokens.A2)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/commissions/statements/${all[0].id}/export.csv`, w.tokens.A2)).statusCode).toBe(
      404,
    );

    expect((await statementFor(w.tokens.A2, sellerStatement())).statusCode).toBe(403);
    const settle = await call('POST', `/api/v1/commissions/statements/${list[0].id}/settle`, w.tokens.A2, {
      settled_on: day(0),
      method: 'cash',
    });
    expect(settle.statusCode).toBe(403);
  });

  it('an Operador, a Chofer and a Guía get 403; another operator’s admin 404 on a statement', async () => {
    for (const token of [w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await due(token)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/commissions/statements', token)).statusCode).toBe(403);
    }
    const [s] = (await call('GET', '/api/v1/commissions/statements', w.tokens.A1)).json();
    expect((await call('GET', `/api/v1/commissions/statements/${s.id}`, w.tokens.B1)).statusCode).toBe(404);
    const settle = await call('POST', `/api/v1/commissions/statements/${s.id}/settle`, w.tokens.B1, {
      settled_on: day(0),
      method: 'cash',
    });
    expect(settle.statusCode).toBe(404);
    expect((await call('GET', '/api/v1/commissions/statements', w.tokens.B1)).json()).toEqual([]);
    expect((await due(w.tokens.B1)).json().parties).toEqual([]);
  });
});
