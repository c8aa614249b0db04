/**
 * Two planners assigning the same driver (vehicle, person) to two overlapping sheets at the same
 * moment: without `force` exactly one may win. Real concurrency needs a server: PostgreSQL only
 * (TEST_DATABASE_URL), through real HTTP against the pg pool. PGlite serves one query at a time.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { scheduleSheetPersons, scheduleSheets } from '../../db/schema';
import { day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { mkPerson, mkSheet, mkVehicle } from './schedule-sheets.test-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_NOTE = 'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the concurrency tests (CI does)';

describe.skipIf(!onPostgres)(`concurrent assignments on PostgreSQL${onPostgres ? '' : ` (${SKIP_NOTE})`}`, () => {
  let app: FastifyInstance;
  let w: World;
  let base: string;
  let product: { id: string };

  beforeAll(async () => {
    app = await buildTestApp();
    w = await createWorld(app);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // 09:00–11:00 and 10:00–12:00 overlap.
    product = await mkProduct(app, w.tokens.A1, {
      duration_minutes: 120,
      availability_rules: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00', '10:00'], valid_from: day(-30), valid_to: null },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function put(token: string, id: string, body: object) {
    const res = await fetch(`${base}/api/v1/schedule-sheets/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  async function overlappingPair(date: string) {
    const a = await mkSheet(app, w.tokens.A1, { product_id: product.id, date, time: '09:00' });
    const b = await mkSheet(app, w.tokens.A1, { product_id: product.id, date, time: '10:00' });
    return [a.id as string, b.id as string];
  }

  it('the same driver on two overlapping sheets at once: exactly one 200, one 409', async () => {
    for (let round = 0; round < 8; round++) {
      const [a, b] = await overlappingPair(day(2 + round));
      const answers = await Promise.all([
        put(w.tokens.A1, a, { driver_id: w.A.l4.id }),
        put(w.tokens.A3, b, { driver_id: w.A.l4.id }),
      ]);
      expect(
        answers.map((x) => x.status).sort(),
        JSON.stringify(answers.map((x) => [x.status, x.body.message])),
      ).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)?.body.message).toBe('Hay asignaciones que se solapan');
      const holders = await app.db
        .select({ id: scheduleSheets.id })
        .from(scheduleSheets)
        .where(and(inArray(scheduleSheets.id, [a, b]), isNotNull(scheduleSheets.driverId)));
      expect(holders).toHaveLength(1);
    }
  });

  it('the same for a vehicle and a person, and for a guide assigned in crossed order', async () => {
    const bus = await mkVehicle(app, w.A.op.id);
    const ines = await mkPerson(app, w.A.op.id, 'Inés Barroso');
    for (let round = 0; round < 4; round++) {
      const [a, b] = await overlappingPair(day(12 + round));
      const answers = await Promise.all([
        put(w.tokens.A1, a, { vehicle_id: bus.id, person_ids: [ines.id], guide_id: w.A.l5.id }),
        put(w.tokens.A3, b, { guide_id: w.A.l5.id, person_ids: [ines.id], vehicle_id: bus.id }),
      ]);
      expect(
        answers.map((x) => x.status).sort(),
        JSON.stringify(answers.map((x) => [x.status, x.body.message])),
      ).toEqual([200, 409]);
      const people = await app.db
        .select()
        .from(scheduleSheetPersons)
        .where(inArray(scheduleSheetPersons.sheetId, [a, b]));
      expect(people).toHaveLength(1);
      const withBus = await app.db.select().from(scheduleSheets).where(eq(scheduleSheets.vehicleId, bus.id));
      expect(withBus.filter((s) => s.id === a || s.id === b)).toHaveLength(1);
    }
  });
});
