import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createUser, createWorld, login } from '../../../test/factories';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

const SPEC_USER_FIELDS = [
  'id',
  'full_name',
  'email',
  'phone',
  'level',
  'state',
  'created_at',
  'updated_at',
  'tour_operator',
  'tour_operator_id',
  'address',
  'lat_lng',
];

const newUser = (over: Record<string, unknown> = {}) => ({
  full_name: 'Nueva Persona',
  email: `nueva${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '+34 600 111 222',
  level: 2,
  state: 1,
  password: 'contraseña1',
  re_password: 'contraseña1',
  ...over,
});

describe('GET /api/v1/users', () => {
  it('spec §7: answers a list of users (bare array) with every field of spec §3, never a password', async () => {
    const res = await get('/api/v1/users', w.tokens.admin);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(11);
    for (const u of list) {
      for (const f of SPEC_USER_FIELDS) expect(u).toHaveProperty(f);
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('password_hash');
    }
    expect(res.body).not.toMatch(/argon2|password/i);
    const a1 = list.find((u: { id: string }) => u.id === w.A.l1.id);
    expect(a1.tour_operator).toEqual({ id: w.A.op.id, name: 'Operador A', timezone: 'Europe/Madrid' });
    expect(a1.address).toBe('');
    expect(a1.lat_lng).toBe('');
  });

  it('spec §7: GET /api/v1/users?level[eq]=4 returns only drivers', async () => {
    const res = await get('/api/v1/users?level[eq]=4', w.tokens.admin);
    expect(res.statusCode).toBe(200);
    const levels = res.json().map((u: { level: number }) => u.level);
    expect(levels.length).toBe(2);
    expect(new Set(levels)).toEqual(new Set([4]));
  });

  it('PRODUCT §2: paging with X-Total-Count and Link, sorting, q, like and in', async () => {
    const page1 = await get('/api/v1/users?sort=full_name&per_page=3&page=1', w.tokens.admin);
    const total = Number(page1.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(11);
    expect(page1.json()).toHaveLength(3);
    expect(page1.headers.link).toContain('rel="next"');
    expect(page1.headers.link).not.toContain('rel="prev"');
    const page2 = await get('/api/v1/users?sort=full_name&per_page=3&page=2', w.tokens.admin);
    expect(page2.headers.link).toContain('rel="prev"');
    const names = [...page1.json(), ...page2.json()].map((u: { full_name: string }) => u.full_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(names).size).toBe(6);

    const desc = await get('/api/v1/users?sort=-level&per_page=1', w.tokens.admin);
    expect(desc.json()[0].level).toBe(5);

    const q = await get('/api/v1/users?q=GUIA', w.tokens.admin);
    expect(
      q
        .json()
        .map((u: { full_name: string }) => u.full_name)
        .sort(),
    ).toEqual(['Bea Guía B', 'Gema Guía A']);

    const like = await get('/api/v1/users?full_name[like]=operad', w.tokens.admin);
    expect(like.json()).toHaveLength(2);

    const inList = await get(`/api/v1/users?level[in]=4,5&tour_operator_id[eq]=${w.A.op.id}`, w.tokens.admin);
    expect(
      inList
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([w.A.l4.id, w.A.l5.id].sort());
  });

  it('PRODUCT §2: timestamp filters (created_at[gte], [lt]) work', async () => {
    const all = await get('/api/v1/users?created_at[gte]=2000-01-01', w.tokens.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThanOrEqual(11);
    const none = await get('/api/v1/users?created_at[lt]=2000-01-01T00:00:00Z', w.tokens.admin);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('PRODUCT §2: unknown filter fields, bad values and huge per_page answer 400', async () => {
    for (const url of [
      '/api/v1/users?password_hash[eq]=x',
      '/api/v1/users?level[eq]=abc',
      '/api/v1/users?level[foo]=1',
      '/api/v1/users?per_page=100000',
      '/api/v1/users?sort=password_hash',
      "/api/v1/users?tour_operator_id[eq]=1'%20or%201=1--",
    ]) {
      const res = await get(url, w.tokens.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('PRODUCT §3: a level-1 admin sees only its own operator', async () => {
    const res = await get('/api/v1/users?per_page=500', w.tokens.A1);
    const ops = new Set(res.json().map((u: { tour_operator_id: string }) => u.tour_operator_id));
    expect(ops).toEqual(new Set([w.A.op.id]));
    expect(res.json()).toHaveLength(5);
    // Asking for another operator's users gives nothing, not B's rows.
    const other = await get(`/api/v1/users?tour_operator_id[eq]=${w.B.op.id}`, w.tokens.A1);
    expect(other.json()).toEqual([]);
  });

  it('PRODUCT §3: an Operador reads its sellers, drivers and guides (and itself)', async () => {
    const res = await get('/api/v1/users', w.tokens.A3);
    expect(
      res
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([w.A.l2.id, w.A.l3.id, w.A.l4.id, w.A.l5.id].sort());
    expect((await get(`/api/v1/users/${w.A.l1.id}`, w.tokens.A3)).statusCode).toBe(404);
  });

  it('PRODUCT §3: sellers, drivers and guides read only themselves', async () => {
    for (const [token, self] of [
      [w.tokens.A2, w.A.l2],
      [w.tokens.A4, w.A.l4],
      [w.tokens.A5, w.A.l5],
    ] as const) {
      const res = await get('/api/v1/users', token);
      expect(res.json().map((u: { id: string }) => u.id)).toEqual([self.id]);
      expect((await get(`/api/v1/users/${self.id}`, token)).statusCode).toBe(200);
      expect((await get(`/api/v1/users/${w.A.l1.id}`, token)).statusCode).toBe(404);
    }
  });

  it('spec §8 / PRODUCT §2: no token answers 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a user (201 + the entity), password only on write, hashed', async () => {
    const body = newUser({ tour_operator_id: w.A.op.id, address: 'Calle La Hoya 3, Adeje', lat_lng: '28.1,-16.7' });
    const res = await send('POST', '/api/v1/users', w.tokens.admin, body);
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      full_name: 'Nueva Persona',
      email: body.email,
      level: 2,
      state: 1,
      tour_operator_id: w.A.op.id,
      address: 'Calle La Hoya 3, Adeje',
    });
    expect(u.tour_operator).toEqual({ id: w.A.op.id, name: 'Operador A', timezone: 'Europe/Madrid' });
    expect(res.body).not.toMatch(/contraseña1|argon/);
    expect(await login(app, body.email, 'contraseña1')).toBeTruthy();
  });

  it('spec §3: accepts fullName as alias of full_name', async () => {
    const { full_name, ...rest } = newUser({ tour_operator_id: w.A.op.id });
    const res = await send('POST', '/api/v1/users', w.tokens.admin, { ...rest, fullName: 'Alias Camel' });
    expect(res.statusCode).toBe(201);
    expect(res.json().full_name).toBe('Alias Camel');
    void full_name;
  });

  it('spec §5: 422 with "Campo requerido" and the e-mail message next to each field', async () => {
    const res = await send('POST', '/api/v1/users', w.tokens.admin, {
      email: 'no-es-correo',
      password: 'x',
      re_password: 'y',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.full_name).toEqual(['Campo requerido']);
    expect(errors.level).toEqual(['Campo requerido']);
    expect(errors.email).toEqual(['Por favor, introduce una dirección de correo electrónico válida']);
    expect(errors.password[0]).toMatch(/8 caracteres/);
  });

  it('PRODUCT §2: e-mail unique (case-insensitive) → 409, nothing written', async () => {
    const before = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    const res = await send(
      'POST',
      '/api/v1/users',
      w.tokens.admin,
      newUser({ email: w.A.l2.email.toUpperCase(), tour_operator_id: w.A.op.id }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email[0]).toMatch(/Ya existe/);
    const after = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('levels 1–5 need a tour operator; level 0 has none', async () => {
    const res = await send('POST', '/api/v1/users', w.tokens.admin, newUser({ level: 4 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tour_operator_id[0]).toMatch(/tour operador/);
    const admin = await send(
      'POST',
      '/api/v1/users',
      w.tokens.admin,
      newUser({ level: 0, tour_operator_id: w.A.op.id }),
    );
    expect(admin.statusCode).toBe(201);
    expect(admin.json().tour_operator_id).toBeNull();
    const ghost = await send(
      'POST',
      '/api/v1/users',
      w.tokens.admin,
      newUser({ level: 4, tour_operator_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(ghost.statusCode).toBe(422);
  });

  it('PRODUCT §3: a level-1 admin creates in its own operator only (tour_operator_id is not mass-assignable)', async () => {
    const res = await send('POST', '/api/v1/users', w.tokens.A1, newUser({ level: 4, tour_operator_id: w.B.op.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().tour_operator_id).toBe(w.A.op.id);
  });

  it('PRODUCT §3: a level-1 admin cannot create an administrator', async () => {
    const res = await send('POST', '/api/v1/users', w.tokens.A1, newUser({ level: 0 }));
    expect(res.statusCode).toBe(403);
  });

  it('the role check comes before validation: a seller sending garbage gets 403, no token 401', async () => {
    expect((await send('POST', '/api/v1/users', w.tokens.A2, { email: 'x' })).statusCode).toBe(403);
    const anon = await app.inject({ method: 'POST', url: '/api/v1/users', payload: { email: 'x' } });
    expect(anon.statusCode).toBe(401);
  });

  it('PRODUCT §3: levels 2–5 cannot create users', async () => {
    for (const t of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await send('POST', '/api/v1/users', t, newUser({ tour_operator_id: w.A.op.id }))).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/v1/users/{id}', () => {
  it('spec §7: accepts full_name, re_password and tour_operator_id; fields not sent stay', async () => {
    const u = await createUser(app, { level: 2, tourOperatorId: w.A.op.id, phone: '+34 611 000 000' });
    const res = await send('PUT', `/api/v1/users/${u.id}`, w.tokens.admin, {
      full_name: 'Nombre Cambiado',
      password: 'nuevaClave9',
      re_password: 'nuevaClave9',
      tour_operator_id: w.B.op.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: 'Nombre Cambiado',
      phone: '+34 611 000 000',
      tour_operator_id: w.B.op.id,
      tour_operator: { id: w.B.op.id, name: 'Operador B', timezone: 'Europe/Madrid' },
    });
    expect(await login(app, u.email, 'nuevaClave9')).toBeTruthy();
  });

  it('accepts fullName on edit and refuses a re_password that does not match', async () => {
    const u = await createUser(app, { level: 4, tourOperatorId: w.A.op.id });
    const ok = await send('PUT', `/api/v1/users/${u.id}`, w.tokens.A1, { fullName: 'Camel Edit' });
    expect(ok.json().full_name).toBe('Camel Edit');
    const bad = await send('PUT', `/api/v1/users/${u.id}`, w.tokens.A1, { password: 'abcdefgh1', re_password: 'zzz' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.re_password).toEqual(['Las contraseñas no coinciden']);
  });

  it("PRODUCT §3: another operator's user answers 404 and stays unchanged", async () => {
    const res = await send('PUT', `/api/v1/users/${w.B.l4.id}`, w.tokens.A1, { full_name: 'Hackeado' });
    expect(res.statusCode).toBe(404);
    const row = await app.db.execute<{ full_name: string }>(sql`select full_name from users where id = ${w.B.l4.id}`);
    expect(row.rows[0].full_name).toBe('Borja Chofer B');
  });

  it('a level-1 admin cannot promote anyone to administrator nor move users to another operator', async () => {
    const u = await createUser(app, { level: 4, tourOperatorId: w.A.op.id });
    expect((await send('PUT', `/api/v1/users/${u.id}`, w.tokens.A1, { level: 0 })).statusCode).toBe(403);
    const moved = await send('PUT', `/api/v1/users/${u.id}`, w.tokens.A1, { tour_operator_id: w.B.op.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().tour_operator_id).toBe(w.A.op.id);
  });

  it('nobody changes their own level or state', async () => {
    const res = await send('PUT', `/api/v1/users/${w.A.l1.id}`, w.tokens.A1, { level: 2 });
    expect(res.statusCode).toBe(422);
  });

  it('an unknown or malformed id answers 404', async () => {
    expect(
      (await send('PUT', '/api/v1/users/00000000-0000-4000-8000-000000000000', w.tokens.admin, { phone: '1' }))
        .statusCode,
    ).toBe(404);
    expect((await send('PUT', '/api/v1/users/not-an-id', w.tokens.admin, { phone: '1' })).statusCode).toBe(404);
  });

  it('e-mail taken by another user → 409', async () => {
    const u = await createUser(app, { level: 4, tourOperatorId: w.A.op.id });
    const res = await send('PUT', `/api/v1/users/${u.id}`, w.tokens.admin, { email: w.B.l1.email });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('answers 204; the user disappears from lists, cannot sign in, and the e-mail is free again', async () => {
    const u = await createUser(app, { level: 5, tourOperatorId: w.A.op.id });
    const token = await login(app, u.email);
    const res = await send('DELETE', `/api/v1/users/${u.id}`, w.tokens.A1);
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/v1/users/${u.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await get('/api/v1/auth/me', token)).statusCode).toBe(401);
    const again = await send('POST', '/api/v1/users', w.tokens.A1, newUser({ email: u.email, level: 5 }));
    expect(again.statusCode).toBe(201);
  });

  it("another operator's user: 404 and still there; own account: refused; levels 2–5: 403", async () => {
    expect((await send('DELETE', `/api/v1/users/${w.B.l5.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await get(`/api/v1/users/${w.B.l5.id}`, w.tokens.admin)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/users/${w.A.l1.id}`, w.tokens.A1)).statusCode).toBe(409);
    expect((await send('DELETE', `/api/v1/users/${w.A.l5.id}`, w.tokens.A3)).statusCode).toBe(403);
  });
});
