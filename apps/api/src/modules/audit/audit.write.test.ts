/**
 * The audit log's write side: every audited change writes exactly one entry (two where one request
 * changes two records), with who, what and the diff, in the change's own transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld, PASSWORD } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { publicApi, publicBody } from '../public/public.test-helpers';
import { mkPerson, mkVehicle, moveDeparture, putSheet } from '../schedule-sheets/schedule-sheets.test-helpers';

type Entry = typeof auditLog.$inferSelect;

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** Runs `fn` and returns its answer with the audit entries it wrote, oldest first. */
async function written<T>(fn: () => Promise<T>): Promise<{ res: T; rows: Entry[] }> {
  const before = new Set((await app.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
  const res = await fn();
  const rows = (await app.db.select().from(auditLog))
    .filter((r) => !before.has(r.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { res, rows };
}

const requestIdOf = (res: LightMyRequestResponse) => res.headers['x-request-id'];
const label = (u: { fullName: string; email: string }) => `${u.fullName} <${u.email}>`;

describe('users', () => {
  let userId: string;

  it('create: one entry by the staff user, with the new values, the request id and the address', async () => {
    const { res, rows } = await written(() =>
      send('POST', '/api/v1/users', w.tokens.A1, {
        full_name: 'Nuria Nueva',
        email: 'nuria@example.com',
        level: 2,
        state: 1,
        password: 'MuySecreta-987',
        re_password: 'MuySecreta-987',
      }),
    );
    expect(res.statusCode).toBe(201);
    userId = res.json().id;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tourOperatorId: w.A.op.id,
      actorId: w.A.l1.id,
      actorKind: 'staff',
      actorLabel: label(w.A.l1),
      entityType: 'user',
      entityId: userId,
      action: 'create',
      summary: 'Nuria Nueva <nuria@example.com>',
      requestId: requestIdOf(res),
      ip: '127.0.0.1',
    });
    expect(rows[0].changes).toMatchObject({ full_name: [null, 'Nuria Nueva'], level: [null, 2], state: [null, 1] });
    expect(JSON.stringify(rows[0])).not.toMatch(/MuySecreta|argon2|password/i);
  });

  it('update: only the fields that changed; a new password is a marker, never its value or hash', async () => {
    const { res, rows } = await written(() =>
      send('PUT', `/api/v1/users/${userId}`, w.tokens.A1, {
        full_name: 'Nuria Cambiada',
        phone: '+34 600 111 222',
        email: 'nuria@example.com',
        password: 'OtraClave-12345',
        re_password: 'OtraClave-12345',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe('update');
    expect(rows[0].changes).toEqual({
      full_name: ['Nuria Nueva', 'Nuria Cambiada'],
      phone: ['', '+34 600 111 222'],
      password: [null, 'cambiada'],
    });
    expect(JSON.stringify(rows)).not.toMatch(/OtraClave|argon2|hash/i);
  });

  it('a state change alone is "state", a level change alone is "role"; nothing changed, no entry', async () => {
    const state = await written(() => send('PUT', `/api/v1/users/${userId}`, w.tokens.A1, { state: 2 }));
    expect(state.rows.map((r) => [r.action, r.changes])).toEqual([['state', { state: [1, 2] }]]);
    const role = await written(() => send('PUT', `/api/v1/users/${userId}`, w.tokens.A1, { level: 3 }));
    expect(role.rows.map((r) => [r.action, r.changes])).toEqual([['role', { level: [2, 3] }]]);
    const same = await written(() => send('PUT', `/api/v1/users/${userId}`, w.tokens.A1, { level: 3, state: 2 }));
    expect(same.res.statusCode).toBe(200);
    expect(same.rows).toEqual([]);
  });

  it('a refused change (409 e-mail taken) is rolled back with no entry', async () => {
    const { res, rows } = await written(() =>
      send('PUT', `/api/v1/users/${userId}`, w.tokens.A1, { full_name: 'Otro', email: w.A.l2.email }),
    );
    expect(res.statusCode).toBe(409);
    expect(rows).toEqual([]);
  });

  it('delete: one entry', async () => {
    const { res, rows } = await written(() => send('DELETE', `/api/v1/users/${userId}`, w.tokens.A1));
    expect(res.statusCode).toBe(204);
    expect(rows.map((r) => [r.action, r.entityId, r.summary])).toEqual([
      ['delete', userId, 'Nuria Cambiada <nuria@example.com>'],
    ]);
  });

  it('signing in with the password that was audited still works (the log did not touch the account)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: w.A.l2.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('bookings', () => {
  let productId: string;
  let bookingId: string;
  let locator: string;

  beforeAll(async () => {
    productId = (await mkProduct(app, w.tokens.A1, { capacity: 6, free_cancellation_hours: 24 })).id;
  });

  it('staff create: one entry with the product named and the sale in the diff', async () => {
    const { res, rows } = await written(() =>
      send('POST', '/api/v1/bookings', w.tokens.A2, bookingBody(productId, { pax: { adult: 2 } })),
    );
    expect(res.statusCode).toBe(201);
    ({ id: bookingId, locator } = res.json());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: w.A.l2.id,
      actorKind: 'staff',
      actorLabel: label(w.A.l2),
      entityType: 'booking',
      entityId: bookingId,
      action: 'create',
      tourOperatorId: w.A.op.id,
      summary: `${locator} · Lucía Pérez`,
      requestId: requestIdOf(res),
    });
    expect(rows[0].changes).toMatchObject({
      product_id: [null, { id: productId }],
      pax: [null, { adult: 2 }],
      total_cents: [null, 9000],
      state: [null, 'confirmed'],
    });
  });

  it('a sale refused with 409 (no seats) is rolled back with no entry', async () => {
    const { res, rows } = await written(() =>
      send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(productId, { pax: { adult: 5 } })),
    );
    expect(res.statusCode).toBe(409);
    expect(rows).toEqual([]);
  });

  it('update: the diff with references named; state alone is "state"', async () => {
    const { res, rows } = await written(() =>
      send('PUT', `/api/v1/bookings/${bookingId}`, w.tokens.A1, {
        customer_name: 'Lucía Pérez Gil',
        room: '214',
        seller_id: w.A.l2.id,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe('update');
    // The seller was already Sergio: unchanged fields are not in the diff.
    expect(rows[0].changes).toEqual({
      customer_name: ['Lucía Pérez', 'Lucía Pérez Gil'],
      room: ['', '214'],
    });
    expect(rows[0].summary).toBe(`${locator} · Lucía Pérez Gil`);

    const pending = await booked(app, w.tokens.A1, bookingBody(productId, { state: 'pending', pax: { adult: 1 } }));
    const state = await written(() =>
      send('PUT', `/api/v1/bookings/${pending.id}`, w.tokens.A1, { state: 'confirmed' }),
    );
    expect(state.rows.map((r) => [r.action, r.changes])).toEqual([['state', { state: ['pending', 'confirmed'] }]]);
  });

  it('payment and refund: one entry each, with the amounts', async () => {
    const pay = await written(() =>
      send('POST', `/api/v1/bookings/${bookingId}/payments`, w.tokens.A2, { amount_cents: 4000, method: 'card' }),
    );
    expect(pay.res.statusCode).toBe(201);
    expect(pay.rows.map((r) => [r.action, r.actorId, r.changes])).toEqual([
      ['payment', w.A.l2.id, { paid_cents: [0, 4000], payment_state: ['pending', 'partial'] }],
    ]);
    expect(pay.rows[0].summary).toBe(`${locator} · Lucía Pérez Gil · Cobro de 40,00 € (tarjeta)`);
    const refund = await written(() =>
      send('POST', `/api/v1/bookings/${bookingId}/payments`, w.tokens.A1, {
        kind: 'refund',
        amount_cents: 1000,
        method: 'cash',
      }),
    );
    expect(refund.rows.map((r) => [r.action, r.changes.refunded_cents])).toEqual([['refund', [0, 1000]]]);
  });

  it('staff cancel: one entry with the state and the reason', async () => {
    const { res, rows } = await written(() =>
      send('POST', `/api/v1/bookings/${bookingId}/cancel`, w.tokens.A1, { reason: 'Enfermedad' }),
    );
    expect(res.statusCode).toBe(200);
    expect(rows.map((r) => [r.action, r.actorId, r.changes])).toEqual([
      ['cancel', w.A.l1.id, { state: ['confirmed', 'cancelled'], cancel_reason: [null, 'Enfermedad'] }],
    ]);
  });

  it('the public pages: the customer creates, completes, confirms and cancels, each one entry', async () => {
    const pub = publicApi(app);
    const created = await written(() => pub.book(publicBody(productId, { date: day(10), pax: { adult: 1 } })));
    expect(created.res.statusCode).toBe(201);
    const id = created.res.json().id;
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0]).toMatchObject({
      actorKind: 'customer',
      actorId: null,
      actorLabel: 'Lucía Pérez',
      action: 'create',
      entityId: id,
      tourOperatorId: w.A.op.id,
      requestId: requestIdOf(created.res),
      ip: '127.0.0.1',
    });
    expect(created.rows[0].changes.channel).toEqual([null, 'public']);

    const completed = await written(() =>
      pub.send('PUT', `/api/v1/public/bookings/${id}`, { customer_phone: '+49 170 000 000', room: '12' }),
    );
    expect(completed.res.statusCode).toBe(200);
    expect(completed.rows.map((r) => [r.action, r.actorKind, r.changes])).toEqual([
      ['update', 'customer', { customer_phone: ['+34 600 000 000', '+49 170 000 000'], room: ['', '12'] }],
    ]);

    const staffMade = await booked(
      app,
      w.tokens.A1,
      bookingBody(productId, { date: day(10), state: 'pending', pax: { adult: 1 }, customer_name: 'Hans Müller' }),
    );
    const confirmed = await written(() =>
      pub.send('PUT', `/api/v1/public/bookings/${staffMade.id}`, { confirm: true, accept_terms: true }),
    );
    expect(confirmed.res.statusCode).toBe(200);
    expect(confirmed.rows.map((r) => [r.action, r.actorLabel, r.changes])).toEqual([
      ['confirm', 'Hans Müller', { state: ['pending', 'confirmed'], customer_confirmed: [false, true] }],
    ]);

    const cancelled = await written(() =>
      pub.send('POST', `/api/v1/public/bookings/${id}/cancel`, { reason: 'Cambio de planes' }),
    );
    expect(cancelled.res.statusCode).toBe(200);
    expect(cancelled.rows.map((r) => [r.action, r.actorKind, r.actorLabel, r.changes.state])).toEqual([
      ['cancel', 'customer', 'Lucía Pérez', ['confirmed', 'cancelled']],
    ]);
  });
});

describe('schedule sheets', () => {
  let sheetId: string;
  let departureId: string;
  let lucia: { id: string; locator: string };
  let hans: { id: string; locator: string };

  beforeAll(async () => {
    const tour = await mkProduct(app, w.tokens.A1, { duration_minutes: 120, code: 'AUD-SHEET' });
    lucia = await booked(app, w.tokens.A1, bookingBody(tour.id, { date: day(2), customer_name: 'Lucía Pérez' }));
    hans = await booked(app, w.tokens.A1, bookingBody(tour.id, { date: day(2), customer_name: 'Hans Müller' }));
  });

  it('generate: one entry per sheet created; running it again creates and records nothing', async () => {
    const { res, rows } = await written(() =>
      send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A3, { date: day(2) }),
    );
    expect(res.statusCode).toBe(200);
    const sheets = res.json().sheets as { id: string }[];
    expect(sheets.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.action, r.entityType, r.actorId]).sort()).toEqual(
      sheets.map(() => ['generate', 'schedule_sheet', w.A.l3.id]),
    );
    departureId = (await get(`/api/v1/bookings/${lucia.id}`, w.tokens.A1)).json().departure_id;
    for (const s of sheets) {
      const view = (await get(`/api/v1/schedule-sheets/${s.id}`, w.tokens.A1)).json();
      if (view.departure_id === departureId) sheetId = view.id;
    }
    expect(sheetId).toBeDefined();
    const again = await written(() => send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A3, { date: day(2) }));
    expect(again.rows).toEqual([]);
  });

  it('assignments: vehicle, driver, guide and persons in the diff with their names', async () => {
    const bus = await mkVehicle(app, w.A.op.id, { plate: '1234-AUD' });
    const helper = await mkPerson(app, w.A.op.id, 'Pilar Auxiliar');
    const { res, rows } = await written(() =>
      putSheet(app, w.tokens.A1, sheetId, {
        vehicle_id: bus.id,
        driver_id: w.A.l4.id,
        guide_id: w.A.l5.id,
        person_ids: [helper.id],
        notes: 'Llevar agua',
        force: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe('update');
    expect(rows[0].changes).toEqual({
      vehicle_id: [null, { id: bus.id, name: '1234-AUD' }],
      driver_id: [null, { id: w.A.l4.id, name: 'Carlos Chofer A' }],
      guide_id: [null, { id: w.A.l5.id, name: 'Gema Guía A' }],
      person_ids: [[], [{ id: helper.id, name: 'Pilar Auxiliar' }]],
      notes: ['', 'Llevar agua'],
    });
  });

  it('a state change alone is "state"', async () => {
    const { rows } = await written(() => putSheet(app, w.tokens.A1, sheetId, { state: 'ready' }));
    expect(rows.map((r) => [r.action, r.changes])).toEqual([['state', { state: ['draft', 'ready'] }]]);
  });

  it('check-in: the booking (and the sheet it starts); a repeated tap changes nothing; undo', async () => {
    const checkIn = (body: object) => send('POST', `/api/v1/schedule-sheets/${sheetId}/check-in`, w.tokens.A5, body);
    // Check-in opens on the departure's day.
    await moveDeparture(app, departureId, day(0));
    const first = await written(() => checkIn({ booking_id: lucia.id }));
    expect(first.res.statusCode).toBe(200);
    expect(first.rows.map((r) => [r.entityType, r.entityId, r.action, r.actorId, r.changes])).toEqual([
      ['booking', lucia.id, 'check_in', w.A.l5.id, { checked_in: [false, true] }],
      ['schedule_sheet', sheetId, 'state', w.A.l5.id, { state: ['ready', 'in_progress'] }],
    ]);
    expect(first.rows[0].summary).toContain(lucia.locator);
    const repeat = await written(() => checkIn({ booking_id: lucia.id }));
    expect(repeat.res.statusCode).toBe(200);
    expect(repeat.rows).toEqual([]);
    const undo = await written(() => checkIn({ booking_id: lucia.id, present: false }));
    expect(undo.rows.map((r) => [r.action, r.changes])).toEqual([['check_in_undo', { checked_in: [true, false] }]]);
    await checkIn({ booking_id: lucia.id });
  });

  it('finish: each booking closed and the sheet, in one transaction', async () => {
    await moveDeparture(app, departureId, day(-1));
    const { res, rows } = await written(() => send('POST', `/api/v1/schedule-sheets/${sheetId}/finish`, w.tokens.A5));
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(rows.map((r) => [r.entityId, [r.action, r.changes]]));
    expect(byId).toEqual({
      [lucia.id]: ['state', { state: ['confirmed', 'completed'] }],
      [hans.id]: ['state', { state: ['confirmed', 'no_show'] }],
      [sheetId]: ['finish', { state: ['in_progress', 'done'] }],
    });
    expect(rows.find((r) => r.entityId === sheetId)?.summary).toMatch(/1 realizada, 1 no presentada$/);
  });

  it('create and delete a sheet; deleting one not in draft is refused (409) with no entry', async () => {
    const tour = await mkProduct(app, w.tokens.A1, { code: 'AUD-NEW' });
    const created = await written(() =>
      send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
        product_id: tour.id,
        date: day(3),
        time: '09:00',
        driver_id: w.A.l4.id,
      }),
    );
    expect(created.res.statusCode).toBe(201);
    const id = created.res.json().id;
    expect(created.rows.map((r) => [r.action, r.entityId])).toEqual([['create', id]]);
    expect(created.rows[0].changes).toMatchObject({
      state: [null, 'draft'],
      driver_id: [null, { id: w.A.l4.id, name: 'Carlos Chofer A' }],
    });
    const refused = await written(() => send('DELETE', `/api/v1/schedule-sheets/${sheetId}`, w.tokens.A1));
    expect(refused.res.statusCode).toBe(409);
    expect(refused.rows).toEqual([]);
    const deleted = await written(() => send('DELETE', `/api/v1/schedule-sheets/${id}`, w.tokens.A1));
    expect(deleted.res.statusCode).toBe(204);
    expect(deleted.rows.map((r) => [r.action, r.entityId, r.tourOperatorId])).toEqual([['delete', id, w.A.op.id]]);
    // The trail outlives the record (no foreign key to it).
    const trail = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('what is never written', () => {
  it('no entry anywhere holds a password, a hash or a token', async () => {
    const rows = await app.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(20);
    expect(JSON.stringify(rows)).not.toMatch(/\$argon2|MuySecreta|OtraClave|Secreta123|Bearer/);
  });
});
