/** Shared set-up of the schedule sheet tests: fleet, staff, sheets and moving departures in time. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, departures, persons, scheduleSheets, vehicles, vehicleUnavailabilities } from '../../db/schema';
import { api, TZ } from '../bookings/bookings.test-helpers';
import { sheetInterval } from './schedule-sheets.rules';

let seq = 0;

export async function mkVehicle(
  app: FastifyInstance,
  tourOperatorId: string,
  over: Partial<typeof vehicles.$inferInsert> = {},
  unavailable: { from: string; to: string; reason?: string }[] = [],
) {
  seq += 1;
  const [row] = await app.db
    .insert(vehicles)
    .values({ tourOperatorId, plate: `${1000 + seq}TST`, name: `Autocar ${seq}`, seats: 50, ...over })
    .returning();
  if (unavailable.length > 0) {
    await app.db
      .insert(vehicleUnavailabilities)
      .values(unavailable.map((u) => ({ tourOperatorId, vehicleId: row.id, reason: '', ...u })));
  }
  return row;
}

export async function mkPerson(
  app: FastifyInstance,
  tourOperatorId: string,
  fullName: string,
  over: Partial<typeof persons.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(persons)
    .values({ tourOperatorId, fullName, ...over })
    .returning();
  return row;
}

/** POST /schedule-sheets and return the sheet (fails the test on anything but 201). */
export async function mkSheet(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const res = await api(app).send('POST', '/api/v1/schedule-sheets', token, body);
  if (res.statusCode !== 201) throw new Error(`sheet: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** PUT /schedule-sheets/{id}. */
export function putSheet(app: FastifyInstance, token: string, id: string, body: Record<string, unknown>) {
  return api(app).send('PUT', `/api/v1/schedule-sheets/${id}`, token, body);
}

/**
 * Moves a departure, its bookings and its sheet to another date (and time), as if they had been
 * sold for then: bookings cannot be sold into the past, but finishing a tour and "today" need it.
 */
export async function moveDeparture(app: FastifyInstance, departureId: string, date: string, time?: string) {
  await app.db.transaction(async (tx) => {
    const [dep] = await tx
      .update(departures)
      .set({ date, ...(time ? { time } : {}) })
      .where(eq(departures.id, departureId))
      .returning();
    await tx.update(bookings).set({ date, time: dep.time }).where(eq(bookings.departureId, departureId));
    const [sheet] = await tx.select().from(scheduleSheets).where(eq(scheduleSheets.departureId, departureId));
    if (sheet) {
      const minutes = (sheet.endsAt.getTime() - sheet.startsAt.getTime()) / 60_000;
      const { startsAt, endsAt } = sheetInterval(date, dep.time, minutes, TZ);
      await tx
        .update(scheduleSheets)
        .set({ date, time: dep.time, startsAt, endsAt })
        .where(eq(scheduleSheets.id, sheet.id));
    }
  });
}
