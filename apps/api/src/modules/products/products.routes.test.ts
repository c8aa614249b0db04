import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, createWorld, login } from '../../../test/factories';
import { accommodations, departures, products } from '../../db/schema';
import { isConstraintViolation } from '../../lib/db-errors';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let acc: { ownA: string; shared: string; ownB: string; deletedA: string; ownA2: string };

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  const mk = async (name: string, tourOperatorId: string | null, zone: string, extra = {}) => {
    const [row] = await app.db
      .insert(accommodations)
      .values({ name, tourOperatorId, zone, latLng: '28.0800,-16.7300', ...extra })
      .returning();
    return row.id;
  };
  acc = {
    ownA: await mk('Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje'),
    ownA2: await mk('Hotel Jardines de Nivaria', w.A.op.id, 'Costa Adeje'),
    shared: await mk('Hotel Arona Gran', null, 'Los Cristianos'),
    ownB: await mk('Hotel Botánico', w.B.op.id, 'Puerto de la Cruz'),
    deletedA: await mk('Hotel Cerrado', w.A.op.id, 'Las Américas', { deletedAt: new Date() }),
  };
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

let seq = 0;
/** A valid product body with a fresh code. */
const newProduct = (over: Record<string, unknown> = {}) => ({
  code: `P-${++seq}`,
  name: `Excursión ${seq}`,
  capacity: 30,
  state: 'active',
  ...over,
});
async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/v1/products', token, newProduct(over));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
async function departureRow(productId: string, date: string, time: string) {
  const [row] = await app.db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)));
  return row;
}
/** Sells seats directly on the departure row (bookings arrive in a later issue). */
async function sellSeats(productId: string, tourOperatorId: string, date: string, time: string, seats: number) {
  const [p] = await app.db.select().from(products).where(eq(products.id, productId));
  await app.db
    .insert(departures)
    .values({ tourOperatorId, productId, date, time, capacity: p.capacity, seatsTaken: seats })
    .onConflictDoUpdate({
      target: [departures.productId, departures.date, departures.time],
      set: { seatsTaken: seats },
    });
}

/** PRODUCT.md §2, the contract example, word for word. */
const SPEC_EXAMPLE = () => ({
  tour_operator_id: w.A.op.id,
  code: 'TEI-01',
  name: 'Subida al Teide',
  state: 'active',
  duration_minutes: 480,
  capacity: 50,
  min_pax: 1,
  booking_cutoff_hours: 12,
  free_cancellation_hours: 24,
  instant_confirmation: true,
  pickup_enabled: true,
  languages: ['es', 'en'],
  prices: [
    { pax_type: 'adult', amount_cents: 4500, min_age: 12, occupies_seat: true },
    { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11, occupies_seat: true },
    { pax_type: 'infant', amount_cents: 0, max_age: 2, occupies_seat: false },
  ],
  availability_rules: [
    { weekdays: [1, 3, 5], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: '2026-12-31' },
  ],
  closed_dates: ['2026-12-25'],
});

describe('POST /api/v1/products and GET /api/v1/products/{id}', () => {
  it('PRODUCT §2: the contract example is created (201) and read back with every field', async () => {
    const res = await send('POST', '/api/v1/products', w.tokens.admin, SPEC_EXAMPLE());
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      tour_operator_id: w.A.op.id,
      tour_operator: {
        id: w.A.op.id,
        name: 'Operador A',
        timezone: 'Europe/Madrid',
        default_language: 'es',
        public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
      },
      code: 'TEI-01',
      name: 'Subida al Teide',
      state: 'active',
      duration_minutes: 480,
      capacity: 50,
      min_pax: 1,
      booking_cutoff_hours: 12,
      free_cancellation_hours: 24,
      instant_confirmation: true,
      pickup_enabled: true,
      languages: ['es', 'en'],
      currency: 'EUR',
      short_description: '',
      description: '',
      meeting_point: '',
      includes: [],
      excludes: [],
      what_to_bring: [],
      pickup_notes: '',
      translations: {},
      seasons: [],
      pickups: [],
      images: [],
      closed_dates: ['2026-12-25'],
      from_price_cents: 4500,
      booking_terms: '',
      public_urls: {
        landing: `http://localhost:80/public/landing/${p.id}`,
        booking: `http://localhost:80/public/booking/product/${p.id}`,
      },
    });
    expect(p.prices).toEqual([
      { pax_type: 'adult', amount_cents: 4500, min_age: 12, max_age: null, occupies_seat: true },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11, occupies_seat: true },
      { pax_type: 'infant', amount_cents: 0, min_age: null, max_age: 2, occupies_seat: false },
    ]);
    expect(p.availability_rules).toEqual([
      { weekdays: [1, 3, 5], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: '2026-12-31' },
    ]);
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(p.created_at)).not.toBeNaN();

    const read = await get(`/api/v1/products/${p.id}`, w.tokens.A1);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(p);
  });

  it('from_price_cents: the adult price, else the lowest paid price, else null', async () => {
    const noAdult = await create(w.tokens.A1, {
      prices: [
        { pax_type: 'infant', amount_cents: 0 },
        { pax_type: 'child', amount_cents: 2000 },
        { pax_type: 'senior', amount_cents: 3000 },
      ],
    });
    expect(noAdult.from_price_cents).toBe(2000);
    expect((await create(w.tokens.A1)).from_price_cents).toBeNull();
  });

  it('PRODUCT §3: a level-1 admin creates for its own operator; a tour_operator_id in the body is ignored', async () => {
    const p = await create(w.tokens.A1, { tour_operator_id: w.B.op.id });
    expect(p.tour_operator_id).toBe(w.A.op.id);
  });

  it('PRODUCT §3: the administrator must name an operator that exists (422)', async () => {
    const none = await send('POST', '/api/v1/products', w.tokens.admin, newProduct());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.tour_operator_id).toEqual(['Campo requerido']);
    const unknown = await send(
      'POST',
      '/api/v1/products',
      w.tokens.admin,
      newProduct({ tour_operator_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.tour_operator_id).toEqual(['El tour operador no existe']);
  });

  it('PRODUCT §2: validation answers 422 with a Spanish message next to each field', async () => {
    const res = await send('POST', '/api/v1/products', w.tokens.A1, {
      code: 'con espacios',
      capacity: 0,
      languages: ['es', 'xx'],
      meeting_lat_lng: 'no es una coordenada',
      prices: [
        { pax_type: 'adult', amount_cents: 4500 },
        { pax_type: 'adult', amount_cents: 4000 },
      ],
      seasons: [{ name: 'Verano', from: '2026-09-01', to: '2026-06-01', prices: [] }],
      availability_rules: [{ weekdays: [0, 8], times: ['25:00'], valid_from: '2026-02-30' }],
      closed_dates: ['31/12/2026'],
      pickups: [{ minutes_before: 30 }],
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toBe('Hay errores en los datos enviados');
    expect(errors.name).toEqual(['Campo requerido']);
    expect(errors.code).toEqual(['Solo letras, números, punto, guion y guion bajo']);
    expect(errors.capacity).toEqual(['Debe ser como mínimo 1']);
    expect(errors['languages.1']).toEqual(['Opción no válida']);
    expect(errors.meeting_lat_lng[0]).toMatch(/^Coordenadas no válidas/);
    expect(errors.prices).toEqual(['Cada tipo de pasajero solo puede tener una tarifa']);
    expect(errors['seasons.0.prices']).toEqual(['Añade al menos una tarifa a la temporada']);
    expect(errors['availability_rules.0.weekdays.0']).toEqual(['Debe ser como mínimo 1']);
    expect(errors['availability_rules.0.weekdays.1']).toEqual(['Debe ser como máximo 7']);
    expect(errors['availability_rules.0.times.0']).toEqual(['Hora no válida (HH:mm, 24 horas)']);
    expect(errors['availability_rules.0.valid_from']).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    expect(errors['closed_dates.0'][0]).toBe('Fecha no válida (AAAA-MM-DD)');
    expect(errors['pickups.0.accommodation_id']).toEqual(['Elige un alojamiento o una zona']);
  });

  it('422 for rules between fields: min_pax above capacity, a season ending before it starts', async () => {
    const res = await send(
      'POST',
      '/api/v1/products',
      w.tokens.A1,
      newProduct({
        capacity: 4,
        min_pax: 6,
        seasons: [
          { name: 'Verano', from: '2026-09-01', to: '2026-06-01', prices: [{ pax_type: 'adult', amount_cents: 1 }] },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.min_pax).toEqual(['El mínimo de pasajeros no puede superar las plazas']);
    expect(res.json().errors['seasons.0.to']).toEqual(['La fecha final debe ser posterior a la inicial']);
  });

  it('PRODUCT §2: malformed JSON answers 400, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { ...bearer(w.tokens.A1), 'content-type': 'application/json' },
      payload: '{"code": "X",',
    });
    expect(res.statusCode).toBe(400);
  });

  it('the code is unique per operator, case-insensitively (409 on field code); another operator may reuse it', async () => {
    await create(w.tokens.A1, { code: 'MASCA-01' });
    const dup = await send('POST', '/api/v1/products', w.tokens.A1, newProduct({ code: 'masca-01' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'CODE_TAKEN',
      message: 'Ya existe un producto con ese código',
      errors: { code: ['Ya existe un producto con ese código'] },
    });
    const other = await send('POST', '/api/v1/products', w.tokens.B1, newProduct({ code: 'MASCA-01' }));
    expect(other.statusCode).toBe(201);
  });

  it('PRODUCT §4: the description is sanitised on the server (no scripts, handlers, javascript: links)', async () => {
    const p = await create(w.tokens.A1, {
      description:
        '<h2>Masca</h2><p onclick="alert(1)" style="color:red">Barranco <strong>espectacular</strong></p><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">pulsa</a> <a href="https://www.tenerife.es">web</a><img src=x onerror=alert(1)>',
    });
    expect(p.description).toBe(
      '<h2>Masca</h2><p>Barranco <strong>espectacular</strong></p>pulsa <a href="https://www.tenerife.es" target="_blank" rel="noopener noreferrer">web</a>',
    );
  });

  it('PRODUCT §4: pickups carry their accommodation (own or shared) with minutes before or a fixed time', async () => {
    const p = await create(w.tokens.A1, {
      pickup_enabled: true,
      pickups: [
        { accommodation_id: acc.ownA, minutes_before: 60 },
        { accommodation_id: acc.shared, fixed_time: '07:45' },
        { zone: 'Las Américas', minutes_before: 50 },
      ],
    });
    expect(p.pickups).toEqual([
      {
        id: expect.any(String),
        accommodation_id: acc.ownA,
        accommodation: {
          id: acc.ownA,
          name: 'Hotel Bahía del Duque',
          zone: 'Costa Adeje',
          lat_lng: '28.0800,-16.7300',
          shared: false,
        },
        zone: null,
        minutes_before: 60,
        fixed_time: null,
        position: 0,
      },
      {
        id: expect.any(String),
        accommodation_id: acc.shared,
        accommodation: {
          id: acc.shared,
          name: 'Hotel Arona Gran',
          zone: 'Los Cristianos',
          lat_lng: '28.0800,-16.7300',
          shared: true,
        },
        zone: null,
        minutes_before: null,
        fixed_time: '07:45',
        position: 1,
      },
      {
        id: expect.any(String),
        accommodation_id: null,
        accommodation: null,
        zone: 'Las Américas',
        minutes_before: 50,
        fixed_time: null,
        position: 2,
      },
    ]);
  });

  it('an accommodation deleted after it was added drops out of the pickup list', async () => {
    const [hotel] = await app.db
      .insert(accommodations)
      .values({ name: 'Hotel que cierra', tourOperatorId: w.A.op.id, zone: 'Costa Adeje' })
      .returning();
    const p = await create(w.tokens.A1, {
      pickup_enabled: true,
      pickups: [
        { accommodation_id: hotel.id, minutes_before: 30 },
        { accommodation_id: acc.ownA, minutes_before: 40 },
      ],
    });
    expect(p.pickups).toHaveLength(2);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/accommodations/${hotel.id}`,
      headers: bearer(w.tokens.A1),
    });
    expect(del.statusCode).toBe(204);
    const again = await app.inject({ method: 'GET', url: `/api/v1/products/${p.id}`, headers: bearer(w.tokens.A1) });
    expect(again.json().pickups.map((x: { accommodation_id: string }) => x.accommodation_id)).toEqual([acc.ownA]);
  });

  it('pickups: another operator’s or a deleted accommodation, or one listed twice, answers 422 on pickups.N.accommodation_id', async () => {
    const res = await send(
      'POST',
      '/api/v1/products',
      w.tokens.A1,
      newProduct({
        pickups: [
          { accommodation_id: acc.ownB, minutes_before: 30 },
          { accommodation_id: acc.deletedA, minutes_before: 30 },
          { accommodation_id: acc.ownA, minutes_before: 30 },
          { accommodation_id: acc.ownA, minutes_before: 40 },
          { zone: 'Adeje', minutes_before: 40 },
          { zone: 'adeje', minutes_before: 40 },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'pickups.0.accommodation_id': ['El alojamiento no existe o no está disponible para este tour operador'],
      'pickups.1.accommodation_id': ['El alojamiento no existe o no está disponible para este tour operador'],
      'pickups.3.accommodation_id': ['Este alojamiento ya está en la lista de recogidas'],
      'pickups.5.zone': ['Esta zona ya está en la lista de recogidas'],
    });
    // Nothing was half-written.
    const rows = await app.db.select().from(products).where(eq(products.name, newProduct().name));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/v1/products (list)', () => {
  let token: string;
  let opId: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const op = await createOperator(app, { name: 'Operador Listas' });
    opId = op.id;
    token = await login(app, (await createUser(app, { level: 1, tourOperatorId: op.id })).email);
    const mk = async (code: string, name: string, over: Record<string, unknown>) =>
      (await create(token, { code, name, ...over })).id as string;
    ids = {
      whales: await mk('CAT-01', 'Avistamiento de cetáceos', {
        capacity: 80,
        pickup_enabled: true,
        short_description: 'Catamarán desde Puerto Colón',
      }),
      teide: await mk('TEI-02', 'Teide al atardecer', { capacity: 25, state: 'draft' }),
      masca: await mk('MAS-01', 'Masca y Los Gigantes', { capacity: 40, pickup_enabled: true }),
      loro: await mk('LOR-01', 'Loro Parque con traslado', { capacity: 55, state: 'inactive' }),
      orotava: await mk('ORO-01', 'Puerto de la Cruz y La Orotava', { capacity: 30 }),
    };
  });
  const list = async (query: string) => {
    const res = await get(`/api/v1/products${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const codes = async (query: string) => (await list(query)).json().map((p: { code: string }) => p.code);

  it('PRODUCT §2: a bare array sorted by name by default, with X-Total-Count', async () => {
    const res = await list('');
    expect(res.json().map((p: { code: string }) => p.code)).toEqual(['CAT-01', 'LOR-01', 'MAS-01', 'ORO-01', 'TEI-02']);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('filters: state, code, name (like, accent-insensitive), pickup_enabled, created_at', async () => {
    expect(await codes('?state[eq]=active')).toEqual(['CAT-01', 'MAS-01', 'ORO-01']);
    expect(await codes('?state[in]=draft,inactive')).toEqual(['LOR-01', 'TEI-02']);
    expect(await codes('?state=inactive')).toEqual(['LOR-01']);
    expect(await codes('?code[eq]=MAS-01')).toEqual(['MAS-01']);
    expect(await codes('?name[like]=CETACEOS')).toEqual(['CAT-01']);
    expect(await codes('?pickup_enabled=true')).toEqual(['CAT-01', 'MAS-01']);
    expect(await codes('?pickup_enabled[eq]=false&state[ne]=draft')).toEqual(['LOR-01', 'ORO-01']);
    expect(await codes('?created_at[gte]=2000-01-01')).toHaveLength(5);
    expect(await codes('?created_at[lt]=2000-01-01')).toEqual([]);
  });

  it('q searches name, code and short description (case- and accent-insensitive)', async () => {
    expect(await codes('?q=colon')).toEqual(['CAT-01']);
    expect(await codes('?q=ORO-0')).toEqual(['ORO-01']);
    expect(await codes('?q=gigantes')).toEqual(['MAS-01']);
  });

  it('sort and paging with Link headers; pages never overlap', async () => {
    expect(await codes('?sort=-capacity')).toEqual(['CAT-01', 'LOR-01', 'MAS-01', 'ORO-01', 'TEI-02']);
    expect(await codes('?sort=state,code')).toEqual(['CAT-01', 'MAS-01', 'ORO-01', 'TEI-02', 'LOR-01']);
    const p1 = await list('?sort=code&per_page=2&page=1');
    const p2 = await list('?sort=code&per_page=2&page=2');
    const p3 = await list('?sort=code&per_page=2&page=3');
    expect(p1.headers.link).toContain('rel="next"');
    expect(p3.headers.link).not.toContain('rel="next"');
    const all = [...p1.json(), ...p2.json(), ...p3.json()].map((p: { code: string }) => p.code);
    expect(all).toEqual(['CAT-01', 'LOR-01', 'MAS-01', 'ORO-01', 'TEI-02']);
    expect(p2.headers['x-total-count']).toBe('5');
  });

  it('PRODUCT §2: unknown fields, bad values and unknown sorts answer 400 naming them', async () => {
    for (const q of [
      '?description[like]=x',
      '?state[eq]=borrador',
      '?pickup_enabled=quizá',
      '?capacity[gt]=3',
      '?sort=prices',
      '?tour_operator_id=nope',
      '?per_page=501',
    ]) {
      const res = await get(`/api/v1/products${q}`, token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('ADR 054: fields= answers only the fields asked for (id always), with the same rows, order and count', async () => {
    const full = await list('?sort=code');
    const res = await list('?sort=code&fields=code,capacity,tour_operator');
    expect(res.headers['x-total-count']).toBe(full.headers['x-total-count']);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.map((r) => Object.keys(r))).toEqual(rows.map(() => ['id', 'tour_operator', 'code', 'capacity']));
    expect(rows).toEqual(
      full.json().map((p: Record<string, unknown>) => ({
        id: p.id,
        tour_operator: p.tour_operator,
        code: p.code,
        capacity: p.capacity,
      })),
    );
    // Spaces and an empty item are forgiven; an empty value means every field.
    expect(Object.keys((await list('?fields= name , ,state')).json()[0]).sort()).toEqual(['id', 'name', 'state']);
    expect(Object.keys((await list('?fields=')).json()[0])).toEqual(Object.keys(full.json()[0]));
  });

  it('ADR 054: pickups and images come when asked for, with their accommodation', async () => {
    const withPickup = await create(token, {
      code: 'PIC-01',
      pickup_enabled: true,
      pickups: [{ accommodation_id: acc.shared, minutes_before: 30 }],
    });
    const rows = (await list('?code[eq]=PIC-01&fields=pickups,images')).json();
    expect(rows).toEqual([{ id: withPickup.id, pickups: withPickup.pickups, images: [] }]);
    expect(rows[0].pickups[0].accommodation.name).toBe('Hotel Arona Gran');
    await send('DELETE', `/api/v1/products/${withPickup.id}`, token);
  });

  it('ADR 054: a field the answer does not have, or fields on a list that takes none, answer 400 naming it', async () => {
    for (const q of ['?fields=code,password_hash', '?fields=__proto__', `?fields=${'a,'.repeat(1001)}`]) {
      const res = await get(`/api/v1/products${q}`, token);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['fields']);
    }
    const bad = await get('/api/v1/products?fields=code,nombre', token);
    expect(bad.json().errors.fields).toEqual(['La lista no tiene el campo "nombre"']);
    const twice = await get('/api/v1/products?fields=code&fields=name', token);
    expect(twice.statusCode).toBe(400);
    // A list that takes no fields, and the products' export (a file has its own columns).
    for (const url of ['/api/v1/vehicles?fields=id', '/api/v1/products/export.csv?fields=id']) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.fields, url).toEqual([
        'Esta lista no admite "fields": cada fila lleva todos sus campos',
      ]);
    }
  });

  it('ADR 054: the OpenAPI document publishes fields with every field the product answer has', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const param = doc.paths['/api/v1/products'].get.parameters.find((p: { name: string }) => p.name === 'fields');
    const answered = Object.keys((await list('')).json()[0]);
    expect([...param.schema.items.enum].sort()).toEqual(answered.sort());
    const row = doc.paths['/api/v1/products'].get.responses['200'].content['application/json'].schema.items;
    expect(row.required).toEqual(['id']);
    for (const path of ['/api/v1/vehicles', '/api/v1/products/export.csv']) {
      const names = doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
      expect(names, path).not.toContain('fields');
    }
  });

  it('PRODUCT §3: the administrator sees every operator and filters by tour_operator_id', async () => {
    const all = await get('/api/v1/products?per_page=500', w.tokens.admin);
    const ops = new Set(all.json().map((p: { tour_operator_id: string }) => p.tour_operator_id));
    expect(ops.has(opId) && ops.has(w.A.op.id) && ops.has(w.B.op.id)).toBe(true);
    const one = await get(`/api/v1/products?tour_operator_id=${opId}&sort=code`, w.tokens.admin);
    expect(one.json().map((p: { id: string }) => p.id)).toEqual([
      ids.whales,
      ids.loro,
      ids.masca,
      ids.orotava,
      ids.teide,
    ]);
  });
});

describe('booking terms per product (issue 12)', () => {
  const TERMS = 'Visita a pie de dos horas por el casco histórico.\nLleva calzado cómodo.';

  it('are created, read, changed and emptied (then the operator’s apply); other edits keep them', async () => {
    const p = await create(w.tokens.A1, { booking_terms: `  ${TERMS}  ` });
    expect(p.booking_terms).toBe(TERMS);
    expect((await get(`/api/v1/products/${p.id}`, w.tokens.A1)).json().booking_terms).toBe(TERMS);
    expect((await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { name: 'Otra' })).json().booking_terms).toBe(
      TERMS,
    );
    const changed = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { booking_terms: 'Otras condiciones' });
    expect(changed.json().booking_terms).toBe('Otras condiciones');
    const emptied = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { booking_terms: '' });
    expect(emptied.json().booking_terms).toBe('');
    // Sellers read them with the product.
    const list = await get('/api/v1/products?per_page=500', w.tokens.A2);
    expect(list.json().find((x: { id: string }) => x.id === p.id)).toHaveProperty('booking_terms', '');
  });

  it('the operator’s limit (20 000 characters) and no control characters: 422 on booking_terms', async () => {
    for (const booking_terms of ['x'.repeat(20_001), 'a\u0000b', 'a\u0007b']) {
      const res = await send('POST', '/api/v1/products', w.tokens.A1, newProduct({ booking_terms }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['booking_terms']);
    }
    const max = await send('POST', '/api/v1/products', w.tokens.A1, newProduct({ booking_terms: 'x'.repeat(20_000) }));
    expect(max.statusCode).toBe(201);
  });

  it('an Operador (3) may not change them (availability only)', async () => {
    const p = await create(w.tokens.A1, { booking_terms: TERMS });
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A3, { booking_terms: 'Cambiadas' });
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/v1/products/${p.id}`, w.tokens.A1)).json().booking_terms).toBe(TERMS);
  });
});

describe('issue 15: what to bring, pickup notes and translations', () => {
  const DE = {
    name: 'Auffahrt zum Teide',
    short_description: 'Der höchste Berg Spaniens.',
    description: '<p>Mit der <b>Seilbahn</b> nach oben.</p>',
    includes: ['Bus', 'Reiseleiter'],
    excludes: ['Seilbahnticket'],
    what_to_bring: ['Warme Kleidung'],
    meeting_point: 'Parkplatz der Seilbahn',
    booking_terms: 'Kostenlose Stornierung bis 24 Stunden vorher.',
    pickup_notes: 'Warten Sie vor dem Hoteleingang.',
  };

  it('are created and read back; the operator’s languages come with the product', async () => {
    const p = await create(w.tokens.A1, {
      what_to_bring: [' Ropa de abrigo ', 'Agua'],
      pickup_notes: '  Espera en la puerta del hotel. ',
      translations: { de: DE, en: { name: 'Teide ascent', includes: [] } },
    });
    expect(p.what_to_bring).toEqual(['Ropa de abrigo', 'Agua']);
    expect(p.pickup_notes).toBe('Espera en la puerta del hotel.');
    expect(p.translations).toEqual({
      de: { ...DE, description: '<p>Mit der <strong>Seilbahn</strong> nach oben.</p>' },
      en: { name: 'Teide ascent' },
    });
    expect(p.tour_operator).toMatchObject({
      default_language: 'es',
      public_languages: ['es', 'en', 'de', 'fr', 'it', 'nl'],
    });
    expect((await get(`/api/v1/products/${p.id}`, w.tokens.A2)).json()).toEqual(p);
    const [listed] = (await get(`/api/v1/products?code=${p.code}`, w.tokens.A1)).json();
    expect(listed.translations).toEqual(p.translations);
  });

  it('new products without them answer empty ones', async () => {
    const p = await create(w.tokens.A1);
    expect(p).toMatchObject({ what_to_bring: [], pickup_notes: '', translations: {} });
  });

  it('a translated description is sanitised like the base one', async () => {
    const p = await create(w.tokens.A1, {
      translations: {
        fr: {
          description:
            '<p onclick="alert(1)">Ravin <i>superbe</i></p><script>alert(1)</script><a href="javascript:alert(1)">clic</a>' +
            '<img src=x onerror=alert(1)><a href="https://www.tenerife.es">web</a>',
        },
      },
    });
    expect(p.translations.fr.description).toBe(
      '<p>Ravin <em>superbe</em></p>clic<a href="https://www.tenerife.es" target="_blank" rel="noopener noreferrer">web</a>',
    );
    // What sanitises to nothing is no translation at all.
    const empty = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, {
      translations: { fr: { description: '<script>alert(1)</script><p> </p>' } },
    });
    expect(empty.json().translations).toEqual({});
  });

  it('PUT: a language sent replaces the stored one, {} or only empty texts remove it, the others stay', async () => {
    const p = await create(w.tokens.A1, {
      translations: {
        de: DE,
        en: { name: 'Teide ascent', meeting_point: 'Cable car car park' },
        it: { name: 'Teide' },
      },
    });
    const url = `/api/v1/products/${p.id}`;
    const res = await send('PUT', url, w.tokens.A1, {
      translations: {
        en: { name: 'Teide by cable car' },
        de: {},
        it: { name: '  ', includes: [], description: '' },
        nl: { name: 'Beklimming van de Teide', excludes: ['Kabelbaan'] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().translations).toEqual({
      en: { name: 'Teide by cable car' },
      nl: { name: 'Beklimming van de Teide', excludes: ['Kabelbaan'] },
    });
    // Not sent: stays as stored; other edits keep them.
    const other = await send('PUT', url, w.tokens.A1, { name: 'Subida al Teide', what_to_bring: ['Agua'] });
    expect(other.json().translations).toEqual(res.json().translations);
    expect(other.json().what_to_bring).toEqual(['Agua']);
    // An empty map changes nothing; the base lists empty out like any list.
    const none = await send('PUT', url, w.tokens.A1, { translations: {}, what_to_bring: [], pickup_notes: '' });
    expect(none.json()).toMatchObject({ translations: res.json().translations, what_to_bring: [], pickup_notes: '' });
  });

  it('422 with Spanish messages: an unknown language, a field that is not translatable, too long texts', async () => {
    const res = await send(
      'POST',
      '/api/v1/products',
      w.tokens.A1,
      newProduct({
        translations: {
          pt: { name: 'Subida' },
          de: { name: 'x'.repeat(151), includes: ['ok', ''], capacity: 3 },
          en: { booking_terms: 'x'.repeat(20_001), what_to_bring: Array.from({ length: 31 }, (_, i) => `i${i}`) },
        },
        what_to_bring: ['x'.repeat(201)],
        pickup_notes: 'x'.repeat(1001),
      }),
    );
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.translations[0]).toBe('Idioma no admitido (solo es, en, de, fr, it, nl): pt');
    expect(e['translations.de.name']).toEqual(['Máximo 150 caracteres']);
    expect(e['translations.de.includes.1']).toEqual(['Campo requerido']);
    expect(e['translations.de']).toEqual(['Texto no traducible: capacity']);
    expect(e['translations.en.booking_terms'][0]).toMatch(/20000|20\.000/);
    expect(e['translations.en.what_to_bring']).toHaveLength(1);
    expect(e['what_to_bring.0']).toEqual(['Máximo 200 caracteres']);
    expect(e.pickup_notes).toEqual(['Máximo 1000 caracteres']);
    expect((await send('POST', '/api/v1/products', w.tokens.A1, newProduct({ translations: ['de'] }))).statusCode).toBe(
      422,
    );
  });

  it('an Operador (3) may not change them (availability only); another operator’s product is 404', async () => {
    const p = await create(w.tokens.A1, { translations: { de: { name: 'Teide' } } });
    const url = `/api/v1/products/${p.id}`;
    expect((await send('PUT', url, w.tokens.A3, { translations: { de: {} } })).statusCode).toBe(403);
    expect((await send('PUT', url, w.tokens.A3, { what_to_bring: ['Agua'] })).statusCode).toBe(403);
    expect((await send('PUT', url, w.tokens.B1, { translations: { de: { name: 'Robado' } } })).statusCode).toBe(404);
    expect((await get(url, w.tokens.A1)).json().translations).toEqual({ de: { name: 'Teide' } });
  });
});

describe('PUT /api/v1/products/{id}', () => {
  it('fields not sent stay as they are', async () => {
    const p = await create(w.tokens.A1, {
      short_description: 'Corta',
      languages: ['es', 'de'],
      prices: [{ pax_type: 'adult', amount_cents: 5000 }],
    });
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { name: 'Nombre nuevo' });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.name).toBe('Nombre nuevo');
    expect({ ...u, name: p.name, updated_at: p.updated_at }).toEqual(p);
    expect(Date.parse(u.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.updated_at));
  });

  it('a list sent replaces the stored one: prices, seasons, rules, closed dates, includes, pickups', async () => {
    const p = await create(w.tokens.A1, {
      prices: [
        { pax_type: 'adult', amount_cents: 5000 },
        { pax_type: 'child', amount_cents: 2500 },
      ],
      seasons: [
        { name: 'Verano', from: '2026-07-01', to: '2026-08-31', prices: [{ pax_type: 'adult', amount_cents: 5500 }] },
      ],
      availability_rules: [{ weekdays: [1], times: ['09:00'], valid_from: '2026-01-01' }],
      closed_dates: ['2026-12-25', '2026-01-01'],
      includes: ['Guía', 'Agua'],
      pickups: [
        { accommodation_id: acc.ownA, minutes_before: 60 },
        { accommodation_id: acc.shared, minutes_before: 45 },
      ],
    });
    expect(p.closed_dates).toEqual(['2026-01-01', '2026-12-25']);
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, {
      prices: [{ pax_type: 'senior', amount_cents: 3000 }],
      seasons: [],
      availability_rules: [{ weekdays: [6, 2], times: ['14:00', '08:00'], valid_from: '2027-01-01', valid_to: null }],
      closed_dates: ['2027-01-06', '2027-01-06'],
      includes: [],
      pickups: [{ accommodation_id: acc.ownA2, fixed_time: '08:10' }],
    });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.prices).toEqual([
      { pax_type: 'senior', amount_cents: 3000, min_age: null, max_age: null, occupies_seat: true },
    ]);
    expect(u.seasons).toEqual([]);
    expect(u.availability_rules).toEqual([
      { weekdays: [2, 6], times: ['08:00', '14:00'], valid_from: '2027-01-01', valid_to: null },
    ]);
    expect(u.closed_dates).toEqual(['2027-01-06']);
    expect(u.includes).toEqual([]);
    expect(
      u.pickups.map((x: { accommodation_id: string; position: number }) => [x.accommodation_id, x.position]),
    ).toEqual([[acc.ownA2, 0]]);
    const cleared = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { pickups: [] });
    expect(cleared.json().pickups).toEqual([]);
  });

  it('422 when min_pax would exceed the stored capacity; 409 when the code is another product’s', async () => {
    const p = await create(w.tokens.A1, { capacity: 8 });
    const other = await create(w.tokens.A1);
    const minPax = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { min_pax: 9 });
    expect(minPax.statusCode).toBe(422);
    expect(minPax.json().errors.min_pax).toEqual(['El mínimo de pasajeros no puede superar las plazas']);
    const code = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { code: other.code.toLowerCase() });
    expect(code.statusCode).toBe(409);
    expect(code.json().errors.code).toEqual(['Ya existe un producto con ese código']);
    const own = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { code: p.code.toLowerCase() });
    expect(own.statusCode).toBe(200);
    expect(own.json().code).toBe(p.code.toLowerCase());
  });

  it('the description is sanitised on update too; pickups are checked on update too', async () => {
    const p = await create(w.tokens.A1);
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, {
      description: '<p>Hola<script>alert(1)</script></p>',
    });
    expect(res.json().description).toBe('<p>Hola</p>');
    const bad = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, {
      pickups: [{ accommodation_id: acc.ownB, minutes_before: 10 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['pickups.0.accommodation_id']);
  });

  it('a product does not move to another operator (422 for the administrator)', async () => {
    const p = await create(w.tokens.A1);
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.admin, { tour_operator_id: w.B.op.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tour_operator_id).toEqual(['No se puede cambiar el tour operador de un producto']);
    const same = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.admin, { tour_operator_id: w.A.op.id });
    expect(same.statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/products/{id}', () => {
  it('soft-deletes (204): gone from reads and lists, the row stays, and the code is free again', async () => {
    const p = await create(w.tokens.A1, { code: 'BORRAR-1' });
    const res = await send('DELETE', `/api/v1/products/${p.id}`, w.tokens.A1);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(`/api/v1/products/${p.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${p.id}`, w.tokens.admin)).statusCode).toBe(404);
    expect((await get('/api/v1/products?code=BORRAR-1', w.tokens.A1)).json()).toEqual([]);
    const [row] = await app.db.select().from(products).where(eq(products.id, p.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await send('POST', '/api/v1/products', w.tokens.A1, newProduct({ code: 'BORRAR-1' }))).statusCode).toBe(
      201,
    );
    expect((await send('DELETE', `/api/v1/products/${p.id}`, w.tokens.A1)).statusCode).toBe(404);
  });

  it('refuses (409) while a future departure has seats sold; past ones do not count', async () => {
    const p = await create(w.tokens.A1);
    await sellSeats(p.id, w.A.op.id, '2020-05-05', '09:00', 3);
    await sellSeats(p.id, w.A.op.id, '2031-05-05', '09:00', 2);
    const res = await send('DELETE', `/api/v1/products/${p.id}`, w.tokens.A1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
    expect(res.json().message).toBe(
      'El producto tiene plazas vendidas en salidas futuras (la primera, el 05/05/2031 a las 09:00); desactívalo en lugar de eliminarlo',
    );
    await sellSeats(p.id, w.A.op.id, '2031-05-05', '09:00', 0);
    expect((await send('DELETE', `/api/v1/products/${p.id}`, w.tokens.A1)).statusCode).toBe(204);
  });

  it('a path id that is not a UUID answers 404', async () => {
    expect((await get('/api/v1/products/123', w.tokens.A1)).statusCode).toBe(404);
    expect((await send('DELETE', "/api/v1/products/1'%20or%201=1", w.tokens.A1)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/products/{id}/availability', () => {
  // 2030: 23 Sep is a Monday, 1 Oct a Tuesday, 28 Sep and 12 Oct Saturdays.
  let productId: string;
  beforeAll(async () => {
    productId = (
      await create(w.tokens.A1, {
        capacity: 40,
        availability_rules: [
          { weekdays: [1, 3, 5, 6], times: ['08:30'], valid_from: '2030-04-01', valid_to: '2030-09-30' },
          { weekdays: [2, 4, 6], times: ['14:00', '09:30'], valid_from: '2030-10-01', valid_to: '2031-03-31' },
        ],
        closed_dates: ['2030-09-28', '2030-10-12'],
      })
    ).id;
  });
  const availability = (from: string, to: string, token = w.tokens.A1, id = productId) =>
    get(`/api/v1/products/${id}/availability?from=${from}&to=${to}`, token);

  it('answers the departures of a month across a summer and a winter rule, skipping closed days', async () => {
    const res = await availability('2030-09-23', '2030-10-13');
    expect(res.statusCode).toBe(200);
    const slots = res.json();
    expect(slots.map((s: { date: string; time: string }) => `${s.date} ${s.time}`)).toEqual([
      '2030-09-23 08:30',
      '2030-09-25 08:30',
      '2030-09-27 08:30',
      '2030-09-30 08:30',
      '2030-10-01 09:30',
      '2030-10-01 14:00',
      '2030-10-03 09:30',
      '2030-10-03 14:00',
      '2030-10-05 09:30',
      '2030-10-05 14:00',
      '2030-10-08 09:30',
      '2030-10-08 14:00',
      '2030-10-10 09:30',
      '2030-10-10 14:00',
    ]);
    // PRODUCT §2 contract shape.
    expect(slots[0]).toEqual({
      date: '2030-09-23',
      time: '08:30',
      capacity: 40,
      seats_taken: 0,
      seats_left: 40,
      available: true,
      closed: false,
      departure_id: null,
    });
  });

  it('past departures are not available', async () => {
    const p = await create(w.tokens.A1, {
      availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['10:00'], valid_from: '2020-01-01' }],
    });
    const res = await availability('2020-03-01', '2020-03-02', w.tokens.A1, p.id);
    expect(res.json().map((s: { available: boolean }) => s.available)).toEqual([false, false]);
  });

  it('PRODUCT §2: a bad query answers 400 (missing, malformed, reversed or longer than 62 days)', async () => {
    for (const q of [
      '',
      '?from=2030-01-01',
      '?from=2030-02-30&to=2030-03-01',
      '?from=01/01/2030&to=2030-03-01',
      '?from=2030-03-01&to=2030-02-01',
      '?from=2030-01-01&to=2031-01-03',
      // Issue 12: a year of a product with 48 departures a day was 17,000 rows.
      '?from=2030-01-01&to=2030-03-04',
    ]) {
      const res = await get(`/api/v1/products/${productId}/availability${q}`, w.tokens.A1);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Parámetros de la petición no válidos');
    }
    const tooLong = await availability('2030-01-01', '2030-03-04');
    expect(tooLong.json().errors.to).toEqual(['El intervalo no puede superar 62 días']);
    expect((await availability('2030-01-01', '2030-03-03')).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/products/{id}/departures', () => {
  let productId: string;
  beforeAll(async () => {
    productId = (
      await create(w.tokens.A1, {
        capacity: 40,
        availability_rules: [{ weekdays: [1, 3, 5], times: ['08:30'], valid_from: '2030-01-01', valid_to: null }],
      })
    ).id;
  });
  const putDeparture = (body: object, token = w.tokens.A1, id = productId) =>
    send('PUT', `/api/v1/products/${id}/departures`, token, body);
  const slotsOf = async (from: string, to = from) =>
    (await get(`/api/v1/products/${productId}/availability?from=${from}&to=${to}`, w.tokens.A1)).json();

  it('a capacity override shows in availability; null makes it follow the product again', async () => {
    const res = await putDeparture({ date: '2030-09-23', time: '08:30', capacity: 20, notes: 'Guagua pequeña' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: '2030-09-23',
      time: '08:30',
      capacity: 20,
      seats_left: 20,
      closed: false,
    });
    const row = await departureRow(productId, '2030-09-23', '08:30');
    expect(row).toMatchObject({
      capacity: 20,
      capacityOverride: true,
      notes: 'Guagua pequeña',
      tourOperatorId: w.A.op.id,
    });
    expect(res.json().departure_id).toBe(row.id);
    const [slot] = await slotsOf('2030-09-23');
    expect(slot).toMatchObject({ capacity: 20, departure_id: row.id });

    const back = await putDeparture({ date: '2030-09-23', time: '08:30', capacity: null });
    expect(back.json().capacity).toBe(40);
    expect(await departureRow(productId, '2030-09-23', '08:30')).toMatchObject({
      capacity: 40,
      capacityOverride: false,
      notes: 'Guagua pequeña', // not sent: kept
    });
  });

  it('closing a departure shows it closed and not available; reopening brings it back', async () => {
    const closed = await putDeparture({ date: '2030-09-25', time: '08:30', closed: true });
    expect(closed.json()).toMatchObject({ closed: true, available: false, capacity: 40 });
    expect((await slotsOf('2030-09-25'))[0]).toMatchObject({ closed: true, available: false });
    const open = await putDeparture({ date: '2030-09-25', time: '08:30', closed: false });
    expect(open.json()).toMatchObject({ closed: false, available: true });
  });

  it('an extra departure at a time no rule gives appears in availability', async () => {
    const res = await putDeparture({ date: '2030-09-24', time: '16:00', capacity: 12 });
    expect(res.statusCode).toBe(200);
    const slots = await slotsOf('2030-09-23', '2030-09-25');
    expect(
      slots.map((s: { date: string; time: string; capacity: number }) => `${s.date} ${s.time} ${s.capacity}`),
    ).toEqual(['2030-09-23 08:30 40', '2030-09-24 16:00 12', '2030-09-25 08:30 40']);
  });

  it('a capacity below the seats sold answers 409 and changes nothing', async () => {
    await sellSeats(productId, w.A.op.id, '2030-09-27', '08:30', 15);
    const res = await putDeparture({ date: '2030-09-27', time: '08:30', capacity: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CAPACITY_BELOW_SOLD',
      message: 'No se puede bajar la capacidad por debajo de las plazas vendidas',
      errors: { capacity: ['No se puede bajar la capacidad por debajo de las plazas vendidas'] },
    });
    expect(await departureRow(productId, '2030-09-27', '08:30')).toMatchObject({ capacity: 40, seatsTaken: 15 });
    const ok = await putDeparture({ date: '2030-09-27', time: '08:30', capacity: 15 });
    expect(ok.json()).toMatchObject({ capacity: 15, seats_taken: 15, seats_left: 0, available: false });
  });

  it('validation: 422 for a bad date, time or capacity', async () => {
    const res = await putDeparture({ date: '2030-13-01', time: '8:30', capacity: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      date: ['Fecha no válida (AAAA-MM-DD)'],
      time: ['Hora no válida (HH:mm, 24 horas)'],
      capacity: ['Debe ser como mínimo 1'],
    });
  });

  it('a new product capacity is followed by departures without their own; overrides keep theirs', async () => {
    const p = await create(w.tokens.A1, { capacity: 30 });
    await sellSeats(p.id, w.A.op.id, '2030-06-03', '09:00', 5);
    await putDeparture({ date: '2030-06-04', time: '09:00', capacity: 12 }, w.tokens.A1, p.id);
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { capacity: 45 });
    expect(res.statusCode).toBe(200);
    expect(await departureRow(p.id, '2030-06-03', '09:00')).toMatchObject({ capacity: 45, capacityOverride: false });
    expect(await departureRow(p.id, '2030-06-04', '09:00')).toMatchObject({ capacity: 12, capacityOverride: true });
  });

  it('a product capacity below a following departure’s seats sold answers 409 and changes nothing', async () => {
    const p = await create(w.tokens.A1, { capacity: 30 });
    await sellSeats(p.id, w.A.op.id, '2030-06-03', '09:00', 8);
    await sellSeats(p.id, w.A.op.id, '2030-06-05', '09:00', 2);
    const res = await send('PUT', `/api/v1/products/${p.id}`, w.tokens.A1, { capacity: 6, name: 'Cambio' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede bajar la capacidad por debajo de las plazas vendidas');
    expect(res.json().errors.capacity[0]).toBe(
      'No se puede bajar la capacidad por debajo de las plazas vendidas: la salida del 03/06/2030 a las 09:00 tiene 8 plazas vendidas',
    );
    const after = (await get(`/api/v1/products/${p.id}`, w.tokens.A1)).json();
    expect(after).toMatchObject({ capacity: 30, name: p.name });
    expect(await departureRow(p.id, '2030-06-05', '09:00')).toMatchObject({ capacity: 30 });
  });
});

describe('PRODUCT §3: who may do what with products', () => {
  let active: { id: string };
  let draft: { id: string };
  let inactive: { id: string };
  beforeAll(async () => {
    active = await create(w.tokens.A1, { state: 'active', code: 'ROL-ACT' });
    draft = await create(w.tokens.A1, { state: 'draft', code: 'ROL-DRA' });
    inactive = await create(w.tokens.A1, { state: 'inactive', code: 'ROL-INA' });
  });
  const range = 'from=2030-01-01&to=2030-01-31';

  it('reading: levels 0–3 may, 4 and 5 may not (403); no token is 401', async () => {
    for (const t of [w.tokens.admin, w.tokens.A1, w.tokens.A2, w.tokens.A3]) {
      expect((await get('/api/v1/products', t)).statusCode).toBe(200);
      expect((await get(`/api/v1/products/${active.id}`, t)).statusCode).toBe(200);
      expect((await get(`/api/v1/products/${active.id}/availability?${range}`, t)).statusCode).toBe(200);
    }
    for (const t of [w.tokens.A4, w.tokens.A5]) {
      for (const url of [
        '/api/v1/products',
        `/api/v1/products/${active.id}`,
        `/api/v1/products/${active.id}/availability?${range}`,
      ]) {
        const res = await get(url, t);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(401);
  });

  it('a Vendedor (2) reads active products only: drafts and inactive ones answer 404 and are not listed', async () => {
    const list = (await get('/api/v1/products?per_page=500', w.tokens.A2)).json();
    expect(list.every((p: { state: string }) => p.state === 'active')).toBe(true);
    expect(list.some((p: { id: string }) => p.id === active.id)).toBe(true);
    for (const p of [draft, inactive]) {
      expect((await get(`/api/v1/products/${p.id}`, w.tokens.A2)).statusCode).toBe(404);
      expect((await get(`/api/v1/products/${p.id}/availability?${range}`, w.tokens.A2)).statusCode).toBe(404);
    }
    expect((await get('/api/v1/products?state=draft', w.tokens.A2)).json()).toEqual([]);
  });

  it('an Operador (3) reads every product of its operator, drafts included', async () => {
    expect((await get(`/api/v1/products/${draft.id}`, w.tokens.A3)).statusCode).toBe(200);
    const list = (await get('/api/v1/products?state=draft&per_page=500', w.tokens.A3)).json();
    expect(list.some((p: { id: string }) => p.id === draft.id)).toBe(true);
  });

  it('writing: only 0 and 1 create and delete; 2–5 get 403', async () => {
    for (const t of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await send('POST', '/api/v1/products', t, newProduct())).statusCode).toBe(403);
      expect((await send('DELETE', `/api/v1/products/${draft.id}`, t)).statusCode).toBe(403);
      expect((await send('PUT', `/api/v1/products/${draft.id}`, t, { name: 'X' })).statusCode).toBe(403);
    }
    expect((await get(`/api/v1/products/${draft.id}`, w.tokens.A1)).json().name).not.toBe('X');
  });

  it('an Operador (3) edits only the availability: rules and closed dates, and departures', async () => {
    const ok = await send('PUT', `/api/v1/products/${draft.id}`, w.tokens.A3, {
      availability_rules: [{ weekdays: [2], times: ['10:00'], valid_from: '2030-01-01' }],
      closed_dates: ['2030-01-15'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().closed_dates).toEqual(['2030-01-15']);
    const dep = await send('PUT', `/api/v1/products/${draft.id}/departures`, w.tokens.A3, {
      date: '2030-01-08',
      time: '10:00',
      closed: true,
    });
    expect(dep.statusCode).toBe(200);
    for (const body of [{ name: 'Otro' }, { capacity: 5 }, { closed_dates: [], prices: [] }, { state: 'active' }]) {
      const res = await send('PUT', `/api/v1/products/${draft.id}`, w.tokens.A3, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe(
        'Tu rol solo puede modificar la disponibilidad del producto (reglas semanales y días cerrados)',
      );
    }
    const after = (await get(`/api/v1/products/${draft.id}`, w.tokens.A1)).json();
    expect(after).toMatchObject({ state: 'draft', closed_dates: ['2030-01-15'] });
  });

  it('departures: 0, 1 and 3 may change them; 2, 4 and 5 may not', async () => {
    const body = { date: '2030-01-09', time: '10:00', notes: 'x' };
    for (const t of [w.tokens.admin, w.tokens.A1, w.tokens.A3]) {
      expect((await send('PUT', `/api/v1/products/${active.id}/departures`, t, body)).statusCode).toBe(200);
    }
    for (const t of [w.tokens.A2, w.tokens.A4, w.tokens.A5]) {
      expect((await send('PUT', `/api/v1/products/${active.id}/departures`, t, body)).statusCode).toBe(403);
    }
  });
});

describe('PRODUCT §3 / §7: tenant boundary on every endpoint', () => {
  let bProduct: Record<string, unknown> & { id: string };
  beforeAll(async () => {
    bProduct = await create(w.tokens.B1, {
      code: 'B-PRIV',
      capacity: 20,
      state: 'draft',
      availability_rules: [{ weekdays: [1], times: ['09:00'], valid_from: '2030-01-01' }],
      pickups: [{ accommodation_id: acc.ownB, minutes_before: 30 }],
    });
    await send('PUT', `/api/v1/products/${bProduct.id}/departures`, w.tokens.B1, {
      date: '2030-01-07',
      time: '09:00',
      capacity: 18,
    });
  });

  it('operator A’s users get 404 on B’s product for every verb, and B’s rows are unchanged', async () => {
    const before = (await get(`/api/v1/products/${bProduct.id}`, w.tokens.B1)).json();
    const depBefore = await departureRow(bProduct.id, '2030-01-07', '09:00');
    const url = `/api/v1/products/${bProduct.id}`;
    for (const t of [w.tokens.A1, w.tokens.A2, w.tokens.A3]) {
      expect((await get(url, t)).statusCode).toBe(404);
      expect((await get(`${url}/availability?from=2030-01-01&to=2030-01-31`, t)).statusCode).toBe(404);
    }
    for (const t of [w.tokens.A1, w.tokens.A3]) {
      const put = await send('PUT', url, t, { closed_dates: ['2030-01-07'] });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('El producto no existe');
      const dep = await send('PUT', `${url}/departures`, t, { date: '2030-01-07', time: '09:00', capacity: 1 });
      expect(dep.statusCode).toBe(404);
    }
    expect((await send('PUT', url, w.tokens.A1, { name: 'Robado', capacity: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', url, w.tokens.A1)).statusCode).toBe(404);
    // Lists never show it, even when asked by operator.
    const list = await get(`/api/v1/products?tour_operator_id=${w.B.op.id}`, w.tokens.A1);
    expect(list.json()).toEqual([]);
    expect((await get('/api/v1/products?q=B-PRIV', w.tokens.A1)).json()).toEqual([]);

    expect((await get(url, w.tokens.B1)).json()).toEqual(before);
    expect(await departureRow(bProduct.id, '2030-01-07', '09:00')).toEqual(depBefore);
  });

  it('an operator cannot create a product on another operator’s code space or accommodations', async () => {
    const res = await send(
      'POST',
      '/api/v1/products',
      w.tokens.A1,
      newProduct({
        tour_operator_id: w.B.op.id,
        code: 'B-PRIV',
        pickups: [{ accommodation_id: acc.ownB, minutes_before: 5 }],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['pickups.0.accommodation_id']);
  });

  it('the administrator reaches every operator’s product', async () => {
    expect((await get(`/api/v1/products/${bProduct.id}`, w.tokens.admin)).statusCode).toBe(200);
    const res = await send('PUT', `/api/v1/products/${bProduct.id}/departures`, w.tokens.admin, {
      date: '2030-01-14',
      time: '09:00',
      closed: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await departureRow(bProduct.id, '2030-01-14', '09:00')).tourOperatorId).toBe(w.B.op.id);
  });
});

describe('the database’s own refusals (the fallbacks for races)', () => {
  it('a duplicate code and a capacity below the seats sold are recognised by constraint name', async () => {
    const p = await create(w.tokens.A1, { code: 'RACE-1' });
    const dup = await app.db
      .insert(products)
      .values({ tourOperatorId: w.A.op.id, code: 'race-1', name: 'x', capacity: 5 })
      .catch((e: unknown) => e);
    expect(isConstraintViolation(dup, '23505', 'products_tenant_code_key')).toBe(true);
    await sellSeats(p.id, w.A.op.id, '2030-02-01', '09:00', 20);
    const check = await app.db
      .update(departures)
      .set({ capacity: 10 })
      .where(eq(departures.productId, p.id))
      .catch((e: unknown) => e);
    expect(isConstraintViolation(check, '23514', 'departures_seats_check')).toBe(true);
    expect(isConstraintViolation(new Error('x'), '23514', 'departures_seats_check')).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the products endpoints', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/products',
        '/api/v1/products/{id}',
        '/api/v1/products/{id}/availability',
        '/api/v1/products/{id}/departures',
        '/api/v1/products/{id}/images',
        '/api/v1/products/{id}/images/order',
        '/api/v1/products/{id}/images/{imageId}',
      ]),
    );
  });
});
