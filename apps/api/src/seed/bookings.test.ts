import { loadavg } from 'node:os';
import { addDays, todayIn } from '@trayecto/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { createOperator, createUser } from '../../test/factories';
import { bookingEvents, bookings, departures, payments } from '../db/schema';
import { whatsappNumber } from '../modules/messages/messages.whatsapp';
import { seedBookings } from './bookings';
import { seedChannels } from './channels';
import { seedProducts } from './products';
import { seedResources } from './resources';

let app: FastifyInstance;
let ms = 0;
let seededAt: Date;
let queryMs = 0;
let result: { bookings: number };
let ops: { teide: string; atlantico: string };
let sellers: { id: string; tourOperatorId: string; commissionPct: number | null }[];

beforeAll(async () => {
  app = await buildTestApp();
  ops = {
    teide: (
      await createOperator(app, { name: 'Teide Aventura', timezone: 'Atlantic/Canary', defaultCommissionPct: 10 })
    ).id,
    atlantico: (
      await createOperator(app, { name: 'Atlántico Sur', timezone: 'Atlantic/Canary', defaultCommissionPct: 12 })
    ).id,
  };
  sellers = [];
  for (const [op, pct] of [
    [ops.teide, 10],
    [ops.teide, null],
    [ops.atlantico, 12],
  ] as const) {
    await createUser(app, { level: 1, tourOperatorId: op });
    await createUser(app, { level: 3, tourOperatorId: op });
    const s = await createUser(app, { level: 2, tourOperatorId: op, commissionPct: pct });
    sellers.push({ id: s.id, tourOperatorId: op, commissionPct: pct });
  }
  const { accommodations } = await app.db.transaction((tx) => seedResources(tx, ops));
  const { products } = await app.db.transaction((tx) => seedProducts(tx, ops, accommodations));
  // How fast this machine answers a trivial query right now: the yardstick of the time budget.
  const probe = performance.now();
  for (let i = 0; i < 300; i++) await app.db.execute(sql`select 1`);
  queryMs = (performance.now() - probe) / 300;
  const started = performance.now();
  result = await app.db.transaction(async (tx) => {
    const { agencyId } = await seedChannels(tx, ops.teide);
    return seedBookings(tx, { ops, products, sellers, accommodations, agencyId });
  });
  ms = performance.now() - started;
  seededAt = new Date();
  console.info(
    `[seed-bookings] ${result.bookings} bookings in ${Math.round(ms)} ms on ${app.database.kind} (= ${Math.round(ms / queryMs)} trivial queries of ${queryMs.toFixed(2)} ms; load ${loadavg()[0].toFixed(1)})`,
  );
});
afterAll(async () => {
  await app?.close();
});

describe('demo bookings', () => {
  it('a month of bookings (10 days ago to 20 days ahead)', async () => {
    // Its speed is printed above, not asserted: wall time in a test measures the neighbours.
    expect(result.bookings).toBeGreaterThan(150);
    const [range] = await app.db
      .select({ from: sql<string>`min(${bookings.date})::text`, to: sql<string>`max(${bookings.date})::text` })
      .from(bookings);
    const today = todayIn('Atlantic/Canary', new Date());
    expect(range.from >= addDays(today, -10)).toBe(true);
    expect(range.to <= addDays(today, 20)).toBe(true);
  });

  it('seats on every departure equal the seats its live bookings hold', async () => {
    const res = await app.db.execute<{ id: string; seats_taken: number; held: number }>(sql`
      select d.id, d.seats_taken, coalesce(sum(b.seats) filter (where b.state in ('pending', 'confirmed', 'completed', 'no_show')), 0)::int as held
      from ${departures} d left join ${bookings} b on b.departure_id = d.id
      group by d.id, d.seats_taken`);
    expect(res.rows.length).toBeGreaterThan(20);
    for (const row of res.rows) expect(Number(row.seats_taken)).toBe(Number(row.held));
  });

  it('a realistic mix of states, channels, payments, sellers with commission, pickup times and a refund', async () => {
    const tally = async (column: AnyPgColumn) =>
      Object.fromEntries(
        (await app.db.select({ k: column, n: sql<number>`count(*)::int` }).from(bookings).groupBy(column)).map((r) => [
          r.k,
          Number(r.n),
        ]),
      );
    const states = await tally(bookings.state);
    expect(Object.keys(states).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'no_show', 'pending']);
    expect(states.confirmed).toBeGreaterThan(states.pending);
    const channels = await tally(bookings.channel);
    expect(Object.keys(channels).sort()).toEqual(['channel', 'office', 'public', 'seller']);
    // The agency's (ADR 023): Teide's office sales it was given, with its reference and commission.
    const agency = await app.db
      .select({ op: bookings.tourOperatorId, ref: bookings.resellerReference, pct: bookings.commissionPct })
      .from(bookings)
      .where(eq(bookings.channel, 'channel'));
    expect(agency.length).toBeGreaterThan(5);
    expect(agency.every((b) => b.op === ops.teide && /^VTS-\d+$/.test(b.ref ?? '') && b.pct === 12)).toBe(true);
    const paymentStates = await tally(bookings.paymentState);
    expect(Object.keys(paymentStates)).toEqual(expect.arrayContaining(['paid', 'partial', 'pending', 'refunded']));

    const [refund] = await app.db.select().from(payments).where(eq(payments.kind, 'refund')).limit(1);
    expect(refund).toBeDefined();
    const cancelled = await app.db.select().from(bookings).where(eq(bookings.state, 'cancelled'));
    for (const b of cancelled) expect(b.cancelReason).not.toBe('');

    const sold = await app.db.select().from(bookings).where(eq(bookings.channel, 'seller'));
    expect(sold.length).toBeGreaterThan(10);
    for (const b of sold) {
      expect(b.sellerId).not.toBeNull();
      expect(b.commissionCents).toBe(Math.round((b.totalCents * Number(b.commissionPct)) / 100));
    }
    const web = await app.db.select().from(bookings).where(eq(bookings.channel, 'public'));
    for (const b of web) expect(b.createdBy).toBeNull();

    const withPickup = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(sql`${bookings.pickupTime} is not null`);
    expect(Number(withPickup[0].n)).toBeGreaterThan(result.bookings / 2);
    const countries = await app.db.selectDistinct({ c: bookings.customerCountry }).from(bookings);
    expect(countries.length).toBeGreaterThanOrEqual(5);
  });

  it('every demo customer has a mobile WhatsApp can open, and an address that can never reach a real person', async () => {
    const rows = await app.db
      .select({ phone: bookings.customerPhone, country: bookings.customerCountry, email: bookings.customerEmail })
      .from(bookings);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((b) => !whatsappNumber(b.phone, b.country)).map((b) => b.phone)).toEqual([]);
    expect(rows.filter((b) => b.email && !b.email.endsWith('.example')).map((b) => b.email)).toEqual([]);
  });

  it('past departures are completed or no-shows, never still confirmed after they ended', async () => {
    const today = todayIn('Atlantic/Canary', new Date());
    const stale = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(sql`${bookings.date} < ${addDays(today, -1)}::date`, sql`${bookings.state} in ('pending', 'confirmed')`),
      );
    expect(Number(stale[0].n)).toBe(0);
    const history = await app.db.select({ n: sql<number>`count(*)::int` }).from(bookingEvents);
    expect(Number(history[0].n)).toBeGreaterThan(result.bookings);
  });

  it('nothing is dated after the seed ran (a departure that ended minutes ago is closed now, not in an hour)', async () => {
    // The office closes a past departure an hour after its end; for one that ended less than an hour
    // before the seed, that hour had not come: its bookings, events and the customers' messages were
    // dated in the future (seen at 18:49 as "19:45" in «Mensajes»). Which departures are that recent
    // depends on the time of day this runs; the rule holds at any time.
    const after = (table: string, column: string) =>
      app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} > ${seededAt.toISOString()}::timestamptz`,
      );
    for (const [table, column] of [
      ['bookings', 'created_at'],
      ['bookings', 'updated_at'],
      ['booking_events', 'created_at'],
      ['payments', 'created_at'],
    ] as const) {
      const res = await after(table, column);
      expect({ table, column, n: Number(res.rows[0].n) }).toEqual({ table, column, n: 0 });
    }
  });
});
