import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createWorld } from '../../../test/factories';
import { MAX_IMPORT_ROWS } from './accommodations.import';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

let seq = 0;
const newAccommodation = (over: Record<string, unknown> = {}) => ({
  name: `Hotel Prueba ${++seq}`,
  type: 'hotel',
  address: 'Avenida de Bruselas 5, 38660 Costa Adeje',
  zone: 'Costa Adeje',
  lat_lng: '28.0789, -16.7356',
  phone: '+34 922 712 000',
  pickup_point: 'Puerta principal',
  state: 1,
  notes: 'Recepción 24 h',
  ...over,
});

/** Creates an accommodation (administrator: shared unless tour_operator_id is given). */
async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/accommodations', token, newAccommodation(over));
  if (res.statusCode !== 201) throw new Error(`create accommodation: ${res.statusCode} ${res.body}`);
  return res.json();
}

const dbRow = async (id: string) =>
  (
    await app.db.execute<{
      name: string;
      deleted_at: string | null;
      tour_operator_id: string | null;
      pickup_at_id: string | null;
    }>(sql`select name, deleted_at, tour_operator_id, pickup_at_id from accommodations where id = ${id}`)
  ).rows[0];

const countRows = async () =>
  (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from accommodations`)).rows[0].n;

const SHARED_MSG = 'Este alojamiento es del catálogo compartido: solo el administrador puede modificarlo o eliminarlo';

describe('POST /api/v1/accommodations', () => {
  it('the administrator creates a shared one (no tour_operator_id) with every field', async () => {
    const res = await call(
      'POST',
      '/api/v1/accommodations',
      w.tokens.admin,
      newAccommodation({ name: 'Hotel Jardín' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      tour_operator_id: null,
      shared: true,
      name: 'Hotel Jardín',
      type: 'hotel',
      address: 'Avenida de Bruselas 5, 38660 Costa Adeje',
      zone: 'Costa Adeje',
      lat_lng: '28.0789,-16.7356',
      phone: '+34 922 712 000',
      pickup_point: 'Puerta principal',
      pickup_at_id: null,
      pickup_at: null,
      state: 1,
      notes: 'Recepción 24 h',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const explicitNull = await call('POST', '/api/v1/accommodations', w.tokens.admin, {
      ...newAccommodation(),
      tour_operator_id: null,
    });
    expect(explicitNull.json()).toMatchObject({ tour_operator_id: null, shared: true });
  });

  it("the administrator creates one for an operator; an operator that doesn't exist → 422", async () => {
    const res = await call('POST', '/api/v1/accommodations', w.tokens.admin, {
      ...newAccommodation(),
      tour_operator_id: w.B.op.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tour_operator_id: w.B.op.id, shared: false });
    const ghost = await call('POST', '/api/v1/accommodations', w.tokens.admin, {
      ...newAccommodation(),
      tour_operator_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.tour_operator_id).toEqual(['El tour operador no existe']);
  });

  it('PRODUCT §3: levels 1 and 3 create their own; tour_operator_id (another operator, or null) is ignored', async () => {
    for (const token of [w.tokens.A1, w.tokens.A3]) {
      for (const tour_operator_id of [w.B.op.id, null]) {
        const res = await call('POST', '/api/v1/accommodations', token, { ...newAccommodation(), tour_operator_id });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ tour_operator_id: w.A.op.id, shared: false });
      }
    }
  });

  it('defaults: type hotel, state 1, empty texts', async () => {
    const res = await call('POST', '/api/v1/accommodations', w.tokens.A1, { name: 'Apartamentos Sol' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'hotel',
      state: 1,
      address: '',
      zone: '',
      lat_lng: '',
      phone: '',
      pickup_point: '',
      notes: '',
    });
  });

  it('validation: 422 with Spanish messages; nothing written', async () => {
    const before = await countRows();
    const res = await call('POST', '/api/v1/accommodations', w.tokens.A1, {
      name: '',
      type: 'castillo',
      lat_lng: '128.1,-16.7',
      state: 5,
      pickup_at_id: 'hotel-de-al-lado',
      zone: 'z'.repeat(81),
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(['Campo requerido']);
    expect(errors.type).toEqual(['Opción no válida']);
    expect(errors.lat_lng).toEqual(['Coordenadas no válidas (latitud,longitud, p. ej. 28.0567,-16.7290)']);
    expect(errors.state).toEqual(['Opción no válida']);
    expect(errors.pickup_at_id).toEqual(['Identificador no válido']);
    expect(errors.zone).toEqual(['Máximo 80 caracteres']);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/accommodations',
      headers: { ...bearer(w.tokens.A1), 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(bad.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });
});

describe('shared catalogue (PRODUCT §3: accommodations)', () => {
  it('every level of every operator reads the shared ones, plus only its own', async () => {
    const shared = await create(w.tokens.admin, { name: 'Hotel Compartido Lectura' });
    const ownA = await create(w.tokens.A1, { name: 'Hotel Propio de A' });
    const ownB = await create(w.tokens.B1, { name: 'Hotel Propio de B' });
    for (const token of [w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', `/api/v1/accommodations/${shared.id}`, token)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/accommodations/${ownA.id}`, token)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/accommodations/${ownB.id}`, token)).statusCode).toBe(404);
      const list = (await call('GET', '/api/v1/accommodations?per_page=500', token)).json();
      const owners = new Set(list.map((a: { tour_operator_id: string | null }) => a.tour_operator_id));
      expect(owners).toEqual(new Set([null, w.A.op.id]));
    }
  });

  it('an operator editing or deleting a shared one → 403 with a clear Spanish message; the row unchanged', async () => {
    const shared = await create(w.tokens.admin, { name: 'Hotel Intocable' });
    for (const token of [w.tokens.A1, w.tokens.A3, w.tokens.B1]) {
      const put = await call('PUT', `/api/v1/accommodations/${shared.id}`, token, { name: 'Cambiado' });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(SHARED_MSG);
      const del = await call('DELETE', `/api/v1/accommodations/${shared.id}`, token);
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe(SHARED_MSG);
    }
    expect(await dbRow(shared.id)).toMatchObject({ name: 'Hotel Intocable', deleted_at: null });
  });

  it('the administrator edits and deletes shared ones', async () => {
    const shared = await create(w.tokens.admin, { name: 'Hotel Admin' });
    const put = await call('PUT', `/api/v1/accommodations/${shared.id}`, w.tokens.admin, {
      name: 'Hotel Admin Renovado',
      tour_operator_id: null,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Hotel Admin Renovado', shared: true, zone: 'Costa Adeje' });
    expect((await call('DELETE', `/api/v1/accommodations/${shared.id}`, w.tokens.admin)).statusCode).toBe(204);
  });

  it('an accommodation never changes owner: shared ↔ operator or between operators → 422', async () => {
    const shared = await create(w.tokens.admin);
    const own = await create(w.tokens.A1);
    const toOp = await call('PUT', `/api/v1/accommodations/${shared.id}`, w.tokens.admin, {
      tour_operator_id: w.A.op.id,
    });
    expect(toOp.statusCode).toBe(422);
    expect(toOp.json().errors.tour_operator_id[0]).toMatch(/no puede cambiar de tour operador/);
    const toShared = await call('PUT', `/api/v1/accommodations/${own.id}`, w.tokens.admin, { tour_operator_id: null });
    expect(toShared.statusCode).toBe(422);
    const toB = await call('PUT', `/api/v1/accommodations/${own.id}`, w.tokens.admin, { tour_operator_id: w.B.op.id });
    expect(toB.statusCode).toBe(422);
    expect((await dbRow(own.id)).tour_operator_id).toBe(w.A.op.id);
    expect((await dbRow(shared.id)).tour_operator_id).toBeNull();
  });
});

describe('PUT /api/v1/accommodations/{id}', () => {
  it('fields not sent stay; sent ones change', async () => {
    const a = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/accommodations/${a.id}`, w.tokens.A3, {
      type: 'apartment',
      pickup_point: 'Parada de guaguas frente al hotel',
      state: 2,
      lat_lng: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: a.name,
      address: a.address,
      zone: 'Costa Adeje',
      type: 'apartment',
      pickup_point: 'Parada de guaguas frente al hotel',
      state: 2,
      lat_lng: '',
    });
  });

  it('validation on edit (422); unknown or malformed id (404)', async () => {
    const a = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/accommodations/${a.id}`, w.tokens.A1, { name: '  ', lat_lng: 'norte' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['Campo requerido']);
    expect(res.json().errors.lat_lng[0]).toMatch(/Coordenadas no válidas/);
    const ghost = await call('PUT', '/api/v1/accommodations/00000000-0000-4000-8000-000000000000', w.tokens.A1, {});
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('El alojamiento no existe');
    expect((await call('GET', '/api/v1/accommodations/123', w.tokens.A1)).statusCode).toBe(404);
  });
});

describe('pickup_at_id ("recoger en")', () => {
  it('points at a shared or own accommodation; the response names it', async () => {
    const shared = await create(w.tokens.admin, { name: 'Hotel Conquistador' });
    const own = await create(w.tokens.A1, { name: 'Apartamentos Mar y Sol', pickup_at_id: shared.id });
    expect(own.pickup_at_id).toBe(shared.id);
    expect(own.pickup_at).toEqual({ id: shared.id, name: 'Hotel Conquistador' });
    const ownTarget = await create(w.tokens.A1, { name: 'Hotel Destino Propio' });
    const other = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/accommodations/${other.id}`, w.tokens.A1, { pickup_at_id: ownTarget.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup_at).toEqual({ id: ownTarget.id, name: 'Hotel Destino Propio' });
    const listed = (await call('GET', `/api/v1/accommodations?name[eq]=${encodeURIComponent(own.name)}`, w.tokens.A4))
      .json()
      .at(0);
    expect(listed.pickup_at).toEqual({ id: shared.id, name: 'Hotel Conquistador' });
    // null clears it.
    const cleared = await call('PUT', `/api/v1/accommodations/${other.id}`, w.tokens.A1, { pickup_at_id: null });
    expect(cleared.json()).toMatchObject({ pickup_at_id: null, pickup_at: null });
  });

  it("another operator's accommodation, a deleted or unknown one → 422 on pickup_at_id", async () => {
    const ownB = await create(w.tokens.B1);
    const gone = await create(w.tokens.A1);
    await call('DELETE', `/api/v1/accommodations/${gone.id}`, w.tokens.A1);
    for (const target of [ownB.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', '/api/v1/accommodations', w.tokens.A1, newAccommodation({ pickup_at_id: target }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.pickup_at_id).toEqual(['El alojamiento de recogida no existe']);
    }
  });

  it('not itself → 422', async () => {
    const a = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/accommodations/${a.id}`, w.tokens.A1, { pickup_at_id: a.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pickup_at_id).toEqual(['Un alojamiento no puede recogerse en sí mismo']);
  });

  it('no chains: the target must not be collected elsewhere, nor the row be a target itself → 422', async () => {
    const y = await create(w.tokens.A1, { name: 'Hotel Y' });
    const x = await create(w.tokens.A1, { name: 'Hotel X', pickup_at_id: y.id });
    // Z → X would be Z → X → Y.
    const chain = await call('POST', '/api/v1/accommodations', w.tokens.A1, newAccommodation({ pickup_at_id: x.id }));
    expect(chain.statusCode).toBe(422);
    expect(chain.json().errors.pickup_at_id).toEqual([
      '«Hotel X» ya se recoge en otro alojamiento; elige directamente ese',
    ]);
    // Y → Z would be X → Y → Z (and Y → X a cycle).
    const z = await create(w.tokens.A1, { name: 'Hotel Z' });
    const target = await call('PUT', `/api/v1/accommodations/${y.id}`, w.tokens.A1, { pickup_at_id: z.id });
    expect(target.statusCode).toBe(422);
    expect(target.json().errors.pickup_at_id[0]).toMatch(/Otros alojamientos se recogen en este/);
    const cycle = await call('PUT', `/api/v1/accommodations/${y.id}`, w.tokens.A1, { pickup_at_id: x.id });
    expect(cycle.statusCode).toBe(422);
    expect((await dbRow(y.id)).pickup_at_id).toBeNull();
  });

  it("a shared accommodation may only be collected at another shared one (it is every operator's)", async () => {
    const ownA = await create(w.tokens.A1);
    const res = await call(
      'POST',
      '/api/v1/accommodations',
      w.tokens.admin,
      newAccommodation({ pickup_at_id: ownA.id }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pickup_at_id).toBeDefined();
    const s1 = await create(w.tokens.admin);
    const s2 = await create(w.tokens.admin, { pickup_at_id: s1.id });
    expect(s2.pickup_at_id).toBe(s1.id);
  });

  it('deleting an accommodation others are collected at → 409 (naming them); after clearing, 204', async () => {
    const target = await create(w.tokens.admin, { name: 'Hotel Punto Central' });
    const a = await create(w.tokens.A1, { name: 'Apartamentos Recogidos', pickup_at_id: target.id });
    const res = await call('DELETE', `/api/v1/accommodations/${target.id}`, w.tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
    expect(res.json().message).toMatch(
      /No se puede eliminar: un alojamiento se recoge en él \(Apartamentos Recogidos\)/,
    );
    expect((await dbRow(target.id)).deleted_at).toBeNull();
    await call('PUT', `/api/v1/accommodations/${a.id}`, w.tokens.A1, { pickup_at_id: null });
    expect((await call('DELETE', `/api/v1/accommodations/${target.id}`, w.tokens.admin)).statusCode).toBe(204);
  });
});

describe('GET /api/v1/accommodations (list conventions)', () => {
  let C: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    C = await createOperator(app, { name: 'Operador Hoteles' });
    const mk = (body: Record<string, unknown>) =>
      call('POST', '/api/v1/accommodations', w.tokens.admin, { tour_operator_id: C.id, ...body });
    await mk({ name: 'Hotel Ábaco', zone: 'Puerto de la Cruz', type: 'hotel', address: 'Calle Marqués 2' });
    await mk({ name: 'Apartamentos Bahía', zone: 'Los Cristianos', type: 'apartment' });
    await mk({ name: 'Parada Playa', zone: 'Los Cristianos', type: 'bus_stop', state: 2 });
    await mk({ name: 'Punto Encuentro Muelle', zone: 'Santa Cruz', type: 'meeting_point', address: 'Muelle Sur' });
  });
  const list = (query: string) =>
    call('GET', `/api/v1/accommodations?tour_operator_id[eq]=${C.id}&${query}`, w.tokens.admin);
  const names = (res: { json: () => { name: string }[] }) => res.json().map((a) => a.name);

  it('bare array ordered by name (accents ignored), X-Total-Count, Link, paging', async () => {
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(names(all)).toEqual(['Apartamentos Bahía', 'Hotel Ábaco', 'Parada Playa', 'Punto Encuentro Muelle']);
    const p2 = await list('per_page=3&page=2');
    expect(names(p2)).toEqual(['Punto Encuentro Muelle']);
    expect(p2.headers.link).toContain('rel="first"');
    expect(p2.headers.link).toContain('rel="prev"');
  });

  it('filters type, zone, state, name, shared; q over name, address and zone; sorting', async () => {
    expect(names(await list('type[in]=bus_stop,meeting_point'))).toEqual(['Parada Playa', 'Punto Encuentro Muelle']);
    expect(names(await list('zone[eq]=Los Cristianos'))).toEqual(['Apartamentos Bahía', 'Parada Playa']);
    expect(names(await list('zone[like]=cruz'))).toEqual(['Hotel Ábaco', 'Punto Encuentro Muelle']);
    expect(names(await list('state[eq]=2'))).toEqual(['Parada Playa']);
    expect(names(await list('name[like]=abaco'))).toEqual(['Hotel Ábaco']);
    expect(names(await list('q=muelle'))).toEqual(['Punto Encuentro Muelle']);
    expect(names(await list('q=MARQUES'))).toEqual(['Hotel Ábaco']);
    expect(names(await list('shared[eq]=false'))).toHaveLength(4);
    expect(names(await list('shared[eq]=true'))).toEqual([]);
    expect(names(await list('sort=-zone,name'))).toEqual([
      'Punto Encuentro Muelle',
      'Hotel Ábaco',
      'Apartamentos Bahía',
      'Parada Playa',
    ]);
    expect(names(await list('sort=type,-name'))[0]).toBe('Apartamentos Bahía');
    expect((await list('sort=-created_at,state')).statusCode).toBe(200);
    for (const q of ['phone[eq]=1', 'type[eq]=castillo', 'shared[eq]=quizas', 'state[like]=1', 'sort=address']) {
      expect((await list(q)).statusCode, q).toBe(400);
    }
  });

  it('shared[eq]=true gives only the catalogue, shared[eq]=false only own rows', async () => {
    const shared = (await call('GET', '/api/v1/accommodations?shared[eq]=true&per_page=500', w.tokens.A2)).json();
    expect(shared.length).toBeGreaterThan(0);
    expect(
      shared.every((a: { shared: boolean; tour_operator_id: null }) => a.shared && a.tour_operator_id === null),
    ).toBe(true);
    const own = (await call('GET', '/api/v1/accommodations?shared=false&per_page=500', w.tokens.A2)).json();
    expect(own.every((a: { tour_operator_id: string }) => a.tour_operator_id === w.A.op.id)).toBe(true);
  });
});

describe('GET /api/v1/accommodations/zones', () => {
  it('distinct non-empty zones the caller sees (own + shared), alphabetically', async () => {
    await create(w.tokens.admin, { zone: 'Zona Compartida' });
    await create(w.tokens.admin, { zone: 'Ámbito Compartido' });
    await create(w.tokens.A1, { zone: 'Zona Solo A' });
    await create(w.tokens.A1, { zone: 'Zona Solo A' });
    await create(w.tokens.A1, { zone: '' });
    await create(w.tokens.B1, { zone: 'Zona Solo B' });
    const gone = await create(w.tokens.A1, { zone: 'Zona Borrada' });
    await call('DELETE', `/api/v1/accommodations/${gone.id}`, w.tokens.A1);
    for (const token of [w.tokens.A2, w.tokens.A5]) {
      const res = await call('GET', '/api/v1/accommodations/zones', token);
      expect(res.statusCode).toBe(200);
      const zones = res.json();
      expect(zones).toContain('Zona Compartida');
      expect(zones.indexOf('Ámbito Compartido')).toBeLessThan(zones.indexOf('Zona Compartida'));
      expect(zones).toContain('Zona Solo A');
      expect(zones).not.toContain('Zona Solo B');
      expect(zones).not.toContain('Zona Borrada');
      expect(zones).not.toContain('');
      expect(new Set(zones).size).toBe(zones.length);
      expect(zones).toEqual([...zones].sort((a: string, b: string) => a.localeCompare(b, 'es')));
    }
    const adminAll = (await call('GET', '/api/v1/accommodations/zones', w.tokens.admin)).json();
    expect(adminAll).toEqual(expect.arrayContaining(['Zona Compartida', 'Zona Solo A', 'Zona Solo B']));
    const adminForB = (
      await call('GET', `/api/v1/accommodations/zones?tour_operator_id=${w.B.op.id}`, w.tokens.admin)
    ).json();
    expect(adminForB).toEqual(expect.arrayContaining(['Zona Compartida', 'Zona Solo B']));
    expect(adminForB).not.toContain('Zona Solo A');
    // Not the administrator: tour_operator_id is ignored, never a way into B's zones.
    const sneaky = (
      await call('GET', `/api/v1/accommodations/zones?tour_operator_id=${w.B.op.id}`, w.tokens.A1)
    ).json();
    expect(sneaky).not.toContain('Zona Solo B');
    expect((await call('GET', '/api/v1/accommodations/zones?tour_operator_id=x', w.tokens.admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/accommodations/zones')).statusCode).toBe(401);
  });
});

describe('tenant boundary (PRODUCT §3, §7)', () => {
  it("operator A gets 404 on operator B's own accommodations for every verb; B's row unchanged", async () => {
    const bRow = await create(w.tokens.B1, { name: 'Hotel Secreto de B', zone: 'Zona Privada B' });
    for (const token of [w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', `/api/v1/accommodations/${bRow.id}`, token)).statusCode).toBe(404);
      const list = await call('GET', `/api/v1/accommodations?tour_operator_id[eq]=${w.B.op.id}`, token);
      expect(list.json()).toEqual([]);
      expect((await call('GET', '/api/v1/accommodations?q=Secreto', token)).json()).toEqual([]);
    }
    for (const token of [w.tokens.A1, w.tokens.A3]) {
      const put = await call('PUT', `/api/v1/accommodations/${bRow.id}`, token, { name: 'Hackeado' });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('El alojamiento no existe');
      expect((await call('DELETE', `/api/v1/accommodations/${bRow.id}`, token)).statusCode).toBe(404);
      // Nor can A point its own hotel at B's.
      const link = await call('POST', '/api/v1/accommodations', token, newAccommodation({ pickup_at_id: bRow.id }));
      expect(link.statusCode).toBe(422);
    }
    expect(await dbRow(bRow.id)).toMatchObject({ name: 'Hotel Secreto de B', deleted_at: null });
  });
});

describe('role matrix (PRODUCT §3: accommodations)', () => {
  it('levels 2, 4 and 5 read (own + shared) but cannot write: 403 on POST, PUT, DELETE and import', async () => {
    const own = await create(w.tokens.A1);
    for (const token of [w.tokens.A2, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/accommodations', token)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/accommodations/${own.id}`, token)).statusCode).toBe(200);
      expect((await call('POST', '/api/v1/accommodations', token, newAccommodation())).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/accommodations/${own.id}`, token, { name: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/accommodations/${own.id}`, token)).statusCode).toBe(403);
      const imp = await call('POST', '/api/v1/accommodations/import', token, { csv: 'nombre\nHotel Nuevo' });
      expect(imp.statusCode).toBe(403);
    }
    expect(await dbRow(own.id)).toMatchObject({ name: own.name, deleted_at: null });
  });

  it('levels 0, 1 and 3 write their own; no token → 401 on every endpoint', async () => {
    for (const token of [w.tokens.admin, w.tokens.A1, w.tokens.A3]) {
      const a = await create(token);
      expect((await call('PUT', `/api/v1/accommodations/${a.id}`, token, { state: 2 })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v1/accommodations/${a.id}`, token)).statusCode).toBe(204);
    }
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/accommodations'],
      ['GET', `/api/v1/accommodations/${id}`],
      ['POST', '/api/v1/accommodations'],
      ['PUT', `/api/v1/accommodations/${id}`],
      ['DELETE', `/api/v1/accommodations/${id}`],
      ['POST', '/api/v1/accommodations/import'],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('DELETE /api/v1/accommodations/{id}', () => {
  it('always a soft delete: 204, gone from reads and lists, the row kept with deleted_at', async () => {
    const a = await create(w.tokens.A1, { name: 'Hotel Para Borrar' });
    expect((await call('DELETE', `/api/v1/accommodations/${a.id}`, w.tokens.A3)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/accommodations/${a.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/accommodations?q=Para%20Borrar', w.tokens.A1)).json()).toEqual([]);
    expect((await call('PUT', `/api/v1/accommodations/${a.id}`, w.tokens.A1, { state: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/accommodations/${a.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await dbRow(a.id)).deleted_at).not.toBeNull();
  });

  it('a hotel used by a product pickup is soft-deleted too: the pickup still points at it', async () => {
    const a = await create(w.tokens.A1, { name: 'Hotel Con Recogida' });
    const [product] = (
      await app.db.execute<{ id: string }>(
        sql`insert into products (tour_operator_id, code, name, capacity) values (${w.A.op.id}, 'DEL-1', 'Excursión', 10) returning id`,
      )
    ).rows;
    await app.db.execute(
      sql`insert into product_pickups (tour_operator_id, product_id, accommodation_id, minutes_before) values (${w.A.op.id}, ${product.id}, ${a.id}, 30)`,
    );
    expect((await call('DELETE', `/api/v1/accommodations/${a.id}`, w.tokens.A1)).statusCode).toBe(204);
    const pickups = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from product_pickups where accommodation_id = ${a.id}`,
    );
    expect(pickups.rows[0].n).toBe(1);
    expect((await dbRow(a.id)).deleted_at).not.toBeNull();
  });
});

describe('POST /api/v1/accommodations/import (CSV)', () => {
  const importCsv = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/v1/accommodations/import', token, body);
  const ownedBy = async (opId: string | null, zone: string) =>
    (
      await app.db.execute<{
        name: string;
        type: string;
        lat_lng: string;
        address: string;
        phone: string;
        pickup_point: string;
      }>(
        opId
          ? sql`select name, type, lat_lng, address, phone, pickup_point from accommodations where tour_operator_id = ${opId} and zone = ${zone} and deleted_at is null order by name`
          : sql`select name, type, lat_lng, address, phone, pickup_point from accommodations where tour_operator_id is null and zone = ${zone} and deleted_at is null order by name`,
      )
    ).rows;

  it('";" separated with Spanish headers, Spanish types and decimal commas: valid rows created for the caller', async () => {
    const csv = [
      'Nombre;Tipo;Dirección;Zona;Latitud;Longitud;Teléfono;Punto de recogida',
      'Hotel Isla Baja;Hotel;Calle Mayor 1;Import Sur;28,0512;-16,7311;+34 922 000 001;Puerta principal',
      'Apartamentos Las Dunas;Apartamento;Av. Litoral 3;Import Sur;28.05;-16.72;;Recepción',
      'Muelle de Los Cristianos;Punto de encuentro;Puerto;Import Sur;;;;Taquilla 3',
      'Parada Avenida;Parada de guaguas;Av. Suecia;Import Sur;;;;Marquesina',
    ].join('\n');
    const res = await importCsv(w.tokens.A3, { csv, tour_operator_id: w.B.op.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 4, rejected: [], dry_run: false });
    const rows = await ownedBy(w.A.op.id, 'Import Sur');
    expect(rows).toEqual([
      {
        name: 'Apartamentos Las Dunas',
        type: 'apartment',
        lat_lng: '28.05,-16.72',
        address: 'Av. Litoral 3',
        phone: '',
        pickup_point: 'Recepción',
      },
      {
        name: 'Hotel Isla Baja',
        type: 'hotel',
        lat_lng: '28.0512,-16.7311',
        address: 'Calle Mayor 1',
        phone: '+34 922 000 001',
        pickup_point: 'Puerta principal',
      },
      {
        name: 'Muelle de Los Cristianos',
        type: 'meeting_point',
        lat_lng: '',
        address: 'Puerto',
        phone: '',
        pickup_point: 'Taquilla 3',
      },
      {
        name: 'Parada Avenida',
        type: 'bus_stop',
        lat_lng: '',
        address: 'Av. Suecia',
        phone: '',
        pickup_point: 'Marquesina',
      },
    ]);
    // tour_operator_id of a non-administrator is ignored: nothing went to B.
    expect(await ownedBy(w.B.op.id, 'Import Sur')).toEqual([]);
  });

  it('"," separated with English headers, quoted values, lat_lng column, BOM and CRLF', async () => {
    const csv =
      '\uFEFFname,type,address,zone,lat_lng,phone,pickup_point\r\n' +
      '"Hotel Tigaiga","hotel","Parque Taoro 28, Puerto de la Cruz",Import Norte,"28.4108,-16.5536",+34 922 383 500,Main door\r\n' +
      'Bus stop Taoro,bus_stop,"Calle ""El Lomo""",Import Norte,,,\r\n';
    const res = await importCsv(w.tokens.A1, { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, rejected: [], dry_run: false });
    const rows = await ownedBy(w.A.op.id, 'Import Norte');
    expect(rows.map((r) => [r.name, r.type, r.address, r.lat_lng])).toEqual([
      ['Bus stop Taoro', 'bus_stop', 'Calle "El Lomo"', ''],
      ['Hotel Tigaiga', 'hotel', 'Parque Taoro 28, Puerto de la Cruz', '28.4108,-16.5536'],
    ]);
  });

  it('bad rows are reported with their line number and Spanish reasons; the valid ones are created', async () => {
    const csv = [
      'nombre;tipo;zona;lat_lng;latitud;longitud',
      'Hotel Bueno Uno;hotel;Import Errores;28.1,-16.7;;', // line 2
      ';hotel;Import Errores;;;', // line 3: no name
      'Hotel Castillo;castillo;Import Errores;;;', // line 4: bad type
      'Hotel Lejano;hotel;Import Errores;128.1,-16.7;;', // line 5: bad coordinates
      '', // line 6: empty, skipped
      'Hotel Medio;hotel;Import Errores;;28.1;', // line 7: latitude without longitude
      '"Hotel\nMultilínea";hotel;Import Errores;;;', // lines 8–9
      `${'N'.repeat(151)};hotel;Import Errores;;;`, // line 10: too long
    ].join('\n');
    const res = await importCsv(w.tokens.A1, { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.dry_run).toBe(false);
    expect(body.rejected).toEqual([
      { line: 3, name: '', errors: ['Nombre: Campo requerido'] },
      {
        line: 4,
        name: 'Hotel Castillo',
        errors: ['Tipo: "castillo" no es válido (hotel, apartamento, punto de encuentro o parada)'],
      },
      {
        line: 5,
        name: 'Hotel Lejano',
        errors: ['Coordenadas: Coordenadas no válidas (latitud,longitud, p. ej. 28.0567,-16.7290)'],
      },
      { line: 7, name: 'Hotel Medio', errors: ['Coordenadas: faltan la latitud o la longitud'] },
      { line: 10, name: 'N'.repeat(151), errors: ['Nombre: Máximo 150 caracteres'] },
    ]);
    expect((await ownedBy(w.A.op.id, 'Import Errores')).map((r) => r.name).sort()).toEqual(
      ['Hotel Bueno Uno', 'Hotel\nMultilínea'].sort(),
    );
  });

  it('duplicates of an existing name + zone (own or shared; case and accents ignored) and within the file are rejected', async () => {
    await create(w.tokens.admin, { name: 'Hotel Compartido Dup', zone: 'Import Dup' });
    await create(w.tokens.A1, { name: 'Hotel Propio Dúp', zone: 'Import Dup' });
    await create(w.tokens.B1, { name: 'Hotel De B Dup', zone: 'Import Dup' });
    const csv = [
      'nombre,zona',
      'HOTEL COMPARTIDO DUP,import dup',
      'Hotel Propio Dup,Import Dup',
      'Hotel De B Dup,Import Dup', // B's row is not A's business: created for A
      'Hotel Nuevo Dup,Import Dup',
      'hotel nuevo dup,IMPORT DUP',
      'Hotel Nuevo Dup,Otra Zona Dup', // same name, another zone: fine
    ].join('\n');
    const res = await importCsv(w.tokens.A1, { csv });
    expect(res.json()).toEqual({
      created: 3,
      dry_run: false,
      rejected: [
        { line: 2, name: 'HOTEL COMPARTIDO DUP', errors: ['Ya existe un alojamiento con ese nombre en esa zona'] },
        { line: 3, name: 'Hotel Propio Dup', errors: ['Ya existe un alojamiento con ese nombre en esa zona'] },
        { line: 6, name: 'hotel nuevo dup', errors: ['Repetido: ya aparece en la línea 5'] },
      ],
    });
    // Importing the same file again creates nothing new.
    const again = await importCsv(w.tokens.A1, { csv });
    expect(again.json().created).toBe(0);
    expect(again.json().rejected).toHaveLength(6);
  });

  it('dry_run reports exactly the same and creates nothing', async () => {
    const csv = 'nombre;zona;tipo\nHotel Ensayo 1;Import Ensayo;hotel\nHotel Ensayo 2;Import Ensayo;nave\n';
    const before = await countRows();
    const res = await importCsv(w.tokens.A1, { csv, dry_run: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      dry_run: true,
      rejected: [{ line: 3, name: 'Hotel Ensayo 2', errors: [expect.stringMatching(/^Tipo: "nave" no es válido/)] }],
    });
    expect(await countRows()).toBe(before);
  });

  it('the administrator imports into the shared catalogue by default, or into a named operator', async () => {
    const csv = 'name;zone\nHotel Catálogo Importado;Import Admin\n';
    expect((await importCsv(w.tokens.admin, { csv })).json().created).toBe(1);
    expect((await ownedBy(null, 'Import Admin')).map((r) => r.name)).toEqual(['Hotel Catálogo Importado']);
    // Already in the shared catalogue, so B (which sees it) gets it rejected as a duplicate.
    const toB = await importCsv(w.tokens.admin, { csv, tour_operator_id: w.B.op.id });
    expect(toB.json().rejected[0].errors).toEqual(['Ya existe un alojamiento con ese nombre en esa zona']);
    const other = 'name;zone\nHotel Solo B Importado;Import Admin\n';
    expect((await importCsv(w.tokens.admin, { csv: other, tour_operator_id: w.B.op.id })).json().created).toBe(1);
    expect((await ownedBy(w.B.op.id, 'Import Admin')).map((r) => r.name)).toEqual(['Hotel Solo B Importado']);
    const ghost = await importCsv(w.tokens.admin, {
      csv: other,
      tour_operator_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.tour_operator_id).toEqual(['El tour operador no existe']);
  });

  it('nothing is created when the file itself is wrong: 422 with a Spanish message on csv', async () => {
    const before = await countRows();
    const cases: [string, RegExp][] = [
      ['zona;direccion\nImport X;Calle 1', /Falta la columna "nombre"/],
      [
        'nombre;zona\nHotel Bien;Import X\n"Hotel Mal;Import X',
        /no es válido \(línea \d+\): hay unas comillas sin cerrar/,
      ],
      ['nombre;zona\n', /no tiene filas de datos/],
      ['nombre;nombre\nA;B', /está repetida/],
      ['   ', /vacío/],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(w.tokens.A1, { csv });
      expect(res.statusCode, csv).toBe(422);
      expect(res.json().errors.csv[0], csv).toMatch(message);
    }
    const missing = await importCsv(w.tokens.A1, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.csv).toEqual(['Campo requerido']);
    expect(await countRows()).toBe(before);
  });

  it(`caps the file: more than ${MAX_IMPORT_ROWS} rows → 422, nothing created; ${MAX_IMPORT_ROWS} rows are fine`, async () => {
    const before = await countRows();
    const rows = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix} ${i};Import Grande`).join('\n');
    const tooMany = await importCsv(w.tokens.A1, { csv: `nombre;zona\n${rows(MAX_IMPORT_ROWS + 1, 'Hotel')}` });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.csv[0]).toMatch(/el máximo es 5000/);
    expect(await countRows()).toBe(before);
    const tooBig = await importCsv(w.tokens.A1, { csv: `nombre\n${'x'.repeat(2_000_001)}` });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.csv[0]).toMatch(/Máximo 2000000 caracteres/);
    const max = await importCsv(w.tokens.A1, { csv: `nombre;zona\n${rows(MAX_IMPORT_ROWS, 'Apartamento')}` });
    expect(max.statusCode).toBe(200);
    expect(max.json().created).toBe(MAX_IMPORT_ROWS);
    expect(await countRows()).toBe(before + MAX_IMPORT_ROWS);
  });
});

describe('OpenAPI (PRODUCT §2)', () => {
  it('describes every resources endpoint', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/vehicles',
        '/api/v1/vehicles/{id}',
        '/api/v1/persons',
        '/api/v1/persons/{id}',
        '/api/v1/accommodations',
        '/api/v1/accommodations/{id}',
        '/api/v1/accommodations/zones',
        '/api/v1/accommodations/import',
      ]),
    );
  });
});
