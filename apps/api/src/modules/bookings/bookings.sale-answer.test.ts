/**
 * ADR 035: a sale answers from what its transaction read and wrote, without reading the booking
 * back after COMMIT. Its answer must be exactly what reading it gives: the staff POST against
 * GET /bookings/{id}, the public POST against GET /public/bookings/{id}, for sales that name
 * everything an answer names (a seller, a place that collects elsewhere, an agency, online payment
 * terms with a provider, a hold).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { channels, productPickups } from '../../db/schema';
import { api, bookingBody, day, enablePayments, mkAccommodation, mkProduct, type World } from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

/** The staff POST's answer and the same booking read back. */
async function soldAndRead(token: string, body: object) {
  const sold = await send('POST', '/api/v1/bookings', token, body);
  expect(sold.statusCode, sold.body).toBe(201);
  const read = await get(`/api/v1/bookings/${sold.json().id}`, token);
  expect(read.statusCode).toBe(200);
  return { sold: sold.json(), read: read.json() };
}

describe('the answer of a sale is the booking as read back (ADR 035)', () => {
  it('staff: a seller, a place collected at another one, a pickup time from the list', async () => {
    const product = await mkProduct(app, w.tokens.A1);
    const meeting = await mkAccommodation(app, 'Hotel Punto de Encuentro', w.A.op.id, 'Costa Adeje', {
      pickupPoint: 'Puerta principal',
    });
    const hotel = await mkAccommodation(app, 'Hotel Sin Parada', w.A.op.id, 'Costa Adeje', {
      pickupAtId: meeting,
    });
    await app.db
      .insert(productPickups)
      .values({ tourOperatorId: w.A.op.id, productId: product.id, accommodationId: meeting, minutesBefore: 40 });
    const { sold, read } = await soldAndRead(
      w.tokens.A1,
      bookingBody(product.id, { seller_id: w.A.l2.id, channel: 'seller', accommodation_id: hotel, room: '214' }),
    );
    expect(sold.seller).toEqual({ id: w.A.l2.id, full_name: w.A.l2.fullName });
    expect(sold.pickup_at?.id).toBe(meeting);
    expect(sold.pickup_time).toBe('08:20');
    expect(sold).toEqual(read);
  });

  it("staff: a Vendedor's own sale; an agency's sale with its reference", async () => {
    const product = await mkProduct(app, w.tokens.A1);
    const own = await soldAndRead(w.tokens.A2, bookingBody(product.id, { date: day(3) }));
    expect(own.sold.seller?.id).toBe(w.A.l2.id);
    expect(own.sold).toEqual(own.read);
    const [agency] = await app.db
      .insert(channels)
      .values({
        tourOperatorId: w.A.op.id,
        name: 'Viajes Answer',
        kind: 'agency',
        commissionPct: 10,
        collects: 'agency',
      })
      .returning();
    const forAgency = await soldAndRead(
      w.tokens.A1,
      bookingBody(product.id, { date: day(4), channel_id: agency?.id, reseller_reference: 'VA-1' }),
    );
    expect(forAgency.sold.sales_channel).toMatchObject({ id: agency?.id, kind: 'agency', collects: 'agency' });
    expect(forAgency.sold).toEqual(forAgency.read);
  });

  it('staff and the public: online payment terms with a provider (the customer held, due now)', async () => {
    await enablePayments(app, w.A.op.id);
    const product = await mkProduct(app, w.tokens.A1, { payment_mode: 'deposit', deposit: { percent: 20 } });
    const staff = await soldAndRead(w.tokens.A1, bookingBody(product.id, { date: day(5) }));
    expect(staff.sold).toMatchObject({ online_payments_enabled: true, payment_mode: 'deposit' });
    expect(staff.sold).toEqual(staff.read);

    const web = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(product.id, { date: day(6) }), accept_terms: true },
    });
    expect(web.statusCode, web.body).toBe(201);
    expect(web.json().state).toBe('pending');
    const back = await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${web.json().id}?lang=es` });
    expect(back.statusCode).toBe(200);
    expect(web.json()).toEqual(back.json());
    // Its hold, as the staff read it.
    const held = await get(`/api/v1/bookings/${web.json().id}`, w.tokens.A1);
    expect(held.json().hold_expires_at).not.toBeNull();
  });

  it('the public: a place collected at another one', async () => {
    const product = await mkProduct(app, w.tokens.A1);
    const meeting = await mkAccommodation(app, 'Hotel Parada Pública', null, 'Los Cristianos', {
      pickupPoint: 'Parada de guaguas',
      address: 'Av. Juan Carlos I, 1',
    });
    const hotel = await mkAccommodation(app, 'Apartamentos Lejos', null, 'Los Cristianos', {
      pickupAtId: meeting,
      address: 'Calle Lejos, 3',
    });
    await app.db.insert(productPickups).values([
      { tourOperatorId: w.A.op.id, productId: product.id, accommodationId: hotel, minutesBefore: 30, position: 0 },
      { tourOperatorId: w.A.op.id, productId: product.id, zone: 'Los Cristianos', minutesBefore: 60, position: 1 },
    ]);
    const web = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(product.id, { date: day(7), accommodation_id: hotel }), accept_terms: true },
    });
    expect(web.statusCode, web.body).toBe(201);
    const back = await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${web.json().id}?lang=es` });
    expect(web.json()).toEqual(back.json());
  });
});
