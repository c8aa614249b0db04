/**
 * GET /<list>/export.csv (issue 13): every list the back-office exports, streamed by the server with
 * the list's own filters, role check and tenant scope. The file holds exactly the rows the list
 * holds for the same query (compared with the list's X-Total-Count), in the list's order, in the
 * dialect of @trayecto/shared csv.ts (BOM, ";", CRLF, formulas neutralised).
 */
import { API_PATHS, API_PREFIX, CSV_SEPARATOR, todayIn } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH_ROWS } from '../src/lib/csv-stream';
import type { ListParams } from '../src/lib/filters';
import { bookingBatches } from '../src/modules/bookings/bookings.export';
import { actorOf, booked, bookingBody, mkProduct } from '../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from './build-app';
import { bearer, createOperator, createUser, createWorld, login } from './factories';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let product: { id: string };
const locators: string[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1);
  for (const name of ['Ana Uno', 'Bea Dos', 'Carla Tres', 'Dora Cuatro', '=HYPERLINK("http://evil.example","x")']) {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_name: name, pax: { adult: 1 } }));
    locators.push(b.locator);
  }
  const productB = await mkProduct(app, w.tokens.B1);
  await booked(app, w.tokens.B1, bookingBody(productB.id, { customer_name: 'Cliente Secreto B' }));
  for (const [token, name] of [
    [w.tokens.A1, 'Laura Guía A'],
    [w.tokens.A1, '+1+1 formula'],
    [w.tokens.B1, 'Persona Secreta B'],
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/persons',
      headers: bearer(token),
      payload: { full_name: name, role: 'guide', phone: '+34 600 000 000' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** RFC 4180 with ";": the records of a file, BOM removed. */
function parseCsv(csv: string): string[][] {
  const text = csv.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === CSV_SEPARATOR) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** Every export, the list it exports, the first header cell and the file name. */
const EXPORTS = [
  { key: 'usersExport', list: API_PATHS.users, first: 'Nombre', name: 'usuarios' },
  { key: 'tourOperatorsExport', list: API_PATHS.tourOperators, first: 'Nombre', name: 'tour-operadores' },
  { key: 'vehiclesExport', list: API_PATHS.vehicles, first: 'Matrícula', name: 'vehiculos' },
  { key: 'personsExport', list: API_PATHS.persons, first: 'Nombre', name: 'personas' },
  { key: 'accommodationsExport', list: API_PATHS.accommodations, first: 'Nombre', name: 'alojamientos' },
  { key: 'productsExport', list: API_PATHS.products, first: 'Código', name: 'productos' },
  { key: 'bookingsExport', list: API_PATHS.bookings, first: 'Localizador', name: 'reservas' },
  { key: 'auditLogExport', list: API_PATHS.auditLog, first: 'Fecha y hora', name: 'registro-actividad' },
  { key: 'messagesExport', list: API_PATHS.messages, first: 'Fecha y hora', name: 'mensajes' },
] as const;

describe('every export', () => {
  for (const e of EXPORTS) {
    it(`${API_PATHS[e.key]}: a CSV download of exactly the list's rows, for the administrator and the operator's admin`, async () => {
      for (const token of [w.tokens.admin, w.tokens.A1]) {
        const res = await get(`${API_PREFIX}${API_PATHS[e.key]}`, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        const day = todayIn('Europe/Madrid');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${e.name}-${day}.csv"`);
        expect(res.body.startsWith(`\uFEFF${e.first};`)).toBe(true);
        expect(res.body.endsWith('\r\n')).toBe(true);
        const rows = parseCsv(res.body);
        const header = rows[0];
        for (const r of rows.slice(1)) expect(r.length).toBe(header.length);
        const list = await get(`${API_PREFIX}${e.list}?per_page=1`, token);
        expect(rows.length - 1).toBe(Number(list.headers['x-total-count']));
      }
    });
  }

  it("OpenAPI documents each export as a text/csv answer with the list's filters", async () => {
    const doc = (await get('/api/v1/openapi.json')).json() as {
      paths: Record<string, { get: { responses: Record<string, { content?: object }>; 'x-list-filters'?: object } }>;
    };
    for (const e of EXPORTS) {
      const op = doc.paths[`${API_PREFIX}${API_PATHS[e.key]}`]?.get;
      expect(Object.keys(op?.responses['200']?.content ?? {}), e.key).toEqual(['text/csv']);
      expect(op?.['x-list-filters'], e.key).toEqual(doc.paths[`${API_PREFIX}${e.list}`].get['x-list-filters']);
    }
  });

  it('the list refuses, the export refuses: no token 401, a role without the list 403 (JSON)', async () => {
    const anon = await get(`${API_PREFIX}${API_PATHS.bookingsExport}`);
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['content-type']).toMatch(/json/);
    for (const [key, token] of [
      ['auditLogExport', w.tokens.A2],
      ['messagesExport', w.tokens.A2],
      ['tourOperatorsExport', w.tokens.A2],
      ['productsExport', w.tokens.A4],
    ] as const) {
      const res = await get(`${API_PREFIX}${API_PATHS[key]}`, token);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it("a bad filter answers the list's 400 in JSON, not a broken file", async () => {
    for (const q of ['?nope[eq]=1', '?created_at[gte]=2026-02-30', '?sort=password']) {
      const res = await get(`${API_PREFIX}${API_PATHS.bookingsExport}${q}`, w.tokens.A1);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });
});

describe("the list's filters, sort and scope", () => {
  it('filters and search as the list: one locator, one name', async () => {
    const one = parseCsv((await get(`${API_PREFIX}/bookings/export.csv?q=${locators[1]}`, w.tokens.A1)).body);
    expect(one.map((r) => r[0])).toEqual(['Localizador', locators[1]]);
    const persons = parseCsv((await get(`${API_PREFIX}/persons/export.csv?full_name[like]=Laura`, w.tokens.A1)).body);
    expect(persons.slice(1).map((r) => r[0])).toEqual(['Laura Guía A']);
  });

  it('sorts as the list', async () => {
    const asc = parseCsv((await get(`${API_PREFIX}/bookings/export.csv?sort=customer_name`, w.tokens.A1)).body);
    const desc = parseCsv((await get(`${API_PREFIX}/bookings/export.csv?sort=-customer_name`, w.tokens.A1)).body);
    const names = asc.slice(1).map((r) => r[4]);
    expect(names.length).toBe(5);
    expect(desc.slice(1).map((r) => r[4])).toEqual([...names].reverse());
  });

  it("operator A never gets operator B's rows, even filtering by B", async () => {
    for (const url of [
      `/bookings/export.csv?tour_operator_id[eq]=${w.B.op.id}`,
      `/persons/export.csv?tour_operator_id[eq]=${w.B.op.id}`,
      `/users/export.csv?tour_operator_id[eq]=${w.B.op.id}`,
      `/audit-log/export.csv?tour_operator_id[eq]=${w.B.op.id}`,
      `/messages/export.csv?tour_operator_id[eq]=${w.B.op.id}`,
    ]) {
      const res = await get(`${API_PREFIX}${url}`, w.tokens.A1);
      expect(res.statusCode, url).toBe(200);
      expect(parseCsv(res.body).length, url).toBe(1);
    }
    for (const url of [
      '/bookings/export.csv',
      '/persons/export.csv',
      '/users/export.csv',
      '/audit-log/export.csv',
      '/messages/export.csv',
    ]) {
      const body = (await get(`${API_PREFIX}${url}`, w.tokens.A1)).body;
      for (const secret of ['Cliente Secreto B', 'Persona Secreta B', 'Bruno Admin B', 'Operador B']) {
        expect(body, `${url} ${secret}`).not.toContain(secret);
      }
    }
    const admin = (await get(`${API_PREFIX}/persons/export.csv`, w.tokens.admin)).body;
    expect(admin).toContain('Persona Secreta B');
  });
});

describe('the dialect', () => {
  it('neutralises formulas but writes a plain phone as typed', async () => {
    const rows = parseCsv((await get(`${API_PREFIX}/bookings/export.csv`, w.tokens.A1)).body);
    const names = rows.map((r) => r[4]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(names.filter((n) => /^[=+\-@\t\r]/.test(n))).toEqual([]);
    expect(rows[1][7]).toBe('+34 600 000 000');
    const persons = parseCsv((await get(`${API_PREFIX}/persons/export.csv`, w.tokens.A1)).body);
    expect(persons.map((r) => r[0])).toContain("'+1+1 formula");
  });

  it("times in the operator's zone; the administrator's file names the zone", async () => {
    const canarias = await createOperator(app, { name: 'Operador Canarias', timezone: 'Atlantic/Canary' });
    const boss = await createUser(app, { level: 1, tourOperatorId: canarias.id, fullName: 'Jefa Canarias' });
    const token = await login(app, boss.email);
    const p = await mkProduct(app, token);
    const b = await booked(app, token, bookingBody(p.id, { customer_name: 'Cliente Canarias' }));
    const expected = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Atlantic/Canary',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(b.created_at))
      .replace(',', '');
    const own = (await get(`${API_PREFIX}/bookings/export.csv?q=${b.locator}`, token)).body;
    const ownRows = parseCsv(own);
    expect(ownRows[0]).not.toContain('Zona horaria');
    expect(ownRows[1][ownRows[0].indexOf('Creada')]).toBe(expected);
    const res = await get(`${API_PREFIX}/bookings/export.csv?q=${b.locator}`, w.tokens.admin);
    const adminRows = parseCsv(res.body);
    expect(adminRows[0].at(-1)).toBe('Zona horaria');
    expect(adminRows[1].slice(-2)).toEqual([expected, 'hora de Canarias']);
    // The file is named after the viewer's today: Canarias' for its staff.
    const file = (await get(`${API_PREFIX}/bookings/export.csv`, token)).headers['content-disposition'];
    expect(file).toBe(`attachment; filename="reservas-${todayIn('Atlantic/Canary')}.csv"`);
  });
});

describe('many rows, in batches', () => {
  it(`streams more than two batches of ${CSV_BATCH_ROWS} rows, each once, in the list's order`, async () => {
    const op = await createOperator(app, { name: 'Operador Grande' });
    const boss = await createUser(app, { level: 1, tourOperatorId: op.id, fullName: 'Jefe Grande' });
    const token = await login(app, boss.email);
    const n = CSV_BATCH_ROWS * 2 + 137;
    await app.db.execute(
      sql`insert into persons (tour_operator_id, full_name, role) select ${op.id}::uuid, 'Persona ' || lpad(g::text, 5, '0'), 'guide' from generate_series(1, ${n}) g`,
    );
    const res = await get(`${API_PREFIX}/persons/export.csv`, token);
    expect(res.statusCode).toBe(200);
    const names = parseCsv(res.body)
      .slice(1)
      .map((r) => r[0]);
    expect(names.length).toBe(n);
    expect(new Set(names).size).toBe(n);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Persona 00001');
    expect(names.at(-1)).toBe(`Persona ${String(n).padStart(5, '0')}`);
  });

  it("bookings follow the list's keyset cursor batch after batch (default order) and pages otherwise", async () => {
    const actor = actorOf(w.A.l1);
    const base: ListParams = {
      filters: [],
      sort: [
        { field: 'date', dir: 'asc' },
        { field: 'time', dir: 'asc' },
        { field: 'created_at', dir: 'asc' },
      ],
      page: 1,
      perPage: 50,
    };
    const seen: string[][] = [];
    for await (const batch of bookingBatches(app.db, actor, base, 2)) seen.push(batch.map((b) => b.locator));
    expect(seen.map((b) => b.length)).toEqual([2, 2, 1]);
    const list = (await get(`${API_PREFIX}/bookings?per_page=500`, w.tokens.A1)).json() as { locator: string }[];
    expect(seen.flat()).toEqual(list.map((b) => b.locator));

    const byName: ListParams = { ...base, sort: [{ field: 'customer_name', dir: 'asc' }] };
    const paged: string[] = [];
    for await (const batch of bookingBatches(app.db, actor, byName, 2))
      paged.push(...batch.map((b) => b.customer_name));
    expect(paged).toEqual([...paged].sort((a, b) => a.localeCompare(b, 'es')));
    expect(paged.length).toBe(5);
  });
});
