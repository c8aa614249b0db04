/**
 * ADR 030: the dashboard reads the booking totals (ADR 026) and bounded day sums, and must answer
 * exactly what adding up the bookings themselves answers — for every scope (an operator, every
 * operator in two time zones, a Vendedor, a Chofer), with the deltas not yet folded, after the
 * task folds them, and after bookings are cancelled, paid, refunded, moved and re-dated on top of
 * folded totals. The reference below is the dashboard's definition (PRODUCT.md §5 Inicio) computed
 * in the test from every booking, departure and sheet.
 */
import {
  addDays,
  BOOKING_CHANNEL_NAMES,
  DEFAULT_TIME_ZONE,
  type TBookingChannel,
  type TDashboardKpis,
  type TDashboardResponse,
  timeZoneOf,
  todayIn,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactTotals, totalsDrift } from '../../../test/booking-totals';
import { buildTestApp } from '../../../test/build-app';
import { departureCountsDrift } from '../../../test/departure-counts';
import { createWorld } from '../../../test/factories';
import {
  bookings,
  channels,
  departures,
  products,
  scheduleSheets,
  tourOperators,
  users,
  vehicles,
} from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { mkSheet, mkVehicle, moveDeparture } from '../schedule-sheets/schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let agencyId: string;
const ids: { id: string; departure_id: string }[] = [];
/** Operator A works in Tenerife, B in Madrid: the administrator's "all" mixes two zones. */
const CANARY = 'Atlantic/Canary';
const todayA = () => todayIn(CANARY, new Date());
const DAY_MS = 86_400_000;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  const { send } = api(app);
  await app.db.update(tourOperators).set({ timezone: CANARY }).where(eq(tourOperators.id, w.A.op.id));
  await app.db.update(users).set({ commissionPct: 10 }).where(eq(users.id, w.A.l2.id));
  const [agency] = await app.db
    .insert(channels)
    .values({ tourOperatorId: w.A.op.id, name: 'Agencia Sur', kind: 'agency', commissionPct: 15 })
    .returning();
  agencyId = agency?.id as string;
  const p1 = await mkProduct(app, w.tokens.A1, { name: 'Teide', capacity: 40 });
  const p2 = await mkProduct(app, w.tokens.A1, { name: 'Cetáceos', capacity: 40 });

  // Eighteen bookings of A by the office and the Vendedor, on both products and times, for the
  // next nine days (the last two outside the 7-day window).
  for (let i = 0; i < 18; i++) {
    const token = i % 3 === 0 ? w.tokens.A2 : w.tokens.A1;
    const body = bookingBody(i % 2 ? p1.id : p2.id, {
      date: day(1 + (i % 9)),
      time: i % 4 < 2 ? '09:00' : '18:00',
      pax: { adult: 1 + (i % 3), ...(i % 4 === 0 ? { child: 1 } : {}) },
    });
    ids.push(await booked(app, token, body));
  }
  // Sold over the last 40 days (some before the chart's 30), one at 23:30 in Tenerife (already the
  // next day in Madrid) and one at 00:30 in Tenerife.
  const now = Date.now();
  for (const [i, b] of ids.entries()) {
    const createdAt = new Date(now - i * 2.3 * DAY_MS - (i % 5) * 3_600_000);
    await app.db.update(bookings).set({ createdAt }).where(eq(bookings.id, b.id));
  }
  await app.db
    .update(bookings)
    .set({ createdAt: zonedDateTimeToInstant(addDays(todayA(), -3), '23:30', CANARY) })
    .where(eq(bookings.id, ids[4]?.id as string));
  await app.db
    .update(bookings)
    .set({ createdAt: zonedDateTimeToInstant(addDays(todayA(), -2), '00:30', CANARY) })
    .where(eq(bookings.id, ids[7]?.id as string));
  // Through the agency, and a web sale.
  await app.db
    .update(bookings)
    .set({ channel: 'channel', channelId: agencyId, sellerId: null, commissionCents: 1234 })
    .where(eq(bookings.id, ids[5]?.id as string));
  await app.db
    .update(bookings)
    .set({ channel: 'public', sellerId: null })
    .where(eq(bookings.id, ids[8]?.id as string));
  // Cancelled, no-show, paid, part paid, refunded.
  for (const k of [2, 10]) {
    const res = await send('POST', `/api/v1/bookings/${ids[k]?.id}/cancel`, w.tokens.A1, { reason: 'Lluvia' });
    expect(res.statusCode).toBe(200);
  }
  await app.db
    .update(bookings)
    .set({ state: 'no_show' })
    .where(eq(bookings.id, ids[11]?.id as string));
  for (const [k, amount] of [
    [0, 4500],
    [1, 2000],
    [3, 4500],
    [6, 100],
  ] as const) {
    const res = await send('POST', `/api/v1/bookings/${ids[k]?.id}/payments`, w.tokens.A1, {
      amount_cents: amount,
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await app.db
    .update(bookings)
    .set({ refundedCents: 1500 })
    .where(eq(bookings.id, ids[3]?.id as string));

  // Today in Tenerife: the departures of bookings 0 and 2 (2 is cancelled: its departure does not
  // count); a departure with a sheet, the Chofer and the Guía but no bookings; a sheet's departure
  // whose only booking is a no-show (11); a departure whose only booking is a baby's (no seat taken).
  await moveDeparture(app, ids[0]?.departure_id as string, todayA());
  await moveDeparture(app, ids[2]?.departure_id as string, todayA(), '13:00');
  const bus = await mkVehicle(app, w.A.op.id, { plate: '4821KLM' });
  await mkSheet(app, w.tokens.A1, {
    product_id: p2.id,
    date: day(1),
    time: '18:00',
    vehicle_id: bus.id,
    driver_id: w.A.l4.id,
    guide_id: w.A.l5.id,
  });
  const [sheetDep] = await app.db
    .select({ id: departures.id })
    .from(departures)
    .where(sql`${departures.productId} = ${p2.id} and ${departures.date} = ${day(1)} and ${departures.time} = '18:00'`);
  await moveDeparture(app, sheetDep?.id as string, todayA());
  const noShow = await mkSheet(app, w.tokens.A1, { product_id: p1.id, date: day(3), time: '18:00' });
  await moveDeparture(app, noShow.departure_id, todayA(), '20:00');
  const baby = await booked(app, w.tokens.A1, bookingBody(p1.id, { date: day(2), time: '18:00', pax: { infant: 1 } }));
  await moveDeparture(app, baby.departure_id, todayA(), '07:00');

  // Operator B (Madrid): two sales, one departing today.
  const pB = await mkProduct(app, w.tokens.B1, { name: 'Anaga' });
  const b1 = await booked(app, w.tokens.B1, bookingBody(pB.id, { pax: { adult: 2 } }));
  await booked(app, w.tokens.B1, bookingBody(pB.id, { date: day(4), pax: { adult: 1 } }));
  await moveDeparture(app, b1.departure_id, day(0));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

// ---------------------------------------------------------------------------------------------
// The reference: the dashboard added up from the bookings themselves
// ---------------------------------------------------------------------------------------------

type Scope =
  | { kind: 'all' }
  | { kind: 'operator'; op: string }
  | { kind: 'seller'; op: string; seller: string }
  | { kind: 'own_day'; op: string; user: string; role: 'driver' | 'guide' };

const occupancy = (seats: number, capacity: number) =>
  capacity > 0 ? Math.round((seats / capacity) * 10_000) / 10_000 : null;

async function fromBookings(scope: Scope, now: Date): Promise<TDashboardResponse> {
  const [ops, bs, deps, sheets, prods, chans, people, buses] = await Promise.all([
    app.db.select().from(tourOperators),
    app.db.select().from(bookings),
    app.db.select().from(departures),
    app.db.select().from(scheduleSheets),
    app.db.select().from(products),
    app.db.select().from(channels),
    app.db.select().from(users),
    app.db.select().from(vehicles),
  ]);
  const inScope = (op: string) => scope.kind === 'all' || op === scope.op;
  const settings = ops.filter((o) => (scope.kind === 'all' ? o.state === 1 : o.id === scope.op));
  const zones = [...new Set(settings.map((o) => timeZoneOf(o.timezone)))];
  const timeZone = zones.length === 1 ? (zones[0] as string) : DEFAULT_TIME_ZONE;
  const currencies = [...new Set(settings.map((o) => o.currency))];
  const today = todayIn(timeZone, now);
  const first = addDays(today, -29);
  const zoneOf = new Map(ops.map((o) => [o.id, timeZoneOf(o.timezone)]));
  const windowOf = (op: string) => {
    const t = todayIn(zoneOf.get(op) as string, now);
    return { today: t, last: addDays(t, 6) };
  };

  const live = bs.filter(
    (b) =>
      inScope(b.tourOperatorId) && b.state !== 'cancelled' && (scope.kind !== 'seller' || b.sellerId === scope.seller),
  );
  const soldOn = (b: (typeof bs)[number]) => todayIn(zoneOf.get(b.tourOperatorId) as string, b.createdAt);
  const inChart = live.filter((b) => soldOn(b) >= first && soldOn(b) <= today);

  const byChannel = new Map<string, { channel: string; channelId: string | null; b: number; s: number; c: number }>();
  for (const b of inChart) {
    const key = `${b.channel}|${b.channelId}`;
    const g = byChannel.get(key) ?? { channel: b.channel, channelId: b.channelId, b: 0, s: 0, c: 0 };
    g.b += 1;
    g.s += b.totalCents;
    g.c += b.commissionCents;
    byChannel.set(key, g);
  }
  const nameOf = (g: { channel: string; channelId: string | null }) =>
    chans.find((c) => c.id === g.channelId)?.name ?? BOOKING_CHANNEL_NAMES[g.channel as TBookingChannel];

  const sheetOf = (depId: string) => sheets.find((s) => s.departureId === depId);
  const figures = deps
    .filter((d) => inScope(d.tourOperatorId))
    .filter((d) => windowOf(d.tourOperatorId).today <= d.date && d.date <= windowOf(d.tourOperatorId).last)
    .map((d) => {
      const own = live.filter((b) => b.departureId === d.id);
      const sheet = sheetOf(d.id);
      const counts =
        scope.kind === 'seller'
          ? own.length > 0
          : scope.kind === 'own_day'
            ? (scope.role === 'driver' ? sheet?.driverId : sheet?.guideId) === scope.user
            : own.length > 0 || sheet !== undefined;
      return {
        d,
        sheet,
        counts,
        today: d.date === windowOf(d.tourOperatorId).today,
        pax: own.reduce((n, b) => n + b.paxTotal, 0),
        sales: own.reduce((n, b) => n + b.totalCents, 0),
        pending: own.reduce((n, b) => n + Math.max(0, b.totalCents - b.paidCents + b.refundedCents), 0),
      };
    })
    .filter((f) => f.counts);
  const kpis = (fs: typeof figures): TDashboardKpis => ({
    departures: fs.length,
    pax: fs.reduce((n, f) => n + f.pax, 0),
    occupancy: occupancy(
      fs.reduce((n, f) => n + f.d.seatsTaken, 0),
      fs.reduce((n, f) => n + f.d.capacity, 0),
    ),
    sales_cents: fs.reduce((n, f) => n + f.sales, 0),
    pending_cents: fs.reduce((n, f) => n + f.pending, 0),
  });
  const todays = figures.filter((f) => f.today);
  const productName = (id: string) => prods.find((p) => p.id === id)?.name as string;
  const userName = (id: string | null | undefined) => people.find((u) => u.id === id)?.fullName ?? null;
  const month = live.filter((b) => soldOn(b).slice(0, 7) === today.slice(0, 7));

  return {
    today,
    timezone: timeZone,
    scope: scope.kind,
    currency: currencies.length === 1 ? (currencies[0] as string) : 'EUR',
    today_kpis: kpis(todays),
    next_7_days: kpis(figures),
    sales_30_days:
      scope.kind === 'own_day'
        ? []
        : Array.from({ length: 30 }, (_, i) => {
            const date = addDays(first, i);
            const on = inChart.filter((b) => soldOn(b) === date);
            return { date, sales_cents: on.reduce((n, b) => n + b.totalCents, 0), bookings: on.length };
          }),
    sales_by_channel:
      scope.kind === 'all' || scope.kind === 'operator'
        ? [...byChannel.values()]
            .sort((a, b) => b.s - a.s)
            .map((g) => ({
              channel: g.channel as TBookingChannel,
              channel_id: g.channelId,
              name: nameOf(g),
              bookings: g.b,
              sales_cents: g.s,
              commission_cents: g.c,
            }))
        : [],
    today_departures: todays
      // By day first: "today" is each operator's, so for the administrator one operator's today can
      // be another's tomorrow (from 23:00 UTC in winter Madrid's today is Tenerife's tomorrow).
      .sort(
        (a, b) =>
          a.d.date.localeCompare(b.d.date) ||
          a.d.time.localeCompare(b.d.time) ||
          productName(a.d.productId).localeCompare(productName(b.d.productId)) ||
          a.d.id.localeCompare(b.d.id),
      )
      .map((f) => ({
        departure_id: f.d.id,
        product_id: f.d.productId,
        product_name: productName(f.d.productId),
        time: f.d.time,
        pax: f.pax,
        capacity: f.d.capacity,
        sheet_id: f.sheet?.id ?? null,
        sheet_state: f.sheet?.state ?? null,
        vehicle_plate: buses.find((v) => v.id === f.sheet?.vehicleId)?.plate ?? null,
        driver_name: userName(f.sheet?.driverId),
        guide_name: userName(f.sheet?.guideId),
      })),
    seller:
      scope.kind === 'seller'
        ? {
            month_sales_cents: month.reduce((n, b) => n + b.totalCents, 0),
            month_commission_cents: month.reduce((n, b) => n + b.commissionCents, 0),
            month_bookings: month.length,
          }
        : null,
  };
}

async function dashboard(token: string, query = ''): Promise<TDashboardResponse> {
  const res = await api(app).get(`/api/v1/dashboard${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as TDashboardResponse;
}

/** Every scope's dashboard equals the reference; answers the operator's, for the callers' checks. */
async function expectDashboardsAgree() {
  const scopes: [string, Scope][] = [
    [w.tokens.A1, { kind: 'operator', op: w.A.op.id }],
    [w.tokens.admin, { kind: 'all' }],
    [w.tokens.A2, { kind: 'seller', op: w.A.op.id, seller: w.A.l2.id }],
    [w.tokens.A4, { kind: 'own_day', op: w.A.op.id, user: w.A.l4.id, role: 'driver' }],
    [w.tokens.A5, { kind: 'own_day', op: w.A.op.id, user: w.A.l5.id, role: 'guide' }],
    [w.tokens.B1, { kind: 'operator', op: w.B.op.id }],
  ];
  const answers: TDashboardResponse[] = [];
  for (const [token, scope] of scopes) {
    const got = await dashboard(token);
    expect(got, JSON.stringify(scope)).toEqual(await fromBookings(scope, new Date()));
    answers.push(got);
  }
  // The administrator asking for one operator sees that operator's dashboard.
  expect(await dashboard(w.tokens.admin, `?tour_operator_id=${w.A.op.id}`)).toEqual(answers[0]);
  return answers[0] as TDashboardResponse;
}

const deltas = async () =>
  Number((await app.db.execute<{ n: number }>(sql`select count(*)::int as n from booking_totals_delta`)).rows[0]?.n);

describe('the dashboard from the booking totals (ADR 030)', () => {
  it('says what the bookings say with the deltas not yet folded', async () => {
    expect(await deltas()).toBeGreaterThan(0);
    const a = await expectDashboardsAgree();
    // The comparison compared something: every part of the operator's dashboard has figures.
    expect(a.today_kpis.departures).toBeGreaterThanOrEqual(3);
    expect(a.next_7_days.departures).toBeGreaterThan(a.today_kpis.departures);
    expect(a.next_7_days.pending_cents).toBeGreaterThan(0);
    expect(a.sales_30_days.filter((d) => d.bookings > 0).length).toBeGreaterThan(8);
    expect(a.sales_by_channel.map((c) => c.channel).sort()).toEqual(['channel', 'office', 'public', 'seller']);
    expect(a.today_departures.some((d) => d.pax === 0 && d.sheet_id !== null)).toBe(true);
    // The baby's departure holds no seat and has no sheet, yet counts; the no-show counts; the
    // departure of the cancelled booking does not.
    expect(a.today_departures.map((d) => [d.time, d.pax, d.sheet_id !== null])).toEqual([
      ['07:00', 1, false],
      ['09:00', 2, false],
      ['18:00', 0, true],
      ['20:00', 3, true],
    ]);
  });

  it('says the same after the task folds the deltas', async () => {
    const run = await app.background.runner.runTask('reports.compact-totals');
    expect(run.ran).toBe(true);
    expect(await deltas()).toBe(0);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectDashboardsAgree();
  });

  it('follows cancellations, payments, refunds, moves and re-dated sales on top of folded totals', async () => {
    const { send } = api(app);
    const cancel = await send('POST', `/api/v1/bookings/${ids[1]?.id}/cancel`, w.tokens.A1, { reason: 'Enfermedad' });
    expect(cancel.statusCode).toBe(200);
    const pay = await send('POST', `/api/v1/bookings/${ids[4]?.id}/payments`, w.tokens.A1, {
      amount_cents: 300,
      method: 'card',
    });
    expect(pay.statusCode).toBe(201);
    await app.db
      .update(bookings)
      .set({ refundedCents: 700 })
      .where(eq(bookings.id, ids[0]?.id as string));
    await moveDeparture(app, ids[6]?.departure_id as string, todayA(), '11:00');
    await app.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(bookings.id, ids[3]?.id as string));
    await app.db
      .update(bookings)
      .set({ createdAt: new Date() })
      .where(eq(bookings.id, ids[16]?.id as string));
    expect(await deltas()).toBeGreaterThan(0);
    expect(await totalsDrift(app.db)).toEqual([]);
    expect(await departureCountsDrift(app.db)).toEqual([]);
    await expectDashboardsAgree();
    await compactTotals(app.db);
    await expectDashboardsAgree();
  });
});
