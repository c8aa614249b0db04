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

let plateSeq = 1000;
const newPlate = () => `${plateSeq++} TST`;
const newVehicle = (over: Record<string, unknown> = {}) => ({
  plate: newPlate(),
  name: 'Autobús grande',
  model: 'Irizar i6',
  type: 'bus',
  seats: 55,
  transport_authorization: 'VD-38-123456',
  notes: 'Con rampa para sillas de ruedas',
  ...over,
});

/** Creates a vehicle with the given token (administrator: for operator A unless told). */
async function create(token: string, over: Record<string, unknown> = {}) {
  const body = token === w.tokens.admin ? { tour_operator_id: w.A.op.id, ...newVehicle(over) } : newVehicle(over);
  const res = await call('POST', '/api/v1/vehicles', token, body);
  if (res.statusCode !== 201) throw new Error(`create vehicle: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Today's date in a time zone, computed independently of the code under test. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const dbRow = async (id: string) =>
  (
    await app.db.execute<{ plate: string; seats: number; deleted_at: string | null; tour_operator_id: string }>(
      sql`select plate, seats, deleted_at, tour_operator_id from vehicles where id = ${id}`,
    )
  ).rows[0];

describe('POST /api/v1/vehicles', () => {
  it('creates a vehicle with every field and its unavailable periods (201 + the entity)', async () => {
    const today = todayIn('Europe/Madrid');
    const res = await call('POST', '/api/v1/vehicles', w.tokens.A1, {
      ...newVehicle({ plate: '4321-bcd' }),
      state: 3,
      unavailable_periods: [
        { from: addDays(today, 10), to: addDays(today, 12), reason: 'ITV' },
        { from: addDays(today, -1), to: addDays(today, 1), reason: 'Taller: embrague' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      tour_operator_id: w.A.op.id,
      plate: '4321BCD',
      name: 'Autobús grande',
      model: 'Irizar i6',
      type: 'bus',
      seats: 55,
      transport_authorization: 'VD-38-123456',
      state: 3,
      notes: 'Con rampa para sillas de ruedas',
      unavailable_today: true,
    });
    expect(v.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(v.created_at).toMatch(/Z$/);
    // Periods come back ordered by start date, each with its id.
    expect(v.unavailable_periods.map((p: { reason: string }) => p.reason)).toEqual(['Taller: embrague', 'ITV']);
    expect(v.unavailable_periods[0]).toEqual({
      id: expect.any(String),
      from: addDays(today, -1),
      to: addDays(today, 1),
      reason: 'Taller: embrague',
    });
    expect(v).not.toHaveProperty('deleted_at');

    const got = await call('GET', `/api/v1/vehicles/${v.id}`, w.tokens.A4);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(v);
  });

  it('defaults: state 1 (Activo), empty texts, no periods, not unavailable today', async () => {
    const res = await call('POST', '/api/v1/vehicles', w.tokens.A3, { plate: newPlate(), type: 'van', seats: '8' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'van',
      seats: 8,
      state: 1,
      name: '',
      model: '',
      transport_authorization: '',
      notes: '',
      unavailable_periods: [],
      unavailable_today: false,
    });
  });

  it('PRODUCT §3: tour_operator_id in the body is ignored for a non-administrator (no mass assignment)', async () => {
    const res = await call('POST', '/api/v1/vehicles', w.tokens.A1, { ...newVehicle(), tour_operator_id: w.B.op.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().tour_operator_id).toBe(w.A.op.id);
  });

  it('the administrator must name an existing operator (422 on tour_operator_id)', async () => {
    const none = await call('POST', '/api/v1/vehicles', w.tokens.admin, newVehicle());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.tour_operator_id).toEqual(['Campo requerido']);
    const ghost = await call('POST', '/api/v1/vehicles', w.tokens.admin, {
      ...newVehicle(),
      tour_operator_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().errors.tour_operator_id).toEqual(['El tour operador no existe']);
    const ok = await call('POST', '/api/v1/vehicles', w.tokens.admin, { ...newVehicle(), tour_operator_id: w.B.op.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tour_operator_id).toBe(w.B.op.id);
  });

  it('validation: 422 with Spanish messages next to each field, nothing written', async () => {
    const before = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from vehicles`)).rows[0].n;
    const res = await call('POST', '/api/v1/vehicles', w.tokens.A1, {
      name: 'x'.repeat(101),
      seats: 0,
      type: 'tren',
      state: 7,
      unavailable_periods: [
        { from: '2026-05-10', to: '2026-05-01' },
        { from: '2026-02-30', to: '2026-03-01' },
      ],
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toBe('Hay errores en los datos enviados');
    expect(errors.plate).toEqual(['Campo requerido']);
    expect(errors.type).toEqual(['Opción no válida']);
    expect(errors.seats).toEqual(['Debe ser como mínimo 1']);
    expect(errors.state).toEqual(['Opción no válida']);
    expect(errors.name).toEqual(['Máximo 100 caracteres']);
    expect(errors['unavailable_periods.0.to']).toEqual(['La fecha final debe ser posterior a la inicial']);
    expect(errors['unavailable_periods.1.from']).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    const missing = await call('POST', '/api/v1/vehicles', w.tokens.A1, {});
    expect(missing.json().errors).toMatchObject({
      plate: ['Campo requerido'],
      type: ['Campo requerido'],
      seats: ['Campo requerido'],
    });
    const tooMany = await call('POST', '/api/v1/vehicles', w.tokens.A1, { ...newVehicle(), seats: 201 });
    expect(tooMany.json().errors.seats).toEqual(['Debe ser como máximo 200']);
    const blankPlate = await call('POST', '/api/v1/vehicles', w.tokens.A1, { ...newVehicle(), plate: ' - ' });
    expect(blankPlate.statusCode).toBe(422);
    expect(blankPlate.json().errors.plate).toEqual(['Campo requerido']);
    const yearZero = await call('POST', '/api/v1/vehicles', w.tokens.A1, {
      ...newVehicle(),
      unavailable_periods: [{ from: '0000-01-01', to: '2026-01-01' }],
    });
    expect(yearZero.statusCode).toBe(422);
    expect(yearZero.json().errors['unavailable_periods.0.from']).toEqual(['Fecha fuera de rango (años 1900–2100)']);
    const after = (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from vehicles`)).rows[0].n;
    expect(after).toBe(before);
  });

  it('bad input: malformed JSON and wrong types answer 400/422, never 500', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/vehicles',
      headers: { ...bearer(w.tokens.A1), 'content-type': 'application/json' },
      payload: '{"plate": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/JSON/);
    const types = await call('POST', '/api/v1/vehicles', w.tokens.A1, {
      plate: 123,
      type: ['bus'],
      seats: 'muchas',
      unavailable_periods: 'siempre',
    });
    expect(types.statusCode).toBe(422);
    expect(Object.keys(types.json().errors).sort()).toEqual(['plate', 'seats', 'type', 'unavailable_periods']);
    const html = await call('POST', '/api/v1/vehicles', w.tokens.A1, {
      ...newVehicle(),
      name: "<script>alert(1)</script>'; drop table vehicles;--",
    });
    expect(html.statusCode).toBe(201);
    expect(html.json().name).toBe("<script>alert(1)</script>'; drop table vehicles;--");
  });
});

describe('unique plate per operator', () => {
  it('409 on field plate for a live vehicle with the same plate (spaces, dashes and case ignored)', async () => {
    await create(w.tokens.A1, { plate: '7777 XYZ' });
    const dup = await call('POST', '/api/v1/vehicles', w.tokens.A3, newVehicle({ plate: '7777-xyz' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'PLATE_TAKEN',
      message: 'Ya existe un vehículo con esa matrícula',
      errors: { plate: ['Ya existe un vehículo con esa matrícula'] },
    });
  });

  it('another operator may use the same plate', async () => {
    await create(w.tokens.A1, { plate: '8888 XYZ' });
    const res = await call('POST', '/api/v1/vehicles', w.tokens.B1, newVehicle({ plate: '8888 XYZ' }));
    expect(res.statusCode).toBe(201);
  });

  it('PUT to a plate in use → 409 and the row unchanged; to its own plate → 200', async () => {
    await create(w.tokens.A1, { plate: '1111 AAA' });
    const other = await create(w.tokens.A1, { plate: '2222 AAA' });
    const res = await call('PUT', `/api/v1/vehicles/${other.id}`, w.tokens.A1, { plate: '1111aaa' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.plate).toEqual(['Ya existe un vehículo con esa matrícula']);
    expect((await dbRow(other.id)).plate).toBe('2222AAA');
    const same = await call('PUT', `/api/v1/vehicles/${other.id}`, w.tokens.A1, { plate: '2222-aaa', seats: 30 });
    expect(same.statusCode).toBe(200);
    expect(same.json().seats).toBe(30);
  });

  it('two concurrent creations with the same plate: one 201, one 409, never 500', async () => {
    const body = newVehicle({ plate: '5555 RACE' });
    const results = await Promise.all([
      call('POST', '/api/v1/vehicles', w.tokens.A1, body),
      call('POST', '/api/v1/vehicles', w.tokens.A3, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/v1/vehicles/{id}', () => {
  it('fields not sent stay; unavailable_periods, when sent, replaces the stored ones', async () => {
    const v = await create(w.tokens.A1, {
      unavailable_periods: [
        { from: '2030-01-01', to: '2030-01-05', reason: 'Vacaciones del chofer' },
        { from: '2030-02-01', to: '2030-02-02', reason: 'ITV' },
      ],
    });
    const keep = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A3, { name: 'Guagua azul' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ name: 'Guagua azul', model: 'Irizar i6', seats: 55, plate: v.plate });
    expect(keep.json().unavailable_periods).toHaveLength(2);
    expect(keep.json().unavailable_periods).toEqual(v.unavailable_periods);
    expect(new Date(keep.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(v.updated_at).getTime());

    const replaced = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, {
      unavailable_periods: [{ from: '2030-03-01', to: '2030-03-31', reason: 'Alquilado a otra empresa' }],
      state: 2,
      type: 'minibus',
      seats: 25,
      model: 'Mercedes Sprinter',
      transport_authorization: 'VD-1',
      notes: '',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      state: 2,
      type: 'minibus',
      seats: 25,
      model: 'Mercedes Sprinter',
      transport_authorization: 'VD-1',
      notes: '',
    });
    expect(replaced.json().unavailable_periods).toEqual([
      { id: expect.any(String), from: '2030-03-01', to: '2030-03-31', reason: 'Alquilado a otra empresa' },
    ]);
    const n = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vehicle_unavailabilities where vehicle_id = ${v.id}`,
    );
    expect(n.rows[0].n).toBe(1);

    const cleared = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, { unavailable_periods: [] });
    expect(cleared.json().unavailable_periods).toEqual([]);
  });

  it('a bad period rolls the whole update back (one transaction)', async () => {
    const v = await create(w.tokens.A1, { unavailable_periods: [{ from: '2030-01-01', to: '2030-01-02' }] });
    const res = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, {
      seats: 10,
      unavailable_periods: [{ from: '2030-05-02', to: '2030-05-01' }],
    });
    expect(res.statusCode).toBe(422);
    const after = await call('GET', `/api/v1/vehicles/${v.id}`, w.tokens.A1);
    expect(after.json().seats).toBe(55);
    expect(after.json().unavailable_periods).toEqual(v.unavailable_periods);
  });

  it('a vehicle never changes operator: the administrator naming another one gets 422', async () => {
    const v = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.admin, { tour_operator_id: w.B.op.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tour_operator_id[0]).toMatch(/no puede cambiar de tour operador/);
    expect((await dbRow(v.id)).tour_operator_id).toBe(w.A.op.id);
    const same = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.admin, {
      tour_operator_id: w.A.op.id,
      name: 'Editado por administración',
    });
    expect(same.statusCode).toBe(200);
    // A non-administrator's tour_operator_id is simply ignored.
    const ignored = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, { tour_operator_id: w.B.op.id });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().tour_operator_id).toBe(w.A.op.id);
  });

  it('validation on edit: 422 in Spanish; unknown or malformed id: 404', async () => {
    const v = await create(w.tokens.A1);
    const res = await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, { seats: -1, plate: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.plate).toEqual(['Campo requerido']);
    expect(res.json().errors.seats).toEqual(['Debe ser como mínimo 1']);
    const ghost = await call('PUT', '/api/v1/vehicles/00000000-0000-4000-8000-000000000000', w.tokens.A1, { seats: 2 });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('El vehículo no existe');
    expect((await call('GET', '/api/v1/vehicles/no-es-un-id', w.tokens.A1)).statusCode).toBe(404);
  });
});

describe('unavailable_today', () => {
  it("follows the operator's time zone (tour_operators.timezone)", async () => {
    // UTC+14 and UTC−11 never share a calendar date.
    const ahead = await createOperator(app, { name: 'Operador Kiritimati', timezone: 'Pacific/Kiritimati' });
    const behind = await createOperator(app, { name: 'Operador Pago Pago', timezone: 'Pacific/Pago_Pago' });
    const day = todayIn('Pacific/Kiritimati');
    const mk = async (opId: string) =>
      (
        await call('POST', '/api/v1/vehicles', w.tokens.admin, {
          ...newVehicle(),
          tour_operator_id: opId,
          unavailable_periods: [{ from: day, to: day, reason: 'Taller' }],
        })
      ).json();
    expect((await mk(ahead.id)).unavailable_today).toBe(true);
    expect((await mk(behind.id)).unavailable_today).toBe(false);
    const list = await call('GET', `/api/v1/vehicles?tour_operator_id[eq]=${ahead.id}`, w.tokens.admin);
    expect(list.json()[0].unavailable_today).toBe(true);
  });

  it('is false for periods that ended yesterday or start tomorrow', async () => {
    const today = todayIn('Europe/Madrid');
    const v = await create(w.tokens.A1, {
      unavailable_periods: [
        { from: addDays(today, -5), to: addDays(today, -1) },
        { from: addDays(today, 1), to: addDays(today, 3) },
      ],
    });
    expect(v.unavailable_today).toBe(false);
  });
});

describe('GET /api/v1/vehicles (list conventions)', () => {
  let C: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    C = await createOperator(app, { name: 'Operador Flota' });
    const mk = (body: Record<string, unknown>) =>
      call('POST', '/api/v1/vehicles', w.tokens.admin, { tour_operator_id: C.id, ...body });
    await mk({ plate: '0001 FLT', name: 'Guagua Teide', model: 'Setra S 516', type: 'bus', seats: 55 });
    await mk({ plate: '0002 FLT', name: 'Minibús Masca', model: 'Iveco Daily', type: 'minibus', seats: 25, state: 3 });
    await mk({ plate: '0003 FLT', name: 'Furgoneta Anaga', model: 'Mercedes Vito', type: 'van', seats: 8 });
    await mk({ plate: '0004 FLT', name: 'Barco Ballenas', model: 'Catamarán', type: 'boat', seats: 120, state: 2 });
    await mk({ plate: '0005 FLT', name: 'Todoterreno Cañadas', model: 'Land Rover', type: '4x4', seats: 6 });
  });
  const list = (query: string) => call('GET', `/api/v1/vehicles?tour_operator_id[eq]=${C.id}&${query}`, w.tokens.admin);
  const plates = (res: { json: () => { plate: string }[] }) => res.json().map((v) => v.plate);

  it('answers a bare array with X-Total-Count and Link; default order by plate; paging', async () => {
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(plates(all)).toEqual(['0001FLT', '0002FLT', '0003FLT', '0004FLT', '0005FLT']);
    const p2 = await list('per_page=2&page=2');
    expect(plates(p2)).toEqual(['0003FLT', '0004FLT']);
    expect(p2.headers['x-total-count']).toBe('5');
    expect(p2.headers.link).toContain('rel="prev"');
    expect(p2.headers.link).toContain('rel="next"');
    expect(p2.headers.link).toContain('page=3');
  });

  it('filters state, type, seats, plate (eq, in, gte, lt, like, ne) and q over plate, name and model', async () => {
    expect(plates(await list('state[eq]=3'))).toEqual(['0002FLT']);
    expect(plates(await list('state[ne]=1'))).toEqual(['0002FLT', '0004FLT']);
    expect(plates(await list('type[in]=van,4x4'))).toEqual(['0003FLT', '0005FLT']);
    expect(plates(await list('seats[gte]=25&seats[lt]=100'))).toEqual(['0001FLT', '0002FLT']);
    expect(plates(await list('plate[eq]=0004FLT'))).toEqual(['0004FLT']);
    // Plates as people type them: spaces, dashes, lower case.
    expect(plates(await list('plate[eq]=0004%20flt'))).toEqual(['0004FLT']);
    expect(plates(await list('plate[in]=0001-FLT,0002%20flt'))).toEqual(['0001FLT', '0002FLT']);
    expect(plates(await list('q=0005%20FLT'))).toEqual(['0005FLT']);
    expect(plates(await list('q=5-flt'))).toEqual(['0005FLT']);
    expect(plates(await list('plate[like]=03f'))).toEqual(['0003FLT']);
    expect(plates(await list('q=canadas'))).toEqual(['0005FLT']); // accent-insensitive: Cañadas
    expect(plates(await list('q=IVECO'))).toEqual(['0002FLT']);
    expect(plates(await list('q=0001'))).toEqual(['0001FLT']);
    expect(plates(await list("q=%'%20or%201=1--"))).toEqual([]);
  });

  it('sorts by seats, name, type, state and created_at, both directions', async () => {
    expect(plates(await list('sort=-seats'))).toEqual(['0004FLT', '0001FLT', '0002FLT', '0003FLT', '0005FLT']);
    expect(plates(await list('sort=name'))[0]).toBe('0004FLT'); // Barco Ballenas
    expect(plates(await list('sort=-state,plate'))).toEqual(['0002FLT', '0004FLT', '0001FLT', '0003FLT', '0005FLT']);
    expect((await list('sort=type')).statusCode).toBe(200);
    expect((await list('sort=-created_at')).statusCode).toBe(200);
  });

  it('unknown fields, bad values and ops answer 400 naming the parameter', async () => {
    for (const q of [
      'deleted_at[eq]=x',
      'seats[eq]=muchas',
      'type[eq]=tren',
      'state[foo]=1',
      'sort=notes',
      'per_page=0',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('tenant boundary (PRODUCT §3, §7)', () => {
  it("operator A never sees, edits or deletes operator B's vehicles: 404, and B's row unchanged", async () => {
    const bv = await create(w.tokens.B1, { plate: '9999 BBB', seats: 40 });
    for (const token of [w.tokens.A1, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', `/api/v1/vehicles/${bv.id}`, token)).statusCode).toBe(404);
    }
    for (const token of [w.tokens.A1, w.tokens.A3]) {
      const put = await call('PUT', `/api/v1/vehicles/${bv.id}`, token, { seats: 1, unavailable_periods: [] });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('El vehículo no existe');
      expect((await call('DELETE', `/api/v1/vehicles/${bv.id}`, token)).statusCode).toBe(404);
    }
    const row = await dbRow(bv.id);
    expect(row).toMatchObject({ plate: '9999BBB', seats: 40, deleted_at: null });
    // Lists are scoped too, even when asking for B explicitly.
    const mine = await call('GET', '/api/v1/vehicles?per_page=500', w.tokens.A1);
    expect(new Set(mine.json().map((v: { tour_operator_id: string }) => v.tour_operator_id))).toEqual(
      new Set([w.A.op.id]),
    );
    expect((await call('GET', `/api/v1/vehicles?tour_operator_id[eq]=${w.B.op.id}`, w.tokens.A1)).json()).toEqual([]);
    // The administrator sees both.
    expect((await call('GET', `/api/v1/vehicles/${bv.id}`, w.tokens.admin)).statusCode).toBe(200);
  });
});

describe('role matrix (PRODUCT §3: vehicles)', () => {
  it('level 2 (Vendedor) has no access at all: 403 on every endpoint', async () => {
    const v = await create(w.tokens.A1);
    expect((await call('GET', '/api/v1/vehicles', w.tokens.A2)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/vehicles/${v.id}`, w.tokens.A2)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/vehicles', w.tokens.A2, newVehicle())).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A2, { seats: 2 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/vehicles/${v.id}`, w.tokens.A2)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/vehicles', w.tokens.A2)).json().message).toBe(
      'No tienes permiso para realizar esta acción',
    );
  });

  it('levels 4 (Chofer) and 5 (Guía) read only: lists and reads 200, writes 403 (even with a bad body)', async () => {
    const v = await create(w.tokens.A1);
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/vehicles', token)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/vehicles/${v.id}`, token)).statusCode).toBe(200);
      expect((await call('POST', '/api/v1/vehicles', token, newVehicle())).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/vehicles', token, {})).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/vehicles/${v.id}`, token, { seats: 2 })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/vehicles/${v.id}`, token)).statusCode).toBe(403);
    }
    expect((await dbRow(v.id)).seats).toBe(55);
  });

  it('levels 0, 1 and 3 write; no token → 401 on every endpoint', async () => {
    for (const token of [w.tokens.admin, w.tokens.A1, w.tokens.A3]) {
      const v = await create(token);
      expect((await call('PUT', `/api/v1/vehicles/${v.id}`, token, { seats: 9 })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/v1/vehicles/${v.id}`, token)).statusCode).toBe(204);
    }
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/vehicles'],
      ['GET', `/api/v1/vehicles/${id}`],
      ['POST', '/api/v1/vehicles'],
      ['PUT', `/api/v1/vehicles/${id}`],
      ['DELETE', `/api/v1/vehicles/${id}`],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('DELETE /api/v1/vehicles/{id}', () => {
  it('soft delete: 204, gone from reads and lists, the row kept with deleted_at, the plate free again', async () => {
    const v = await create(w.tokens.A1, {
      plate: '3333 DEL',
      unavailable_periods: [{ from: '2030-01-01', to: '2030-01-02' }],
    });
    const res = await call('DELETE', `/api/v1/vehicles/${v.id}`, w.tokens.A3);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/api/v1/vehicles/${v.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/vehicles?plate[eq]=3333DEL', w.tokens.A1)).json()).toEqual([]);
    expect((await call('PUT', `/api/v1/vehicles/${v.id}`, w.tokens.A1, { seats: 3 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/vehicles/${v.id}`, w.tokens.A1)).statusCode).toBe(404);
    expect((await dbRow(v.id)).deleted_at).not.toBeNull();
    const again = await call('POST', '/api/v1/vehicles', w.tokens.A1, newVehicle({ plate: '3333-del' }));
    expect(again.statusCode).toBe(201);
  });
});
