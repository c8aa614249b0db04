import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createWorld } from '../../../test/factories';

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

const newPerson = (over: Record<string, unknown> = {}) => ({
  full_name: 'Laura Hernández Expósito',
  document_id: '43123456X',
  document_expiry: '2031-06-30',
  role: 'guide',
  phone: '+34 655 123 456',
  email: 'Laura.Guia@Example.com',
  languages: ['es', 'en', 'de'],
  license_number: '',
  license_expiry: null,
  state: 1,
  notes: 'Guía oficial de Canarias',
  ...over,
});

async function create(token: string, over: Record<string, unknown> = {}) {
  const body = token === w.tokens.admin ? { tour_operator_id: w.A.op.id, ...newPerson(over) } : newPerson(over);
  const res = await call('POST', '/api/v1/persons', token, body);
  if (res.statusCode !== 201) throw new Error(`create person: ${res.statusCode} ${res.body}`);
  return res.json();
}

const dbRow = async (id: string) =>
  (
    await app.db.execute<{ full_name: string; deleted_at: string | null; tour_operator_id: string }>(
      sql`select full_name, deleted_at, tour_operator_id from persons where id = ${id}`,
    )
  ).rows[0];

describe('POST /api/v1/persons', () => {
  it('creates a person with every field (201 + the entity; e-mail lower-cased)', async () => {
    const res = await call('POST', '/api/v1/persons', w.tokens.A1, newPerson());
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toEqual({
      id: expect.any(String),
      tour_operator_id: w.A.op.id,
      full_name: 'Laura Hernández Expósito',
      document_id: '43123456X',
      document_expiry: '2031-06-30',
      role: 'guide',
      phone: '+34 655 123 456',
      email: 'laura.guia@example.com',
      languages: ['es', 'en', 'de'],
      license_number: '',
      license_expiry: null,
      state: 1,
      notes: 'Guía oficial de Canarias',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const got = await call('GET', `/api/v1/persons/${p.id}`, w.tokens.A5);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(p);
  });

  it('a subcontracted driver with licence; defaults for what is not sent; repeated languages stored once', async () => {
    const res = await call('POST', '/api/v1/persons', w.tokens.A3, {
      full_name: 'Domingo Rivero',
      role: 'driver',
      license_number: 'D-38-99887',
      license_expiry: '2028-12-31',
      languages: ['es', 'es', 'en'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'driver',
      license_number: 'D-38-99887',
      license_expiry: '2028-12-31',
      languages: ['es', 'en'],
      state: 1,
      document_id: '',
      document_expiry: null,
      email: '',
      phone: '',
      notes: '',
    });
  });

  it('PRODUCT §3: tour_operator_id is ignored for non-administrators; the administrator must name an existing operator', async () => {
    const own = await call('POST', '/api/v1/persons', w.tokens.A1, newPerson({ tour_operator_id: w.B.op.id }));
    expect(own.json().tour_operator_id).toBe(w.A.op.id);
    const none = await call('POST', '/api/v1/persons', w.tokens.admin, newPerson());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.tour_operator_id).toEqual(['Campo requerido']);
    const ghost = await call(
      'POST',
      '/api/v1/persons',
      w.tokens.admin,
      newPerson({ tour_operator_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.tour_operator_id).toEqual(['El tour operador no existe']);
    const ok = await call('POST', '/api/v1/persons', w.tokens.admin, newPerson({ tour_operator_id: w.B.op.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tour_operator_id).toBe(w.B.op.id);
  });

  it('validation: 422 with the spec messages and Spanish ones for every other rule; nothing written', async () => {
    const before = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from persons`)).rows[0].n;
    const res = await call('POST', '/api/v1/persons', w.tokens.A1, {
      full_name: '   ',
      role: 'piloto',
      email: 'no-es-correo',
      languages: ['es', 'klingon'],
      document_expiry: '2026-13-01',
      state: 3,
      phone: '1'.repeat(41),
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.full_name).toEqual(['Campo requerido']);
    expect(errors.role).toEqual(['Opción no válida']);
    expect(errors.email).toEqual(['Por favor, introduce una dirección de correo electrónico válida']);
    expect(errors['languages.1']).toEqual(['Opción no válida']);
    expect(errors.document_expiry).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    expect(errors.state).toEqual(['Opción no válida']);
    expect(errors.phone).toEqual(['Máximo 40 caracteres']);
    const missing = await call('POST', '/api/v1/persons', w.tokens.A1, {});
    expect(missing.json().errors).toMatchObject({ full_name: ['Campo requerido'], role: ['Campo requerido'] });
    const yearZero = await call('POST', '/api/v1/persons', w.tokens.A1, newPerson({ license_expiry: '0000-01-01' }));
    expect(yearZero.statusCode).toBe(422);
    expect(yearZero.json().errors.license_expiry).toEqual(['Fecha fuera de rango (años 1900–2100)']);
    const control = await call('POST', '/api/v1/persons', w.tokens.A1, newPerson({ full_name: 'Ana\u0000Pérez' }));
    expect(control.statusCode).toBe(422);
    const after = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from persons`)).rows[0].n;
    expect(after).toBe(before);
  });

  it('bad input: malformed JSON → 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/persons',
      headers: { ...bearer(w.tokens.A1), 'content-type': 'application/json' },
      payload: '{"full_name":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/v1/persons/{id}', () => {
  it('fields not sent stay; sent ones change; null clears an expiry date', async () => {
    const p = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.A3, {
      phone: '+34 600 000 001',
      languages: ['fr'],
      document_expiry: null,
      state: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: p.full_name,
      email: p.email,
      role: 'guide',
      phone: '+34 600 000 001',
      languages: ['fr'],
      document_expiry: null,
      state: 2,
    });
    const renamed = await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.A1, { full_name: 'Laura H. Expósito' });
    expect(renamed.json()).toMatchObject({ full_name: 'Laura H. Expósito', languages: ['fr'], state: 2 });
  });

  it('validation on edit (422), unknown or malformed id (404), no change of operator (422)', async () => {
    const p = await create(w.tokens.A1);
    const bad = await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.A1, { full_name: '', email: 'x@' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.full_name).toEqual(['Campo requerido']);
    expect(bad.json().errors.email).toEqual(['Por favor, introduce una dirección de correo electrónico válida']);
    const ghost = await call('PUT', '/api/v1/persons/00000000-0000-4000-8000-000000000000', w.tokens.A1, {});
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('La persona no existe');
    expect((await call('GET', '/api/v1/persons/xyz', w.tokens.A1)).statusCode).toBe(404);
    const moved = await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.admin, { tour_operator_id: w.B.op.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.tour_operator_id[0]).toMatch(/no puede cambiar de tour operador/);
    expect((await dbRow(p.id)).tour_operator_id).toBe(w.A.op.id);
  });
});

describe('GET /api/v1/persons (list conventions)', () => {
  let C: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    C = await createOperator(app, { name: 'Operador Personas' });
    const mk = (body: Record<string, unknown>) =>
      call('POST', '/api/v1/persons', w.tokens.admin, { tour_operator_id: C.id, ...body });
    await mk({ full_name: 'Ángela Núñez', role: 'guide', languages: ['es', 'de', 'en'], email: 'angela@guias.es' });
    await mk({ full_name: 'Björn Larsson', role: 'guide', languages: ['sv', 'en', 'de'] });
    await mk({ full_name: 'Carla Méndez', role: 'assistant', languages: ['es', 'it'], state: 2 });
    await mk({ full_name: 'Domingo Pérez', role: 'driver', languages: ['es'], phone: '+34 699 000 111' });
    await mk({ full_name: 'Elena Fumero', role: 'other', languages: [] });
  });
  const list = (query: string) => call('GET', `/api/v1/persons?tour_operator_id[eq]=${C.id}&${query}`, w.tokens.admin);
  const names = (res: { json: () => { full_name: string }[] }) => res.json().map((p) => p.full_name);

  it('bare array ordered by full_name, X-Total-Count, Link, paging', async () => {
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(names(all)).toEqual(['Ángela Núñez', 'Björn Larsson', 'Carla Méndez', 'Domingo Pérez', 'Elena Fumero']);
    const p3 = await list('per_page=2&page=3');
    expect(names(p3)).toEqual(['Elena Fumero']);
    expect(p3.headers.link).toContain('rel="prev"');
    expect(p3.headers.link).not.toContain('rel="next"');
  });

  it('languages[eq]=de means "speaks German" (array contains); ne and in work; other ops → 400', async () => {
    expect(names(await list('languages[eq]=de'))).toEqual(['Ángela Núñez', 'Björn Larsson']);
    expect(names(await list('languages=it'))).toEqual(['Carla Méndez']);
    expect(names(await list('languages[in]=it,sv'))).toEqual(['Björn Larsson', 'Carla Méndez']);
    expect(names(await list('languages[ne]=es'))).toEqual(['Björn Larsson', 'Elena Fumero']);
    expect(names(await list('languages[eq]=de&languages[eq]=sv'))).toEqual(['Björn Larsson']);
    for (const q of ['languages[eq]=klingon', 'languages[like]=d', 'languages[gt]=a', "languages[eq]=de'--"]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('filters role, state and full_name; q over name, e-mail, phone and document; sorting', async () => {
    expect(names(await list('role[eq]=guide'))).toEqual(['Ángela Núñez', 'Björn Larsson']);
    expect(names(await list('role[in]=driver,assistant&state[eq]=1'))).toEqual(['Domingo Pérez']);
    expect(names(await list('full_name[like]=nunez'))).toEqual(['Ángela Núñez']);
    expect(names(await list('q=guias.es'))).toEqual(['Ángela Núñez']);
    expect(names(await list('q=699'))).toEqual(['Domingo Pérez']);
    expect(names(await list('sort=-full_name&per_page=1'))).toEqual(['Elena Fumero']);
    expect(names(await list('sort=role,full_name'))).toEqual([
      'Carla Méndez',
      'Domingo Pérez',
      'Ángela Núñez',
      'Björn Larsson',
      'Elena Fumero',
    ]);
    expect(names(await list('sort=-state,full_name'))[0]).toBe('Carla Méndez');
    expect((await list('sort=created_at')).statusCode).toBe(200);
    for (const q of ['email[eq]=x', 'role[eq]=piloto', 'state[eq]=uno', 'sort=email']) {
      expect((await list(q)).statusCode, q).toBe(400);
    }
  });
});

describe('tenant boundary (PRODUCT §3, §7)', () => {
  it("operator A gets 404 on operator B's persons for every verb, and B's row stays unchanged", async () => {
    const bp = await create(w.tokens.B1, { full_name: 'Bernardo de B' });
    for (const token of [w.tokens.A1, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', `/api/v1/persons/${bp.id}`, token)).statusCode).toBe(404);
    }
    for (const token of [w.tokens.A1, w.tokens.A3]) {
      expect((await call('PUT', `/api/v1/persons/${bp.id}`, token, { full_name: 'Hackeado' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v1/persons/${bp.id}`, token)).statusCode).toBe(404);
    }
    expect(await dbRow(bp.id)).toMatchObject({ full_name: 'Bernardo de B', deleted_at: null });
    const mine = await call('GET', '/api/v1/persons?per_page=500', w.tokens.A3);
    expect(new Set(mine.json().map((p: { tour_operator_id: string }) => p.tour_operator_id))).toEqual(
      new Set([w.A.op.id]),
    );
    expect((await call('GET', `/api/v1/persons?tour_operator_id[eq]=${w.B.op.id}`, w.tokens.A1)).json()).toEqual([]);
    expect((await call('GET', `/api/v1/persons/${bp.id}`, w.tokens.admin)).statusCode).toBe(200);
  });
});

describe('role matrix (PRODUCT §3: persons)', () => {
  it('level 2 (Vendedor): 403 on every endpoint', async () => {
    const p = await create(w.tokens.A1);
    expect((await call('GET', '/api/v1/persons', w.tokens.A2)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/persons/${p.id}`, w.tokens.A2)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/persons', w.tokens.A2, newPerson())).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.A2, { state: 2 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/persons/${p.id}`, w.tokens.A2)).statusCode).toBe(403);
  });

  it('levels 4 and 5 read only; levels 0, 1 and 3 write; no token → 401', async () => {
    const p = await create(w.tokens.A1);
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/persons', token)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/persons/${p.id}`, token)).statusCode).toBe(200);
      expect((await call('POST', '/api/v1/persons', token, newPerson())).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/persons/${p.id}`, token, { full_name: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/persons/${p.id}`, token)).statusCode).toBe(403);
    }
    expect((await dbRow(p.id)).full_name).toBe('Laura Hernández Expósito');
    for (const token of [w.tokens.admin, w.tokens.A1, w.tokens.A3]) {
      const mine = await create(token);
      expect((await call('PUT', `/api/v1/persons/${mine.id}`, token, { state: 2 })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v1/persons/${mine.id}`, token)).statusCode).toBe(204);
    }
    expect((await call('GET', '/api/v1/persons')).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/persons', undefined, newPerson())).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/persons/{id}', () => {
  it('soft delete: 204, gone from reads and lists, the row kept with deleted_at', async () => {
    const p = await create(w.tokens.A1, { full_name: 'Persona Para Borrar' });
    expect((await call('DELETE', `/api/v1/persons/${p.id}`, w.tokens.A3)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/persons/${p.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/persons?q=Para%20Borrar', w.tokens.A1)).json()).toEqual([]);
    expect((await call('PUT', `/api/v1/persons/${p.id}`, w.tokens.A1, { state: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/persons/${p.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await dbRow(p.id)).deleted_at).not.toBeNull();
  });
});
