/** GET /api/v1/public/products/{id}, its availability and the pickup places: what customers may see. */
import { ZPublicAccommodation, ZPublicAvailabilitySlot, ZPublicProduct } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { productImages, products, tourOperators } from '../../db/schema';
import {
  api,
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  type World,
} from '../bookings/bookings.test-helpers';
import { publicApi } from './public.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof publicApi>['get'];
let hotels: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  ({ get } = publicApi(app));
  const duque = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'Puerta principal',
    address: 'Avenida de Bruselas 2',
  });
  hotels = {
    duque,
    arona: await mkAccommodation(app, 'Hotel Arona Gran', null, 'Los Cristianos'),
    marazul: await mkAccommodation(app, 'Apartamentos Marazul', w.A.op.id, 'los cristianos'),
    redirected: await mkAccommodation(app, 'Apartamentos Callao', w.A.op.id, 'Los Cristianos', { pickupAtId: duque }),
    ofB: await mkAccommodation(app, 'Hotel de B', w.B.op.id, 'Los Cristianos'),
    deleted: await mkAccommodation(app, 'Hotel Cerrado', null, 'Los Cristianos', { deletedAt: new Date() }),
    inactive: await mkAccommodation(app, 'Hotel en obras', w.A.op.id, 'Los Cristianos', { state: 2 }),
    inactiveExplicit: await mkAccommodation(app, 'Hotel Antiguo', w.A.op.id, 'Costa Adeje', { state: 2 }),
    elsewhere: await mkAccommodation(app, 'Hotel Botánico', null, 'Puerto de la Cruz'),
  };
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/v1/public/products/{id}', () => {
  it('an active product answers without a token: the public contract, images in order, "desde", operator branding', async () => {
    await app.db
      .update(tourOperators)
      .set({
        brandColor: '#c2410c',
        bookingTerms: 'Cancelación gratuita hasta 24 horas antes.',
        phone: '+34 922 000 000',
      })
      .where(eq(tourOperators.id, w.A.op.id));
    const p = await mkProduct(app, w.tokens.A1, {
      short_description: 'Un día en el Teide',
      description: '<p>Subimos al <strong>Teide</strong></p>',
      includes: ['Guía'],
      excludes: ['Comida'],
      meeting_point: 'Oficina',
      meeting_lat_lng: '28.09,-16.73',
      languages: ['es', 'en'],
    });
    const img = (position: number, name: string) => ({
      tourOperatorId: w.A.op.id,
      productId: p.id,
      position,
      path: `products/${p.id}/${name}-lg.webp`,
      thumbPath: `products/${p.id}/${name}-sm.webp`,
      alt: name,
      width: 1200,
      height: 800,
      bytes: 1000,
    });
    await app.db.insert(productImages).values([img(1, 'segunda'), img(0, 'primera'), img(2, 'tercera')]);

    const res = await get(`/api/v1/public/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ZPublicProduct.strict().parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      id: p.id,
      short_description: 'Un día en el Teide',
      description: '<p>Subimos al <strong>Teide</strong></p>',
      includes: ['Guía'],
      excludes: ['Comida'],
      from_price_cents: 4500,
      currency: 'EUR',
      tour_operator: {
        name: 'Operador A',
        brand_color: '#c2410c',
        booking_terms: 'Cancelación gratuita hasta 24 horas antes.',
        timezone: 'Europe/Madrid',
      },
    });
    expect(body.images.map((i: { alt: string }) => i.alt)).toEqual(['primera', 'segunda', 'tercera']);
    expect(body.images[0].url).toBe(`/uploads/products/${p.id}/primera-lg.webp`);
    expect(body.prices).toContainEqual({
      pax_type: 'infant',
      amount_cents: 0,
      min_age: null,
      max_age: 2,
      occupies_seat: false,
    });
    // Nothing of the back office: no code, capacity, state, rules or pickups.
    for (const field of ['code', 'capacity', 'state', 'availability_rules', 'pickups', 'tour_operator_id'])
      expect(body).not.toHaveProperty(field);
  });

  it("issue 12: booking_terms are the product's own when it has them, else the tour operator's", async () => {
    await app.db
      .update(tourOperators)
      .set({ bookingTerms: 'Enseña el bono al subir al autocar por las carreteras del Parque Nacional.' })
      .where(eq(tourOperators.id, w.A.op.id));
    const walking = await mkProduct(app, w.tokens.A1, {
      booking_terms: 'Paseo a pie de dos horas por el casco histórico.\nCalzado cómodo.',
    });
    const coach = await mkProduct(app, w.tokens.A1);
    const own = (await get(`/api/v1/public/products/${walking.id}`)).json();
    expect(own.booking_terms).toBe('Paseo a pie de dos horas por el casco histórico.\nCalzado cómodo.');
    expect(ZPublicProduct.strict().parse(own)).toBeTruthy();
    const fallback = (await get(`/api/v1/public/products/${coach.id}`)).json();
    expect(fallback.booking_terms).toBe('Enseña el bono al subir al autocar por las carreteras del Parque Nacional.');
    // The operator's general terms stay in its own block; nothing else of the product is added.
    expect(own.tour_operator.booking_terms).toBe(fallback.booking_terms);
    expect(Object.keys(own).sort()).toEqual(Object.keys(fallback).sort());
  });

  it('draft, inactive, deleted, unknown, malformed id or an inactive operator: 404 "Excursión no encontrada"', async () => {
    const draft = await mkProduct(app, w.tokens.A1, { state: 'draft' });
    const inactive = await mkProduct(app, w.tokens.A1, { state: 'inactive' });
    const deleted = await mkProduct(app, w.tokens.A1);
    await app.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    const ofB = await mkProduct(app, w.tokens.B1);
    expect((await get(`/api/v1/public/products/${ofB.id}`)).statusCode).toBe(200);
    await app.db.update(tourOperators).set({ state: 2 }).where(eq(tourOperators.id, w.B.op.id));
    try {
      for (const id of [
        draft.id,
        inactive.id,
        deleted.id,
        ofB.id,
        '00000000-0000-4000-8000-000000000000',
        'nope',
        "1' or '1'='1",
      ]) {
        for (const url of [
          `/api/v1/public/products/${encodeURIComponent(id)}`,
          `/api/v1/public/products/${encodeURIComponent(id)}/availability`,
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Excursión no encontrada' });
        }
      }
    } finally {
      await app.db.update(tourOperators).set({ state: 1 }).where(eq(tourOperators.id, w.B.op.id));
    }
  });
});

describe('GET /api/v1/public/products/{id}/availability', () => {
  it('default: from today (operator time zone) for 35 days, the contract shape', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const res = await get(`/api/v1/public/products/${p.id}/availability`);
    expect(res.statusCode).toBe(200);
    const slots = res.json() as { date: string; time: string }[];
    for (const s of slots) expect(ZPublicAvailabilitySlot.strict().parse(s)).toBeTruthy();
    expect(slots[0].date).toBe(day(0));
    expect(slots.at(-1)).toMatchObject({ date: day(34), time: '18:00' });
    expect(slots.filter((s) => s.date === day(10)).map((s) => s.time)).toEqual(['09:00', '18:00']);
  });

  it('available=false when closed, full or past the sale cut-off; the past is never listed', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 3, booking_cutoff_hours: 72, closed_dates: [day(8)] });
    await booked(app, w.tokens.A1, bookingBody(p.id, { date: day(6), pax: { adult: 3 }, override_cutoff: false }));
    const close = await api(app).send('PUT', `/api/v1/products/${p.id}/departures`, w.tokens.A1, {
      date: day(7),
      time: '18:00',
      closed: true,
    });
    expect(close.statusCode).toBe(200);
    const res = await get(`/api/v1/public/products/${p.id}/availability?from=${day(-5)}&to=${day(9)}`);
    expect(res.statusCode).toBe(200);
    const slots = res.json() as { date: string; time: string; seats_left: number; available: boolean }[];
    const at = (d: string, t: string) => slots.find((s) => s.date === d && s.time === t);
    expect(slots[0].date).toBe(day(0));
    expect(at(day(1), '09:00')?.available).toBe(false); // inside the 72 h cut-off
    expect(at(day(6), '09:00')).toMatchObject({ seats_left: 0, available: false });
    expect(at(day(6), '18:00')).toMatchObject({ seats_left: 3, available: true });
    expect(at(day(7), '18:00')?.available).toBe(false);
    expect(at(day(7), '09:00')?.available).toBe(true);
    expect(slots.filter((s) => s.date === day(8))).toEqual([]);
  });

  it('bad ranges answer 400 with a Spanish message', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const url = (q: string) => `/api/v1/public/products/${p.id}/availability?${q}`;
    for (const q of [
      `from=${day(1)}&to=${day(70)}`,
      `from=${day(5)}&to=${day(1)}`,
      'from=2026-02-30',
      'to=ayer',
      `to=${day(80)}`,
    ]) {
      const res = await get(url(q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await get(url(`to=${day(-3)}`))).statusCode).toBe(400);
    const past = await get(url(`from=${day(-20)}&to=${day(-10)}`));
    expect(past.json()).toEqual([]);
  });
});

describe('GET /api/v1/public/accommodations', () => {
  let p: { id: string };
  beforeAll(async () => {
    p = await mkProduct(app, w.tokens.A1, {
      pickups: [
        { accommodation_id: hotels.duque, minutes_before: 40 },
        { accommodation_id: hotels.inactiveExplicit, minutes_before: 30 },
        { zone: 'LOS CRISTIANOS', minutes_before: 60 },
      ],
    });
  });

  it("the product's pickup list: explicit places + active own or shared places of its zones, by name, with pickup_at", async () => {
    const res = await get(`/api/v1/public/accommodations?product_id=${p.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string; pickup_time: string | null; pickup_at: unknown }[];
    for (const a of list) expect(ZPublicAccommodation.strict().parse(a)).toBeTruthy();
    expect(list.map((a) => a.name)).toEqual([
      'Apartamentos Callao',
      'Apartamentos Marazul',
      'Hotel Arona Gran',
      'Hotel Bahía del Duque',
    ]);
    expect(list.every((a) => a.pickup_time === null)).toBe(true);
    expect(list[0].pickup_at).toEqual({
      name: 'Hotel Bahía del Duque',
      address: 'Avenida de Bruselas 2',
      pickup_point: 'Puerta principal',
    });
    expect(list[1].pickup_at).toBeNull();
  });

  it('with time: the pickup time exactly as bookings compute it (redirects take their target time)', async () => {
    const res = await get(`/api/v1/public/accommodations?product_id=${p.id}&time=09:00`);
    const times = Object.fromEntries(
      (res.json() as { name: string; pickup_time: string }[]).map((a) => [a.name, a.pickup_time]),
    );
    expect(times).toEqual({
      'Apartamentos Callao': '08:20',
      'Apartamentos Marazul': '08:00',
      'Hotel Arona Gran': '08:00',
      'Hotel Bahía del Duque': '08:20',
    });
    // The same place booked by staff gets the same time.
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { date: day(3), accommodation_id: hotels.redirected }));
    expect(b.pickup_time).toBe('08:20');
    const m = await booked(app, w.tokens.A1, bookingBody(p.id, { date: day(3), accommodation_id: hotels.marazul }));
    expect(m.pickup_time).toBe('08:00');
  });

  it('a product without pickup answers []; a product that is not public 404; a bad query 400', async () => {
    const noPickup = await mkProduct(app, w.tokens.A1, {
      pickup_enabled: false,
      pickups: [{ accommodation_id: hotels.duque, minutes_before: 40 }],
    });
    expect((await get(`/api/v1/public/accommodations?product_id=${noPickup.id}`)).json()).toEqual([]);
    const draft = await mkProduct(app, w.tokens.A1, { state: 'draft' });
    const res = await get(`/api/v1/public/accommodations?product_id=${draft.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Excursión no encontrada');
    for (const q of ['', '?product_id=abc', `?product_id=${p.id}&time=25:00`]) {
      expect((await get(`/api/v1/public/accommodations${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the public routes under the "Público" tag, without security', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/v1/public/products/{id}', 'get'],
      ['/api/v1/public/products/{id}/availability', 'get'],
      ['/api/v1/public/accommodations', 'get'],
      ['/api/v1/public/bookings', 'post'],
      ['/api/v1/public/bookings/{id}', 'get'],
      ['/api/v1/public/bookings/{id}', 'put'],
      ['/api/v1/public/bookings/{id}/cancel', 'post'],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeTruthy();
      expect(op.tags).toEqual(['Público']);
      expect(op.security).toEqual([]);
    }
  });
});
