/**
 * PRODUCT.md §7 "No overbooking" through the public API: simultaneous customers for the last seats
 * never buy more than the capacity, every 201 is a booking that exists, and a key sent many times
 * at once books once.
 *
 * Real concurrency needs a server: PostgreSQL only (TEST_DATABASE_URL), over real HTTP against the
 * pg pool, like bookings.concurrency.test.ts. PGlite serves one query at a time and proves nothing.
 */
import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactTotals, totalsDrift } from '../../../test/booking-totals';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import { bookings, departures } from '../../db/schema';
import { day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { newKey, publicBody } from './public.test-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the concurrency tests (CI does)';

describe.skipIf(!onPostgres)(`concurrent public bookings on PostgreSQL${onPostgres ? '' : ` (${SKIP_NOTE})`}`, () => {
  let app: FastifyInstance;
  let w: World;
  let base: string;

  beforeAll(async () => {
    app = await buildTestApp();
    w = await createWorld(app);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  type Answer = { status: number; replayed: boolean; body: { id?: string; message?: string; seats?: number } };

  async function fire(requests: { key: string; body: object }[]): Promise<Answer[]> {
    return Promise.all(
      requests.map(async (r) => {
        const res = await fetch(`${base}/api/v1/public/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': r.key },
          body: JSON.stringify(r.body),
        });
        return {
          status: res.status,
          replayed: res.headers.get('idempotent-replayed') === 'true',
          body: (await res.json()) as Answer['body'],
        };
      }),
    );
  }

  async function sold(productId: string) {
    const [dep] = await app.db
      .select()
      .from(departures)
      .where(and(eq(departures.productId, productId), eq(departures.date, day(2)), eq(departures.time, '09:00')));
    const rows = await app.db.select().from(bookings).where(eq(bookings.productId, productId));
    return { seatsTaken: dep?.seatsTaken ?? 0, bookings: rows.length, seats: rows.reduce((n, b) => n + b.seats, 0) };
  }

  it('capacity 10, 40 customers for 1 seat at once: exactly 10 × 201, 30 × 409 "No quedan plazas suficientes", no 500', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const answers = await fire(
      Array.from({ length: 40 }, (_, i) => ({
        key: newKey(),
        body: publicBody(p.id, { date: day(2), pax: { adult: 1 }, customer_name: `Cliente ${i}` }),
      })),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    console.info(
      `[public concurrency] 40 × 1 seat on capacity 10: ${created.length} × 201, ${refused.length} × 409, others ${answers.length - created.length - refused.length}`,
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.body.message).toBe(NO_SEATS_MESSAGE);
    const ids = created.map((a) => a.body.id as string);
    const stored = await app.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, ids));
    expect(stored).toHaveLength(10);
    expect(await sold(p.id)).toEqual({ seatsTaken: 10, bookings: 10, seats: 10 });
  });

  it('one key sent 10 times at once: one booking; the others answer 409 (running) or replay the same booking', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    const key = newKey();
    const body = publicBody(p.id, { date: day(2), pax: { adult: 2 } });
    const answers = await fire(Array.from({ length: 10 }, () => ({ key, body })));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const created = answers.filter((a) => a.status === 201);
    expect(created.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe('Tu reserva se está procesando, espera un momento');
    }
    expect(await sold(p.id)).toEqual({ seatsTaken: 2, bookings: 1, seats: 2 });
  });

  it('20 customers, each retrying at once with their key, for 10 seats: exactly 10 bookings, never more seats', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const customers = Array.from({ length: 20 }, (_, i) => ({
      key: newKey(),
      body: publicBody(p.id, { date: day(2), pax: { adult: 1 }, customer_name: `Reintento ${i}` }),
    }));
    const answers = await fire([...customers, ...customers]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const firsts = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(firsts).toHaveLength(10);
    // A customer's two answers never disagree: both the same booking, or one still running.
    customers.forEach((_, i) => {
      const [a, b] = [answers[i], answers[i + customers.length]];
      if (a.status === 201 && b.status === 201) expect(a.body.id).toBe(b.body.id);
    });
    expect(await sold(p.id)).toEqual({ seatsTaken: 10, bookings: 10, seats: 10 });
  });

  it("ADR 050: a retry sent while the first sale's statement waits on the departure answers that booking (replayed), not 409", async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    // The departure's row exists (a first sale): the next sales are one statement each.
    const [made] = await fire([{ key: newKey(), body: publicBody(p.id, { date: day(2), pax: { adult: 1 } }) }]);
    expect(made.status).toBe(201);
    const [dep] = await app.db.select().from(departures).where(eq(departures.productId, p.id));
    const dbName = (await app.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${dbName}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from departures where id = $1 for update', [dep.id]);
      const key = newKey();
      const body = publicBody(p.id, { date: day(2), pax: { adult: 2 }, customer_name: 'Primero' });
      const first = fire([{ key, body }]);
      const waiting = async () =>
        Number(
          (
            await app.db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock' and query like 'with "taken" as%'`,
            )
          ).rows[0].n,
        );
      await expect.poll(waiting, { interval: 20, timeout: 15_000 }).toBe(1);
      // The first sale's key is not written yet: the retry reads it as free and waits behind it.
      const retry = fire([{ key, body }]);
      await expect.poll(waiting, { interval: 20, timeout: 15_000 }).toBe(2);
      await holder.query('commit');
      const [[a], [b]] = await Promise.all([first, retry]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      expect(a.body.id).toBe(b.body.id);
    } finally {
      await holder.end();
    }
    expect(await sold(p.id)).toEqual({ seatsTaken: 3, bookings: 2, seats: 3 });
  });

  it('the report totals (ADR 026) every racing write appended add up to the bookings', async () => {
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await compactTotals(app.db);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
  });
});
