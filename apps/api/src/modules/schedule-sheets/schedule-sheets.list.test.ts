/**
 * The sheets list at scale (ADR 029): keyset pages (cursor) equal to the offset pages, the capped
 * count (ADR 027), the search without joins, and the warnings computed for the page's sheets only,
 * the same as the whole list and each sheet give them (with a sheet of several days, whose overlaps
 * start long before the sheets it overlaps).
 */
import { LIST_COUNT_CAP, type TSheetConflict, type TSheetResponse, type TSheetSummary } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld, login } from '../../../test/factories';
import { api, day, mkProduct, TZ, type World } from '../bookings/bookings.test-helpers';
import { mkPerson, mkSheet, mkVehicle, putSheet } from './schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let tokenB4: string;
/** Sheets of operator A by name: `${product}@${n}@${time}` (n: days from today). */
const sheets: Record<string, string> = {};
let long: string;
let ines: { id: string };

const TIMES = ['09:00', '18:00'];
const rules = [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: TIMES, valid_from: day(-30), valid_to: null }];

beforeAll(async () => {
  app = await buildTestApp();
  ({ get } = api(app));
  w = await createWorld(app);
  tokenB4 = await login(app, w.B.l4.email);
  // Names whose order differs with and without accents: «Ávila» goes before «Azul» (f_unaccent).
  const products = {
    azul: await mkProduct(app, w.tokens.A1, {
      name: 'Azul marino',
      code: 'AZU',
      duration_minutes: 120,
      availability_rules: rules,
    }),
    avila: await mkProduct(app, w.tokens.A1, {
      name: 'Ávila nocturna',
      code: 'AVI',
      duration_minutes: 120,
      availability_rules: rules,
    }),
    barranco: await mkProduct(app, w.tokens.A1, {
      name: 'Barranco del Infierno',
      code: 'BAR',
      duration_minutes: 240,
      availability_rules: rules,
    }),
  };
  // Ties on date and time: three products at each time of three days.
  for (const n of [1, 2, 3]) {
    for (const time of TIMES) {
      for (const [key, p] of Object.entries(products)) {
        sheets[`${key}@${n}@${time}`] = (await mkSheet(app, w.tokens.A1, { product_id: p.id, date: day(n), time })).id;
      }
    }
  }
  // Three days long: from day 1 at 09:00 to day 4 at 09:00.
  const trek = await mkProduct(app, w.tokens.A1, {
    name: 'Travesía de tres días',
    code: 'TRV',
    duration_minutes: 3 * 24 * 60,
    availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00'], valid_from: day(-30), valid_to: null }],
  });
  ines = await mkPerson(app, w.A.op.id, 'Inés Barroso', { role: 'guide' });
  long = (
    await mkSheet(app, w.tokens.A1, {
      product_id: trek.id,
      date: day(1),
      time: '09:00',
      driver_id: w.A.l4.id,
      person_ids: [ines.id],
    })
  ).id;
  // Overlaps: a bus on two sheets at once; the trek's driver and person two days after it began.
  const bus = await mkVehicle(app, w.A.op.id, { plate: '4821KLM', seats: 55 });
  const ok = async (id: string, body: Record<string, unknown>) => {
    const res = await putSheet(app, w.tokens.A1, id, body);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  await ok(sheets['azul@1@09:00'], { vehicle_id: bus.id });
  await ok(sheets['avila@1@09:00'], { vehicle_id: bus.id, force: true });
  await ok(sheets['barranco@3@18:00'], { driver_id: w.A.l4.id, force: true });
  await ok(sheets['azul@2@18:00'], { person_ids: [ines.id], guide_id: w.A.l5.id, force: true });
  // Not overlapping: the same driver after the trek has ended (day 4).
  await ok((await mkSheet(app, w.tokens.A1, { product_id: products.azul.id, date: day(4), time: '09:00' })).id, {
    driver_id: w.A.l4.id,
  });
});
afterAll(async () => {
  await app?.close();
});

const P = '/api/v1/schedule-sheets';
const list = (res: LightMyRequestResponse) => res.json() as TSheetSummary[];
const nextOf = (res: LightMyRequestResponse) => String(res.headers.link).match(/<([^>]+)>; rel="next"/)?.[1];

/** Every page of a list followed through Link rel="next" (the cursor), as a client would. */
async function walk(first: string, token = w.tokens.A1) {
  const pages: LightMyRequestResponse[] = [];
  let url: string | undefined = first;
  while (url) {
    const res = await get(url, token);
    expect(res.statusCode, url).toBe(200);
    pages.push(res);
    url = nextOf(res);
    if (url) expect(url).toContain(`cursor=${res.headers['x-next-cursor']}`);
  }
  return pages;
}

describe('GET /schedule-sheets: keyset paging with an opaque cursor (ADR 029)', () => {
  it('cursor pages are the offset pages, in date, time and product order without accents, ties included', async () => {
    const all = list(await get(`${P}?per_page=500`, w.tokens.A1));
    expect(all).toHaveLength(20);
    expect(all.slice(0, 4).map((s) => [s.date, s.time, s.product.name])).toEqual([
      [day(1), '09:00', 'Ávila nocturna'],
      [day(1), '09:00', 'Azul marino'],
      [day(1), '09:00', 'Barranco del Infierno'],
      [day(1), '09:00', 'Travesía de tres días'],
    ]);
    const offset: TSheetSummary[] = [];
    for (let page = 1; page <= 7; page++) offset.push(...list(await get(`${P}?per_page=3&page=${page}`, w.tokens.A1)));
    expect(offset.map((s) => s.id)).toEqual(all.map((s) => s.id));

    const pages = await walk(`${P}?per_page=3`);
    expect(pages).toHaveLength(7);
    expect(pages.flatMap((p) => list(p).map((s) => s.id))).toEqual(all.map((s) => s.id));
    // Page one counts; keyset pages do not (page one gave the total), and the last one has no next.
    expect(pages[0].headers['x-total-count']).toBe('20');
    expect(String(pages[0].headers.link)).toContain(`${P}?per_page=3&page=7>; rel="last"`);
    for (const p of pages.slice(1)) expect(p.headers['x-total-count']).toBeUndefined();
    expect(pages[6].headers['x-next-cursor']).toBeUndefined();
    expect(String(pages[6].headers.link)).toContain(`${P}?per_page=3&page=1>; rel="first"`);
    // An offset page in the default order hands over to the cursor for the next one.
    const third = await get(`${P}?per_page=3&page=3`, w.tokens.A1);
    expect(third.headers['x-total-count']).toBe('20');
    expect(String(third.headers.link)).toContain(`${P}?per_page=3&page=2>; rel="prev"`);
    const fourth = await get(nextOf(third) as string, w.tokens.A1);
    expect(list(fourth).map((s) => s.id)).toEqual(all.slice(9, 12).map((s) => s.id));
  });

  it('a cursor keeps the filters and the reader: a driver walks only their sheets', async () => {
    const filtered = `${P}?driver_id=${w.A.l4.id}&per_page=1`;
    const mine = (await walk(filtered)).flatMap((p) => list(p).map((s) => [s.date, s.time, s.product.name]));
    expect(mine).toEqual([
      [day(1), '09:00', 'Travesía de tres días'],
      [day(3), '18:00', 'Barranco del Infierno'],
      [day(4), '09:00', 'Azul marino'],
    ]);
    const asDriver = (await walk(`${P}?per_page=1`, w.tokens.A4)).flatMap((p) =>
      list(p).map((s) => [s.date, s.time, s.product.name]),
    );
    expect(asDriver).toEqual(mine);
    // Another operator's driver walks nothing of A's.
    expect(list(await get(`${P}?per_page=1`, tokenB4))).toEqual([]);
  });

  it('the cursor needs the default order; a forged or repeated cursor is a 400; an empty one is page one', async () => {
    const first = await get(`${P}?per_page=2`, w.tokens.A1);
    const cursor = String(first.headers['x-next-cursor']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const sorted = await get(`${P}?sort=-time&cursor=${cursor}`, w.tokens.A1);
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors.cursor[0]).toMatch(/orden por defecto/);
    // Another order pages by number only.
    expect((await get(`${P}?per_page=2&sort=state`, w.tokens.A1)).headers['x-next-cursor']).toBeUndefined();
    const twice = await get(`${P}?cursor=${cursor}&cursor=${cursor}`, w.tokens.A1);
    expect(twice.statusCode).toBe(400);
    expect(list(await get(`${P}?per_page=2&cursor=`, w.tokens.A1))).toEqual(list(first));

    const forged = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await get(`${P}?cursor=${forged([day(1), '09:00', id, 'azul marino'])}`, w.tokens.A1)).statusCode).toBe(
      200,
    );
    for (const bad of [
      'nope!',
      'x'.repeat(1001),
      forged(['x']),
      forged({}),
      forged(['2026-02-30', '09:00', id, 'a']),
      forged(['0000-01-01', '09:00', id, 'a']),
      forged([day(1), '24:00', id, 'a']),
      forged([day(1), '09:00', 'no-es-un-id', 'a']),
      forged([day(1), '09:00', id, 7]),
      forged([day(1), '09:00', id, 'a\u0000b']),
    ]) {
      const res = await get(`${P}?cursor=${bad}`, w.tokens.A1);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Cursor no válido');
    }
  });
});

describe('GET /schedule-sheets: warnings for the page shown', () => {
  const byId = (rows: TSheetSummary[]) => new Map(rows.map((s) => [s.id, s.warnings]));
  const kinds = (ws: TSheetConflict[] | undefined) => (ws ?? []).map((c) => [c.kind, c.other_sheet_id]);

  it('each page carries the same warnings as the whole list and as the sheet itself', async () => {
    const whole = byId(list(await get(`${P}?per_page=500`, w.tokens.A1)));
    const paged = (await walk(`${P}?per_page=2`)).flatMap(list);
    expect(paged).toHaveLength(whole.size);
    for (const s of paged) {
      expect(s.warnings, s.id).toEqual(whole.get(s.id));
      const one = (await get(`${P}/${s.id}`, w.tokens.A1)).json() as TSheetResponse;
      expect(one.warnings, s.id).toEqual(s.warnings);
    }
    // Where the overlaps are: the bus at day 1 09:00 …
    expect(kinds(whole.get(sheets['azul@1@09:00']))).toEqual([['vehicle', sheets['avila@1@09:00']]]);
    expect(kinds(whole.get(sheets['avila@1@09:00']))).toEqual([['vehicle', sheets['azul@1@09:00']]]);
    // … and the trek: its driver and its person on sheets that start days after it did.
    expect(kinds(whole.get(long)).sort()).toEqual(
      [
        ['driver', sheets['barranco@3@18:00']],
        ['person', sheets['azul@2@18:00']],
      ].sort(),
    );
    expect(kinds(whole.get(sheets['barranco@3@18:00']))).toEqual([['driver', long]]);
    expect(kinds(whole.get(sheets['azul@2@18:00']))).toEqual([['person', long]]);
    expect(kinds(whole.get(sheets['azul@3@09:00']))).toEqual([]);
    // A page without the sheet it overlaps (day 3 only; the trek is on day 1) still shows the overlap.
    const day3 = list(await get(`${P}?date=${day(3)}`, w.tokens.A1));
    expect(day3.map((s) => s.id)).not.toContain(long);
    expect(kinds(day3.find((s) => s.id === sheets['barranco@3@18:00'])?.warnings)).toEqual([['driver', long]]);
  });

  it('assigning the trek driver two days after it began is refused (409) naming the trek', async () => {
    const res = await putSheet(app, w.tokens.A1, sheets['avila@3@09:00'], { driver_id: w.A.l4.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().conflicts.map((c: TSheetConflict) => [c.kind, c.other_sheet_id])).toEqual([['driver', long]]);
    const person = await putSheet(app, w.tokens.A1, sheets['avila@2@09:00'], { person_ids: [ines.id] });
    expect(person.statusCode).toBe(409);
    expect(person.json().conflicts.map((c: TSheetConflict) => [c.kind, c.other_sheet_id])).toEqual([['person', long]]);
  });
});

describe('GET /schedule-sheets: q searches product, code, plate, driver and guide', () => {
  it('finds the same sheets by each, and counts them exactly', async () => {
    const ids = async (q: string) => {
      const res = await get(`${P}?per_page=500&q=${encodeURIComponent(q)}`, w.tokens.A1);
      expect(res.headers['x-total-count']).toBe(String(list(res).length));
      return list(res).map((s) => s.id);
    };
    const whole = list(await get(`${P}?per_page=500`, w.tokens.A1)).map((s) => s.id);
    const avila = new Set([1, 2, 3].flatMap((n) => TIMES.map((t) => sheets[`avila@${n}@${t}`])));
    expect(await ids('AVILA')).toEqual(whole.filter((id) => avila.has(id)));
    expect(await ids('bar')).toHaveLength(6);
    expect(await ids('4821')).toEqual([sheets['avila@1@09:00'], sheets['azul@1@09:00']]);
    expect((await ids('carlos chofer')).length).toBe(3);
    expect(await ids('gema')).toEqual([sheets['azul@2@18:00']]);
    expect(await ids('trv')).toEqual([long]);
    expect(await ids('nadie%_')).toEqual([]);
  });
});

describe('GET /schedule-sheets: the count stops at LIST_COUNT_CAP (ADR 027)', () => {
  it('past the cap: 10000, X-Total-Count-Capped, no last page, and the cursor onwards; a narrower filter is exact', async () => {
    const theirs = await mkProduct(app, w.tokens.B1, { name: 'Excursión masiva', code: 'MAS' });
    const n = LIST_COUNT_CAP + 1;
    await app.db.execute(sql`
      insert into departures (tour_operator_id, product_id, date, time, capacity)
      select ${w.B.op.id}::uuid, ${theirs.id}::uuid, date '2030-01-01' + (g / 4), (array['08:00', '10:00', '12:00', '14:00'])[1 + g % 4], 10
      from generate_series(0, ${n - 1}::int) g`);
    await app.db.execute(sql`
      insert into schedule_sheets (tour_operator_id, product_id, departure_id, date, time, starts_at, ends_at)
      select tour_operator_id, product_id, id, date, time, (date + time::time) at time zone ${TZ},
             (date + time::time) at time zone ${TZ} + interval '1 hour'
      from departures where product_id = ${theirs.id}::uuid`);
    for (const url of [`${P}?per_page=50`, `${P}?per_page=50&q=masiva`, `${P}?per_page=50&state=draft`]) {
      const res = await get(url, w.tokens.B1);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-total-count'], url).toBe(String(LIST_COUNT_CAP));
      expect(res.headers['x-total-count-capped'], url).toBe('true');
      expect(String(res.headers.link), url).not.toContain('rel="last"');
      expect(res.headers['x-next-cursor'], url).toBeDefined();
    }
    // A deep offset page: prev by number, next by cursor, still capped.
    const deep = await get(`${P}?per_page=50&page=150`, w.tokens.B1);
    expect(deep.headers['x-total-count-capped']).toBe('true');
    expect(String(deep.headers.link)).toContain(`${P}?per_page=50&page=149>; rel="prev"`);
    const after = await get(nextOf(deep) as string, w.tokens.B1);
    expect(after.headers['x-total-count']).toBeUndefined();
    const page151 = list(await get(`${P}?per_page=50&page=151`, w.tokens.B1));
    expect(list(after).map((s) => s.id)).toEqual(page151.map((s) => s.id));
    // Narrower: exact, with its last page.
    const week = await get(`${P}?date[gte]=2030-01-01&date[lte]=2030-01-07&per_page=50`, w.tokens.B1);
    expect(week.headers['x-total-count']).toBe('28');
    expect(week.headers['x-total-count-capped']).toBeUndefined();
    // Another operator's count is its own.
    expect((await get(`${P}?per_page=1`, w.tokens.A1)).headers['x-total-count']).toBe('20');
  });
});
