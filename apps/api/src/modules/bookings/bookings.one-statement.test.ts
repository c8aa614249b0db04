/**
 * ADR 041: a staff sale of a departure that has its row is ONE statement with no transaction around
 * it — the seats' conditional UPDATE, the booking whose departure is the one that took them, its
 * history, audit entry and message. It commits alone or writes nothing: a departure that cannot take
 * the seats is a refusal (not null on `departure_id`), a taken locator a unique violation, and either
 * leaves every table as it was. PGlite and PostgreSQL; the race (the departure filled or closed
 * between the sale's read and its write) needs a second connection: PostgreSQL only.
 */
import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import { auditLog, bookings, departures, messages } from '../../db/schema';
import { staffActor } from '../../lib/actors';
import { takeSeatsQuery } from '../departures/departures.service';
import { insertNewBooking } from './booking-writer';
import type { BookingRow } from './bookings.mapper';
import { isLocatorTaken, isSeatsRefusal } from './bookings.repository';
import { actorOf, book, booked, bookingBody, mkProduct, snapshot, type World } from './bookings.test-helpers';

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
async function saleOf(row: BookingRow, locator: string, seats: number) {
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
