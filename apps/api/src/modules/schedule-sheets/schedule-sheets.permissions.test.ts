/** Who may do what with schedule sheets (PRODUCT.md §3), tenant isolation, and the crew's bookings. */
import type { TSheetSummary } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld, login } from '../../../test/factories';
import { scheduleSheets } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { mkSheet, putSheet } from './schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let tour: { id: string };
let rows: Record<string, { id: string; locator: string }>;
let s1: string;
let s2: string;
let sb: string;
let tokenB4: string;

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  tokenB4 = await login(app, w.B.l4.email);
  tour = await mkProduct(app, w.tokens.A1, { duration_minutes: 120, capacity: 50 });
  const mk = (over: Record<string, unknown>) => booked(app, w.tokens.A1, bookingBody(tour.id, over));
  rows = {
    lucia: await mk({ customer_name: 'Lucía Pérez' }),
    marta: await mk({ customer_name: 'Marta Ruiz', time: '18:00' }),
    emma: await mk({ customer_name: 'Emma Wilson', date: day(2) }),
  };
  const gen = (await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1) })).json();
  [s1, s2] = gen.sheets.map((s: { id: string }) => s.id);
  const assigned = await putSheet(app, w.tokens.A1, s1, {
    driver_id: w.A.l4.id,
    guide_id: w.A.l5.id,
    state: 'ready',
  });
  if (assigned.statusCode !== 200) throw new Error(assigned.body);
  const theirs = await mkProduct(app, w.tokens.B1);
  await booked(app, w.tokens.B1, bookingBody(theirs.id, { customer_name: 'Cliente de B' }));
  const genB = (await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.B1, { date: day(1) })).json();
  sb = genB.sheets[0].id;
  await putSheet(app, w.tokens.B1, sb, { driver_id: w.B.l4.id, notes: 'Hoja de B' });
});
afterAll(async () => {
  await app?.close();
});

type Role = 'admin' | 'A1' | 'A2' | 'A3' | 'A4' | 'A5';
const ROLES: Role[] = ['admin', 'A1', 'A2', 'A3', 'A4', 'A5'];

describe('role matrix: every route × levels 0–5', () => {
  it('planners (0, 1, 3) do everything; Vendedor nothing; Chofer and Guía read and work only their sheet', async () => {
    const table: Record<string, Record<Role, number>> = {};
    for (const [i, role] of ROLES.entries()) {
      const token = w.tokens[role];
      // A draft of its own for the DELETE, made by the operator's admin.
      const draft = await mkSheet(app, w.tokens.A1, { product_id: tour.id, date: day(10 + i), time: '09:00' });
      const calls: Record<string, () => Promise<{ statusCode: number }>> = {
        list: () => get(`/api/v1/schedule-sheets?date=${day(1)}`, token),
        'get own': () => get(`/api/v1/schedule-sheets/${s1}`, token),
        'get other': () => get(`/api/v1/schedule-sheets/${s2}`, token),
        generate: () => send('POST', '/api/v1/schedule-sheets/generate', token, { date: day(3) }),
        create: () =>
          send('POST', '/api/v1/schedule-sheets', token, { product_id: tour.id, date: day(20 + i), time: '18:00' }),
        'put assignment': () => putSheet(app, token, s1, { notes: `Nota de ${role}` }),
        delete: () => send('DELETE', `/api/v1/schedule-sheets/${draft.id}`, token),
        // s1 is tomorrow's: the office checks in with a reason; the crew gets past the permission
        // check and is told boarding opens on the day (409).
        'check-in': () =>
          send('POST', `/api/v1/schedule-sheets/${s1}/check-in`, token, {
            booking_id: rows.lucia.id,
            ...(role === 'A4' || role === 'A5' ? {} : { override_reason: 'Prueba de permisos' }),
          }),
        // s2 is a draft: planners get past the permission check and are told it is not boarding.
        'check-in (other sheet)': () =>
          send('POST', `/api/v1/schedule-sheets/${s2}/check-in`, token, { booking_id: rows.marta.id }),
        'put state (other sheet)': () => putSheet(app, token, s2, { state: 'ready' }),
        // The departure has not started: 422 proves the caller got past the permission check.
        finish: () => send('POST', `/api/v1/schedule-sheets/${s1}/finish`, token),
      };
      for (const [name, call] of Object.entries(calls)) {
        table[name] ??= {} as Record<Role, number>;
        table[name][role] = (await call()).statusCode;
      }
      // Put s2 back to draft for the next role.
      await putSheet(app, w.tokens.A1, s2, { state: 'draft' });
    }
    const planner = (code: number) => ({ admin: code, A1: code, A3: code });
    expect(table).toEqual({
      list: { ...planner(200), A2: 403, A4: 200, A5: 200 },
      'get own': { ...planner(200), A2: 403, A4: 200, A5: 200 },
      'get other': { ...planner(200), A2: 403, A4: 404, A5: 404 },
      generate: { ...planner(200), A2: 403, A4: 403, A5: 403 },
      create: { ...planner(201), A2: 403, A4: 403, A5: 403 },
      'put assignment': { ...planner(200), A2: 403, A4: 403, A5: 403 },
      delete: { ...planner(204), A2: 403, A4: 403, A5: 403 },
      'check-in': { ...planner(200), A2: 403, A4: 409, A5: 409 },
      'check-in (other sheet)': { ...planner(409), A2: 403, A4: 404, A5: 404 },
      'put state (other sheet)': { ...planner(200), A2: 403, A4: 404, A5: 404 },
      finish: { ...planner(422), A2: 403, A4: 422, A5: 422 },
    });
  });

  it('Chofer and Guía list only their own sheets, and may not confirm or unconfirm one', async () => {
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      const list = (await get('/api/v1/schedule-sheets', token)).json() as TSheetSummary[];
      expect(list.map((s) => s.id)).toEqual([s1]);
      const res = await putSheet(app, token, s1, { state: 'draft' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo la oficina confirma una hoja o la devuelve a borrador');
      const assign = await putSheet(app, token, s1, { driver_id: w.A.l4.id });
      expect(assign.json().message).toBe('Tu rol solo puede cambiar el estado de la hoja');
    }
  });

  it('the seller is refused before anything is read', async () => {
    const res = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A2, { date: 'not a date' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
    expect(
      (await send('POST', `/api/v1/schedule-sheets/${s1}/finish`, undefined as unknown as string)).statusCode,
    ).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("operator A's tokens on B's sheet answer 404 on every verb, and B's sheet is unchanged", async () => {
    const [before] = await app.db.select().from(scheduleSheets).where(eq(scheduleSheets.id, sb));
    for (const token of [w.tokens.A1, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      const answers = [
        await get(`/api/v1/schedule-sheets/${sb}`, token),
        await putSheet(app, token, sb, { state: 'ready' }),
        await send('DELETE', `/api/v1/schedule-sheets/${sb}`, token),
        await send('POST', `/api/v1/schedule-sheets/${sb}/check-in`, token, { code: 'TRY-AAAAAA' }),
        await send('POST', `/api/v1/schedule-sheets/${sb}/finish`, token),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual(
        token === w.tokens.A1 || token === w.tokens.A3 ? [404, 404, 404, 404, 404] : [404, 404, 403, 404, 404],
      );
      expect(answers[0].json().message).toBe('La hoja de servicio no existe');
    }
    const [after] = await app.db.select().from(scheduleSheets).where(eq(scheduleSheets.id, sb));
    expect(after).toEqual(before);
  });

  it("A's planners cannot assign B's staff or vehicles, and lists and generation stay in the operator", async () => {
    const res = await putSheet(app, w.tokens.A1, s2, { driver_id: w.B.l4.id });
    expect(res.statusCode).toBe(422);
    const listA = (await get(`/api/v1/schedule-sheets?date=${day(1)}`, w.tokens.A1)).json() as TSheetSummary[];
    expect(listA.every((s) => s.tour_operator_id === w.A.op.id)).toBe(true);
    const listB = (await get(`/api/v1/schedule-sheets?date=${day(1)}`, w.tokens.B1)).json() as TSheetSummary[];
    expect(listB.map((s) => s.id)).toEqual([sb]);
    // B's driver sees B's sheet only.
    expect(((await get('/api/v1/schedule-sheets', tokenB4)).json() as TSheetSummary[]).map((s) => s.id)).toEqual([sb]);
    // Somebody else's tour_operator_id in the body is ignored.
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.B1, {
      date: day(1),
      tour_operator_id: w.A.op.id,
    });
    expect(gen.json()).toEqual({ created: 0, existing: 1, sheets: [] });
  });

  it('the administrator sees every operator and may narrow to one', async () => {
    const all = (await get(`/api/v1/schedule-sheets?date=${day(1)}`, w.tokens.admin)).json() as TSheetSummary[];
    expect(all.map((s) => s.id).sort()).toEqual([s1, s2, sb].sort());
    const onlyB = (
      await get(`/api/v1/schedule-sheets?date=${day(1)}&tour_operator_id=${w.B.op.id}`, w.tokens.admin)
    ).json() as TSheetSummary[];
    expect(onlyB.map((s) => s.id)).toEqual([sb]);
  });
});

describe("Chofer and Guía read the bookings of their sheets' departures only", () => {
  const names = (res: { json: () => unknown }) =>
    (res.json() as { customer_name: string }[]).map((b) => b.customer_name);

  it('list, read and history; other bookings answer 404', async () => {
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      const res = await get('/api/v1/bookings', token);
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual(['Lucía Pérez']);
      expect(res.headers['x-total-count']).toBe('1');
      expect((await get(`/api/v1/bookings/${rows.lucia.id}`, token)).statusCode).toBe(200);
      expect((await get(`/api/v1/bookings/${rows.lucia.id}/events`, token)).statusCode).toBe(200);
      expect((await get(`/api/v1/bookings/${rows.marta.id}`, token)).statusCode).toBe(404);
      expect((await get(`/api/v1/bookings/${rows.emma.id}`, token)).statusCode).toBe(404);
      expect((await send('PUT', `/api/v1/bookings/${rows.lucia.id}`, token, { notes: 'x' })).statusCode).toBe(403);
    }
    // B's driver: only B's.
    expect(names(await get('/api/v1/bookings', tokenB4))).toEqual(['Cliente de B']);
  });

  it('unassigned, they see none', async () => {
    expect((await putSheet(app, w.tokens.A1, s1, { driver_id: null })).statusCode).toBe(200);
    expect(names(await get('/api/v1/bookings', w.tokens.A4))).toEqual([]);
    expect((await get(`/api/v1/bookings/${rows.lucia.id}`, w.tokens.A4)).statusCode).toBe(404);
    expect((await get(`/api/v1/schedule-sheets/${s1}`, w.tokens.A4)).statusCode).toBe(404);
    // The guide still does.
    expect(names(await get('/api/v1/bookings', w.tokens.A5))).toEqual(['Lucía Pérez']);
  });
});
