/**
 * ADR 026: the sales, taxes and cancellations reports read the booking totals the database keeps, and must say
 * exactly what adding up the bookings themselves says — for every grouping, both bases, periods
 * made of whole months, parts of months and single days, before and after the deltas are folded,
 * after a change of the operator's time zone and after bookings move, change or go away.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactTotals, totalsDrift } from '../../../test/booking-totals';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import { bookings, channels, tourOperators } from '../../db/schema';
import { api, booked, bookingBody, mkProduct, type World } from '../bookings/bookings.test-helpers';
import * as repo from './reports.repository';

let app: FastifyInstance;
let w: World;
const ids: string[] = [];

const GROUPS: repo.SalesGroup[] = ['day', 'product', 'channel', 'seller', 'agency'];
const PERIODS: [string, string][] = [
  ['2026-10-01', '2026-10-31'], // one whole month
  ['2026-09-15', '2026-11-10'], // days, a month, days
  ['2026-09-01', '2027-01-31'], // whole months only
  ['2026-08-20', '2026-12-31'], // days, then months to the end of the year
  ['2026-11-03', '2026-11-03'], // one day
  ['2026-10-05', '2026-10-25'], // inside one month
];

const period = (from: string, to: string, basis: 'sale' | 'service'): repo.Period => ({
  from,
  to,
  basis,
  // The instants searched by sale day: wide enough for any zone.
  start: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000),
  end: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000),
});

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  await app.db.update(tourOperators).set({ timezone: 'Atlantic/Canary' }).where(eq(tourOperators.id, w.A.op.id));
  const p1 = await mkProduct(app, w.tokens.A1, { name: 'Teide', capacity: 60 });
  const p2 = await mkProduct(app, w.tokens.A1, { name: 'Cetáceos', capacity: 60 });
  const [agency] = await app.db
    .insert(channels)
    .values({ tourOperatorId: w.A.op.id, name: 'Agencia Sur', kind: 'agency', commissionPct: 15 })
    .returning();
  // Twelve bookings by the office and the Vendedor, on both products, then spread over five months
  // of sale and service days (some at the edge of a day in Tenerife), one sold through the agency.
  for (let i = 0; i < 12; i++) {
    const token = i % 3 === 0 ? w.tokens.A2 : w.tokens.A1;
    const b = await booked(app, token, bookingBody(i % 2 ? p1.id : p2.id, { pax: { adult: 1 + (i % 3) } }));
    ids.push(b.id);
  }
  const sold = ['2026-08-31T23:30:00Z', '2026-09-14T12:00:00Z', '2026-09-30T23:10:00Z', '2026-10-01T00:30:00Z'];
  for (const [i, id] of ids.entries()) {
    await app.db
      .update(bookings)
      .set({
        createdAt: new Date(Date.parse(sold[i % sold.length] as string) + i * 9 * 86_400_000),
        date: `2026-${String(9 + (i % 4)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
        taxRate: [7, 3, 15][i % 3],
        commissionCents: i * 100,
      })
      .where(eq(bookings.id, id));
  }
  await app.db
    .update(bookings)
    .set({ channel: 'channel', channelId: agency?.id, sellerId: null })
    .where(eq(bookings.id, ids[4] as string));
  const cancel = await api(app).send('POST', `/api/v1/bookings/${ids[5]}/cancel`, w.tokens.A1, { reason: 'Lluvia' });
  expect(cancel.statusCode).toBe(200);
  await app.db
    .update(bookings)
    .set({ state: 'no_show' })
    .where(eq(bookings.id, ids[6] as string));
  // Another operator's sale, which only the administrator's "all" adds.
  const pB = await mkProduct(app, w.tokens.B1);
  await booked(app, w.tokens.B1, bookingBody(pB.id));
  await app.db.execute(sql`update bookings set created_at = '2026-10-20T10:00:00Z', date = '2026-10-21'
    where tour_operator_id = ${w.B.op.id}::uuid`);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function expectReportsAgree() {
  const scopes: repo.ReportScope[] = [{ kind: 'operator', tourOperatorId: w.A.op.id }, { kind: 'all' }];
  let rows = 0;
  for (const scope of scopes)
    for (const basis of ['sale', 'service'] as const)
      for (const [from, to] of PERIODS) {
        const p = period(from, to, basis);
        for (const group of GROUPS) {
          const fromTotals = await repo.salesFromTotals(app.db, scope, p, group);
          expect(fromTotals, `${scope.kind} ${basis} ${from}…${to} ${group}`).toEqual(
            await repo.salesFromBookings(app.db, scope, p, group),
          );
          rows += fromTotals.length;
        }
        expect(await repo.taxes(app.db, scope, p), `taxes ${scope.kind} ${basis} ${from}…${to}`).toEqual(
          await repo.taxesFromBookings(app.db, scope, p),
        );
        if (basis === 'service')
          expect(await repo.cancellationsFromTotals(app.db, scope, from, to), `cancellations ${from}…${to}`).toEqual(
            await repo.cancellationsFromBookings(app.db, scope, from, to),
          );
      }
  // The comparison compared something: most periods hold bookings.
  expect(rows).toBeGreaterThan(100);
}

describe('the reports from the booking totals (ADR 026)', () => {
  it('cut a period into whole months and the days around them', () => {
    expect(repo.spansOf('2026-10-01', '2026-10-31', false)).toEqual([
      { grain: 'month', from: '2026-10-01', to: '2026-10-31' },
    ]);
    expect(repo.spansOf('2026-09-15', '2026-11-10', false)).toEqual([
      { grain: 'day', from: '2026-09-15', to: '2026-09-30' },
      { grain: 'month', from: '2026-10-01', to: '2026-10-31' },
      { grain: 'day', from: '2026-11-01', to: '2026-11-10' },
    ]);
    expect(repo.spansOf('2026-12-01', '2027-02-28', false)).toEqual([
      { grain: 'month', from: '2026-12-01', to: '2027-02-28' },
    ]);
    expect(repo.spansOf('2026-10-05', '2026-10-25', false)).toEqual([
      { grain: 'day', from: '2026-10-05', to: '2026-10-25' },
    ]);
    expect(repo.spansOf('2026-09-15', '2026-11-10', true)).toEqual([
      { grain: 'day', from: '2026-09-15', to: '2026-11-10' },
    ]);
  });

  it('say what the bookings say, with the deltas not yet folded and after folding them', async () => {
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectReportsAgree();
    // The task every process runs each minute folds them all in.
    const run = await app.background.runner.runTask('reports.compact-totals');
    expect(run.ran).toBe(true);
    expect(run.result).toBeGreaterThan(0);
    const [left] = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_totals_delta`)).rows;
    expect(left?.n).toBe(0);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectReportsAgree();
  });

  it('follow bookings that move, change and go away, and a new time zone', async () => {
    await app.db
      .update(bookings)
      .set({ date: '2026-12-24', totalCents: 12_345, paxTotal: 5, productId: undefined })
      .where(eq(bookings.id, ids[1] as string));
    await app.db
      .update(bookings)
      .set({ state: 'cancelled' })
      .where(eq(bookings.id, ids[2] as string));
    await app.db
      .update(bookings)
      .set({ state: 'confirmed' })
      .where(eq(bookings.id, ids[5] as string));
    await app.db
      .update(bookings)
      .set({ cancelReason: 'No se presentó nadie', refundedCents: 1000 })
      .where(eq(bookings.id, ids[6] as string));
    await app.db.execute(sql`delete from booking_events where booking_id = ${ids[3]}::uuid`);
    await app.db.delete(bookings).where(eq(bookings.id, ids[3] as string));
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectReportsAgree();

    // Half an hour before midnight in Tenerife is the next day in Madrid: sale days move.
    await app.db.update(tourOperators).set({ timezone: 'Europe/Madrid' }).where(eq(tourOperators.id, w.A.op.id));
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await compactTotals(app.db);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectReportsAgree();
  });

  it('a change that moves no total (a payment, a note) adds no delta', async () => {
    await compactTotals(app.db);
    await app.db
      .update(bookings)
      .set({ notes: 'Ventana', paidCents: 100 })
      .where(eq(bookings.id, ids[0] as string));
    const [d] = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_totals_delta`)).rows;
    expect(d?.n).toBe(0);
  });
});
