/** The demo schedule sheets: yesterday finished, today under way, tomorrow planned; no overlaps. */
import { addDays, LEVEL, type TSheetSummary, todayIn } from '@trayecto/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { bearer, createOperator, createUser, login } from '../../test/factories';
import { bookings, checkIns, departures, scheduleSheetPersons, scheduleSheets, users } from '../db/schema';
import { findSheetOverlaps } from '../modules/schedule-sheets/sheet-assignments.repository';
import { seedBookings } from './bookings';
import { seedProducts } from './products';
import { seedResources } from './resources';
import { seedScheduleSheets } from './schedule-sheets';

let app: FastifyInstance;
let now: Date;
let result: { sheets: number; checkIns: number };
let adminToken: string;
let ops: { teide: string; atlantico: string };
const TZ = 'Atlantic/Canary';

beforeAll(async () => {
  app = await buildTestApp();
  ops = {
    teide: (await createOperator(app, { name: 'Teide Aventura', timezone: TZ, defaultCommissionPct: 10 })).id,
    atlantico: (await createOperator(app, { name: 'Atlántico Sur', timezone: TZ, defaultCommissionPct: 12 })).id,
  };
  const sellers: { id: string; tourOperatorId: string; commissionPct: number | null }[] = [];
  for (const op of [ops.teide, ops.atlantico]) {
    for (const level of [1, 3, 4, 5]) await createUser(app, { level, tourOperatorId: op });
    const s = await createUser(app, { level: 2, tourOperatorId: op, commissionPct: 10 });
    sellers.push({ id: s.id, tourOperatorId: op, commissionPct: 10 });
  }
  const admin = await createUser(app, { level: 0 });
  adminToken = await login(app, admin.email);
  const { accommodations } = await app.db.transaction((tx) => seedResources(tx, ops));
  const { products } = await app.db.transaction((tx) => seedProducts(tx, ops, accommodations));
  await app.db.transaction((tx) => seedBookings(tx, { ops, products, sellers, accommodations }));
  now = new Date();
  result = await app.db.transaction((tx) => seedScheduleSheets(tx, { ops, now }));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const sheetsOn = (date: string) => app.db.select().from(scheduleSheets).where(eq(scheduleSheets.date, date));

describe('demo schedule sheets', () => {
  it('one sheet per departure with bookings, yesterday to tomorrow', async () => {
    const today = todayIn(TZ, now);
    const expected = await app.db.execute<{ n: number }>(sql`
      select count(distinct d.id)::int as n from ${departures} d join ${bookings} b on b.departure_id = d.id
      where b.state <> 'cancelled' and d.date between ${addDays(today, -1)}::date and ${addDays(today, 1)}::date`);
    expect(result.sheets).toBe(Number(expected.rows[0].n));
    expect(result.sheets).toBeGreaterThan(4);
    for (const offset of [-1, 0, 1]) expect((await sheetsOn(addDays(today, offset))).length).toBeGreaterThan(0);
  });

  it('yesterday is finished, with check-ins that match what happened to each booking', async () => {
    const yesterday = await sheetsOn(addDays(todayIn(TZ, now), -1));
    expect(new Set(yesterday.map((s) => s.state))).toEqual(new Set(['done']));
    const rows = await app.db
      .select({ booking: bookings, sheetId: scheduleSheets.id })
      .from(bookings)
      .innerJoin(scheduleSheets, eq(scheduleSheets.departureId, bookings.departureId))
      .where(
        inArray(
          scheduleSheets.id,
          yesterday.map((s) => s.id),
        ),
      );
    const log = await app.db
      .select()
      .from(checkIns)
      .where(
        inArray(
          checkIns.sheetId,
          yesterday.map((s) => s.id),
        ),
      );
    expect(rows.some((r) => r.booking.state === 'completed')).toBe(true);
    for (const { booking } of rows) {
      const mine = log.filter((l) => l.bookingId === booking.id).map((l) => [l.action, l.method === 'finish']);
      if (booking.state === 'completed') {
        expect(booking.checkedInAt).not.toBeNull();
        expect(mine).toEqual([['present', false]]);
      } else if (booking.state === 'no_show') {
        expect(booking.checkedInAt).toBeNull();
        expect(mine).toEqual([['no_show', true]]);
      } else {
        expect(booking.state).toBe('cancelled');
        expect(mine).toEqual([]);
      }
    }
  });

  it('today follows the clock: over → done, under way → in progress, later → ready; tomorrow has drafts to plan', async () => {
    const today = await sheetsOn(todayIn(TZ, now));
    for (const s of today) {
      const expected = now >= s.endsAt ? 'done' : now >= s.startsAt ? 'in_progress' : 'ready';
      expect(s.state).toBe(expected);
      // Crew: the operator's Chofer or Guía, or a freelancer (persons) when both are on another
      // departure at that hour (which hours overlap depends on the clock the seed runs at).
      if (s.state !== 'done') {
        const freelancers = await app.db
          .select()
          .from(scheduleSheetPersons)
          .where(eq(scheduleSheetPersons.sheetId, s.id));
        expect(s.driverId ?? s.guideId ?? freelancers[0]?.personId ?? null).not.toBeNull();
      }
    }
    const tomorrow = await sheetsOn(addDays(todayIn(TZ, now), 1));
    const drafts = tomorrow.filter((s) => s.state === 'draft');
    expect(drafts.length).toBeGreaterThan(0);
    for (const s of drafts) expect([s.vehicleId, s.driverId, s.guideId]).toEqual([null, null, null]);
    expect(tomorrow.some((s) => s.state === 'ready' && s.vehicleId !== null)).toBe(true);
  });

  it('no vehicle, driver, guide or person is on two overlapping sheets; vehicles active and available', async () => {
    const all = await app.db.select({ id: scheduleSheets.id }).from(scheduleSheets);
    expect(
      await findSheetOverlaps(
        app.db,
        all.map((s) => s.id),
      ),
    ).toEqual([]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/schedule-sheets?per_page=500',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as TSheetSummary[];
    expect(list).toHaveLength(result.sheets);
    // Resource warnings only: the demo has bookings at stops their product does not serve, which
    // rightly warn that their pickup has no time.
    for (const s of list) expect(s.warnings.filter((x) => x.kind !== 'pickup_without_time')).toEqual([]);
    const crew = await app.db
      .select({ level: users.level, driver: scheduleSheets.driverId })
      .from(scheduleSheets)
      .innerJoin(users, eq(users.id, scheduleSheets.driverId));
    for (const c of crew) expect(c.level).toBe(LEVEL.DRIVER);
    const guides = await app.db
      .select({ level: users.level })
      .from(scheduleSheets)
      .innerJoin(users, eq(users.id, scheduleSheets.guideId));
    for (const g of guides) expect(g.level).toBe(LEVEL.GUIDE);
    expect(crew.length).toBeGreaterThan(0);
  });

  it('running it again adds nothing', async () => {
    const count = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(scheduleSheets))[0].n;
    const before = await count();
    const again = await app.db.transaction((tx) => seedScheduleSheets(tx, { ops, now }));
    expect(again).toEqual({ sheets: 0, checkIns: 0 });
    expect(await count()).toBe(before);
  });
});
