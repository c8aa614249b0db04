import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld, login } from '../../../test/factories';
import { paymentLinks, paymentSettings } from '../../db/schema';
import {
  api,
  book,
  booked,
  bookingBody,
  day,
  expectNothingWritten,
  mkAccommodation,
  mkProduct,
  snapshot,
  type World,
} from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let hotel: string;
let listed: { id: string };
let rows: Record<string, { id: string; locator: string }>;
let tokenB2: string;
let tokenB3: string;

type Row = { id: string; customer_name: string; seller_id: string | null; tour_operator_id: string };
const ids = (res: { json: () => unknown }) => (res.json() as Row[]).map((r) => r.id);
const names = (res: { json: () => unknown }) => (res.json() as Row[]).map((r) => r.customer_name);

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  tokenB2 = await login(app, w.B.l2.email);
  tokenB3 = await login(app, w.B.l3.email);
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje');
  listed = await mkProduct(app, w.tokens.A1, {
    capacity: 500,
    pickups: [{ accommodation_id: hotel, minutes_before: 40 }],
  });
  const mk = async (token: string, over: Record<string, unknown>) => booked(app, token, bookingBody(listed.id, over));
  rows = {
    lucia: await mk(w.tokens.A1, {
      customer_name: 'Lucía Pérez',
      customer_email: 'lucia@example.com',
      pax: { adult: 2 },
    }),
    jose: await mk(w.tokens.A2, {
      time: '18:00',
      customer_name: 'José Álvarez',
      customer_email: 'jose@correo.es',
      customer_phone: '+34 611 222 333',
      pax: { adult: 1 },
    }),
    emma: await mk(w.tokens.A1, {
      date: day(2),
      customer_name: 'Emma Wilson',
      customer_email: 'emma@example.co.uk',
      customer_phone: '+44 7700 900123',
      customer_country: 'GB',
      state: 'pending',
      accommodation_id: hotel,
      pax: { adult: 3, child: 2 },
    }),
    hans: await mk(w.tokens.A3, {
      date: day(3),
      customer_name: 'Hans Müller',
      customer_country: 'DE',
      pax: { adult: 4 },
    }),
    ana: await mk(w.tokens.A1, {
      date: day(2),
      time: '18:00',
      customer_name: 'Ana Gómez',
      pax: { adult: 1, child: 1 },
    }),
  };
  await send('POST', `/api/v1/bookings/${rows.hans.id}/cancel`, w.tokens.A1, { reason: 'Vuelo cancelado' });
  await send('POST', `/api/v1/bookings/${rows.ana.id}/payments`, w.tokens.A1, { amount_cents: 1000, method: 'cash' });
});
afterAll(async () => {
  await app?.close();
});

const list = (query: string, token = w.tokens.A1) => get(`/api/v1/bookings?product_id=${listed.id}&${query}`, token);

describe('GET /api/v1/bookings: filters, q, sort, paging', () => {
  it('default order: date, time, then creation', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Lucía Pérez', 'José Álvarez', 'Emma Wilson', 'Ana Gómez', 'Hans Müller']);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('filters date (eq, gte, lte, in), state, payment_state, seller_id, channel, accommodation_id, locator, created_at', async () => {
    expect(names(await list(`date=${day(2)}`))).toEqual(['Emma Wilson', 'Ana Gómez']);
    expect(names(await list(`date[gte]=${day(2)}&date[lte]=${day(3)}`))).toEqual([
      'Emma Wilson',
      'Ana Gómez',
      'Hans Müller',
    ]);
    expect(names(await list(`date[in]=${day(1)},${day(3)}`))).toEqual(['Lucía Pérez', 'José Álvarez', 'Hans Müller']);
    expect(names(await list('state[in]=pending,cancelled'))).toEqual(['Emma Wilson', 'Hans Müller']);
    expect(names(await list('state[ne]=cancelled&state[ne]=pending'))).toEqual([
      'Lucía Pérez',
      'José Álvarez',
      'Ana Gómez',
    ]);
    expect(names(await list('payment_state=partial'))).toEqual(['Ana Gómez']);
    expect(names(await list(`seller_id=${w.A.l2.id}`))).toEqual(['José Álvarez']);
    expect(names(await list('channel=seller'))).toEqual(['José Álvarez']);
    expect(names(await list(`accommodation_id=${hotel}`))).toEqual(['Emma Wilson']);
    expect(names(await list(`locator=${rows.lucia.locator}`))).toEqual(['Lucía Pérez']);
    expect(names(await list(`locator[like]=${rows.emma.locator.slice(4, 8).toLowerCase()}`))).toContain('Emma Wilson');
    expect((await list('created_at[gte]=2020-01-01T00:00:00Z')).json()).toHaveLength(5);
    expect((await list('created_at[lt]=2020-01-01T00:00:00Z')).json()).toHaveLength(0);
    expect(names(await list(`time=18:00`))).toEqual(['José Álvarez', 'Ana Gómez']);
  });

  it('q searches locator, customer name (accent- and case-insensitive), e-mail and phone', async () => {
    expect(names(await list('q=alvarez'))).toEqual(['José Álvarez']);
    expect(names(await list('q=MULLER'))).toEqual(['Hans Müller']);
    expect(names(await list('q=example.co.uk'))).toEqual(['Emma Wilson']);
    expect(names(await list(`q=${encodeURIComponent('+44 7700')}`))).toEqual(['Emma Wilson']);
    expect(names(await list(`q=${rows.ana.locator}`))).toEqual(['Ana Gómez']);
    expect((await list(`q=${encodeURIComponent("' or 1=1 --")}`)).json()).toEqual([]);
  });

  it('sort by any listed field, descending with "-"', async () => {
    expect(names(await list('sort=-total_cents'))).toEqual([
      'Emma Wilson',
      'Hans Müller',
      'Lucía Pérez',
      'Ana Gómez',
      'José Álvarez',
    ]);
    expect(names(await list('sort=customer_name'))).toEqual([
      'Ana Gómez',
      'Emma Wilson',
      'Hans Müller',
      'José Álvarez',
      'Lucía Pérez',
    ]);
    expect(names(await list('sort=-date,time'))).toEqual([
      'Hans Müller',
      'Emma Wilson',
      'Ana Gómez',
      'Lucía Pérez',
      'José Álvarez',
    ]);
  });

  it('unknown filters, ops, sorts and bad values answer 400 naming them', async () => {
    const field = await list('customer_email=x');
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe('No se puede filtrar por "customer_email"');
    expect((await list('state=borrado')).statusCode).toBe(400);
    expect((await list('date=ayer')).statusCode).toBe(400);
    expect((await list('sort=internal_notes')).statusCode).toBe(400);
    expect((await list('per_page=501')).statusCode).toBe(400);
  });

  it('page/per_page with X-Total-Count and Link (first, prev, next, last)', async () => {
    const p2 = await list('per_page=2&page=2');
    expect(names(p2)).toEqual(['Emma Wilson', 'Ana Gómez']);
    expect(p2.headers['x-total-count']).toBe('5');
    const link = String(p2.headers.link);
    expect(link).toContain('per_page=2&page=1>; rel="first"');
    expect(link).toContain('per_page=2&page=1>; rel="prev"');
    expect(link).toContain('per_page=2&page=3>; rel="last"');
    // With the default order, "next" is the keyset cursor (X-Next-Cursor): following it never uses OFFSET.
    expect(link).toContain(`per_page=2&cursor=${p2.headers['x-next-cursor']}>; rel="next"`);
    const sorted = String((await list('per_page=2&page=2&sort=-total_cents')).headers.link);
    expect(sorted).toContain('per_page=2&page=3&sort=-total_cents>; rel="next"');
  });
});

describe('GET /api/v1/bookings: q on the row’s search text (ADR 032, migration 0022)', () => {
  it('accents, ñ and capitals on either side: a plain query finds them, and a query with them finds plain text', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    const mk = (over: Record<string, unknown>) =>
      booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 }, ...over }));
    const inigo = await mk({
      customer_name: 'ÍÑIGO Muñoz-Ibáñez',
      customer_email: 'INIGO@Correo.ES',
      customer_phone: '',
    });
    const nuria = await mk({ customer_name: 'Nuria Pena', customer_email: 'nuria@example.com' });
    const find = async (q: string) =>
      ids(await get(`/api/v1/bookings?product_id=${p.id}&q=${encodeURIComponent(q)}`, w.tokens.A1));
    expect(await find('inigo munoz')).toEqual([inigo.id]);
    expect(await find('MUÑOZ-IBÁÑEZ')).toEqual([inigo.id]);
    expect(await find('ibañez')).toEqual([inigo.id]);
    expect(await find('inigo@correo')).toEqual([inigo.id]);
    expect(await find('Peña')).toEqual([nuria.id]);
    expect(await find('NÚRIA')).toEqual([nuria.id]);
    expect(await find(inigo.locator.toLowerCase())).toEqual([inigo.id]);
    // LIKE's own characters are matched literally.
    expect(await find('mu_oz')).toEqual([]);
    expect(await find('%')).toEqual([]);
  });

  it('never matches across two fields: a query with a line break is matched field by field', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 50 });
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(p.id, { customer_name: 'Lucía Pérez', customer_email: 'lucia@example.com' }),
    );
    const find = async (q: string) =>
      ids(await get(`/api/v1/bookings?product_id=${p.id}&q=${encodeURIComponent(q)}`, w.tokens.A1));
    // The search text holds "…lucia perez\nlucia@example.com…": "ez\nlu" is in it, but in no field.
    expect(await find('ez\nlu')).toEqual([]);
    expect(await find('pérez')).toEqual([b.id]);
    const stored = await app.db.execute<{ search_text: string }>(
      sql`select search_text from bookings where id = ${b.id}`,
    );
    expect(stored.rows[0]?.search_text).toBe(
      `${b.locator.toLowerCase()}\nlucia perez\nlucia@example.com\n+34 600 000 000\n`,
    );
  });
});

describe('GET /api/v1/bookings: each row is the booking’s own answer (ADR 032: one statement)', () => {
  it('names, accommodation, payment links (latest first) and the operator’s online payments, as GET /bookings/{id}', async () => {
    const same = async () => {
      const page = (await list('per_page=500')).json() as { id: string }[];
      expect(page.length).toBeGreaterThan(3);
      for (const row of page) expect(row).toEqual((await get(`/api/v1/bookings/${row.id}`, w.tokens.A1)).json());
      return page as { id: string; online_payments_enabled: boolean; payment_links: { id: string }[] }[];
    };
    const links = await app.db
      .insert(paymentLinks)
      .values(
        [1, 2].map((k) => ({
          tourOperatorId: w.A.op.id,
          bookingId: rows.emma.id,
          amountCents: 1000 * k,
          expiresAt: new Date(Date.now() + k * 3_600_000),
          createdAt: new Date(Date.now() - (3 - k) * 60_000),
        })),
      )
      .returning();
    try {
      // Another operator's provider is not this one's.
      await app.db.insert(paymentSettings).values({ tourOperatorId: w.B.op.id, provider: 'redsys' });
      const before = await same();
      expect(before.every((r) => r.online_payments_enabled === false)).toBe(true);
      expect(before.find((r) => r.id === rows.emma.id)?.payment_links.map((l) => l.id)).toEqual(
        [...links].reverse().map((l) => l.id),
      );
      await app.db.insert(paymentSettings).values({ tourOperatorId: w.A.op.id, provider: 'redsys' });
      expect((await same()).every((r) => r.online_payments_enabled === true)).toBe(true);
    } finally {
      await app.db.delete(paymentSettings);
      await app.db.delete(paymentLinks).where(eq(paymentLinks.bookingId, rows.emma.id));
    }
  });
});

describe('GET /api/v1/bookings: keyset paging with an opaque cursor', () => {
  it('cursor pages return exactly the offset pages, without OFFSET, even with ties on date and time', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 500 });
    const slots = [
      [3, '18:00'],
      [1, '09:00'],
      [2, '09:00'],
      [1, '09:00'],
      [1, '18:00'],
      [3, '09:00'],
      [2, '18:00'],
      [1, '09:00'],
      [2, '09:00'],
      [3, '18:00'],
      [1, '18:00'],
      [2, '09:00'],
      [1, '09:00'],
    ] as const;
    for (const [n, time] of slots) {
      await booked(app, w.tokens.A1, bookingBody(p.id, { date: day(n), time, pax: { adult: 1 } }));
    }
    const base = `/api/v1/bookings?product_id=${p.id}&per_page=4`;
    const offset: string[] = [];
    for (let page = 1; page <= 4; page++) offset.push(...ids(await get(`${base}&page=${page}`, w.tokens.A1)));
    expect(offset).toHaveLength(13);
    expect(new Set(offset).size).toBe(13);

    const keyset: string[] = [];
    let res = await get(base, w.tokens.A1);
    let pages = 1;
    keyset.push(...ids(res));
    while (res.headers['x-next-cursor']) {
      const cursor = String(res.headers['x-next-cursor']);
      const next = String(res.headers.link).match(/<([^>]+)>; rel="next"/)?.[1];
      expect(next).toBe(`/api/v1/bookings?product_id=${p.id}&per_page=4&cursor=${cursor}`);
      res = await get(next as string, w.tokens.A1);
      expect(res.statusCode).toBe(200);
      // Keyset pages do not count again (page one gave the total).
      expect(res.headers['x-total-count']).toBeUndefined();
      keyset.push(...ids(res));
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(keyset).toEqual(offset);
    expect(String(res.headers.link)).not.toContain('rel="next"');

    const all = ids(await get(`/api/v1/bookings?product_id=${p.id}&per_page=500`, w.tokens.A1));
    expect(all).toEqual(offset);
  });

  it('a cursor keeps the filters; it needs the default order; a forged cursor is a 400', async () => {
    const first = await list('per_page=1&state=confirmed');
    const cursor = String(first.headers['x-next-cursor']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await list(`per_page=1&state=confirmed&cursor=${cursor}`);
    expect(names(second)).toEqual(['José Álvarez']);
    const sorted = await list(`sort=-total_cents&cursor=${cursor}`);
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors.cursor[0]).toMatch(/orden por defecto/);
    const forged = (date: string, createdAt = '2026-01-01 10:00:00.123456+00') =>
      Buffer.from(JSON.stringify([date, '09:00', createdAt, '00000000-0000-4000-8000-000000000000'])).toString(
        'base64url',
      );
    // Issue 12: impossible days and odd years in a cursor are the client's 400, not a database error.
    const impossible = [
      forged('2026-02-30'),
      forged('0000-01-01'),
      forged('0020-01-01'),
      forged('2026-13-01'),
      forged('2026-01-01', '2026-02-30 10:00:00+00'),
      forged('2026-01-01', '0000-01-01 10:00:00+00'),
    ];
    expect((await list(`cursor=${forged('2026-01-01')}`)).statusCode).toBe(200);
    for (const bad of [
      'nope!',
      Buffer.from('["x"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
      ...impossible,
    ]) {
      const res = await list(`cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cursor no válido');
    }
    // A non-default sort gives no cursor.
    expect((await list('per_page=1&sort=-total_cents')).headers['x-next-cursor']).toBeUndefined();
  });
});

describe('who sees which bookings (PRODUCT §3)', () => {
  it('a Vendedor lists and reads only the bookings they sold; the others answer 404 on every verb', async () => {
    const mine = await list('', w.tokens.A2);
    expect(names(mine)).toEqual(['José Álvarez']);
    expect(mine.headers['x-total-count']).toBe('1');
    expect((await get(`/api/v1/bookings/${rows.jose.id}`, w.tokens.A2)).statusCode).toBe(200);
    const before = await snapshot(app);
    const other = rows.lucia.id;
    const answers = [
      await get(`/api/v1/bookings/${other}`, w.tokens.A2),
      await send('PUT', `/api/v1/bookings/${other}`, w.tokens.A2, { notes: 'x' }),
      await send('POST', `/api/v1/bookings/${other}/cancel`, w.tokens.A2, { reason: 'x' }),
      await get(`/api/v1/bookings/${other}/payments`, w.tokens.A2),
      await send('POST', `/api/v1/bookings/${other}/payments`, w.tokens.A2, { amount_cents: 100, method: 'cash' }),
      await get(`/api/v1/bookings/${other}/events`, w.tokens.A2),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(answers[0].json().message).toBe('La reserva no existe');
    await expectNothingWritten(app, before);
  });

  it('Chofer and Guía read only the bookings of the departures on their schedule sheets', async () => {
    // Without a sheet they see none.
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      const res = await list('', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    }
    // Lucía's departure (tomorrow 09:00) gets a sheet with the Chofer; Emma's (day 2, 09:00) with the Guía.
    const sheet = async (date: string, crew: Record<string, string>) => {
      const res = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
        product_id: listed.id,
        date,
        time: '09:00',
        ...crew,
      });
      expect(res.statusCode).toBe(201);
    };
    await sheet(day(1), { driver_id: w.A.l4.id });
    await sheet(day(2), { guide_id: w.A.l5.id });
    expect(names(await list('', w.tokens.A4))).toEqual(['Lucía Pérez']);
    expect(names(await list('', w.tokens.A5))).toEqual(['Emma Wilson']);
    expect((await list('', w.tokens.A4)).headers['x-total-count']).toBe('1');
    expect((await get(`/api/v1/bookings/${rows.lucia.id}`, w.tokens.A4)).statusCode).toBe(200);
    expect((await get(`/api/v1/bookings/${rows.lucia.id}/events`, w.tokens.A4)).statusCode).toBe(200);
    expect((await get(`/api/v1/bookings/${rows.jose.id}`, w.tokens.A4)).statusCode).toBe(404);
    expect((await get(`/api/v1/bookings/${rows.lucia.id}`, w.tokens.A5)).statusCode).toBe(404);
    expect((await get(`/api/v1/bookings/${rows.lucia.id}/events`, w.tokens.A5)).statusCode).toBe(404);
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      expect((await book(app, token, bookingBody(listed.id))).statusCode).toBe(403);
      expect((await send('PUT', `/api/v1/bookings/${rows.lucia.id}`, token, { notes: 'x' })).statusCode).toBe(403);
      expect((await send('POST', `/api/v1/bookings/${rows.lucia.id}/cancel`, token, { reason: 'x' })).statusCode).toBe(
        403,
      );
      expect((await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(2)}`, token)).statusCode).toBe(403);
      expect(
        (
          await send('POST', '/api/v1/bookings/quote', token, {
            product_id: listed.id,
            date: day(1),
            pax: { adult: 1 },
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('Operador and Admin Tour Operador see every booking of their operator; the administrator every operator', async () => {
    expect((await list('', w.tokens.A3)).json()).toHaveLength(5);
    const theirs = await mkProduct(app, w.tokens.B1);
    const b = await booked(app, w.tokens.B1, bookingBody(theirs.id, { customer_name: 'Cliente de B' }));
    const all = await get('/api/v1/bookings?per_page=500', w.tokens.admin);
    const operators = new Set((all.json() as Row[]).map((r) => r.tour_operator_id));
    expect(operators).toEqual(new Set([w.A.op.id, w.B.op.id]));
    const onlyB = await get(`/api/v1/bookings?tour_operator_id=${w.B.op.id}`, w.tokens.admin);
    expect(ids(onlyB)).toEqual([b.id]);
    expect((await get(`/api/v1/bookings/${b.id}`, w.tokens.admin)).statusCode).toBe(200);
  });

  it("each row names its tour operator (the administrator's list mixes operators); tour_operator_id[eq] filters them", async () => {
    const all = (await get('/api/v1/bookings?per_page=500', w.tokens.admin)).json() as (Row & {
      tour_operator: { id: string; name: string };
    })[];
    expect(all.length).toBeGreaterThan(1);
    for (const r of all) {
      expect(r.tour_operator).toEqual({
        id: r.tour_operator_id,
        name: r.tour_operator_id === w.A.op.id ? w.A.op.name : w.B.op.name,
      });
    }
    const onlyA = (
      await get(`/api/v1/bookings?tour_operator_id[eq]=${w.A.op.id}&per_page=500`, w.tokens.admin)
    ).json() as Row[];
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyA.every((r) => r.tour_operator_id === w.A.op.id)).toBe(true);
    // The same filter aimed at another operator by a level-1 admin still gets their own rows only.
    const aimed = (await get(`/api/v1/bookings?tour_operator_id[eq]=${w.B.op.id}`, w.tokens.A1)).json() as Row[];
    expect(aimed).toEqual([]);
    const one = (await get(`/api/v1/bookings/${onlyA[0].id}`, w.tokens.A1)).json();
    expect(one.tour_operator).toEqual({ id: w.A.op.id, name: w.A.op.name });
  });

  it('401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/bookings' })).statusCode).toBe(401);
  });
});

describe('tenant boundary: operator B never reaches operator A’s bookings', () => {
  it("B's tokens get 404 on every endpoint with A's ids, and A's data stays as it was", async () => {
    const target = rows.lucia.id;
    const before = await snapshot(app);
    const seen = (await get(`/api/v1/bookings/${target}`, w.tokens.A1)).json();
    for (const token of [w.tokens.B1, tokenB2, tokenB3]) {
      const answers = [
        await get(`/api/v1/bookings/${target}`, token),
        await send('PUT', `/api/v1/bookings/${target}`, token, { customer_name: 'Intruso', pax: { adult: 9 } }),
        await send('POST', `/api/v1/bookings/${target}/cancel`, token, { reason: 'x' }),
        await get(`/api/v1/bookings/${target}/payments`, token),
        await send('POST', `/api/v1/bookings/${target}/payments`, token, { amount_cents: 100, method: 'cash' }),
        await get(`/api/v1/bookings/${target}/events`, token),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      const listed = await get(`/api/v1/bookings?tour_operator_id=${w.A.op.id}`, token);
      expect(listed.json()).toEqual([]);
      expect((await get(`/api/v1/bookings?q=${rows.lucia.locator}`, token)).json()).toEqual([]);
    }
    // A's product cannot be sold, quoted or looked at in the calendar from B.
    const sell = await book(app, w.tokens.B1, bookingBody(listed.id));
    expect(sell.statusCode).toBe(422);
    expect(sell.json().errors.product_id).toEqual(['El producto no existe']);
    const quote = await send('POST', '/api/v1/bookings/quote', w.tokens.B1, {
      product_id: listed.id,
      date: day(1),
      pax: { adult: 1 },
    });
    expect(quote.statusCode).toBe(422);
    const cal = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(2)}&product_id=${listed.id}`, w.tokens.B1);
    expect(cal.statusCode).toBe(404);
    const calB = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(2)}`, w.tokens.B1);
    expect((calB.json() as { product_id: string }[]).some((e) => e.product_id === listed.id)).toBe(false);
    await expectNothingWritten(app, before);
    expect((await get(`/api/v1/bookings/${target}`, w.tokens.A1)).json()).toEqual(seen);
  });

  it('ids that are not UUIDs answer 404', async () => {
    expect((await get('/api/v1/bookings/123', w.tokens.A1)).statusCode).toBe(404);
    expect((await send('PUT', '/api/v1/bookings/abc', w.tokens.A1, { notes: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/bookings/calendar', () => {
  it('departures from the rules and the rows, with seats sold and left, bookings and pax (cancelled ones do not count)', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10, closed_dates: [day(3)] });
    const a = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2, child: 1 } }));
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2, infant: 1 } }));
    const gone = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 4 } }));
    await send('POST', `/api/v1/bookings/${gone.id}/cancel`, w.tokens.A1, { reason: 'x' });
    await send('PUT', `/api/v1/products/${p.id}/departures`, w.tokens.A1, { date: day(2), time: '12:00' });
    await send('PUT', `/api/v1/products/${p.id}/departures`, w.tokens.A1, {
      date: day(2),
      time: '18:00',
      closed: true,
    });

    const res = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(3)}&product_id=${p.id}`, w.tokens.A1);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e: { date: string; time: string }) => `${e.date} ${e.time}`)).toEqual([
      `${day(1)} 09:00`,
      `${day(1)} 18:00`,
      `${day(2)} 09:00`,
      `${day(2)} 12:00`,
      `${day(2)} 18:00`,
    ]);
    expect(entries[0]).toEqual({
      departure_id: a.departure_id,
      product_id: p.id,
      product_name: expect.any(String),
      date: day(1),
      time: '09:00',
      capacity: 10,
      seats_taken: 5,
      seats_left: 5,
      bookings_count: 2,
      pax_total: 6,
      closed: false,
      available: true,
    });
    expect(entries[1]).toMatchObject({ departure_id: null, seats_taken: 0, seats_left: 10, bookings_count: 0 });
    expect(entries[4]).toMatchObject({ closed: true, available: false });
  });

  it('every product of the operator by default; one taken off sale shows only where seats are sold', async () => {
    const off = await mkProduct(app, w.tokens.A1, { name: 'Producto retirado' });
    await booked(app, w.tokens.A1, bookingBody(off.id));
    await send('PUT', `/api/v1/products/${off.id}`, w.tokens.A1, { state: 'inactive' });
    const res = await get(`/api/v1/bookings/calendar?from=${day(1)}&to=${day(2)}`, w.tokens.A3);
    const mine = (res.json() as { product_id: string; date: string; time: string; available: boolean }[]).filter(
      (e) => e.product_id === off.id,
    );
    expect(mine.map((e) => [e.date, e.time, e.available])).toEqual([[day(1), '09:00', false]]);
    expect((res.json() as { product_id: string }[]).some((e) => e.product_id === listed.id)).toBe(true);
  });

  it('the range is at most 62 days and must be in order (400)', async () => {
    const long = await get(`/api/v1/bookings/calendar?from=${day(0)}&to=${day(62)}`, w.tokens.A1);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toEqual(['El intervalo no puede superar 62 días']);
    expect((await get(`/api/v1/bookings/calendar?from=${day(0)}&to=${day(61)}`, w.tokens.A1)).statusCode).toBe(200);
    expect((await get(`/api/v1/bookings/calendar?from=${day(3)}&to=${day(1)}`, w.tokens.A1)).statusCode).toBe(400);
    expect((await get(`/api/v1/bookings/calendar?from=${day(1)}`, w.tokens.A1)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/bookings/quote', () => {
  it('the live total with pickup time and seats left, writing nothing', async () => {
    const before = await snapshot(app);
    const res = await send('POST', '/api/v1/bookings/quote', w.tokens.A2, {
      product_id: listed.id,
      date: day(1),
      time: '09:00',
      pax: { adult: 2, child: 1 },
      discount_cents: 500,
      accommodation_id: hotel,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        { pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000, occupies_seat: true },
        { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500, occupies_seat: true },
      ],
      pax_total: 3,
      seats: 3,
      subtotal_cents: 11500,
      discount_cents: 500,
      total_cents: 11000,
      currency: 'EUR',
      season: null,
      pickup_time: '08:20',
      seats_left: 498,
      available: true,
    });
    await expectNothingWritten(app, before);
  });

  it('without a time: no seats or pickup; a season changes the prices; bad pax answers 422', async () => {
    const p = await mkProduct(app, w.tokens.A1, {
      seasons: [{ name: 'Navidad', from: day(5), to: day(6), prices: [{ pax_type: 'adult', amount_cents: 6000 }] }],
    });
    const plain = await send('POST', '/api/v1/bookings/quote', w.tokens.A1, {
      product_id: p.id,
      date: day(5),
      pax: { adult: 2 },
    });
    expect(plain.json()).toMatchObject({ total_cents: 12000, season: 'Navidad', seats_left: null, available: null });
    const bad = await send('POST', '/api/v1/bookings/quote', w.tokens.A1, {
      product_id: p.id,
      date: day(5),
      pax: { child: 1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['pax.child']).toEqual(['Este tipo de pasajero no se ofrece en esa fecha']);
    const notOffered = await send('POST', '/api/v1/bookings/quote', w.tokens.A1, {
      product_id: p.id,
      date: day(5),
      time: '11:11',
      pax: { adult: 1 },
    });
    expect(notOffered.json()).toMatchObject({ seats_left: null, available: false });
  });
});
