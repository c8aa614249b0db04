/** Shared set-up of the bookings tests: a world of two operators, products, hotels and helpers. */

import { addDays, todayIn } from '@trayecto/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type createWorld } from '../../../test/factories';
import { accommodations, bookingEvents, bookings, departures, paymentSettings, payments } from '../../db/schema';
import type { Actor } from '../../lib/tenant';

export type World = Awaited<ReturnType<typeof createWorld>>;

/** Test operators use the default time zone. */
export const TZ = 'Europe/Madrid';
export const today = () => todayIn(TZ, new Date());
/** A date relative to today in the operators' time zone. */
export const day = (n: number) => addDays(today(), n);

export function api(app: FastifyInstance) {
  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), payload });
  return { get, send };
}

let seq = 0;

/** A bookable product: every day at 09:00 and 18:00 since a month ago, adults, children, babies. */
export async function mkProduct(app: FastifyInstance, token: string, over: Record<string, unknown> = {}) {
  seq += 1;
  const res = await api(app).send('POST', '/api/v1/products', token, {
    code: `RES-${seq}`,
    name: `Excursión de prueba ${seq}`,
    capacity: 10,
    state: 'active',
    booking_cutoff_hours: 0,
    instant_confirmation: true,
    pickup_enabled: true,
    prices: [
      { pax_type: 'adult', amount_cents: 4500, min_age: 12 },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11 },
      { pax_type: 'infant', amount_cents: 0, max_age: 2, occupies_seat: false },
    ],
    availability_rules: [
      { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00', '18:00'], valid_from: day(-30), valid_to: null },
    ],
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; tour_operator_id: string; capacity: number };
}

/** The PRODUCT §2 booking example on a product, tomorrow at 09:00. */
export const bookingBody = (productId: string, over: Record<string, unknown> = {}) => ({
  product_id: productId,
  date: day(1),
  time: '09:00',
  pax: { adult: 2, child: 1 },
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '+34 600 000 000',
  customer_country: 'ES',
  language: 'es',
  ...over,
});

export async function book(app: FastifyInstance, token: string, payload: object) {
  return api(app).send('POST', '/api/v1/bookings', token, payload);
}

/** Creates a booking and returns it (fails the test on anything but 201). */
export async function booked(app: FastifyInstance, token: string, payload: object) {
  const res = await book(app, token, payload);
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function seatsOf(app: FastifyInstance, productId: string, date: string, time: string) {
  const [row] = await app.db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)));
  return row?.seatsTaken ?? 0;
}

/** Everything a booking write touches, to prove a refused one wrote nothing. */
export async function snapshot(app: FastifyInstance) {
  const [[b], [e], [p], [d]] = await Promise.all([
    app.db.select({ n: count() }).from(bookings),
    app.db.select({ n: count() }).from(bookingEvents),
    app.db.select({ n: count() }).from(payments),
    app.db.select({ n: count(), seats: sql<number>`coalesce(sum(${departures.seatsTaken}), 0)::int` }).from(departures),
  ]);
  const versions = await app.db
    .select({ id: bookings.id, version: bookings.version, state: bookings.state })
    .from(bookings)
    .orderBy(bookings.id);
  return { bookings: b.n, events: e.n, payments: p.n, departures: d.n, seats: Number(d.seats), versions };
}

export async function expectNothingWritten(app: FastifyInstance, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot(app)).toEqual(before);
}

export const actorOf = (u: { id: string; level: number; tourOperatorId: string | null; fullName: string }): Actor => ({
  id: u.id,
  level: u.level,
  tourOperatorId: u.tourOperatorId,
  fullName: u.fullName,
});

export async function mkAccommodation(
  app: FastifyInstance,
  name: string,
  tourOperatorId: string | null,
  zone: string,
  extra: Partial<typeof accommodations.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(accommodations)
    .values({ name, tourOperatorId, zone, latLng: '28.0800,-16.7300', ...extra })
    .returning();
  return row.id;
}

/**
 * The operator takes payments online (Redsys, test mode, holds of 15 minutes): a public sale of a
 * product paid in full or with a deposit is held until paid (ADR 022). Kept as it is when set.
 */
export async function enablePayments(
  app: FastifyInstance,
  tourOperatorId: string,
  over: Partial<typeof paymentSettings.$inferInsert> = {},
) {
  await app.db
    .insert(paymentSettings)
    .values({
      tourOperatorId,
      provider: 'redsys',
      mode: 'test',
      holdMinutes: 15,
      redsysMerchantCode: '999008881',
      redsysTerminal: '1',
      redsysBizum: false,
      secrets: '',
      ...over,
    })
    .onConflictDoNothing();
}
