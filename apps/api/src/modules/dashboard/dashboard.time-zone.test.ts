/**
 * GET /api/v1/dashboard around midnight: "today" is each operator's own (PRODUCT.md §2). Madrid and
 * the Canary Islands are always one hour apart, so at 00:30 in Madrid it is still 23:30 of the day
 * before in Tenerife: a Canary departure of that day is "today" for its operator and for the
 * administrator's all-operators figures.
 */
import { addDays, type TDashboardResponse, todayIn, zonedDateTimeToInstant } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookings, tourOperators } from '../../db/schema';
import { api, booked, bookingBody, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { moveDeparture } from '../schedule-sheets/schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
// The next 00:30 in Madrid (within a day, so the tokens signed now are still valid then).
const at = zonedDateTimeToInstant(addDays(todayIn('Europe/Madrid', new Date()), 1), '00:30', 'Europe/Madrid');
const canaryDay = todayIn('Atlantic/Canary', at);
const madridDay = todayIn('Europe/Madrid', at);

beforeAll(async () => {
  app = await buildTestApp({ env: { JWT_TTL: '48h' } });
  w = await createWorld(app);
  // Operator A works in Tenerife; B keeps the default, Madrid.
  await app.db.update(tourOperators).set({ timezone: 'Atlantic/Canary' }).where(eq(tourOperators.id, w.A.op.id));

  const canary = await booked(
    app,
    w.tokens.A1,
    bookingBody((await mkProduct(app, w.tokens.A1)).id, { pax: { adult: 2 } }),
  );
  const madrid = await booked(
    app,
    w.tokens.B1,
    bookingBody((await mkProduct(app, w.tokens.B1)).id, { pax: { adult: 1 } }),
  );
  // Canary: its departure is on its own today at 09:00; Madrid: on Madrid's today.
  await moveDeparture(app, canary.departure_id, canaryDay);
  await moveDeparture(app, madrid.departure_id, madridDay);
  // Both sold ten minutes before: 23:20 in Tenerife (its today), 00:20 in Madrid (Madrid's today).
  const soldAt = new Date(at.getTime() - 10 * 60_000);
  await app.db.update(bookings).set({ createdAt: soldAt });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
});

/** The dashboard as it answers at `at`. */
async function dashboardAt(token: string): Promise<TDashboardResponse> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const res = await api(app).get('/api/v1/dashboard', token);
    expect(res.statusCode).toBe(200);
    return res.json() as TDashboardResponse;
  } finally {
    vi.useRealTimers();
  }
}
const salesOn = (d: TDashboardResponse, date: string) => d.sales_30_days.find((s) => s.date === date)?.bookings;

describe('dashboard "today" in the operator\'s time zone', () => {
  it('the two zones really read different days at that instant', () => {
    expect(addDays(canaryDay, 1)).toBe(madridDay);
  });

  it('a Canary operator: still yesterday in Madrid terms, today in Tenerife', async () => {
    const d = await dashboardAt(w.tokens.A1);
    expect(d.today).toBe(canaryDay);
    expect(d.today_kpis).toMatchObject({ departures: 1, pax: 2 });
    expect(d.sales_30_days.at(-1)?.date).toBe(canaryDay);
    expect(salesOn(d, canaryDay)).toBe(1);
    expect(d.timezone).toBe('Atlantic/Canary');
  });

  it('a Madrid operator: already the next day', async () => {
    const d = await dashboardAt(w.tokens.B1);
    expect(d.today).toBe(madridDay);
    expect(d.today_kpis).toMatchObject({ departures: 1, pax: 1 });
    expect(salesOn(d, madridDay)).toBe(1);
    expect(d.timezone).toBe('Europe/Madrid');
  });

  it("the administrator, all operators: each operator's departures and sales count on its own day", async () => {
    const d = await dashboardAt(w.tokens.admin);
    expect(d.today_kpis).toMatchObject({ departures: 2, pax: 3 });
    expect(d.today_departures.map((t) => t.pax).sort()).toEqual([1, 2]);
    expect(d.next_7_days).toMatchObject({ departures: 2, pax: 3 });
    // Tenerife's sale of 23:20 is on Tenerife's day; Madrid's of 00:20 on Madrid's.
    expect(salesOn(d, canaryDay)).toBe(1);
    expect(salesOn(d, madridDay)).toBe(1);
    // The headline date is the platform's, and the answer says so.
    expect(d.today).toBe(madridDay);
    expect(d.timezone).toBe('Europe/Madrid');
  });

  it('the administrator asking for the Canary operator gets its zone and its today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const res = await api(app).get(`/api/v1/dashboard?tour_operator_id=${w.A.op.id}`, w.tokens.admin);
    vi.useRealTimers();
    const d = res.json() as TDashboardResponse;
    expect(d.today).toBe(canaryDay);
    expect(d.today_kpis).toMatchObject({ departures: 1, pax: 2 });
    expect(d.timezone).toBe('Atlantic/Canary');
  });
});
