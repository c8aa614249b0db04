/**
 * Issue 12: every record a person reads a time of carries the zone to read it in — its tour
 * operator's — so the back-office never guesses (the browser's clock, a hard-coded Madrid), and
 * the administrator, who sees several operators at once, can say which zone each time is in.
 */
import type { TAuditEntryResponse, TBookingResponse, TSheetSummary, TUserResponse } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourOperators } from '../src/db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../src/modules/bookings/bookings.test-helpers';
import { mkSheet } from '../src/modules/schedule-sheets/schedule-sheets.test-helpers';
import { buildTestApp } from './build-app';
import { createWorld } from './factories';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let canaryBooking: TBookingResponse;
let madridBooking: TBookingResponse;

beforeAll(async () => {
  app = await buildTestApp();
  ({ get } = api(app));
  w = await createWorld(app);
  await app.db.update(tourOperators).set({ timezone: 'Atlantic/Canary' }).where(eq(tourOperators.id, w.A.op.id));
  const pa = await mkProduct(app, w.tokens.A1);
  canaryBooking = await booked(app, w.tokens.A1, bookingBody(pa.id));
  await api(app).send('POST', `/api/v1/bookings/${canaryBooking.id}/payments`, w.tokens.A1, {
    amount_cents: 1000,
    method: 'cash',
  });
  await mkSheet(app, w.tokens.A1, { product_id: pa.id, date: day(1), time: '09:00' });
  const pb = await mkProduct(app, w.tokens.B1);
  madridBooking = await booked(app, w.tokens.B1, bookingBody(pb.id));
  // An entry of no operator: the administrator creates another administrator.
  const res = await api(app).send('POST', '/api/v1/users', w.tokens.admin, {
    full_name: 'Otra Administradora',
    email: 'otra.admin@example.com',
    level: 0,
    password: 'Secreta123',
    re_password: 'Secreta123',
  });
  expect(res.statusCode).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

describe("the zone to read a record's times in", () => {
  it("GET /auth/me: the operator's zone for its staff, no operator for the administrator", async () => {
    const mine = (await get('/api/v1/auth/me', w.tokens.A2)).json() as TUserResponse;
    expect(mine.tour_operator?.timezone).toBe('Atlantic/Canary');
    const admin = (await get('/api/v1/auth/me', w.tokens.admin)).json() as TUserResponse;
    expect(admin.tour_operator).toBeNull();
  });

  it("bookings: each carries its own operator's zone, in the list and alone", async () => {
    expect(canaryBooking.timezone).toBe('Atlantic/Canary');
    expect(madridBooking.timezone).toBe('Europe/Madrid');
    const list = (await get('/api/v1/bookings?per_page=50', w.tokens.admin)).json() as TBookingResponse[];
    const zones = new Map(list.map((b) => [b.id, b.timezone]));
    expect(zones.get(canaryBooking.id)).toBe('Atlantic/Canary');
    expect(zones.get(madridBooking.id)).toBe('Europe/Madrid');
    const one = (await get(`/api/v1/bookings/${canaryBooking.id}`, w.tokens.A3)).json() as TBookingResponse;
    expect(one.timezone).toBe('Atlantic/Canary');
  });

  it("audit log: entries carry their operator's zone; entries of no operator the platform's", async () => {
    const list = (await get('/api/v1/audit-log?per_page=100', w.tokens.admin)).json() as TAuditEntryResponse[];
    const payment = list.find((e) => e.entity_id === canaryBooking.id && e.action === 'payment');
    expect(payment?.timezone).toBe('Atlantic/Canary');
    const other = list.find((e) => e.entity_id === madridBooking.id);
    expect(other?.timezone).toBe('Europe/Madrid');
    const admin = list.find((e) => e.entity_type === 'user' && e.tour_operator_id === null);
    expect(admin?.timezone).toBe('Europe/Madrid');
  });

  it("schedule sheets: the operator's zone (check-in times, the print date)", async () => {
    const sheets = (await get('/api/v1/schedule-sheets?per_page=50', w.tokens.A1)).json() as TSheetSummary[];
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.every((s) => s.timezone === 'Atlantic/Canary')).toBe(true);
  });

  it("users: their operator's zone, for the administrator's list of every operator", async () => {
    const list = (await get('/api/v1/users?per_page=100', w.tokens.admin)).json() as TUserResponse[];
    expect(list.find((u) => u.id === w.A.l2.id)?.tour_operator?.timezone).toBe('Atlantic/Canary');
    expect(list.find((u) => u.id === w.B.l2.id)?.tour_operator?.timezone).toBe('Europe/Madrid');
  });
});
