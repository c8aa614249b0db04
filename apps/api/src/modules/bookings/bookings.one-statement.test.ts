/**
 * ADR 041 and ADR 042: a sale of a departure that has its row is ONE statement with no transaction
 * around it — the seats' conditional UPDATE, the booking whose departure is the one that took them,
 * its history, audit entry and message or hold's job, and a write it depends on (the public API's
 * stored answer). It commits alone or writes nothing: a departure that cannot take the seats is a
 * refusal (not null on `departure_id`), a dependent write that finds nothing to write another (not
 * null on `created_at`), a taken locator a unique violation, and each leaves every table as it was. PGlite and PostgreSQL; the race (the departure filled or closed
 * between the sale's read and its write) needs a second connection: PostgreSQL only.
 */
import { randomUUID } from 'node:crypto';
import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import { auditLog, bookings, departures, jobs, messages } from '../../db/schema';
import { staffActor } from '../../lib/actors';
import { AppError } from '../../lib/app-error';
import { takeSeatsQuery } from '../departures/departures.service';
import { insertNewBooking } from './booking-writer';
import type { BookingRow } from './bookings.mapper';
import { HOLD_EXPIRY_JOB, holdJobKey } from './bookings.online';
import { sellProduct } from './bookings.service';
import {
  actorOf,
  book,
  booked,
  bookingBody,
  enablePayments,
  mkProduct,
  snapshot,
  type World,
} from './bookings.test-helpers';
import { isGuardRefusal, isLocatorTaken, isSeatsRefusal } from './bookings.write-statements';

let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

/** Every table a sale writes, to prove a refused one wrote nothing. */
async function everything() {
  const [[audit], [queued]] = await Promise.all([
    app.db.select({ n: count() }).from(auditLog),
    app.db.select({ n: count() }).from(messages),
  ]);
  return { ...(await snapshot(app)), audit: audit.n, messages: queued.n };
}

/** A sale as `sell` writes it, copied from a booking the API sold, with a locator of its own. */
async function saleOf(row: BookingRow, locator: string, seats: number, guard?: SQL) {
  const { id: _id, ...values } = row;
  return insertNewBooking(
    app.db,
    { ...values, locator, seats },
    {
      actor: staffActor(actorOf(w.A.l1)),
      now: new Date(),
      event: { product_id: row.productId },
      changes: {},
      takeSeats: takeSeatsQuery(app.db, row.departureId, seats),
      guard,
    },
  );
}

async function rowOf(id: string) {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

describe('a sale in one statement', () => {
  it('takes the seats and writes the booking, its history, audit entry and message together', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const first = await rowOf((await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }))).id);
    const before = await everything();
    // The departure had its row: the second sale is the one-statement one (booking-round-trips.test.ts counts it).
    const res = await book(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 }, customer_name: 'Dos' }));
    expect(res.statusCode).toBe(201);
    const after = await everything();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.events).toBe(before.events + 1);
    expect(after.audit).toBe(before.audit + 1);
    expect(after.messages).toBe(before.messages + 1);
    expect(after.seats).toBe(before.seats + 2);
    expect((await rowOf(res.json().id)).departureId).toBe(first.departureId);
    expect(await departureCountsDrift(app.db)).toEqual([]);
  });

  it('a departure that cannot take the seats: refused, and nothing is written', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 4 });
    const row = await rowOf((await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }))).id);
    const before = await everything();
    const err = await saleOf(row, 'TRY-FULL01', 4).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isSeatsRefusal(err)).toBe(true);
    expect(isLocatorTaken(err)).toBe(false);
    expect(await everything()).toEqual(before);
  });

  it('a taken locator: a unique violation, and nothing is written (the seats neither)', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const row = await rowOf((await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }))).id);
    const before = await everything();
    const err = await saleOf(row, row.locator, 1).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isLocatorTaken(err)).toBe(true);
    expect(isSeatsRefusal(err)).toBe(false);
    expect(await everything()).toEqual(before);
  });
});

describe('ADR 042: what a sale depends on and its hold, in the same one statement', () => {
  it('a guard that finds nothing to write refuses the sale: not a seats refusal, and nothing is written', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const row = await rowOf((await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }))).id);
    const before = await everything();
    const err = await saleOf(row, 'TRY-GUARD1', 1, sql`select 1 as ok where false`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isGuardRefusal(err)).toBe(true);
    expect(isSeatsRefusal(err)).toBe(false);
    expect(isLocatorTaken(err)).toBe(false);
    expect(await everything()).toEqual(before);
    // …and one that finds its row lets the sale through.
    expect(await saleOf(row, 'TRY-GUARD2', 1, sql`select 1 as ok`)).toMatchObject({ locator: 'TRY-GUARD2' });
  });

  it("the sale answers its dependent write's own refusal, and writes nothing", async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }));
    const before = await everything();
    let written = false;
    const order = {
      productId: p.id,
      operatorId: w.A.op.id,
      body: bookingBody(p.id, { pax: { adult: 1 }, customer_name: 'Sin clave' }),
      channel: 'office' as const,
      sellerId: null,
      actor: staffActor(actorOf(w.A.l1)),
      state: 'confirmed' as const,
      cutoffOverrideLevel: null,
      now: new Date(),
    };
    const refused = new AppError({ code: 'IDEMPOTENCY_IN_PROGRESS', message: 'perdida' });
    await expect(
      sellProduct(app.db, {
        ...order,
        withSale: (sold) => {
          // Built from the booking as it is about to be written: its id and locator are the row's.
          expect(sold.booking).toMatchObject({ version: 1, customerName: 'Sin clave', state: 'confirmed' });
          return {
            write: sql`select 1 as ok where false`,
            refused: () => refused,
            written: () => {
              written = true;
            },
          };
        },
      }),
    ).rejects.toBe(refused);
    expect(written).toBe(false);
    expect(await everything()).toEqual(before);
    // The same sale with a write that goes through: sold, and the predicted booking is the written one.
    let predicted: BookingRow | undefined;
    const sold = await sellProduct(app.db, {
      ...order,
      withSale: (s) => {
        predicted = s.booking;
        return { write: sql`select 1 as ok`, refused: () => refused, written: () => (written = true) };
      },
    });
    expect(written).toBe(true);
    // (The row read back also carries the search column the database derives; no answer shows it.)
    const { searchText: _derived, ...asWritten } = sold.booking as BookingRow & { searchText?: string };
    expect(asWritten).toEqual(predicted);
  });

  it("a customer's sale paid online on a departure with its row: held, with its hold's job, by one statement", async () => {
    await enablePayments(app, w.A.op.id);
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10, payment_mode: 'full' });
    const sale = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        headers: { 'idempotency-key': randomUUID() },
        payload: { ...bookingBody(p.id, { customer_name: name }), accept_terms: true },
      });
    expect((await sale('Primera')).statusCode).toBe(201);
    const before = await everything();
    const res = await sale('Segunda');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().state).toBe('pending');
    const row = await rowOf(res.json().id);
    expect(row.holdExpiresAt).not.toBeNull();
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, holdJobKey(row.id, row.holdExpiresAt as Date)));
    expect(job).toMatchObject({ kind: HOLD_EXPIRY_JOB, payload: { booking_id: row.id }, state: 'queued' });
    expect(job.runAt.getTime()).toBe(row.holdExpiresAt?.getTime());
    const after = await everything();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.seats).toBe(before.seats + row.seats);
    // A held booking's customer hears nothing until the payment confirms it.
    expect(after.messages).toBe(before.messages);
    // Its stored answer is the booking as read back.
    const back = await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${row.id}?lang=es` });
    expect(res.json()).toEqual(back.json());
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** A busy CI machine may take a while to bring the sale to its write: look often, wait long. */
const POLL = { interval: 20, timeout: 15_000 };

/** The URL of the test's own database (test/db.ts makes one per file on TEST_DATABASE_URL's server). */
async function thisDatabaseUrl() {
  const res = await app.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${res.rows[0].name}`;
  return url.toString();
}

describe.skipIf(!onPostgres)('the departure changes between the sale read and its write (PostgreSQL)', () => {
  /** Holds the departure's row locked on a connection of its own while a sale goes in, then changes it. */
  async function raceWith(change: string) {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 6 });
    const first = await rowOf((await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }))).id);
    const before = await everything();
    const holder = new pg.Client({ connectionString: await thisDatabaseUrl() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from departures where id = $1 for update', [first.departureId]);
      const sale = book(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 }, customer_name: 'Tarde' }));
      // The sale has read the departure with free seats and now waits on its row.
      await expect
        .poll(async () => {
          // Asked on another connection: inside the holder's transaction the view would not change.
          const res = await app.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and query like 'with "taken" as%'`,
          );
          return Number(res.rows[0].n);
        }, POLL)
        .toBe(1);
      await holder.query(change, [first.departureId]);
      await holder.query('commit');
      const res = await sale;
      const after = await everything();
      return { res, before, after };
    } finally {
      await holder.end();
    }
  }

  it('filled meanwhile: 409 "No quedan plazas suficientes", nothing written', async () => {
    const { res, before, after } = await raceWith('update departures set seats_taken = capacity where id = $1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: NO_SEATS_MESSAGE, errors: { pax: ['La salida está completa'] } });
    expect({ ...after, seats: before.seats }).toEqual({ ...before, versions: after.versions });
    expect(after.bookings).toBe(before.bookings);
  });

  it('closed meanwhile: 409 DEPARTURE_CLOSED, nothing written', async () => {
    const { res, before, after } = await raceWith('update departures set closed = true where id = $1');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DEPARTURE_CLOSED');
    expect(after).toEqual(before);
    const [dep] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(departures)
      .where(eq(departures.closed, true));
    expect(dep.n).toBeGreaterThan(0);
  });
});
