import { NO_SEATS_MESSAGE } from '@trayecto/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createUser, createWorld, login } from '../../../test/factories';
import { payments, tourOperators } from '../../db/schema';
import { createBooking } from './bookings.service';
import {
  actorOf,
  api,
  book,
  booked,
  bookingBody,
  day,
  expectNothingWritten,
  mkAccommodation,
  mkProduct,
  seatsOf,
  snapshot,
  type World,
} from './bookings.test-helpers';

// Locators are random; a test forces a collision by queueing the ones the next calls return.
const forced = vi.hoisted(() => ({ locators: [] as string[] }));
vi.mock('./bookings.rules', async (importOriginal) => {
  const orig = await importOriginal<typeof import('./bookings.rules')>();
  return { ...orig, newLocator: () => forced.locators.shift() ?? orig.newLocator() };
});

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let hotels: {
  duque: string;
  nivaria: string;
  arona: string;
  redirected: string;
  meetingPoint: string;
  botanico: string;
  ofB: string;
  deleted: string;
  inactive: string;
};
let product: { id: string };
let seller12: Awaited<ReturnType<typeof createUser>>;
let seller12Token: string;

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  await app.db.update(tourOperators).set({ defaultCommissionPct: 10 }).where(eq(tourOperators.id, w.A.op.id));
  seller12 = await createUser(app, {
    level: 2,
    tourOperatorId: w.A.op.id,
    fullName: 'Marta Vendedora',
    commissionPct: 12.5,
  });
  seller12Token = await login(app, seller12.email);
  const meetingPoint = await mkAccommodation(app, 'Punto de encuentro Las Américas', null, 'Playa de las Américas', {
    type: 'meeting_point',
    pickupPoint: 'Parada de taxis',
  });
  hotels = {
    duque: await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
      pickupPoint: 'Puerta principal',
    }),
    nivaria: await mkAccommodation(app, 'Hotel Jardines de Nivaria', w.A.op.id, 'Costa Adeje'),
    arona: await mkAccommodation(app, 'Hotel Arona Gran', null, 'Los Cristianos'),
    meetingPoint,
    redirected: await mkAccommodation(app, 'Apartamentos Tenerife Sur', w.A.op.id, 'Playa de las Américas', {
      pickupAtId: meetingPoint,
    }),
    botanico: await mkAccommodation(app, 'Hotel Botánico', null, 'Puerto de la Cruz'),
    ofB: await mkAccommodation(app, 'Hotel de B', w.B.op.id, 'Costa Adeje'),
    deleted: await mkAccommodation(app, 'Hotel Cerrado', w.A.op.id, 'Costa Adeje', { deletedAt: new Date() }),
    inactive: await mkAccommodation(app, 'Hotel en obras', w.A.op.id, 'Costa Adeje', { state: 2 }),
  };
  product = await mkProduct(app, w.tokens.A1, {
    capacity: 500,
    pickups: [
      { accommodation_id: hotels.duque, minutes_before: 40 },
      { zone: 'los cristianos', minutes_before: 60 },
      { accommodation_id: meetingPoint, fixed_time: '07:45' },
    ],
  });
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/v1/bookings: price, commission, pickup', () => {
  it('PRODUCT §2: 2 adults + 1 child = 115,00 € priced by the server (a client total is ignored); 201 with the contract shape', async () => {
    const before = await seatsOf(app, product.id, day(1), '09:00');
    const res = await book(app, w.tokens.A1, { ...bookingBody(product.id), total_cents: 1, paid_cents: 99 });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      locator: expect.stringMatching(/^TRY-[2-9A-HJ-NP-Z]{6}$/),
      tour_operator_id: w.A.op.id,
      product_id: product.id,
      product: { id: product.id },
      date: day(1),
      time: '09:00',
      pax_total: 3,
      seats: 3,
      subtotal_cents: 11500,
      discount_cents: 0,
      total_cents: 11500,
      paid_cents: 0,
      refunded_cents: 0,
      pending_cents: 11500,
      currency: 'EUR',
      customer_name: 'Lucía Pérez',
      customer_country: 'ES',
      state: 'confirmed',
      payment_state: 'pending',
      channel: 'office',
      seller_id: null,
      commission_cents: 0,
      created_by: w.A.l1.id,
      version: 1,
      public_urls: {
        booking: `http://localhost:80/public/booking/${b.id}`,
        voucher: `http://localhost:80/public/landing/booking-voucher/${b.id}`,
      },
    });
    expect(b.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(b.lines).toEqual([
      { pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000, occupies_seat: true },
      { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500, occupies_seat: true },
    ]);
    expect(await seatsOf(app, product.id, day(1), '09:00')).toBe(before + 3);
    expect((await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json()).toEqual(b);
  });

  it('the first sale creates the departure row with the product capacity; babies on a lap take no seat', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 7 });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2, infant: 1 } }));
    expect(b).toMatchObject({ pax_total: 3, seats: 2, total_cents: 9000 });
    const slots = (await get(`/api/v1/products/${p.id}/availability?from=${day(1)}&to=${day(1)}`, w.tokens.A1)).json();
    expect(slots.find((s: { time: string }) => s.time === '09:00')).toMatchObject({
      capacity: 7,
      seats_taken: 2,
      seats_left: 5,
      departure_id: b.departure_id,
    });
  });

  it('state: confirmed when the product confirms instantly, else pending; staff may choose', async () => {
    const review = await mkProduct(app, w.tokens.A1, { instant_confirmation: false });
    expect((await booked(app, w.tokens.A1, bookingBody(review.id))).state).toBe('pending');
    expect((await booked(app, w.tokens.A1, bookingBody(review.id, { state: 'confirmed' }))).state).toBe('confirmed');
    expect((await booked(app, w.tokens.A1, bookingBody(product.id, { state: 'pending' }))).state).toBe('pending');
  });

  it('commission: a Vendedor sells as themself, channel "seller", at their own commission_pct', async () => {
    const b = await booked(app, seller12Token, bookingBody(product.id, { channel: 'office' }));
    expect(b).toMatchObject({
      seller_id: seller12.id,
      seller: { id: seller12.id, full_name: 'Marta Vendedora' },
      channel: 'seller',
      commission_pct: 12.5,
      commission_cents: 1438, // 12,5 % of 115,00 € = 14,375 → 14,38 €
    });
  });

  it("commission: office staff name a seller; without their own rate the operator's default applies", async () => {
    const b = await booked(app, w.tokens.A3, bookingBody(product.id, { seller_id: w.A.l2.id, channel: 'seller' }));
    expect(b).toMatchObject({ seller_id: w.A.l2.id, channel: 'seller', commission_pct: 10, commission_cents: 1150 });
    const none = await booked(app, w.tokens.A1, bookingBody(product.id));
    expect(none).toMatchObject({ seller_id: null, commission_pct: null, commission_cents: 0, channel: 'office' });
  });

  it('seller_id must be a Vendedor (level 2) of the operator: 422', async () => {
    const before = await snapshot(app);
    for (const sellerId of [w.A.l3.id, w.B.l2.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await book(app, w.tokens.A1, bookingBody(product.id, { seller_id: sellerId }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.seller_id[0]).toMatch(/vendedor/);
    }
    await expectNothingWritten(app, before);
  });

  it('a Vendedor cannot give the sale to another seller nor apply a discount (403)', async () => {
    const before = await snapshot(app);
    const other = await book(app, w.tokens.A2, bookingBody(product.id, { seller_id: seller12.id }));
    expect(other.statusCode).toBe(403);
    const discount = await book(
      app,
      w.tokens.A2,
      bookingBody(product.id, { discount_cents: 500, discount_reason: 'x' }),
    );
    expect(discount.statusCode).toBe(403);
    await expectNothingWritten(app, before);
  });

  it('a discount needs a reason and lowers the total and the commission', async () => {
    const noReason = await book(app, w.tokens.A1, bookingBody(product.id, { discount_cents: 1500 }));
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.discount_reason).toEqual(['Indica el motivo del descuento']);
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { discount_cents: 1500, discount_reason: 'Cliente repetidor', seller_id: seller12.id }),
    );
    expect(b).toMatchObject({
      subtotal_cents: 11500,
      discount_cents: 1500,
      total_cents: 10000,
      commission_cents: 1250,
    });
    const tooMuch = await book(
      app,
      w.tokens.A1,
      bookingBody(product.id, { discount_cents: 20000, discount_reason: 'x' }),
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.discount_cents).toEqual(['El descuento no puede superar el importe de la reserva']);
  });

  it('pickup time: the hotel on the product list (40 min before 09:00 = 08:20), else its zone (60 min = 08:00)', async () => {
    const duque = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { accommodation_id: hotels.duque, room: '214' }),
    );
    expect(duque).toMatchObject({
      accommodation_id: hotels.duque,
      accommodation: {
        id: hotels.duque,
        name: 'Hotel Bahía del Duque',
        zone: 'Costa Adeje',
        pickup_point: 'Puerta principal',
      },
      room: '214',
      pickup_time: '08:20',
      pickup_time_overridden: false,
      pickup_at: null,
    });
    const evening = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { time: '18:00', accommodation_id: hotels.duque }),
    );
    expect(evening.pickup_time).toBe('17:20');
    const arona = await booked(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: hotels.arona }));
    expect(arona.pickup_time).toBe('08:00');
  });

  it('pickup time: "Hotel X, recoger en Hotel Y" gives X\'s customers Y\'s time and place', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: hotels.redirected }));
    expect(b).toMatchObject({
      accommodation: { id: hotels.redirected, name: 'Apartamentos Tenerife Sur' },
      pickup_at: { id: hotels.meetingPoint, name: 'Punto de encuentro Las Américas', pickup_point: 'Parada de taxis' },
      pickup_time: '07:45',
    });
  });

  it('pickup time: a place the product does not collect from has none; a pickup_time sent overrides it', async () => {
    const none = await booked(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: hotels.botanico }));
    expect(none.pickup_time).toBeNull();
    const manual = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { accommodation_id: hotels.duque, pickup_time: '08:05' }),
    );
    expect(manual).toMatchObject({ pickup_time: '08:05', pickup_time_overridden: true });
  });

  it('the accommodation must be one the operator may use: own or shared, live and active (422)', async () => {
    const before = await snapshot(app);
    for (const id of [hotels.ofB, hotels.deleted, hotels.inactive]) {
      const res = await book(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: id }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.accommodation_id).toHaveLength(1);
    }
    await expectNothingWritten(app, before);
  });

  it("the administrator books any operator's product; the booking belongs to the product's operator", async () => {
    const b = await booked(app, w.tokens.admin, bookingBody(product.id));
    expect(b.tour_operator_id).toBe(w.A.op.id);
    const wrong = await book(app, w.tokens.admin, { ...bookingBody(product.id), tour_operator_id: w.B.op.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.tour_operator_id).toEqual(['El producto es de otro tour operador']);
    // Anyone else's tour_operator_id is ignored (no mass assignment).
    const mine = await booked(app, w.tokens.A1, { ...bookingBody(product.id), tour_operator_id: w.B.op.id });
    expect(mine.tour_operator_id).toBe(w.A.op.id);
  });

  it('named passengers must fit the pax (422)', async () => {
    const res = await book(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        pax: { adult: 1 },
        passengers: [
          { full_name: 'Ana', pax_type: 'adult' },
          { full_name: 'Luis', pax_type: 'adult' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.passengers).toBeDefined();
    const ok = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { passengers: [{ full_name: 'Lucía Pérez', pax_type: 'adult', document_id: 'X123' }] }),
    );
    expect(ok.passengers).toEqual([{ full_name: 'Lucía Pérez', pax_type: 'adult', document_id: 'X123' }]);
  });

  it('locator: a collision with an existing one is retried with a fresh code', async () => {
    const first = await booked(app, w.tokens.A1, bookingBody(product.id));
    forced.locators.push(first.locator, 'TRY-ZZZZ22');
    const second = await booked(app, w.tokens.A1, bookingBody(product.id));
    expect(second.locator).toBe('TRY-ZZZZ22');
  });

  it('bad input: missing fields and wrong types answer 422 with Spanish messages', async () => {
    const res = await book(app, w.tokens.A1, {
      product_id: 'x',
      date: '2026-02-30',
      time: '25:00',
      pax: { adult: -1 },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.customer_name).toEqual(['Campo requerido']);
    expect(errors.date).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    expect(errors.product_id).toEqual(['Identificador no válido']);
  });
});

describe('POST /api/v1/bookings: every refusal writes nothing', () => {
  const refused = async (token: string, payload: object, status: number, message: string | RegExp) => {
    const before = await snapshot(app);
    const res = await book(app, token, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    await expectNothingWritten(app, before);
    return res.json();
  };

  it('an inactive or draft product: 422 "El producto no está activo"', async () => {
    const draft = await mkProduct(app, w.tokens.A1, { state: 'draft' });
    const inactive = await mkProduct(app, w.tokens.A1, { state: 'inactive' });
    for (const p of [draft, inactive]) {
      const body = await refused(w.tokens.A1, bookingBody(p.id), 422, 'El producto no está activo');
      expect(body.errors.product_id).toEqual(['El producto no está activo']);
    }
  });

  it('a closed date: 409 "Salida cerrada"', async () => {
    const p = await mkProduct(app, w.tokens.A1, { closed_dates: [day(2)] });
    await refused(w.tokens.A1, bookingBody(p.id, { date: day(2) }), 409, /^Salida cerrada$/);
  });

  it('a closed departure: 409 "Salida cerrada"', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const close = await send('PUT', `/api/v1/products/${p.id}/departures`, w.tokens.A1, {
      date: day(1),
      time: '09:00',
      closed: true,
    });
    expect(close.statusCode).toBe(200);
    await refused(w.tokens.A1, bookingBody(p.id), 409, /^Salida cerrada$/);
  });

  it('a time the product does not offer that day: 422', async () => {
    const body = await refused(w.tokens.A1, bookingBody(product.id, { time: '10:30' }), 422, /no tiene salida/);
    expect(body.errors.time[0]).toMatch(/a las 10:30/);
    const beforeRules = await refused(w.tokens.A1, bookingBody(product.id, { date: day(-40) }), 422, /no tiene salida/);
    expect(beforeRules.errors.time).toBeDefined();
  });

  it('a departure in the past: 422 "La salida ya ha pasado"', async () => {
    await refused(w.tokens.A1, bookingBody(product.id, { date: day(-1) }), 422, 'La salida ya ha pasado');
    await refused(
      w.tokens.A1,
      bookingBody(product.id, { date: day(-1), override_cutoff: true }),
      422,
      'La salida ya ha pasado',
    );
  });

  it('after the sale cut-off: 422; staff (levels 0, 1, 3) may override it; a Vendedor may not (403)', async () => {
    const p = await mkProduct(app, w.tokens.A1, { booking_cutoff_hours: 72 });
    const body = await refused(w.tokens.A1, bookingBody(p.id), 422, /La venta de esta salida cerró 72 horas antes/);
    expect(body.errors.time).toHaveLength(1);
    await refused(w.tokens.A2, bookingBody(p.id, { override_cutoff: true }), 403, /cierre de venta/);
    for (const token of [w.tokens.admin, w.tokens.A1, w.tokens.A3]) {
      expect((await book(app, token, bookingBody(p.id, { override_cutoff: true, pax: { adult: 1 } }))).statusCode).toBe(
        201,
      );
    }
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(3);
  });

  it(`no seats left: 409 "${NO_SEATS_MESSAGE}" and nothing written`, async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 4 });
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 3 } }));
    const body = await refused(w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }), 409, NO_SEATS_MESSAGE);
    expect(body).toEqual({ code: 'NO_SEATS', message: NO_SEATS_MESSAGE, errors: { pax: ['Solo queda 1 plaza'] } });
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(3);
    // The last seat still sells; then the departure is full.
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }));
    const full = await refused(w.tokens.A1, bookingBody(p.id, { pax: { adult: 1 } }), 409, NO_SEATS_MESSAGE);
    expect(full.errors.pax).toEqual(['La salida está completa']);
  });

  it('a passenger type the product does not price: 422 on that pax field', async () => {
    const body = await refused(w.tokens.A1, bookingBody(product.id, { pax: { senior: 1 } }), 422, /no se ofrece/);
    expect(body.errors['pax.senior']).toEqual(['Este tipo de pasajero no se ofrece en esa fecha']);
    await refused(w.tokens.A1, bookingBody(product.id, { pax: { adult: 0 } }), 422, /errores|pasajero/);
  });

  it('a total above what a booking holds (the dearest tariffs × many passengers): 422 on pax, not a database error', async () => {
    // Found by the contract properties (issue 21): 500 adults at 100 000,00 overflowed total_cents (400).
    const p = await mkProduct(app, w.tokens.A1, {
      capacity: 1000,
      prices: [{ pax_type: 'adult', amount_cents: 10_000_000 }],
    });
    const body = await refused(w.tokens.A1, bookingBody(p.id, { pax: { adult: 500 } }), 422, /supera el máximo/);
    expect(Object.keys(body.errors)).toEqual(['pax']);
    const quote = await send('POST', '/api/v1/bookings/quote', w.tokens.A1, {
      product_id: p.id,
      date: day(1),
      pax: { adult: 500 },
    });
    expect(quote.statusCode).toBe(422);
    expect(await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 214 } }))).toMatchObject({
      total_cents: 2_140_000_000,
    });
  });

  it('a product of another operator, or unknown: 422 "El producto no existe"', async () => {
    const theirs = await mkProduct(app, w.tokens.B1);
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const body = await refused(w.tokens.A1, bookingBody(id), 422, /errores/);
      expect(body.errors.product_id).toEqual(['El producto no existe']);
    }
  });
});

describe('PUT /api/v1/bookings/{id}: edits move seats in the same transaction', () => {
  it('pax up takes only the difference, pax down gives seats back; the booking is re-priced', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 10 });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 }, seller_id: seller12.id }));
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(2);

    const up = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pax: { adult: 4, child: 1 } });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ pax_total: 5, seats: 5, total_cents: 20500, commission_cents: 2563, version: 2 });
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(5);

    const down = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pax: { adult: 1, infant: 1 } });
    expect(down.json()).toMatchObject({ pax_total: 2, seats: 1, total_cents: 4500, version: 3 });
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(1);
  });

  it('growing past the capacity: 409 and nothing changed', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 5 });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }));
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }));
    const before = await snapshot(app);
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      pax: { adult: 4 },
      customer_name: 'Otro',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_SEATS_MESSAGE);
    await expectNothingWritten(app, before);
    expect((await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json()).toMatchObject({
      customer_name: 'Lucía Pérez',
      pax_total: 2,
      version: 1,
    });
  });

  it('a new date/time releases the old departure and takes the new one; the pickup time follows', async () => {
    const p = await mkProduct(app, w.tokens.A1, {
      capacity: 10,
      pickups: [{ accommodation_id: hotels.duque, minutes_before: 30 }],
    });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { accommodation_id: hotels.duque }));
    expect(b.pickup_time).toBe('08:30');
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { date: day(3), time: '18:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: day(3), time: '18:00', pickup_time: '17:30' });
    expect(res.json().departure_id).not.toBe(b.departure_id);
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(0);
    expect(await seatsOf(app, p.id, day(3), '18:00')).toBe(3);
  });

  it('moving to another product re-prices with its tariffs and moves the seats', async () => {
    const p1 = await mkProduct(app, w.tokens.A1);
    const p2 = await mkProduct(app, w.tokens.A1, {
      prices: [
        { pax_type: 'adult', amount_cents: 6000 },
        { pax_type: 'child', amount_cents: 3000 },
      ],
    });
    const b = await booked(app, w.tokens.A1, bookingBody(p1.id));
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { product_id: p2.id });
    expect(res.json()).toMatchObject({ product_id: p2.id, total_cents: 15000 });
    expect(await seatsOf(app, p1.id, day(1), '09:00')).toBe(0);
    expect(await seatsOf(app, p2.id, day(1), '09:00')).toBe(3);
  });

  it('moving to a full departure: 409 and nothing changed (seats stay where they were)', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 3 });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }));
    await booked(app, w.tokens.A1, bookingBody(p.id, { time: '18:00', pax: { adult: 2 } }));
    const before = await snapshot(app);
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { time: '18:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_SEATS_MESSAGE);
    await expectNothingWritten(app, before);
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(2);
    expect(await seatsOf(app, p.id, day(1), '18:00')).toBe(2);
  });

  it('moving to a closed, past or not offered departure is refused like a new sale', async () => {
    const p = await mkProduct(app, w.tokens.A1, { closed_dates: [day(4)] });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id));
    const before = await snapshot(app);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { date: day(4) })).statusCode).toBe(409);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { date: day(-2) })).statusCode).toBe(422);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { time: '11:00' })).statusCode).toBe(422);
    await expectNothingWritten(app, before);
  });

  it('version: a stale edit answers 409 "La reserva ha cambiado; recarga los datos"', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const ok = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'Vegetariano', version: 1 });
    expect(ok.json()).toMatchObject({ notes: 'Vegetariano', version: 2 });
    const stale = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'Celíaco', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'STALE_VERSION',
      message: 'La reserva ha cambiado; recarga los datos',
      errors: { version: ['La reserva ha cambiado; recarga los datos'] },
    });
    expect((await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json().notes).toBe('Vegetariano');
  });

  it('customer data, pickup override and its reset; an edit that changes nothing keeps the version', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: hotels.duque }));
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      customer_name: 'Lucía Pérez García',
      customer_country: 'de',
      pickup_time: '08:10',
      internal_notes: 'Cliente VIP',
    });
    expect(res.json()).toMatchObject({
      customer_name: 'Lucía Pérez García',
      customer_country: 'DE',
      pickup_time: '08:10',
      pickup_time_overridden: true,
      internal_notes: 'Cliente VIP',
      version: 2,
    });
    const reset = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pickup_time: null });
    expect(reset.json()).toMatchObject({ pickup_time: '08:20', pickup_time_overridden: false, version: 3 });
    const same = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { customer_name: 'Lucía Pérez García' });
    expect(same.json().version).toBe(3);
  });

  it('a new accommodation recomputes the pickup time (zone rule)', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { accommodation_id: hotels.duque }));
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { accommodation_id: hotels.arona });
    expect(res.json()).toMatchObject({ accommodation_id: hotels.arona, pickup_time: '08:00' });
    const gone = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { accommodation_id: hotels.ofB });
    expect(gone.statusCode).toBe(422);
  });

  it('changing the seller changes the commission rate; the discount alone keeps the sold prices', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { seller_id: seller12.id }));
    expect(b.commission_cents).toBe(1438);
    const s = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { seller_id: w.A.l2.id });
    expect(s.json()).toMatchObject({ seller_id: w.A.l2.id, commission_pct: 10, commission_cents: 1150 });
    const d = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      discount_cents: 1500,
      discount_reason: 'Reclamación',
    });
    expect(d.json()).toMatchObject({ subtotal_cents: 11500, total_cents: 10000, commission_cents: 1000 });
    const none = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { seller_id: null });
    expect(none.json()).toMatchObject({ seller_id: null, commission_pct: null, commission_cents: 0 });
  });

  it('a Vendedor edits their own sale but cannot change its seller, discount or mark it realizada (403)', async () => {
    const b = await booked(app, w.tokens.A2, bookingBody(product.id));
    const ok = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A2, { room: '101', pax: { adult: 3 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ room: '101', seats: 3, seller_id: w.A.l2.id });
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A2, { seller_id: seller12.id })).statusCode).toBe(
      403,
    );
    expect(
      (await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A2, { discount_cents: 100, discount_reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A2, { state: 'completed' })).statusCode).toBe(403);
  });
});

describe('state machine (PRODUCT §4)', () => {
  it('pending → confirmed; confirmed → pending is refused naming the states in Spanish (422)', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { state: 'pending' }));
    const c = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'confirmed' });
    expect(c.json().state).toBe('confirmed');
    const back = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'pending' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.state[0]).toBe(
      'No se puede pasar una reserva de «Confirmada» a «Pendiente»: desde «Confirmada» solo se puede pasar a «Realizada», «Cancelada», «No presentado»',
    );
  });

  it('cancelling through PUT is refused: use /cancel with a reason', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'cancelled' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.state[0]).toMatch(/Cancelar/);
  });

  it('realizada / no presentado only once the departure has started', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'completed' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.state[0]).toMatch(/salida ya ha empezado/);
  });

  it('past departures: staff edit customer data and mark completed / no_show, but never move seats into the past', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const soldAt = new Date(Date.now() - 4 * 86_400_000);
    const sold = (name: string) =>
      createBooking(
        app.db,
        actorOf(w.A.l1),
        bookingBody(p.id, { date: day(-1), customer_name: name }) as never,
        soldAt,
      );
    const a = await sold('Hans Müller');
    const b = await sold('Emma Wilson');
    expect(await seatsOf(app, p.id, day(-1), '09:00')).toBe(6);

    const fix = await send('PUT', `/api/v1/bookings/${a.id}`, w.tokens.A3, { customer_phone: '+49 170 000 000' });
    expect(fix.statusCode).toBe(200);
    const done = await send('PUT', `/api/v1/bookings/${a.id}`, w.tokens.A3, { state: 'completed' });
    expect(done.json().state).toBe('completed');
    const noShow = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'no_show' });
    expect(noShow.json().state).toBe('no_show');
    expect(await seatsOf(app, p.id, day(-1), '09:00')).toBe(6);

    const more = await send('PUT', `/api/v1/bookings/${a.id}`, w.tokens.A1, { pax: { adult: 3, child: 1 } });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe('La salida ya ha pasado');
    const after = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'confirmed' });
    expect(after.statusCode).toBe(422);
    const c = await booked(app, w.tokens.A1, bookingBody(p.id));
    const intoPast = await send('PUT', `/api/v1/bookings/${c.id}`, w.tokens.A1, { date: day(-1) });
    expect(intoPast.statusCode).toBe(422);
  });
});

describe('POST /api/v1/bookings/{id}/cancel', () => {
  it('cancels with a reason and frees the seats; a cancelled booking is read-only (409)', async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 3 });
    const b = await booked(app, w.tokens.A1, bookingBody(p.id));
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(3);
    const res = await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, {
      reason: 'Enfermedad del cliente',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Enfermedad del cliente',
      pending_cents: 0,
      version: 2,
    });
    expect(res.json().cancelled_at).not.toBeNull();
    expect(await seatsOf(app, p.id, day(1), '09:00')).toBe(0);
    // The freed seats sell again.
    await booked(app, w.tokens.A1, bookingBody(p.id));

    const before = await snapshot(app);
    expect(
      (await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'otra vez' })).statusCode,
    ).toBe(409);
    const edit = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('La reserva está cancelada y ya no se puede modificar');
    await expectNothingWritten(app, before);
  });

  it('a reason is required (422); a completed booking cannot be cancelled (422)', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const none = await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: '  ' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reason).toEqual(['Campo requerido']);
    const p = await mkProduct(app, w.tokens.A1);
    const past = await createBooking(
      app.db,
      actorOf(w.A.l1),
      bookingBody(p.id, { date: day(-1) }) as never,
      new Date(Date.now() - 3 * 86_400_000),
    );
    await send('PUT', `/api/v1/bookings/${past.id}`, w.tokens.A1, { state: 'completed' });
    const res = await send('POST', `/api/v1/bookings/${past.id}/cancel`, w.tokens.A1, { reason: 'Error' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/«Realizada» a «Cancelada»/);
  });

  it('a pending booking cancels too', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { state: 'pending' }));
    const res = await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A2, { reason: 'x' });
    expect(res.statusCode).toBe(404); // not the seller's sale
    expect(
      (await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A3, { reason: 'Duplicada' })).statusCode,
    ).toBe(200);
  });
});

describe('payments and refunds', () => {
  it('payment_state follows the money: pending → partial → paid → refunded; pending_cents what is owed', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const pay = (token: string, payload: object) => send('POST', `/api/v1/bookings/${b.id}/payments`, token, payload);

    const first = await pay(w.tokens.A1, { amount_cents: 5000, method: 'card', reference: 'TPV 1234' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      booking_id: b.id,
      kind: 'payment',
      amount_cents: 5000,
      method: 'card',
      reference: 'TPV 1234',
      recorded_by: { id: w.A.l1.id, full_name: 'Ana Admin A' },
    });
    let now = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(now).toMatchObject({ paid_cents: 5000, pending_cents: 6500, payment_state: 'partial', version: 2 });

    const over = await pay(w.tokens.A1, { amount_cents: 7000, method: 'cash' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount_cents).toEqual(['El cobro supera el importe pendiente (65,00 €)']);

    expect((await pay(w.tokens.A1, { amount_cents: 6500, method: 'cash' })).statusCode).toBe(201);
    now = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(now).toMatchObject({ paid_cents: 11500, pending_cents: 0, payment_state: 'paid' });

    const tooBig = await pay(w.tokens.A1, { kind: 'refund', amount_cents: 11501, method: 'card' });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.amount_cents).toEqual(['El reembolso no puede superar lo cobrado (115,00 €)']);

    await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'Mal tiempo' });
    const afterCancel = await pay(w.tokens.A1, { amount_cents: 100, method: 'cash' });
    expect(afterCancel.statusCode).toBe(409);

    expect((await pay(w.tokens.A1, { kind: 'refund', amount_cents: 5000, method: 'card' })).statusCode).toBe(201);
    now = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(now).toMatchObject({ paid_cents: 11500, refunded_cents: 5000, payment_state: 'partial', pending_cents: 0 });
    expect((await pay(w.tokens.A3, { kind: 'refund', amount_cents: 6500, method: 'cash' })).statusCode).toBe(201);
    now = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(now).toMatchObject({ refunded_cents: 11500, payment_state: 'refunded' });
    const nothingLeft = await pay(w.tokens.A1, { kind: 'refund', amount_cents: 1, method: 'cash' });
    expect(nothingLeft.json().errors.amount_cents).toEqual(['El reembolso no puede superar lo cobrado (0,00 €)']);

    const list = await get(`/api/v1/bookings/${b.id}/payments`, w.tokens.A1);
    expect(list.json().map((p: { kind: string; amount_cents: number }) => [p.kind, p.amount_cents])).toEqual([
      ['payment', 5000],
      ['payment', 6500],
      ['refund', 5000],
      ['refund', 6500],
    ]);
  });

  it('re-pricing updates the payment state (fewer pax after paying in full: still paid)', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { pax: { adult: 2 } }));
    await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, { amount_cents: 4500, method: 'cash' });
    const up = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pax: { adult: 1 } });
    expect(up.json()).toMatchObject({ total_cents: 4500, paid_cents: 4500, payment_state: 'paid', pending_cents: 0 });
    const more = await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { pax: { adult: 3 } });
    expect(more.json()).toMatchObject({ total_cents: 13500, payment_state: 'partial', pending_cents: 9000 });
  });

  it('a Vendedor records payments on their own sales, never refunds (403)', async () => {
    const b = await booked(app, w.tokens.A2, bookingBody(product.id));
    const pay = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A2, {
      amount_cents: 1000,
      method: 'cash',
    });
    expect(pay.statusCode).toBe(201);
    const refund = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A2, {
      kind: 'refund',
      amount_cents: 1000,
      method: 'cash',
    });
    expect(refund.statusCode).toBe(403);
  });

  it('bad payments: 422 for amount, method and date', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const res = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 0,
      method: 'bitcoin',
      paid_at: 'ayer',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount_cents', 'method', 'paid_at']);
  });

  it('issue 12: paid_at follows the one date rule (years 1900–2100, real days, an offset); nothing is stored otherwise', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const count = async () => (await app.db.select().from(payments).where(eq(payments.bookingId, b.id))).length;
    for (const paidAt of [
      '0020-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2026-02-30T10:00:00Z',
      '2026-01-01T10:00:00',
    ]) {
      const res = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
        amount_cents: 100,
        method: 'cash',
        paid_at: paidAt,
      });
      expect(res.statusCode, paidAt).toBe(422);
      expect(res.json().errors.paid_at, paidAt).toHaveLength(1);
    }
    expect(await count()).toBe(0);
    const ok = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 100,
      method: 'cash',
      paid_at: '2026-03-01T10:00:00+01:00',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().paid_at).toBe('2026-03-01T09:00:00.000Z');
  });

  it('issue 12: a stored payment whose date JavaScript cannot read (year 0020, written before the rule) does not break the booking', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    const res = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 100,
      method: 'cash',
    });
    await app.db.execute(sql`update payments set paid_at = '0020-01-01T00:00:00Z' where id = ${res.json().id}`);
    const list = await get(`/api/v1/bookings/${b.id}/payments`, w.tokens.A1);
    expect(list.statusCode).toBe(200);
    // Shown at the time it was recorded rather than failing every read of the booking.
    expect(list.json()[0].paid_at).toBe(res.json().created_at);
    expect((await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/bookings/{id}/events: the history', () => {
  it('created, changed fields, state changes, payments, refunds and the cancellation, with actor and time', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { state: 'pending' }));
    await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A3, { pax: { adult: 3 }, room: '12', state: 'confirmed' });
    await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, { amount_cents: 2000, method: 'card' });
    await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      kind: 'refund',
      amount_cents: 500,
      method: 'card',
    });
    await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'Cambio de planes' });

    const res = await get(`/api/v1/bookings/${b.id}/events`, w.tokens.A1);
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'updated',
      'state_changed',
      'payment',
      'refund',
      'cancelled',
    ]);
    expect(events.map((e: { summary: string }) => e.summary)).toEqual([
      'Reserva creada (2 adultos, 1 niño; 115,00 €; canal Oficina; pendiente)',
      'Modificada: pasajeros, importe, habitación',
      'Estado: Pendiente → Confirmada',
      'Cobro de 20,00 € (Tarjeta)',
      'Reembolso de 5,00 € (Tarjeta)',
      'Cancelada: Cambio de planes',
    ]);
    expect(events[1].data.changes).toEqual({
      pax: { from: { adult: 2, child: 1 }, to: { adult: 3 } },
      total_cents: { from: 11500, to: 13500 },
      room: { from: '', to: '12' },
    });
    expect(events[1].actor).toEqual({ id: w.A.l3.id, full_name: 'Olga Operadora A' });
    expect(events[5].data).toMatchObject({ reason: 'Cambio de planes', from: 'confirmed', seats_released: 3 });
    for (const e of events) expect(Date.parse(e.created_at)).not.toBeNaN();
  });
});
