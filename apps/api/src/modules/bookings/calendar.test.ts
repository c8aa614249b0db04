/**
 * The bookings calendar counts its bookings with one grouped query over the range (ADR 031). These
 * tests prove the answer is the one the calendar gave before — every departure row loaded, then the
 * bookings counted by departure id — on a seeded set with several products and operators (one in
 * another time zone), cancelled, pending, completed and no-show bookings, infants (passengers
 * without a seat), a booking moved to another departure, closed departures and dates, an extra
 * departure and products off sale or deleted; and that the query is served by its index.
 */
import {
  BOOKING_STATES,
  CALENDAR_DAY_PREVIEW,
  calendarEntriesFromColumns,
  SEAT_HOLDING_STATES,
  type TBookingCalendarColumns,
  type TBookingCalendarDay,
  type TBookingCalendarEntry,
  timeZoneOf,
  todayIn,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import type { DbOrTx } from '../../db/client';
import { bookings, tourOperators } from '../../db/schema';
import { type Actor, isAdmin } from '../../lib/tenant';
import { computeAvailability } from '../departures/availability';
import { listDeparturesOf } from '../departures/departures.service';
import { actorOf, api, booked, bookingBody, day, mkProduct, type World } from './bookings.test-helpers';
import {
  calendarDaysQuery,
  calendarDeparturesQuery,
  calendarSlotKey,
  listCalendarDepartures,
  listCalendarProducts,
} from './calendar.repository';
import { getCalendar, getCalendarDays } from './calendar.service';

let app: FastifyInstance;
let w: World;
let send: ReturnType<typeof api>['send'];
let get: ReturnType<typeof api>['get'];

/**
 * The calendar as it was computed before ADR 031 (kept here as the reference): the departure rows
 * of the products, then the seat-holding bookings counted by departure id, then each product's
 * departures as its availability gives them, in date, time and product order.
 */
async function calendarBefore(
  db: DbOrTx,
  actor: Actor,
  q: { from: string; to: string; product_id?: string; tour_operator_id?: string },
  now: Date,
): Promise<TBookingCalendarEntry[]> {
  const products = await listCalendarProducts(db, actor, {
    from: q.from,
    to: q.to,
    productId: q.product_id,
    tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
  });
  const rows = await listDeparturesOf(
    db,
    products.map((p) => p.product.id),
    q.from,
    q.to,
  );
  const ids = rows.map((r) => r.id);
  const counted =
    ids.length === 0
      ? []
      : await db
          .select({
            departureId: bookings.departureId,
            bookings: sql<number>`count(*)::int`,
            pax: sql<number>`coalesce(sum(${bookings.paxTotal}), 0)::int`,
          })
          .from(bookings)
          .where(and(inArray(bookings.departureId, ids), inArray(bookings.state, [...SEAT_HOLDING_STATES])))
          .groupBy(bookings.departureId);
  const counts = new Map(counted.map((r) => [r.departureId, { bookings: Number(r.bookings), pax: Number(r.pax) }]));
  const out: TBookingCalendarEntry[] = [];
  for (const { product, timezone } of products) {
    const onSale = product.state === 'active';
    const slots = computeAvailability({
      from: q.from,
      to: q.to,
      rules: onSale ? product.availabilityRules : [],
      closedDates: product.closedDates,
      capacity: product.capacity,
      bookingCutoffHours: product.bookingCutoffHours,
      departures: rows.filter((r) => r.productId === product.id && (onSale || r.seatsTaken > 0)),
      timeZone: timeZoneOf(timezone),
      now,
    });
    for (const s of slots) {
      const c = s.departure_id ? counts.get(s.departure_id) : undefined;
      out.push({
        departure_id: s.departure_id,
        product_id: product.id,
        product_name: product.name,
        date: s.date,
        time: s.time,
        capacity: s.capacity,
        seats_taken: s.seats_taken,
        seats_left: s.seats_left,
        bookings_count: c?.bookings ?? 0,
        pax_total: c?.pax ?? 0,
        closed: s.closed,
        available: onSale && s.available,
      });
    }
  }
  const rank = new Map(
    products
      .map(({ product }) => product)
      .sort((a, b) => new Intl.Collator('es').compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p, i) => [p.id, i]),
  );
  const key = (e: TBookingCalendarEntry) => `${e.date} ${e.time} ${String(rank.get(e.product_id)).padStart(6, '0')}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

let madrid: Record<string, { id: string }>;
let canary: Record<string, { id: string }>;

beforeAll(async () => {
  app = await buildTestApp();
  ({ send, get } = api(app));
  w = await createWorld(app);
  // Operator B works on another clock: its "now", cut-offs and days are Pacific/Auckland's.
  await app.db.update(tourOperators).set({ timezone: 'Pacific/Auckland' }).where(eq(tourOperators.id, w.B.op.id));
  const tokenB = w.tokens.B1;
  const tokenA = w.tokens.A1;
  madrid = {
    // Two departures a day, a closed date, sales closing 30 hours ahead.
    teide: await mkProduct(app, tokenA, {
      name: 'Subida al Teide',
      capacity: 12,
      booking_cutoff_hours: 30,
      closed_dates: [day(4)],
    }),
    // One departure a day on weekdays only, a small boat.
    whales: await mkProduct(app, tokenA, {
      name: 'Avistamiento de cetáceos',
      capacity: 6,
      availability_rules: [{ weekdays: [1, 2, 3, 4, 5], times: ['11:30'], valid_from: day(-30), valid_to: null }],
    }),
    // Same name order as another ("Á" sorts as "A"): the product id decides.
    masca: await mkProduct(app, tokenA, { name: 'Barranco de Masca' }),
    masca2: await mkProduct(app, tokenA, { name: 'Barranco de Masca' }),
    // Taken off sale after selling: shows only where it has seats sold.
    retired: await mkProduct(app, tokenA, { name: 'Loro Parque (retirado)' }),
    // Deleted after a sale that was cancelled: shows nowhere.
    deleted: await mkProduct(app, tokenA, { name: 'Ruta borrada' }),
  };
  canary = {
    bTour: await mkProduct(app, tokenB, { name: 'Kayak en Los Gigantes', capacity: 8, booking_cutoff_hours: 12 }),
  };
  const sell = (token: string, productId: string, over: Record<string, unknown>) =>
    booked(app, token, bookingBody(productId, over));

  // Teide: bookings on several days and both times; infants travel without a seat.
  const t1 = await sell(tokenA, madrid.teide.id, { date: day(2), pax: { adult: 2, child: 1 } });
  await sell(tokenA, madrid.teide.id, { date: day(2), pax: { adult: 1, infant: 1 } });
  await sell(tokenA, madrid.teide.id, { date: day(2), time: '18:00', pax: { adult: 4 }, state: 'pending' });
  const gone = await sell(tokenA, madrid.teide.id, { date: day(3), pax: { adult: 3 } });
  await sell(tokenA, madrid.teide.id, { date: day(3), pax: { adult: 1 } });
  const moved = await sell(tokenA, madrid.teide.id, { date: day(5), pax: { adult: 2, infant: 2 } });
  const allCancelled = await sell(tokenA, madrid.teide.id, { date: day(6), time: '18:00', pax: { adult: 2 } });
  await sell(w.tokens.A2, madrid.teide.id, { date: day(9), pax: { adult: 2, child: 2, infant: 1 } });
  await send('POST', `/api/v1/bookings/${gone.id}/cancel`, tokenA, { reason: 'Vuelo cancelado' });
  await send('POST', `/api/v1/bookings/${allCancelled.id}/cancel`, tokenA, { reason: 'Enfermedad' });
  // Moved to another day: counted on its new departure only.
  const move = await send('PUT', `/api/v1/bookings/${moved.id}`, tokenA, { date: day(7), time: '18:00' });
  expect(move.statusCode).toBe(200);
  // A closed departure with its bookings still on it, and an extra departure outside the rules.
  await send('PUT', `/api/v1/products/${madrid.teide.id}/departures`, tokenA, {
    date: day(2),
    time: '18:00',
    closed: true,
  });
  await send('PUT', `/api/v1/products/${madrid.teide.id}/departures`, tokenA, { date: day(3), time: '13:15' });
  await send('PUT', `/api/v1/products/${madrid.teide.id}/departures`, tokenA, {
    date: day(8),
    time: '09:00',
    capacity: 20,
  });

  // Whales, Masca: a few more, one of them later completed and one a no-show (both keep seats).
  const w1 = await sell(tokenA, madrid.whales.id, { date: nextWeekday(1), time: '11:30', pax: { adult: 2 } });
  const w2 = await sell(tokenA, madrid.whales.id, { date: nextWeekday(1), time: '11:30', pax: { adult: 1, child: 1 } });
  await app.db.update(bookings).set({ state: 'completed' }).where(eq(bookings.id, w1.id));
  await app.db.update(bookings).set({ state: 'no_show' }).where(eq(bookings.id, w2.id));
  await sell(tokenA, madrid.masca.id, { date: day(1), pax: { adult: 5, child: 3 } });
  await sell(tokenA, madrid.masca2.id, { date: day(1), time: '18:00', pax: { adult: 1 } });

  // Retired: sold, then off sale (and a baby's booking alone on another departure: no seat sold
  // there, so off sale that departure is not shown). Deleted: sold, cancelled, then deleted.
  await sell(tokenA, madrid.retired.id, { date: day(3), pax: { adult: 2 } });
  await sell(tokenA, madrid.retired.id, { date: day(5), pax: { infant: 1 } });
  // A departure holding only a baby: no seat taken, one booking (shown even once it is past).
  await sell(tokenA, madrid.masca2.id, { date: day(2), time: '18:00', pax: { infant: 1 } });
  await send('PUT', `/api/v1/products/${madrid.retired.id}`, tokenA, { state: 'inactive' });
  const del = await sell(tokenA, madrid.deleted.id, { date: day(3), pax: { adult: 2 } });
  await send('POST', `/api/v1/bookings/${del.id}/cancel`, tokenA, { reason: 'x' });
  const removed = await send('DELETE', `/api/v1/products/${madrid.deleted.id}`, tokenA);
  expect(removed.statusCode).toBe(204);

  // Operator B, in its own zone: a sale and a cancelled one on the same departure.
  await sell(tokenB, canary.bTour.id, { date: day(2), pax: { adult: 3 } });
  const bGone = await sell(tokenB, canary.bTour.id, { date: day(2), pax: { adult: 2 } });
  await send('POST', `/api/v1/bookings/${bGone.id}/cancel`, tokenB, { reason: 'x' });
  await sell(tokenB, canary.bTour.id, { date: day(6), time: '18:00', pax: { adult: 1, infant: 1 } });

  // Sanity: the set has what the comparison is about.
  const states = await app.db.selectDistinct({ state: bookings.state }).from(bookings);
  expect(states.map((s) => s.state).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'no_show', 'pending']);
  expect(t1.state).toBe('confirmed');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The next date (from tomorrow on) that falls on this ISO weekday (1 = Monday). */
function nextWeekday(isoWeekday: number): string {
  for (let n = 1; n <= 7; n++) {
    const d = day(n);
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay() || 7;
    if (wd === isoWeekday) return d;
  }
  throw new Error('unreachable');
}

describe('the bookings calendar, counted per range (ADR 031)', () => {
  const ranges = () => [
    { name: 'a week', from: day(1), to: day(7) },
    { name: 'the month grid around today (past days included)', from: day(-12), to: day(29) },
    { name: 'one day', from: day(2), to: day(2) },
    { name: 'a day with nothing sold', from: day(20), to: day(20) },
  ];
  const actors = () => [
    { name: 'operator administrator', actor: actorOf(w.A.l1) },
    { name: 'seller (active products only)', actor: actorOf(w.A.l2) },
    { name: 'office (level 3)', actor: actorOf(w.A.l3) },
    { name: 'other operator (Pacific/Auckland)', actor: actorOf(w.B.l1) },
    { name: 'administrator, every operator', actor: actorOf(w.admin) },
  ];
  // "now" as the request would see it, and at the cut-off of a Teide departure (30 h before
  // day(3) 09:00 in Madrid) and of B's (12 h before day(2) 09:00 in Auckland): `available` turns there.
  const nows = () => [
    { name: 'now', now: new Date() },
    {
      name: 'just before a Madrid cut-off',
      now: new Date(zonedDateTimeToInstant(day(3), '09:00', 'Europe/Madrid').getTime() - 30 * 3_600_000 - 1),
    },
    {
      name: 'at an Auckland cut-off',
      now: new Date(zonedDateTimeToInstant(day(2), '09:00', 'Pacific/Auckland').getTime() - 12 * 3_600_000),
    },
  ];

  it('gives the same answer as before for every actor, range and moment', async () => {
    let compared = 0;
    let withBookings = 0;
    for (const { actor } of actors()) {
      for (const r of ranges()) {
        for (const { now } of nows()) {
          const q = { from: r.from, to: r.to };
          const got = await getCalendar(app.db, actor, q, now);
          expect(got).toEqual(await calendarBefore(app.db, actor, q, now));
          compared += got.length;
          withBookings += got.filter((e) => e.bookings_count > 0).length;
        }
      }
    }
    // The comparison covered real answers, not empty ones.
    expect(compared).toBeGreaterThan(1000);
    expect(withBookings).toBeGreaterThan(20);
  });

  it('gives the same answer as before for one product, and for the administrator filtering one operator', async () => {
    const admin = actorOf(w.admin);
    const from = day(-3);
    const to = day(12);
    const now = new Date();
    for (const product of [...Object.values(madrid), canary.bTour]) {
      if (product === madrid.deleted) continue;
      const q = { from, to, product_id: product.id };
      expect(await getCalendar(app.db, admin, q, now)).toEqual(await calendarBefore(app.db, admin, q, now));
    }
    for (const op of [w.A.op.id, w.B.op.id]) {
      const q = { from, to, tour_operator_id: op };
      const got = await getCalendar(app.db, admin, q, now);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(await calendarBefore(app.db, admin, q, now));
    }
  });

  it('the figures of the seeded departures: cancelled bookings do not count, moved ones count where they are', async () => {
    const res = await get(
      `/api/v1/bookings/calendar?from=${day(2)}&to=${day(7)}&product_id=${madrid.teide.id}`,
      w.tokens.A1,
    );
    expect(res.statusCode).toBe(200);
    const at = (date: string, time: string) =>
      (res.json() as TBookingCalendarEntry[]).find((e) => e.date === date && e.time === time);
    // 2 adults + 1 child, and 1 adult + 1 infant (no seat): 2 bookings, 5 people, 4 seats.
    expect(at(day(2), '09:00')).toMatchObject({ bookings_count: 2, pax_total: 5, seats_taken: 4, seats_left: 8 });
    // Closed with its pending booking still on it.
    expect(at(day(2), '18:00')).toMatchObject({ bookings_count: 1, pax_total: 4, seats_taken: 4, closed: true });
    // One of two cancelled; the extra departure appears between the rules' times.
    expect(at(day(3), '09:00')).toMatchObject({ bookings_count: 1, pax_total: 1, seats_taken: 1 });
    expect(at(day(3), '13:15')).toMatchObject({ bookings_count: 0, pax_total: 0, departure_id: expect.any(String) });
    // The closed date shows nothing; the moved booking left day 5 for day 7 at 18:00.
    expect(at(day(4), '09:00')).toBeUndefined();
    expect(at(day(5), '09:00')).toMatchObject({ bookings_count: 0, pax_total: 0, seats_taken: 0 });
    expect(at(day(7), '18:00')).toMatchObject({ bookings_count: 1, pax_total: 4, seats_taken: 2 });
    // Its only booking cancelled: the departure row stays, with nothing on it.
    expect(at(day(6), '18:00')).toMatchObject({ bookings_count: 0, pax_total: 0, seats_taken: 0 });
  });

  it('counts completed and no-show bookings (they keep their seats) and nothing of another product or day', async () => {
    const date = nextWeekday(1);
    const rows = await listCalendarDepartures(app.db, [madrid.whales.id], date, date);
    expect(rows.map((r) => [r.time, r.seatsTaken, Number(r.bookings), Number(r.pax)])).toEqual([['11:30', 4, 2, 4]]);
    // Teide's day 2 at 09:00 has bookings; asked for Masca only, or for other days, nothing of them shows.
    const masca = await listCalendarDepartures(app.db, [madrid.masca.id], day(2), day(2));
    expect(masca).toEqual([]);
    const teide = await listCalendarDepartures(app.db, [madrid.teide.id], day(3), day(3));
    expect(teide.map((r) => [r.time, Number(r.bookings), Number(r.pax)]).sort()).toEqual([
      ['09:00', 1, 1],
      ['13:15', 0, 0],
    ]);
    expect(await listCalendarDepartures(app.db, [], day(1), day(30))).toEqual([]);
  });

  it('"not cancelled" is exactly the states that hold seats (the query and its index say it that way)', () => {
    expect([...SEAT_HOLDING_STATES].sort()).toEqual(BOOKING_STATES.filter((s) => s !== 'cancelled').sort());
  });

  it("reads departure rows only: each one's bookings and passengers are its own counts (migration 0025)", async () => {
    const productIds = [madrid.teide.id, madrid.whales.id, canary.bTour.id];
    const query = calendarDeparturesQuery(productIds, day(1), day(30));
    // Statistics as a live table has them (autovacuum), so the planner prices the indexes by what they hold.
    await app.db.execute(sql.raw('vacuum analyze bookings'));
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      await tx.execute(sql.raw('set local enable_bitmapscan = off'));
      const res = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/on departures/);
    expect(plan).not.toMatch(/ on bookings\b|using bookings/);
  });

  it('the products it starts from: a seller sees active ones only; the office also one off sale with seats sold', async () => {
    const range = { from: day(1), to: day(7) };
    const seller = (await listCalendarProducts(app.db, actorOf(w.A.l2), range)).map((p) => p.product.id);
    const office = (await listCalendarProducts(app.db, actorOf(w.A.l3), range)).map((p) => p.product.id);
    expect(seller).toContain(madrid.teide.id);
    expect(seller).not.toContain(madrid.retired.id);
    expect(office).toContain(madrid.retired.id);
    expect(office).not.toContain(madrid.deleted.id);
    // Nothing sold on it in another range: off sale, it is not listed there.
    const later = await listCalendarProducts(app.db, actorOf(w.A.l3), { from: day(20), to: day(27) });
    expect(later.map((p) => p.product.id)).not.toContain(madrid.retired.id);
  });
});

/**
 * The month view as the screen drew it from getCalendar's departures: on a day before the product's
 * operator's today, only departures with a seat or a booking; per day the count (closed included),
 * the open ones' capacity and seats left, the seats sold, bookings and passengers of all, and the
 * first CALENDAR_DAY_PREVIEW departures in getCalendar's order.
 */
async function daysFromEntries(
  db: DbOrTx,
  actor: Actor,
  q: { from: string; to: string; product_id?: string; tour_operator_id?: string },
  now: Date,
): Promise<TBookingCalendarDay[]> {
  const zones = new Map(
    (
      await listCalendarProducts(db, actor, {
        from: q.from,
        to: q.to,
        productId: q.product_id,
        tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
      })
    ).map((p) => [p.product.id, timeZoneOf(p.timezone)]),
  );
  const shown = (await getCalendar(db, actor, q, now)).filter(
    (e) => e.date >= todayIn(zones.get(e.product_id) ?? 'UTC', now) || e.seats_taken > 0 || e.bookings_count > 0,
  );
  const days = new Map<string, TBookingCalendarEntry[]>();
  for (const e of shown) days.set(e.date, [...(days.get(e.date) ?? []), e]);
  const sum = (list: TBookingCalendarEntry[], f: (e: TBookingCalendarEntry) => number) =>
    list.reduce((n, e) => n + f(e), 0);
  return [...days.entries()].map(([date, list]) => {
    const open = list.filter((e) => !e.closed);
    return {
      date,
      departures: list.length,
      closed: list.length - open.length,
      capacity: sum(open, (e) => e.capacity),
      seats_taken: sum(list, (e) => e.seats_taken),
      seats_left: sum(open, (e) => e.seats_left),
      bookings: sum(list, (e) => e.bookings_count),
      pax: sum(list, (e) => e.pax_total),
      first_departures: list.slice(0, CALENDAR_DAY_PREVIEW),
    };
  });
}

describe('the week view as columns (GET /bookings/calendar/columns, ADR 057)', () => {
  it('answers the departures of /bookings/calendar, the same and in the same order, for every user and range', async () => {
    let compared = 0;
    const queries = [
      `from=${day(1)}&to=${day(7)}`,
      `from=${day(-12)}&to=${day(29)}`,
      `from=${day(2)}&to=${day(2)}`,
      `from=${day(-3)}&to=${day(12)}&product_id=${madrid.teide.id}`,
      `from=${day(-3)}&to=${day(12)}&product_id=${madrid.retired.id}`,
    ];
    for (const token of [w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.B1, w.tokens.admin]) {
      for (const q of queries) {
        if (token === w.tokens.B1 && q.includes('product_id')) continue;
        const columns = await get(`/api/v1/bookings/calendar/columns?${q}`, token);
        const entries = await get(`/api/v1/bookings/calendar?${q}`, token);
        // A product the user may not see (a seller and one off sale) is 404 both ways.
        expect(columns.statusCode, q).toBe(entries.statusCode);
        if (q.includes('product_id') && columns.statusCode === 404) continue;
        expect(columns.statusCode, q).toBe(200);
        const answer = columns.json() as TBookingCalendarColumns;
        expect(answer.from).toBe(new URLSearchParams(q).get('from'));
        expect(calendarEntriesFromColumns(answer)).toEqual(entries.json());
        // Every column is as long as the others; each product is named once.
        const lengths = new Set(Object.values(answer.departures).map((c) => c.length));
        expect(lengths.size).toBe(1);
        expect(new Set(answer.products.map((p) => p.id)).size).toBe(answer.products.length);
        compared += answer.departures.product.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('takes the calendar rules: its users only, a visible product only, a valid range, its own operator', async () => {
    const week = `from=${day(1)}&to=${day(7)}`;
    // A driver has no calendar; without a session, 401.
    expect((await get(`/api/v1/bookings/calendar/columns?${week}`, w.tokens.A4)).statusCode).toBe(403);
    expect((await get(`/api/v1/bookings/calendar/columns?${week}`, '')).statusCode).toBe(401);
    // Another operator's product: 404, as for the entries.
    const foreign = await get(`/api/v1/bookings/calendar/columns?${week}&product_id=${canary.bTour.id}`, w.tokens.A1);
    expect(foreign.statusCode).toBe(404);
    for (const bad of [`from=${day(0)}&to=${day(62)}`, `from=${day(3)}&to=${day(1)}`, 'from=ayer&to=hoy']) {
      const res = await get(`/api/v1/bookings/calendar/columns?${bad}`, w.tokens.A1);
      expect(res.statusCode, bad).toBe(400);
      // The same answer as the entries give, with its Spanish message.
      expect(res.json()).toEqual((await get(`/api/v1/bookings/calendar?${bad}`, w.tokens.A1)).json());
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    // Each operator's answer names its own products only.
    const a = (await get(`/api/v1/bookings/calendar/columns?${week}`, w.tokens.A1)).json() as TBookingCalendarColumns;
    const b = (await get(`/api/v1/bookings/calendar/columns?${week}`, w.tokens.B1)).json() as TBookingCalendarColumns;
    expect(b.products.map((p) => p.id)).toEqual([canary.bTour.id]);
    expect(a.products.map((p) => p.id)).not.toContain(canary.bTour.id);
    expect(a.departures.product.length).toBeGreaterThan(0);
  });
});

describe('the month view a day at a time (GET /bookings/calendar/days, ADR 031 2026-11-26)', () => {
  const actors = () => [
    { name: 'operator administrator', actor: actorOf(w.A.l1) },
    { name: 'seller (active products only)', actor: actorOf(w.A.l2) },
    { name: 'office (level 3)', actor: actorOf(w.A.l3) },
    { name: 'other operator (Pacific/Auckland)', actor: actorOf(w.B.l1) },
    { name: 'administrator, every operator', actor: actorOf(w.admin) },
  ];
  const ranges = () => [
    { from: day(-12), to: day(29) },
    { from: day(1), to: day(7) },
    { from: day(2), to: day(2) },
    { from: day(20), to: day(20) },
  ];
  // Now; a Madrid cut-off; a week later (the seeded days are past: departures with nothing sold
  // drop out, the baby's stays); Madrid's afternoon, when Auckland is already on the next day.
  const nows = () => [
    new Date(),
    new Date(zonedDateTimeToInstant(day(3), '09:00', 'Europe/Madrid').getTime() - 30 * 3_600_000 - 1),
    zonedDateTimeToInstant(day(8), '10:00', 'Europe/Madrid'),
    zonedDateTimeToInstant(day(3), '15:00', 'Europe/Madrid'),
  ];

  it('adds up exactly the departures getCalendar gives, for every actor, range and moment', async () => {
    let departures = 0;
    let hidden = 0;
    for (const { actor } of actors()) {
      for (const r of ranges()) {
        for (const now of nows()) {
          const got = await getCalendarDays(app.db, actor, r, now);
          expect(got).toEqual(await daysFromEntries(app.db, actor, r, now));
          departures += got.reduce((n, d) => n + d.departures, 0);
          hidden += (await getCalendar(app.db, actor, r, now)).length - got.reduce((n, d) => n + d.departures, 0);
        }
      }
    }
    // Real answers were compared, and some past departures with nothing sold were left out.
    expect(departures).toBeGreaterThan(1000);
    expect(hidden).toBeGreaterThan(100);
  });

  it('for one product, and for the administrator filtering one operator', async () => {
    const admin = actorOf(w.admin);
    const now = zonedDateTimeToInstant(day(4), '12:00', 'Europe/Madrid');
    for (const product of [...Object.values(madrid), canary.bTour]) {
      if (product === madrid.deleted) continue;
      const q = { from: day(-3), to: day(12), product_id: product.id };
      expect(await getCalendarDays(app.db, admin, q, now)).toEqual(await daysFromEntries(app.db, admin, q, now));
    }
    for (const op of [w.A.op.id, w.B.op.id]) {
      const q = { from: day(-3), to: day(12), tour_operator_id: op };
      const got = await getCalendarDays(app.db, admin, q, now);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(await daysFromEntries(app.db, admin, q, now));
    }
  });

  it('the figures of seeded days: cancelled bookings do not count, babies count as passengers, not seats', async () => {
    const res = await get(
      `/api/v1/bookings/calendar/days?from=${day(2)}&to=${day(7)}&product_id=${madrid.teide.id}`,
      w.tokens.A1,
    );
    expect(res.statusCode).toBe(200);
    const days = res.json() as TBookingCalendarDay[];
    const on = (date: string) => days.find((d) => d.date === date);
    // Day 2: 09:00 (2 bookings, 5 people, 4 seats of 12) and 18:00 closed (1 booking, 4 people, 4 seats).
    expect(on(day(2))).toMatchObject({
      departures: 2,
      closed: 1,
      capacity: 12,
      seats_taken: 8,
      seats_left: 8,
      bookings: 3,
      pax: 9,
    });
    expect(on(day(2))?.first_departures.map((e) => [e.time, e.bookings_count, e.pax_total, e.closed])).toEqual([
      ['09:00', 2, 5, false],
      ['18:00', 1, 4, true],
    ]);
    // Day 3: three departures (09:00 with one booking left of two, the extra 13:15, 18:00); the
    // closed date (day 4) is not there at all.
    expect(on(day(3))).toMatchObject({ departures: 3, bookings: 1, pax: 1, seats_taken: 1 });
    expect(on(day(3))?.first_departures.map((e) => e.time)).toEqual(['09:00', '13:15', '18:00']);
    expect(on(day(4))).toBeUndefined();
    // Day 7: the moved booking (2 adults, 2 babies) at 18:00.
    expect(on(day(7))).toMatchObject({ bookings: 1, pax: 4, seats_taken: 2 });
  });

  it("another operator's product answers 404, and each operator sees only its own days", async () => {
    const foreign = await get(
      `/api/v1/bookings/calendar/days?from=${day(1)}&to=${day(7)}&product_id=${canary.bTour.id}`,
      w.tokens.A1,
    );
    expect(foreign.statusCode).toBe(404);
    const a = (
      await get(`/api/v1/bookings/calendar/days?from=${day(1)}&to=${day(7)}`, w.tokens.A1)
    ).json() as TBookingCalendarDay[];
    const b = (
      await get(`/api/v1/bookings/calendar/days?from=${day(1)}&to=${day(7)}`, w.tokens.B1)
    ).json() as TBookingCalendarDay[];
    const productsOf = (days: TBookingCalendarDay[]) =>
      new Set(days.flatMap((d) => d.first_departures.map((e) => e.product_id)));
    expect(productsOf(b)).toEqual(new Set([canary.bTour.id]));
    expect(productsOf(a).has(canary.bTour.id)).toBe(false);
    // Bad ranges answer 400 as the departures' calendar does.
    expect((await get(`/api/v1/bookings/calendar/days?from=${day(0)}&to=${day(62)}`, w.tokens.A1)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/v1/bookings/calendar/days?from=${day(3)}&to=${day(1)}`, w.tokens.A1)).statusCode).toBe(400);
  });

  it("adds up the departures' own counts of bookings and passengers, the bookings themselves unread (migration 0025)", async () => {
    const ranked = [madrid.teide.id, madrid.whales.id, canary.bTour.id].map((id) => ({ id, today: day(0) }));
    const query = calendarDaysQuery(ranked, [calendarSlotKey(1, 1, '09:00')], day(1), day(30), CALENDAR_DAY_PREVIEW);
    await app.db.execute(sql.raw('vacuum analyze bookings'));
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      await tx.execute(sql.raw('set local enable_bitmapscan = off'));
      const res = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/on departures/);
    expect(plan).not.toMatch(/ on bookings\b|using bookings/);
  });
});
