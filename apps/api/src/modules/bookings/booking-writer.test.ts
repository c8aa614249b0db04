/**
 * The one writer of a booking, with who acted (issue 31 items 1-2): every way a booking changes —
 * staff, the customer's link, a channel, the system; sale, edit, payment, check-in, the end of a
 * tour, cancel — bumps its version by exactly one per change and writes its history and audit
 * entry with the same actor. A source scan proves nothing else writes a booking row.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TBookingEventResponse } from '@trayecto/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { auditLog, bookingEvents, bookings, products } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { channelActor, systemActor } from '../../lib/actors';
import { moveDeparture, putSheet } from '../schedule-sheets/schedule-sheets.test-helpers';
import { writeBookingChange } from './booking-writer';
import { loadOperator, readBooking, recordPayment, sellInTransaction } from './bookings.service';
import { api, booked, bookingBody, day, mkProduct, type World } from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let productId: string;

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  productId = (await mkProduct(app, w.tokens.A1, { duration_minutes: 120 })).id;
});
afterAll(async () => {
  await app?.close();
});

const versionOf = async (id: string) =>
  (await app.db.select({ v: bookings.version }).from(bookings).where(eq(bookings.id, id)))[0].v;
const historyOf = async (id: string) =>
  (await get(`/api/v1/bookings/${id}/events`, w.tokens.A1)).json() as TBookingEventResponse[];
const lastAudit = async (id: string) =>
  (
    await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1)
  )[0];

describe('every change bumps the version once and says who acted', () => {
  it('staff: a sale is version 1, an edit and a payment one more each, named as the user', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(productId, { customer_name: 'Ana Staff' }));
    expect(b.version).toBe(1);
    const edit = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { room: '101' });
    expect(edit.json().version).toBe(2);
    const paid = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 1000,
      method: 'cash',
    });
    expect(paid.statusCode).toBe(201);
    expect(await versionOf(b.id)).toBe(3);
    const history = await historyOf(b.id);
    expect(history.map((e) => [e.type, e.actor_kind, e.actor_label])).toEqual([
      ['created', 'staff', 'Ana Admin A'],
      ['updated', 'staff', 'Ana Admin A'],
      ['payment', 'staff', 'Ana Admin A'],
    ]);
    expect(history.every((e) => e.actor?.id === w.A.l1.id)).toBe(true);
    expect(await lastAudit(b.id)).toMatchObject({ actorKind: 'staff', actorId: w.A.l1.id, action: 'payment' });
  });

  it('the system: a payment a provider confirmed is the system, with what acted, and no staff user', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(productId, { customer_name: 'Sara Sistema' }));
    await inTransaction(app.db, (tx) =>
      recordPayment(
        tx,
        systemActor('Pago en línea'),
        b.id,
        { kind: 'payment', amountCents: 500, method: 'online' },
        new Date(),
      ),
    );
    expect(await versionOf(b.id)).toBe(2);
    const [, payment] = await historyOf(b.id);
    expect(payment).toMatchObject({
      type: 'payment',
      actor: null,
      actor_kind: 'system',
      actor_label: 'Sistema · Pago en línea',
    });
    expect(await lastAudit(b.id)).toMatchObject({
      actorKind: 'system',
      actorId: null,
      actorLabel: 'Sistema · Pago en línea',
    });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.paidCents).toBe(500);
  });

  it('a channel: its sale has no staff author, and history and audit name the channel', async () => {
    const channel = {
      id: '00000000-0000-4000-8000-0000000000c1',
      name: 'Agencia Viajes Sol',
      tourOperatorId: w.A.op.id,
    };
    // The channels' own module will load the product and the operator (issue 33): here, by hand.
    const id = await inTransaction(app.db, async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, productId));
      return sellInTransaction(tx, {
        product: row,
        operator: await loadOperator(tx, row.tourOperatorId),
        body: bookingBody(productId, { customer_name: 'Cliente de agencia', date: day(2) }),
        channel: 'office',
        sellerId: null,
        actor: channelActor(channel, { requestId: 'req-octo-1' }),
        state: 'confirmed',
        cutoffOverrideLevel: null,
        now: new Date(),
      });
    });
    const sold = await readBooking(app.db, id);
    expect(sold).toMatchObject({ version: 1, created_by: null });
    const [created] = await historyOf(id);
    expect(created).toMatchObject({ actor: null, actor_kind: 'channel', actor_label: 'Agencia Viajes Sol' });
    expect(await lastAudit(id)).toMatchObject({
      actorKind: 'channel',
      actorId: null,
      actorLabel: 'Agencia Viajes Sol',
      requestId: 'req-octo-1',
    });
  });

  it('the customer: their cancel through the link is the customer, under their name', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(productId, { customer_name: 'Carla Cliente', date: day(5) }));
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/public/bookings/${b.id}/cancel`,
      payload: { reason: 'Cambio de planes' },
    });
    expect(res.statusCode).toBe(200);
    expect(await versionOf(b.id)).toBe(2);
    const [, cancelled] = await historyOf(b.id);
    expect(cancelled).toMatchObject({
      type: 'cancelled',
      actor: null,
      actor_kind: 'customer',
      actor_label: 'Carla Cliente',
    });
    expect(await lastAudit(b.id)).toMatchObject({
      actorKind: 'customer',
      actorLabel: 'Carla Cliente',
      action: 'cancel',
    });
  });

  it('a stale row is refused (409 STALE_VERSION) and nothing is written', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(productId, { customer_name: 'Vera Versión' }));
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, b.id));
    await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { room: '7' });
    const events = (await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).length;
    await expect(
      inTransaction(app.db, (tx) =>
        writeBookingChange(tx, row, {
          actor: systemActor('prueba'),
          now: new Date(),
          set: { room: '8' },
          events: [{ type: 'updated', data: {} }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'STALE_VERSION', status: 409 });
    const [after] = await app.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect([after.version, after.room]).toEqual([2, '7']);
    expect((await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).length).toBe(events);
  });
});

describe('a tour changes its bookings through the writer too', () => {
  let sheetId: string;
  let lucia: { id: string; departure_id: string };
  let hans: { id: string };

  beforeAll(async () => {
    const tour = await mkProduct(app, w.tokens.A1, { duration_minutes: 120 });
    lucia = await booked(app, w.tokens.A1, bookingBody(tour.id, { customer_name: 'Lucía Bordo', pax: { adult: 1 } }));
    hans = await booked(app, w.tokens.A1, bookingBody(tour.id, { customer_name: 'Hans Ausente', pax: { adult: 1 } }));
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(1),
      product_ids: [tour.id],
    });
    sheetId = gen.json().sheets[0].id;
    const ready = await putSheet(app, w.tokens.A1, sheetId, {
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      state: 'ready',
      force: true,
    });
    expect(ready.statusCode).toBe(200);
    // Today, started already (00:00 in the operators' zone, so at any minute of the day, the first
    // five included: 00:05 failed there): boarding is open and it may end.
    await moveDeparture(app, lucia.departure_id, day(0), '00:00');
  });

  it('check-in: on board and undone each bump the version with a line in the history; a repeated tap writes nothing', async () => {
    const board = (present: boolean) =>
      send('POST', `/api/v1/schedule-sheets/${sheetId}/check-in`, w.tokens.A5, { booking_id: lucia.id, present });
    const v0 = await versionOf(lucia.id);
    expect((await board(true)).statusCode).toBe(200);
    expect(await versionOf(lucia.id)).toBe(v0 + 1);
    expect((await board(true)).statusCode).toBe(200);
    expect(await versionOf(lucia.id)).toBe(v0 + 1);
    expect((await board(false)).statusCode).toBe(200);
    expect((await board(true)).statusCode).toBe(200);
    expect(await versionOf(lucia.id)).toBe(v0 + 3);
    const lines = (await historyOf(lucia.id)).filter((e) => e.type.startsWith('check'));
    expect(lines.map((e) => [e.summary, e.actor_kind, e.actor_label])).toEqual([
      ['Embarcado (lista de pasajeros)', 'staff', 'Gema Guía A'],
      ['Embarque deshecho', 'staff', 'Gema Guía A'],
      ['Embarcado (lista de pasajeros)', 'staff', 'Gema Guía A'],
    ]);
  });

  it('the end of the tour: done and no-show, one version more each, by the user who finished it', async () => {
    const v = { lucia: await versionOf(lucia.id), hans: await versionOf(hans.id) };
    const res = await send('POST', `/api/v1/schedule-sheets/${sheetId}/finish`, w.tokens.A3);
    expect(res.json()).toEqual({ completed: 1, no_show: 1 });
    expect(await versionOf(lucia.id)).toBe(v.lucia + 1);
    expect(await versionOf(hans.id)).toBe(v.hans + 1);
    const [end] = (await historyOf(hans.id)).slice(-1);
    expect(end).toMatchObject({
      type: 'state_changed',
      summary: 'Estado: Confirmada → No presentado',
      actor_kind: 'staff',
      actor_label: 'Olga Operadora A',
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, hans.id), eq(auditLog.action, 'state')));
    expect(audit).toMatchObject({ actorKind: 'staff', actorId: w.A.l3.id });
  });
});

describe('nothing but the writer writes a booking', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) return f === 'migrations' ? [] : files(p);
      return /\.ts$/.test(f) && !/\.test\.ts$|test-helpers\.ts$/.test(f) ? [p] : [];
    });
  const code = files(src).map((f) => ({ file: path.relative(src, f), text: readFileSync(f, 'utf8') }));

  it('the only UPDATE of a booking row is the write statements’ applyBookingChange, called by the writer alone', () => {
    const updates = code
      .filter(({ text }) => /\.update\(bookings\)|update\s+bookings\b/i.test(text))
      .map((c) => c.file);
    expect(updates).toEqual(['modules/bookings/bookings.write-statements.ts']);
    const callers = code.filter(({ text }) => /applyBookingChange\(|insertEvents\(/.test(text)).map((c) => c.file);
    expect(callers.sort()).toEqual([
      'modules/bookings/booking-writer.ts',
      'modules/bookings/bookings.repository.ts',
      'modules/bookings/bookings.write-statements.ts',
    ]);
    const writes = code.find((c) => c.file === 'modules/bookings/bookings.write-statements.ts')?.text ?? '';
    expect(writes.match(/\.update\(bookings\)/g)).toHaveLength(1);
  });

  it('no booking event is written outside the bookings module', () => {
    const writers = code
      .filter(({ text }) => /insert\(bookingEvents\)|insert\s+into\s+(booking_events|\$\{bookingEvents\})/i.test(text))
      .map((c) => c.file);
    expect(writers.sort()).toEqual([
      'modules/bookings/bookings.repository.ts',
      'modules/bookings/bookings.write-statements.ts',
    ]);
  });
});
