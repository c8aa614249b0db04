/** GET /api/v1/dashboard: the figures of every scope (PRODUCT.md §3, §5 Inicio) against hand-computed numbers. */
import type { TDashboardResponse } from '@trayecto/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld, login } from '../../../test/factories';
import { bookings, users } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, today, type World } from '../bookings/bookings.test-helpers';
import { mkSheet, mkVehicle, moveDeparture } from '../schedule-sheets/schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let b: Record<string, { id: string; departure_id: string }>;
let sheetToday: { id: string; departure_id: string };
let emptySheet: { id: string; departure_id: string };
let tokenB4: string;

beforeAll(async () => {
  app = await buildTestApp();
  const { send } = api(app);
  ({ get } = api(app));
  w = await createWorld(app);
  tokenB4 = await login(app, w.B.l4.email);
  // The seller earns 10 %.
  await app.db.update(users).set({ commissionPct: 10 }).where(eq(users.id, w.A.l2.id));
  const p = await mkProduct(app, w.tokens.A1, { name: 'Subida al Teide' });
  const mk = (token: string, over: Record<string, unknown>) => booked(app, token, bookingBody(p.id, over));
  b = {
    // Tomorrow 09:00, moved to today below: 2 + 2 pax (4 seats); the cancelled one frees its seat.
    b1: await mk(w.tokens.A2, { pax: { adult: 2 } }), // 9000, paid
    b2: await mk(w.tokens.A1, { pax: { adult: 1, child: 1 } }), // 7000, unpaid
    b3: await mk(w.tokens.A1, { pax: { adult: 1 } }), // 4500, cancelled
    // In 3 days at 18:00: 3 pax, 13500, 5000 paid.
    b4: await mk(w.tokens.A2, { date: day(3), time: '18:00', pax: { adult: 3 } }),
    // In 8 days: outside the 7-day window; sold 10 days ago.
    b5: await mk(w.tokens.A1, { date: day(8), pax: { adult: 1 } }),
  };
  await send('POST', `/api/v1/bookings/${b.b1.id}/payments`, w.tokens.A1, { amount_cents: 9000, method: 'card' });
  await send('POST', `/api/v1/bookings/${b.b4.id}/payments`, w.tokens.A1, { amount_cents: 5000, method: 'cash' });
  await send('POST', `/api/v1/bookings/${b.b3.id}/cancel`, w.tokens.A1, { reason: 'Vuelo cancelado' });
  await app.db
    .update(bookings)
    .set({ createdAt: sql`${bookings.createdAt} - interval '10 days'` })
    .where(eq(bookings.id, b.b5.id));
  const bus = await mkVehicle(app, w.A.op.id, { plate: '4821KLM' });
  sheetToday = await mkSheet(app, w.tokens.A1, {
    product_id: p.id,
    date: day(1),
    time: '09:00',
    vehicle_id: bus.id,
    driver_id: w.A.l4.id,
    guide_id: w.A.l5.id,
  });
  // A planned departure without bookings (today 18:00) still counts: it has a sheet.
  emptySheet = await mkSheet(app, w.tokens.A1, { product_id: p.id, date: day(2), time: '18:00' });
  await moveDeparture(app, b.b1.departure_id, today());
  await moveDeparture(app, emptySheet.departure_id, today());

  // Operator B: 2 pax today, 9000 unpaid.
  const pb = await mkProduct(app, w.tokens.B1);
  const theirs = await booked(app, w.tokens.B1, bookingBody(pb.id, { pax: { adult: 2 } }));
  await moveDeparture(app, theirs.departure_id, today());
});
afterAll(async () => {
  await app?.close();
});

const dashboard = async (token: string, query = '') => {
  const res = await get(`/api/v1/dashboard${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as TDashboardResponse;
};
const salesOn = (d: TDashboardResponse, date: string) => d.sales_30_days.find((s) => s.date === date);

describe('GET /api/v1/dashboard', () => {
  it('Admin Tour Operador and Operador: the whole operator', async () => {
    for (const token of [w.tokens.A1, w.tokens.A3]) {
      const d = await dashboard(token);
      expect(d).toMatchObject({ today: today(), scope: 'operator', currency: 'EUR', seller: null });
      // Today: the 09:00 departure (b1 + b2; b3 cancelled) and the planned 18:00 one.
      expect(d.today_kpis).toEqual({ departures: 2, pax: 4, occupancy: 0.2, sales_cents: 16000, pending_cents: 7000 });
      // Plus b4's departure in 3 days; b5 (in 8 days) is outside.
      expect(d.next_7_days).toEqual({
        departures: 3,
        pax: 7,
        occupancy: 0.2333,
        sales_cents: 29500,
        pending_cents: 15500,
      });
      expect(d.today_departures).toEqual([
        {
          departure_id: sheetToday.departure_id,
          product_id: expect.any(String),
          product_name: 'Subida al Teide',
          time: '09:00',
          pax: 4,
          capacity: 10,
          sheet_id: sheetToday.id,
          sheet_state: 'draft',
          vehicle_plate: '4821KLM',
          driver_name: 'Carlos Chofer A',
          guide_name: 'Gema Guía A',
        },
        {
          departure_id: emptySheet.departure_id,
          product_id: expect.any(String),
          product_name: 'Subida al Teide',
          time: '18:00',
          pax: 0,
          capacity: 10,
          sheet_id: emptySheet.id,
          sheet_state: 'draft',
          vehicle_plate: null,
          driver_name: null,
          guide_name: null,
        },
      ]);
      // Sales by day of creation: today b1 + b2 + b4 (b3 cancelled), b5 ten days ago, zeros elsewhere.
      expect(d.sales_30_days).toHaveLength(30);
      expect(d.sales_30_days[0].date).toBe(day(-29));
      expect(d.sales_30_days[29]).toEqual({ date: today(), sales_cents: 29500, bookings: 3 });
      expect(salesOn(d, day(-10))).toEqual({ date: day(-10), sales_cents: 4500, bookings: 1 });
      expect(d.sales_30_days.reduce((n, s) => n + s.sales_cents, 0)).toBe(34000);
      // The same 30 days by channel (ADR 023): the seller's b1 + b4, the office's b2 + b5.
      expect(d.sales_by_channel).toEqual([
        {
          channel: 'seller',
          channel_id: null,
          name: 'Vendedor',
          bookings: 2,
          sales_cents: 22500,
          commission_cents: 2250,
        },
        { channel: 'office', channel_id: null, name: 'Oficina', bookings: 2, sales_cents: 11500, commission_cents: 0 },
      ]);
    }
  });

  it('Vendedor: only their own sales, with this month’s commission', async () => {
    const d = await dashboard(w.tokens.A2);
    expect(d.scope).toBe('seller');
    // b1 today (2 pax, paid); occupancy is the departure's (4 of 10 seats sold).
    expect(d.today_kpis).toEqual({ departures: 1, pax: 2, occupancy: 0.4, sales_cents: 9000, pending_cents: 0 });
    expect(d.next_7_days).toEqual({ departures: 2, pax: 5, occupancy: 0.35, sales_cents: 22500, pending_cents: 8500 });
    expect(d.today_departures.map((t) => [t.time, t.pax])).toEqual([['09:00', 2]]);
    expect(d.sales_30_days[29]).toEqual({ date: today(), sales_cents: 22500, bookings: 2 });
    expect(d.sales_by_channel).toEqual([]);
    expect(d.seller).toEqual({
      month_sales_cents: 22500,
      month_commission_cents: 900 + 1350,
      month_bookings: 2,
    });
  });

  it('Chofer and Guía: the departures of their own sheets', async () => {
    for (const token of [w.tokens.A4, w.tokens.A5]) {
      const d = await dashboard(token);
      expect(d.scope).toBe('own_day');
      const kpis = { departures: 1, pax: 4, occupancy: 0.4, sales_cents: 16000, pending_cents: 7000 };
      expect(d.today_kpis).toEqual(kpis);
      expect(d.next_7_days).toEqual(kpis);
      expect(d.today_departures.map((t) => t.sheet_id)).toEqual([sheetToday.id]);
      expect(d.sales_30_days).toEqual([]);
      expect(d.sales_by_channel).toEqual([]);
      expect(d.seller).toBeNull();
    }
    const none = await dashboard(tokenB4);
    expect(none.today_kpis).toEqual({ departures: 0, pax: 0, occupancy: null, sales_cents: 0, pending_cents: 0 });
    expect(none.today_departures).toEqual([]);
  });

  it('Administrador: every operator, or the one asked for', async () => {
    const all = await dashboard(w.tokens.admin);
    expect(all.scope).toBe('all');
    expect(all.today_kpis).toEqual({ departures: 3, pax: 6, occupancy: 0.2, sales_cents: 25000, pending_cents: 16000 });
    expect(all.next_7_days).toEqual({
      departures: 4,
      pax: 9,
      occupancy: 0.225,
      sales_cents: 38500,
      pending_cents: 24500,
    });
    expect(all.sales_30_days[29]).toEqual({ date: today(), sales_cents: 38500, bookings: 4 });
    const onlyA = await dashboard(w.tokens.admin, `?tour_operator_id=${w.A.op.id}`);
    const a1 = await dashboard(w.tokens.A1);
    expect(onlyA).toEqual(a1);
    // Anyone else's tour_operator_id is ignored.
    expect(await dashboard(w.tokens.B1, `?tour_operator_id=${w.A.op.id}`)).toMatchObject({
      today_kpis: { departures: 1, pax: 2, sales_cents: 9000, pending_cents: 9000 },
    });
  });

  it('needs a session; a bad operator id is a 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
    expect((await get('/api/v1/dashboard?tour_operator_id=nope', w.tokens.admin)).statusCode).toBe(400);
  });
});
