/**
 * The bookings list as ADR 032 reads it at 1 M bookings: the capped total on cursor answers, the
 * total a page with room left gives, the administrator's list gathered operator by operator, and
 * the crew's bookings read from their sheets' departures. Every answer must be the one the plain
 * query gives: each test compares the API with the ordering written out in SQL.
 */
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createUser, createWorld, login } from '../../../test/factories';
import { api, booked, bookingBody, day, mkProduct, type World } from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];

type Row = { id: string; tour_operator_id: string; customer_name: string };
const ids = (res: { json: () => unknown }) => (res.json() as Row[]).map((r) => r.id);
const linkOf = (res: { headers: Record<string, unknown> }) => String(res.headers.link);

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** Every page of a list (`per_page` rows each) by page number, then by following rel="next". */
async function allPages(url: string, token: string) {
  const byNumber: string[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${url}&page=${page}`, token);
    expect(res.statusCode).toBe(200);
    const got = ids(res);
    byNumber.push(...got);
    if (!linkOf(res).includes('rel="next"')) break;
    expect(page).toBeLessThan(100);
  }
  const byLink: string[] = [];
  let res = await get(url, token);
  byLink.push(...ids(res));
  for (let next = linkOf(res).match(/<([^>]+)>; rel="next"/)?.[1]; next; ) {
    res = await get(next, token);
    expect(res.statusCode).toBe(200);
    byLink.push(...ids(res));
    next = linkOf(res).match(/<([^>]+)>; rel="next"/)?.[1];
  }
  return { byNumber, byLink };
}

/** The ids of bookings in an order written out in SQL (the reference the API must match). */
async function idsInOrder(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) {
  const res = await app.db.execute<{ id: string }>(sql`select id from bookings where ${where} order by ${order}`);
  return res.rows.map((r) => r.id);
}

describe('GET /api/v1/bookings: totals (ADR 027, ADR 032)', () => {
  it('past the count cap the cursor answer says so: X-Total-Count 10000, X-Total-Count-Capped, next and no last', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 500 });
    const first = await booked(
      app,
      w.tokens.A1,
      bookingBody(p.id, { pax: { adult: 1 }, customer_name: 'Zoë Capdevila' }),
    );
    // 10,001 more (cancelled: they hold no seats), written straight into the table.
    await app.db.execute(sql`
      insert into bookings (tour_operator_id, locator, product_id, departure_id, date, time, lines, pax_total, seats,
                            subtotal_cents, total_cents, customer_name, state, created_at)
      select b.tour_operator_id, 'CAP-' || lpad(g::text, 6, '0'), b.product_id, b.departure_id, b.date, b.time, b.lines,
             b.pax_total, b.seats, b.subtotal_cents, b.total_cents, b.customer_name, 'cancelled',
             b.created_at + g * interval '1 millisecond'
      from bookings b cross join generate_series(1, ${LIST_COUNT_CAP + 1}) g
      where b.id = ${first.id}`);

    const base = `/api/v1/bookings?product_id=${p.id}&per_page=50`;
    const one = await get(base, w.tokens.A1);
    expect(one.statusCode).toBe(200);
    expect(ids(one)).toHaveLength(50);
    expect(ids(one)[0]).toBe(first.id);
    expect(one.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(one.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(one)).toContain(`cursor=${one.headers['x-next-cursor']}>; rel="next"`);
    expect(linkOf(one)).toContain('page=1>; rel="first"');
    expect(linkOf(one)).not.toContain('rel="last"');

    const two = await get(`${base}&page=2`, w.tokens.A1);
    expect(two.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(two.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(two)).toContain('per_page=50&page=1>; rel="prev"');
    expect(linkOf(two)).not.toContain('rel="last"');

    // Another order pages by number (setPagingHeaders), capped the same way.
    const newest = await get(`${base}&sort=-created_at`, w.tokens.A1);
    expect(ids(newest)[0]).not.toBe(first.id);
    expect(newest.headers['x-total-count']).toBe(String(LIST_COUNT_CAP));
    expect(newest.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(newest)).toContain('rel="next"');
    expect(linkOf(newest)).not.toContain('rel="last"');

    // Under the cap the total is exact and says nothing more.
    const few = await get(`${base}&state=confirmed`, w.tokens.A1);
    expect(ids(few)).toEqual([first.id]);
    expect(few.headers['x-total-count']).toBe('1');
    expect(few.headers['x-total-count-capped']).toBeUndefined();

    // ADR 027 (2026-11-26): a search counts up to LIST_SEARCH_COUNT_CAP; the same rows, by page and by cursor.
    const searched = await get(`${base}&q=zoe%20capdevila`, w.tokens.A1);
    expect(ids(searched)).toEqual(ids(one));
    expect(searched.headers['x-total-count']).toBe(String(LIST_SEARCH_COUNT_CAP));
    expect(searched.headers['x-total-count-capped']).toBe('true');
    expect(linkOf(searched)).toContain(`cursor=${searched.headers['x-next-cursor']}>; rel="next"`);
    expect(linkOf(searched)).not.toContain('rel="last"');
    const deep = await get(`${base}&q=CAPDEVILA&sort=-created_at&page=25`, w.tokens.A1);
    expect(ids(deep)).toEqual(ids(await get(`${base}&sort=-created_at&page=25`, w.tokens.A1)));
    expect(deep.headers['x-total-count']).toBe(String(LIST_SEARCH_COUNT_CAP));
    expect(linkOf(deep)).toContain('sort=-created_at&page=26>; rel="next"');
    const narrow = await get(`${base}&q=capdevila&state=confirmed`, w.tokens.A1);
    expect(ids(narrow)).toEqual([first.id]);
    expect(narrow.headers['x-total-count']).toBe('1');
    expect(narrow.headers['x-total-count-capped']).toBeUndefined();
  }, 120_000);

  it('a page with room left gives the total; a page past the end still answers it', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    for (let i = 0; i < 5; i++) await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }));
    const list = (q: string) => get(`/api/v1/bookings?product_id=${p.id}&per_page=2&${q}`, w.tokens.A1);
    const last = await list('page=3');
    expect(ids(last)).toHaveLength(1);
    expect(last.headers['x-total-count']).toBe('5');
    expect(linkOf(last)).toContain('per_page=2&page=2>; rel="prev"');
    expect(linkOf(last)).toContain('per_page=2&page=3>; rel="last"');
    expect(linkOf(last)).not.toContain('rel="next"');
    const beyond = await list('page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
    expect(linkOf(beyond)).toContain('per_page=2&page=3>; rel="prev"');
    const none = await get(`/api/v1/bookings?product_id=${p.id}&state=pending`, w.tokens.A1);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });
});

describe("the administrator's list: every operator's bookings in one order", () => {
  it('pages by number and by cursor give exactly the SQL order, for each sort offered', async () => {
    const pa = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    const pb = await mkProduct(app, w.tokens.B1, { capacity: 50 });
    const slots = [
      [2, '18:00', 'Zoe Álvarez'],
      [1, '09:00', 'Íñigo Pérez'],
      [3, '09:00', 'ana Ruiz'],
      [1, '18:00', 'Bruno Díaz'],
      [2, '09:00', 'Álvaro Gil'],
      [1, '09:00', 'Carla Núñez'],
    ] as const;
    for (const [n, time, name] of slots) {
      await booked(
        app,
        w.tokens.A1,
        bookingBody(pa.id, { date: day(n), time, customer_name: name, pax: { adult: 1 } }),
      );
      await booked(
        app,
        w.tokens.B1,
        bookingBody(pb.id, { date: day(n), time, customer_name: name, pax: { adult: 1 } }),
      );
    }
    // Other tests of this file add bookings too: the two products' bookings are the list here.
    const products = `product_id[in]=${pa.id},${pb.id}`;
    const all = sql`product_id in (${pa.id}, ${pb.id})`;
    const cases = [
      { sort: '', order: sql`date, time, created_at, id` },
      { sort: '&sort=-created_at', order: sql`created_at desc, id` },
      { sort: '&sort=customer_name', order: sql`f_unaccent(customer_name), id` },
      { sort: '&sort=-date,time', order: sql`date desc, time, id` },
    ];
    for (const c of cases) {
      const want = await idsInOrder(all, c.order);
      const { byNumber, byLink } = await allPages(`/api/v1/bookings?${products}&per_page=5${c.sort}`, w.tokens.admin);
      expect(byNumber).toEqual(want);
      expect(byLink).toEqual(want);
    }
    // With filters, and one operator by its filter.
    const week = `date[gte]=${day(1)}&date[lte]=${day(2)}`;
    const inWeek = await idsInOrder(
      sql`${all} and date between ${day(1)} and ${day(2)}`,
      sql`date, time, created_at, id`,
    );
    expect((await allPages(`/api/v1/bookings?${products}&per_page=3&${week}`, w.tokens.admin)).byLink).toEqual(inWeek);
    const onlyB = await idsInOrder(sql`${all} and tour_operator_id = ${w.B.op.id}`, sql`date, time, created_at, id`);
    const b = await get(`/api/v1/bookings?${products}&per_page=500&tour_operator_id=${w.B.op.id}`, w.tokens.admin);
    expect(ids(b)).toEqual(onlyB);
    expect(b.headers['x-total-count']).toBe('6');
    const total = await get(`/api/v1/bookings?${products}&per_page=2`, w.tokens.admin);
    expect(total.headers['x-total-count']).toBe('12');
  });
});

describe('Chofer and Guía: the bookings of their sheets’ departures (ADR 032)', () => {
  it('whatever the dates, in the list order, counted, by page and by cursor; nobody else’s', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    const other = await createUser(app, { level: 4, tourOperatorId: w.A.op.id, fullName: 'Otro Chofer A' });
    const otherToken = await login(app, other.email);
    const on = async (n: number, time: string, count: number) => {
      const out: string[] = [];
      for (let i = 0; i < count; i++) {
        out.push((await booked(app, w.tokens.A1, bookingBody(p.id, { date: day(n), time, pax: { adult: 1 } }))).id);
      }
      return out;
    };
    const d3 = await on(3, '18:00', 2);
    const d1 = await on(1, '09:00', 3);
    const d2 = await on(2, '09:00', 2);
    const unsheeted = await on(2, '18:00', 1);
    const sheet = async (n: number, time: string, crew: Record<string, string>) => {
      const res = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
        product_id: p.id,
        date: day(n),
        time,
        ...crew,
      });
      expect(res.statusCode).toBe(201);
    };
    // A fresh driver: no sheets, no bookings.
    const none = await get(`/api/v1/bookings?product_id=${p.id}`, otherToken);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');

    await sheet(3, '18:00', { driver_id: other.id });
    await sheet(1, '09:00', { driver_id: other.id, guide_id: w.A.l5.id });
    await sheet(2, '09:00', { guide_id: w.A.l5.id });
    const mine = [...d1, ...d3];
    const { byNumber, byLink } = await allPages(`/api/v1/bookings?product_id=${p.id}&per_page=2`, otherToken);
    expect(byNumber).toEqual(mine);
    expect(byLink).toEqual(mine);
    const counted = await get(`/api/v1/bookings?product_id=${p.id}&per_page=2`, otherToken);
    expect(counted.headers['x-total-count']).toBe('5');
    expect(ids(await get(`/api/v1/bookings?product_id=${p.id}&date=${day(3)}`, otherToken))).toEqual(d3);

    const guide = await get(`/api/v1/bookings?product_id=${p.id}`, w.tokens.A5);
    expect(ids(guide)).toEqual([...d1, ...d2]);
    expect(guide.headers['x-total-count']).toBe('5');
    // Carlos (A4) drives none of these; a booking whose departure has no sheet is nobody's.
    expect((await get(`/api/v1/bookings?product_id=${p.id}`, w.tokens.A4)).json()).toEqual([]);
    for (const token of [otherToken, w.tokens.A5]) {
      expect((await get(`/api/v1/bookings/${unsheeted[0]}`, token)).statusCode).toBe(404);
    }
    expect((await get(`/api/v1/bookings/${d3[0]}`, otherToken)).statusCode).toBe(200);
    expect((await get(`/api/v1/bookings/${d3[0]}`, w.tokens.A5)).statusCode).toBe(404);
  });
});
