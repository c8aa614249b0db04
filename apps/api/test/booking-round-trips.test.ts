/**
 * ADR 035 (issue 35 goal 3): the statements a sale sends, counted, so that a change that adds a
 * round trip to a booking POST fails here. Every statement a `pg` connection sends is recorded while
 * one request runs: the staff's POST /bookings, the customer's POST /public/bookings and a channel's
 * OCTO reserve. The staff's and the customer's sale of a departure that has its row are one read and
 * ONE write with no transaction (ADR 041, ADR 042); a sale that needs a transaction keeps it short (the
 * sale's one read, one write of the booking with its history, audit entry and customer's message, or
 * a hold's job, and the conditional seats UPDATE last before COMMIT) and reads nothing back after it.
 *
 * It counts what the `pg` driver sends, so it runs on PostgreSQL only (TEST_DATABASE_URL, as CI
 * does); PGlite's transactions do not go through a patchable client.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelKeys } from '../src/db/schema';
import { bookingBody, day, enablePayments, mkProduct, TZ } from '../src/modules/bookings/bookings.test-helpers';
import { offsetOf } from '../src/modules/octo/octo.availability';
import { mkChannel, mkKey, OCTO } from '../src/modules/octo/octo.test-helpers';
import { buildTestApp } from './build-app';
import { createWorld } from './factories';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to count what the pg driver sends (CI does)';

/**
 * The most statements each POST may send (its transaction's between BEGIN and COMMIT; all of them,
 * BEGIN and COMMIT included). What is counted outside the sale's transaction is not all the sale's:
 * the staff token's user lookup, the public rate limit and idempotency key, the OCTO key lookup,
 * rate limit and the reserve's checks of what the reseller asked.
 */
const MOST = {
  // ADR 041: a staff sale of a departure that has its row is the user check, the read and ONE write
  // (seats, booking, history, audit entry, message) with no transaction around it.
  staff: { inside: 0, total: 3 },
  // ADR 042: the customer's sale is the rate limit, the read and ONE write (seats, booking, history,
  // audit entry, message or hold's job, the key's stored answer), no transaction. ADR 050: the key
  // has no claim of its own; the read says whether it is in use, the write writes it, done.
  public: { inside: 0, total: 3 },
  // ADR 042: a channel's reserve of a departure that has its row: the same one write (with its hold's
  // job), no transaction. ADR 043: the key found and counted in one statement; the product, the
  // channel's rates and the departure read by the sale's read; the uuid not looked up first; the
  // answer reading nothing again: the key, the sale's read, its write and the request's log line.
  octo: { inside: 0, total: 4 },
};

type Sent = { client: number; text: string };

/** Records every statement any pg connection sends while `run` runs. */
async function recording(run: () => Promise<void>): Promise<Sent[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const ids = new WeakMap<object, number>();
  let clients = 0;
  const sent: Sent[] = [];
  proto.query = function (this: object, ...args: unknown[]) {
    if (!ids.has(this)) ids.set(this, ++clients);
    const cfg = args[0];
    const text = typeof cfg === 'string' ? cfg : ((cfg as { text?: string })?.text ?? '');
    sent.push({ client: ids.get(this) ?? 0, text: text.replace(/\s+/g, ' ').trim().toLowerCase() });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return sent;
}

/** The one transaction of a request: its statements between BEGIN and COMMIT, and what came after. */
function transactionOf(sent: Sent[]) {
  const begins = sent.map((s, k) => (s.text === 'begin' ? k : -1)).filter((k) => k >= 0);
  expect(begins, 'one transaction').toHaveLength(1);
  const start = begins[0];
  const client = sent[start].client;
  const end = sent.findIndex(
    (s, k) => k > start && s.client === client && (s.text === 'commit' || s.text === 'rollback'),
  );
  expect(sent[end]?.text).toBe('commit');
  return {
    inside: sent.slice(start + 1, end).filter((s) => s.client === client),
    after: sent.slice(end + 1),
  };
}

const SEATS_UPDATE = /^update "departures" set "seats_taken" = "departures"\."seats_taken" \+/;

describe.skipIf(!onPostgres)(`a sale's round trips${onPostgres ? '' : ` (${SKIP_NOTE})`}`, () => {
  let app: FastifyInstance;
  let token: string;
  let productId: string;
  let operatorId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const w = await createWorld(app);
    token = w.tokens.A1;
    const product = await mkProduct(app, token, { capacity: 40 });
    productId = product.id;
    operatorId = product.tour_operator_id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('staff POST /bookings: one read, then one write with the seats, history, audit and message; no transaction', async () => {
    // A first sale warms the process and makes the departure's row (the first sale of a departure
    // inserts it: one statement more, once); the second one is counted.
    const post = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: { authorization: `Bearer ${token}` },
        payload: bookingBody(productId, { date: day(2), customer_name: `Ana ${n}` }),
      });
    expect((await post(0)).statusCode).toBe(201);
    let status = 0;
    const sent = await recording(async () => {
      status = (await post(1)).statusCode;
    });
    expect(status).toBe(201);
    const texts = sent.map((s) => s.text.slice(0, 100)).join('\n');
    expect(
      sent.filter((s) => s.text === 'begin' || s.text === 'commit'),
      texts,
    ).toEqual([]);
    expect(sent.length, texts).toBeLessThanOrEqual(MOST.staff.total);
    // The last statement takes the seats and writes the booking with its records, or nothing.
    const write = sent.at(-1)?.text ?? '';
    expect(write).toMatch(/^with "taken" as \(update "departures" set "seats_taken" = "departures"\."seats_taken" \+/);
    for (const part of ['insert into "bookings"', 'insert into "booking_events"', 'insert into "audit_log"']) {
      expect(write).toContain(part);
    }
    expect(write).toContain('insert into messages');
  });

  it("staff POST /bookings on a departure with no row yet: the row is made in the sale's transaction", async () => {
    let status = 0;
    const sent = await recording(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: { authorization: `Bearer ${token}` },
        payload: bookingBody(productId, { date: day(5), customer_name: 'Primera' }),
      });
      status = res.statusCode;
    });
    expect(status).toBe(201);
    const { inside, after } = transactionOf(sent);
    expect(inside.some((s) => s.text.startsWith('insert into "departures"'))).toBe(true);
    expect(inside.at(-1)?.text).toMatch(SEATS_UPDATE);
    expect(after, 'nothing after COMMIT').toEqual([]);
  });

  /** The customer's POST, warmed by a first sale of that date (which makes the departure's row). */
  async function publicSale(product: string, date: string) {
    const post = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        headers: { 'idempotency-key': randomUUID() },
        payload: { ...bookingBody(product, { date, customer_name: `Web ${n}` }), accept_terms: true },
      });
    expect((await post(0)).statusCode).toBe(201);
    let status = 0;
    const sent = await recording(async () => {
      status = (await post(1)).statusCode;
    });
    expect(status).toBe(201);
    const texts = sent.map((s) => s.text.slice(0, 100)).join('\n');
    expect(
      sent.filter((s) => s.text === 'begin' || s.text === 'commit'),
      texts,
    ).toEqual([]);
    expect(sent.length, texts).toBeLessThanOrEqual(MOST.public.total);
    // The last statement takes the seats and writes the booking with its records and the stored answer, or nothing.
    const write = sent.at(-1)?.text ?? '';
    expect(write).toMatch(/^with "taken" as \(update "departures" set "seats_taken" = "departures"\."seats_taken" \+/);
    for (const part of ['insert into "bookings"', 'insert into "booking_events"', 'insert into "audit_log"']) {
      expect(write).toContain(part);
    }
    expect(write).toMatch(
      /"guard" as \( insert into idempotency_keys .* values .*'done'.* on conflict \(scope, key\) do nothing returning 1/s,
    );
    // ADR 050: no statement of the key's own; the read asks whether it is in use.
    expect(
      sent.filter((s) => /^\s*insert into idempotency_keys/.test(s.text)),
      texts,
    ).toEqual([]);
    expect(sent.at(-2)?.text, texts).toMatch(/exists \(select 1 from idempotency_keys k/);
    return write;
  }

  it("public POST /public/bookings: the read (with the key's probe), then ONE write with the key and its stored answer; no transaction", async () => {
    const write = await publicSale(productId, day(3));
    expect(write).toContain('insert into messages');
    expect(write).not.toContain('insert into "jobs"');
  });

  it('public POST /public/bookings paid online: the hold and its job in the same one write', async () => {
    await enablePayments(app, operatorId);
    const paid = await mkProduct(app, token, { capacity: 40, payment_mode: 'full' });
    const write = await publicSale(paid.id, day(6));
    expect(write).toContain('insert into "jobs"');
    // A held booking's customer hears nothing until the payment confirms it (ADR 022).
    expect(write).not.toContain('insert into messages');
  });

  it("a channel's OCTO reserve: the same one write, with its hold's job; no transaction", async () => {
    const channel = await mkChannel(app, operatorId);
    const { key, row: keyRow } = await mkKey(app, channel);
    const reserve = (_n: number) => {
      const date = day(4);
      return app.inject({
        method: 'POST',
        url: `${OCTO}/bookings`,
        headers: { authorization: `Bearer ${key}` },
        payload: {
          uuid: randomUUID(),
          productId,
          optionId: 'DEFAULT',
          availabilityId: `${date}T18:00:00${offsetOf(TZ, new Date(`${date}T18:00:00Z`))}`,
          unitItems: [{ unitId: 'adult' }],
        },
      });
    };
    expect((await reserve(0)).statusCode).toBe(200);
    // The first request's log line and the key's first use are written once its answer is out:
    // landed before counting the second's.
    await vi.waitFor(async () => {
      const [row] = await app.db.select().from(channelKeys).where(eq(channelKeys.id, keyRow.id));
      expect(row.lastUsedAt).not.toBeNull();
    });
    let status = 0;
    const sent = await recording(async () => {
      status = (await reserve(1)).statusCode;
      // The request's log is written once the answer is out: count it too.
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(status).toBe(200);
    const texts = sent.map((s) => s.text.slice(0, 80)).join('\n');
    expect(
      sent.filter((s) => s.text === 'begin' || s.text === 'commit'),
      texts,
    ).toEqual([]);
    expect(sent.length, texts).toBeLessThanOrEqual(MOST.octo.total);
    const write = sent.find((s) => s.text.startsWith('with "taken" as'))?.text ?? '';
    for (const part of ['insert into "bookings"', 'insert into "booking_events"', 'insert into "jobs"']) {
      expect(write, texts).toContain(part);
    }
    // ADR 043: the request is counted by the statement that finds its key; the product, the
    // channel's rates and the departure are read by the sale's one read, and nothing after the write.
    const keyRead = sent.find((s) => s.text.includes('from "channel_keys"'))?.text ?? '';
    expect(keyRead, texts).toContain('insert into rate_limit_hits');
    expect(
      sent.filter((s) => s.text.includes('rate_limit_hits')),
      texts,
    ).toHaveLength(1);
    const reads = sent.filter((s) => s.text.startsWith('select'));
    expect(reads, texts).toHaveLength(1);
    expect(reads[0]?.text, texts).toContain('left join "departures"');
    expect(reads[0]?.text, texts).toContain('"channel_net_rates"');
    expect(
      sent.filter((s) => s.text.includes('"octo_uuid" = ')),
      texts,
    ).toEqual([]);
  });
});
