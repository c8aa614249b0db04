/**
 * The customer's booking without an account: create (idempotent), read, complete and confirm,
 * cancel inside the free-cancellation window. PRODUCT.md §2, §4, §6.
 */
import { NO_SEATS_MESSAGE, ZPublicBooking } from '@trayecto/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookingEvents, bookings, tourOperators, users } from '../../db/schema';
import { createBooking } from '../bookings/bookings.service';
import {
  actorOf,
  api,
  booked,
  bookingBody,
  day,
  expectNothingWritten,
  mkAccommodation,
  mkProduct,
  seatsOf,
  snapshot,
  type World,
} from '../bookings/bookings.test-helpers';
import { keysStored, newKey, publicApi, publicBody } from './public.test-helpers';

let app: FastifyInstance;
let w: World;
let pub: ReturnType<typeof publicApi>;
let hotels: { duque: string; arona: string; elsewhere: string };
let product: { id: string };

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  pub = publicApi(app);
  hotels = {
    duque: await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje'),
    arona: await mkAccommodation(app, 'Hotel Arona Gran', null, 'Los Cristianos'),
    elsewhere: await mkAccommodation(app, 'Hotel Botánico', null, 'Puerto de la Cruz'),
  };
  product = await mkProduct(app, w.tokens.A1, {
    capacity: 500,
    pickups: [
      { accommodation_id: hotels.duque, minutes_before: 40 },
      { zone: 'Los Cristianos', minutes_before: 60 },
    ],
  });
});
afterAll(async () => {
  await app?.close();
});

const bookingRow = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const eventsOf = async (id: string) =>
  (await api(app).get(`/api/v1/bookings/${id}/events`, w.tokens.A1)).json() as {
    type: string;
    summary: string;
    actor: unknown;
    data: Record<string, unknown>;
  }[];

describe('POST /api/v1/public/bookings', () => {
  it('PRODUCT §2: 201 with the public contract; channel public, no seller, no creator; confirmed when the product confirms instantly', async () => {
    const res = await pub.book(publicBody(product.id, { date: day(3), accommodation_id: hotels.duque, room: '214' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(ZPublicBooking.strict().parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      state: 'confirmed',
      payment_state: 'pending',
      total_cents: 11500,
      pending_cents: 11500,
      paid_cents: 0,
      currency: 'EUR',
      pickup_time: '08:20',
      room: '214',
      customer_name: 'Lucía Pérez',
      accommodation: { id: hotels.duque, name: 'Hotel Bahía del Duque' },
      can_confirm: false,
      can_cancel: true,
      // Absolute for the QR code: app.inject's Host is localhost:80, this server itself.
      voucher_url: `http://localhost:80/public/landing/booking-voucher/${body.id}`,
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.locator).toMatch(/^TRY-[2-9A-HJ-NP-Z]{6}$/);
    const row = await bookingRow(body.id);
    expect(row).toMatchObject({ channel: 'public', sellerId: null, createdBy: null, commissionCents: 0 });
    expect(await seatsOf(app, product.id, day(3), '09:00')).toBe(3);
    const [created] = await eventsOf(body.id);
    expect(created).toMatchObject({ type: 'created', actor: null });
    expect(created.summary).toBe('El cliente reservó en la web (2 adultos, 1 niño; 115,00 €; confirmada)');
    // The staff list shows it like any other booking.
    const staff = await api(app).get(`/api/v1/bookings/${body.id}`, w.tokens.A1);
    expect(staff.json()).toMatchObject({ channel: 'public', seller: null, created_by: null });
  });

  it('a product without instant confirmation leaves it pending for the operator to review', async () => {
    const p = await mkProduct(app, w.tokens.A1, { instant_confirmation: false });
    const res = await pub.book(publicBody(p.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().state).toBe('pending');
  });

  it('staff-only fields sent by a customer are ignored: channel, seller, discount, pickup time, internal notes, state', async () => {
    const res = await pub.book(
      publicBody(product.id, {
        channel: 'office',
        seller_id: w.A.l2.id,
        discount_cents: 11500,
        discount_reason: 'gratis',
        pickup_time: '03:00',
        internal_notes: 'VIP',
        state: 'confirmed',
        total_cents: 1,
        override_cutoff: true,
        accommodation_id: hotels.arona,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total_cents: 11500, discount_cents: 0, pickup_time: '08:00' });
    expect(await bookingRow(res.json().id)).toMatchObject({
      channel: 'public',
      sellerId: null,
      internalNotes: '',
      pickupTimeOverridden: false,
    });
  });

  it(`no seats: 409 "${NO_SEATS_MESSAGE}" with the other times of that date that can take them; nothing written`, async () => {
    const p = await mkProduct(app, w.tokens.A1, { capacity: 4 });
    await booked(app, w.tokens.A1, bookingBody(p.id, { pax: { adult: 2 } }));
    await booked(app, w.tokens.A1, bookingBody(p.id, { time: '18:00', pax: { adult: 3 } }));
    const before = await snapshot(app);
    const keys = await keysStored(app);
    const key = newKey();
    const res = await pub.book(publicBody(p.id, { pax: { adult: 2, child: 1 } }), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'NO_SEATS',
      message: NO_SEATS_MESSAGE,
      errors: { pax: ['Solo quedan 2 plazas'] },
      alternatives: [],
    });
    const fits = await pub.book(publicBody(p.id, { time: '18:00', pax: { adult: 1 } }));
    expect(fits.statusCode).toBe(201);
    const again = await pub.book(publicBody(p.id, { pax: { adult: 3 } }));
    expect(again.statusCode).toBe(409);
    expect(again.json().alternatives).toEqual([]);
    const two = await pub.book(publicBody(p.id, { time: '18:00', pax: { adult: 2 } }));
    expect(two.json().alternatives).toEqual([{ time: '09:00', seats_left: 2 }]);
    // The refusal is the key's answer: a retry replays it.
    const replay = await pub.book(publicBody(p.id, { pax: { adult: 2, child: 1 } }), key);
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    const after = await snapshot(app);
    expect(after.bookings).toBe(before.bookings + 1);
    expect(await keysStored(app)).toBe(keys + 4);
  });

  it('the same rules as staff sales: sale cut-off (no override for the public), closed dates, times not offered, the past', async () => {
    const p = await mkProduct(app, w.tokens.A1, { booking_cutoff_hours: 72, closed_dates: [day(9)] });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ date: day(1) }, 422, 'La venta de esta salida cerró 72 horas antes de la salida'],
      [{ date: day(9) }, 409, 'Salida cerrada'],
      [{ date: day(10), time: '10:30' }, 422, `El producto no tiene salida el`],
      [{ date: day(-2) }, 422, 'La salida ya ha pasado'],
    ];
    for (const [over, status, message] of cases) {
      const res = await pub.book(publicBody(p.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().message).toContain(message);
    }
  });

  it('pickup: only a place the product collects from (422); a product without pickup refuses any place', async () => {
    const bad = await pub.book(publicBody(product.id, { accommodation_id: hotels.elsewhere }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.accommodation_id).toEqual(['Esta excursión no recoge en ese alojamiento']);
    const noPickup = await mkProduct(app, w.tokens.A1, { pickup_enabled: false });
    const res = await pub.book(publicBody(noPickup.id, { accommodation_id: hotels.duque }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.accommodation_id).toEqual(['Esta excursión no incluye recogida en el alojamiento']);
  });

  it('a product that is not public (draft, another state, unknown, inactive operator): 404', async () => {
    const draft = await mkProduct(app, w.tokens.A1, { state: 'draft' });
    const ofB = await mkProduct(app, w.tokens.B1);
    await app.db.update(tourOperators).set({ state: 2 }).where(eq(tourOperators.id, w.B.op.id));
    try {
      for (const id of [draft.id, ofB.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await pub.book(publicBody(id));
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Excursión no encontrada');
      }
    } finally {
      await app.db.update(tourOperators).set({ state: 1 }).where(eq(tourOperators.id, w.B.op.id));
    }
  });

  it('bad input answers 400/422 with Spanish messages, never 500, and writes nothing', async () => {
    const before = await snapshot(app);
    const keys = await keysStored(app);
    const ok = publicBody(product.id);
    const cases: [string, object | string, number][] = [
      ['accept_terms false', { ...ok, accept_terms: false }, 422],
      ['accept_terms missing', { ...ok, accept_terms: undefined }, 422],
      ['pax as text', { ...ok, pax: 'dos' }, 422],
      ['unknown pax type', { ...ok, pax: { dragon: 1 } }, 422],
      ['negative pax', { ...ok, pax: { adult: -1 } }, 422],
      ['no pax', { ...ok, pax: {} }, 422],
      ['huge name', { ...ok, customer_name: 'x'.repeat(100_000) }, 422],
      ['NUL byte', { ...ok, customer_name: 'Lucía\u0000Pérez' }, 422],
      ['no e-mail', { ...ok, customer_email: '' }, 422],
      ['bad e-mail', { ...ok, customer_email: 'lucia' }, 422],
      ['no phone', { ...ok, customer_phone: undefined }, 422],
      ['bad date', { ...ok, date: '2026-02-30' }, 422],
      ['bad time', { ...ok, time: '9' }, 422],
      ['product id as number', { ...ok, product_id: 42 }, 422],
      ['bad accommodation', { ...ok, accommodation_id: "1' or 1=1 --" }, 422],
      ['bad country', { ...ok, customer_country: 'España' }, 422],
      ['bad language', { ...ok, language: 'klingon' }, 422],
      [
        'too many passengers',
        { ...ok, passengers: Array.from({ length: 101 }, () => ({ full_name: 'A', pax_type: 'adult' })) },
        422,
      ],
      [
        'passengers over pax',
        {
          ...ok,
          passengers: [
            { full_name: 'A', pax_type: 'child' },
            { full_name: 'B', pax_type: 'child' },
          ],
        },
        422,
      ],
      ['pax type not priced', { ...ok, pax: { senior: 1 } }, 422],
      ['array body', [ok], 422],
      ['malformed JSON', '{"product_id": "', 400],
      ['empty body', '', 400],
    ];
    for (const [name, payload, status] of cases) {
      const res = await pub.book(payload);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(/[a-zá-ú]/i);
    }
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': newKey(), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...ok, notes: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooBig.statusCode).toBe(413);
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': newKey(), 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(text.statusCode).toBe(422);
    const xml = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': newKey(), 'content-type': 'application/xml' },
      payload: '<booking/>',
    });
    expect(xml.statusCode).toBe(415);
    await expectNothingWritten(app, before);
    // Requests the schema refuses never claim a key; the two refused by the sales rules (passengers
    // over pax, a type not priced) are business answers and stay as their keys' results.
    expect(await keysStored(app)).toBe(keys + 2);
  });
});

describe('Idempotency-Key', () => {
  it('required: missing or malformed → 400 before anything is read or written', async () => {
    const before = await snapshot(app);
    const missing = await pub.book(publicBody(product.id), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Falta la cabecera Idempotency-Key (una clave única por cada reserva)');
    for (const key of ['x'.repeat(256), '   ', 'clave\tcon tabulador', 'ñandú']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        headers: { 'idempotency-key': key },
        payload: publicBody(product.id),
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe('La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres imprimibles');
    }
    // Even a malformed body: the key is checked first.
    expect((await pub.book('{nope', null)).statusCode).toBe(400);
    await expectNothingWritten(app, before);
  });

  it('the same key and body twice: one booking; the retry gets the identical answer with Idempotent-Replayed', async () => {
    const before = await snapshot(app);
    const key = newKey();
    const first = await pub.book(publicBody(product.id, { date: day(4) }), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same request, keys in another order: still the same request.
    const { pax, ...rest } = publicBody(product.id, { date: day(4) });
    const second = await pub.book({ pax, ...rest }, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    const after = await snapshot(app);
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.seats).toBe(before.seats + 3);
  });

  it('the same key with another body → 422 and nothing booked', async () => {
    const key = newKey();
    expect((await pub.book(publicBody(product.id, { date: day(5) }), key)).statusCode).toBe(201);
    const before = await snapshot(app);
    const other = await pub.book(publicBody(product.id, { date: day(5), pax: { adult: 1 } }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('Esta clave de idempotencia ya se usó con otra petición');
    await expectNothingWritten(app, before);
  });

  it('5 simultaneous requests with one key: exactly one booking; the others see it running (409) or replay it', async () => {
    const before = await snapshot(app);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pub.book(publicBody(product.id, { date: day(6) }), key)),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const running = answers.filter((a) => a.statusCode === 409);
    expect(created.length + running.length).toBe(5);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    expect(created.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const r of running) {
      expect(r.json().message).toBe('Tu reserva se está procesando, espera un momento');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect((await snapshot(app)).bookings).toBe(before.bookings + 1);
    // Once done, a retry replays it.
    const retry = await pub.book(publicBody(product.id, { date: day(6) }), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(created[0].json().id);
  });

  it('different keys are different bookings (a customer booking twice on purpose)', async () => {
    const a = await pub.book(publicBody(product.id, { date: day(7) }));
    const b = await pub.book(publicBody(product.id, { date: day(7) }));
    expect(a.json().id).not.toBe(b.json().id);
  });
});

describe('GET /api/v1/public/bookings/{id}', () => {
  it('the booking as its customer sees it; cancellation deadline = start − free_cancellation_hours', async () => {
    const p = await mkProduct(app, w.tokens.A1, { free_cancellation_hours: 24 });
    const made = (await pub.book(publicBody(p.id, { date: day(10) }))).json();
    const res = await pub.get(`/api/v1/public/bookings/${made.id}`);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toEqual(made);
    expect(Date.parse(b.starts_at) - Date.parse(b.free_cancellation_until)).toBe(24 * 3_600_000);
    expect(b.product).toMatchObject({ id: p.id, free_cancellation_hours: 24, image: null });
    expect(b.tour_operator.name).toBe('Operador A');
  });

  it("issue 12: the booking (form and voucher) carries the terms that apply: the product's, else the operator's", async () => {
    await app.db
      .update(tourOperators)
      .set({ bookingTerms: 'Condiciones generales de Operador A (autocar).' })
      .where(eq(tourOperators.id, w.A.op.id));
    const walking = await mkProduct(app, w.tokens.A1, { booking_terms: 'Visita a pie: calzado cómodo.' });
    const coach = await mkProduct(app, w.tokens.A1);
    const onWalking = (await pub.book(publicBody(walking.id, { date: day(11) }))).json();
    const onCoach = (await pub.book(publicBody(coach.id, { date: day(11) }))).json();
    expect(onWalking.booking_terms).toBe('Visita a pie: calzado cómodo.');
    expect(onCoach.booking_terms).toBe('Condiciones generales de Operador A (autocar).');
    const read = (await pub.get(`/api/v1/public/bookings/${onWalking.id}`)).json();
    expect(read.booking_terms).toBe('Visita a pie: calzado cómodo.');
    expect(ZPublicBooking.strict().parse(read)).toBeTruthy();
    // Emptied later: the operator's apply again.
    await api(app).send('PUT', `/api/v1/products/${walking.id}`, w.tokens.A1, { booking_terms: '' });
    expect((await pub.get(`/api/v1/public/bookings/${onWalking.id}`)).json().booking_terms).toBe(
      'Condiciones generales de Operador A (autocar).',
    );
  });

  it('unknown, malformed or of an inactive operator: 404 "Reserva no encontrada"', async () => {
    const ofB = await mkProduct(app, w.tokens.B1);
    const b = (await pub.book(publicBody(ofB.id))).json();
    expect((await pub.get(`/api/v1/public/bookings/${b.id}`)).statusCode).toBe(200);
    await app.db.update(tourOperators).set({ state: 2 }).where(eq(tourOperators.id, w.B.op.id));
    try {
      for (const id of [b.id, '00000000-0000-4000-8000-000000000000', 'TRY-ABCDEF', '..%2F..%2Fetc']) {
        const res = await pub.get(`/api/v1/public/bookings/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Reserva no encontrada' });
      }
      expect((await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { room: '1' })).statusCode).toBe(404);
      expect((await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, {})).statusCode).toBe(404);
    } finally {
      await app.db.update(tourOperators).set({ state: 1 }).where(eq(tourOperators.id, w.B.op.id));
    }
  });
});

describe('one meaning of a field everywhere (issue 31 item 5)', () => {
  it('after a payment and a refund, the customer and the staff read the same paid, refunded and pending amounts', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { pax: { adult: 2 } }));
    const pay = (kind: 'payment' | 'refund', amount: number) =>
      api(app).send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
        kind,
        amount_cents: amount,
        method: 'card',
      });
    expect((await pay('payment', 5000)).statusCode).toBe(201);
    expect((await pay('refund', 2000)).statusCode).toBe(201);
    const staff = (await api(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    const customer = (await pub.get(`/api/v1/public/bookings/${b.id}`)).json();
    expect(customer).toMatchObject({ paid_cents: 5000, refunded_cents: 2000, pending_cents: b.total_cents - 3000 });
    // Every field the public answer takes from the staff one (ZPublicBooking = ZBookingResponse.pick)
    // holds the same value: one mapper of a booking row for both.
    const shared = Object.keys(ZPublicBooking.shape).filter(
      (k) =>
        k in staff && !['lines', 'passengers', 'accommodation', 'pickup_at', 'product', 'tour_operator'].includes(k),
    );
    expect(shared).toEqual(expect.arrayContaining(['paid_cents', 'refunded_cents', 'pending_cents', 'total_cents']));
    for (const k of shared) expect([k, customer[k]]).toEqual([k, staff[k]]);
  });
});

describe('PUT /api/v1/public/bookings/{id}', () => {
  /** A booking the office prepared for a customer (pending, partial data). */
  const prepared = async (over: Record<string, unknown> = {}) =>
    booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, {
        date: day(12),
        state: 'pending',
        customer_email: '',
        customer_phone: '',
        customer_country: '',
        ...over,
      }),
    );

  it('the customer completes their data; the history says "El cliente modificó: …", with the customer as who acted', async () => {
    const b = await prepared();
    expect((await pub.get(`/api/v1/public/bookings/${b.id}`)).json()).toMatchObject({ can_confirm: true });
    const res = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, {
      customer_name: 'Lucía Pérez García',
      customer_email: 'LUCIA@example.com',
      customer_phone: '+34 600 111 222',
      customer_country: 'es',
      language: 'en',
      room: '305',
      notes: 'Llevamos carrito de bebé',
      passengers: [
        { full_name: 'Lucía Pérez', pax_type: 'adult' },
        { full_name: 'Pablo Pérez', pax_type: 'child' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer_name: 'Lucía Pérez García',
      customer_email: 'lucia@example.com',
      customer_country: 'ES',
      language: 'en',
      room: '305',
      state: 'pending',
      customer_confirmed_at: null,
      passengers: [
        { full_name: 'Lucía Pérez', pax_type: 'adult' },
        { full_name: 'Pablo Pérez', pax_type: 'child' },
      ],
    });
    const events = await eventsOf(b.id);
    const updated = events.at(-1);
    // No staff user: the customer acted, under the name the booking has after the change.
    expect(updated).toMatchObject({
      type: 'updated',
      actor: null,
      actor_kind: 'customer',
      actor_label: 'Lucía Pérez García',
    });
    expect(updated?.data).not.toHaveProperty('by');
    expect(updated?.summary).toBe(
      'El cliente modificó: nombre del cliente, correo electrónico, teléfono, país, idioma, habitación, notas, lista de pasajeros',
    );
    const same = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { room: '305' });
    expect(same.statusCode).toBe(200);
    expect(await eventsOf(b.id)).toHaveLength(events.length);
  });

  it("passengers must fit the booked pax (422); pax, date and prices are not the customer's to change", async () => {
    const b = await prepared();
    const res = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, {
      passengers: [
        { full_name: 'A', pax_type: 'adult' },
        { full_name: 'B', pax_type: 'adult' },
        { full_name: 'C', pax_type: 'adult' },
      ],
    });
    expect(res.statusCode).toBe(422);
    const ignored = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, {
      pax: { adult: 9 },
      date: day(20),
      total_cents: 1,
      internal_notes: 'x',
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toMatchObject({ date: day(12), pax_total: 3, total_cents: 11500 });
  });

  it('a new place recomputes the pickup time, unless staff set it by hand', async () => {
    const b = await prepared({ accommodation_id: hotels.duque });
    expect(b.pickup_time).toBe('08:20');
    const moved = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { accommodation_id: hotels.arona });
    expect(moved.json()).toMatchObject({ accommodation: { id: hotels.arona }, pickup_time: '08:00' });
    const none = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { accommodation_id: null });
    expect(none.json()).toMatchObject({ accommodation: null, pickup_time: null });
    const outside = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { accommodation_id: hotels.elsewhere });
    expect(outside.statusCode).toBe(422);

    const fixed = await prepared({ accommodation_id: hotels.duque, pickup_time: '07:15' });
    const kept = await pub.send('PUT', `/api/v1/public/bookings/${fixed.id}`, { accommodation_id: hotels.arona });
    expect(kept.json()).toMatchObject({ accommodation: { id: hotels.arona }, pickup_time: '07:15' });
  });

  it('confirm: needs the terms (422); a booking staff prepared goes pending → confirmed, once', async () => {
    const b = await prepared();
    const noTerms = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { confirm: true });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().errors.accept_terms).toEqual(['Debes aceptar las condiciones']);
    const res = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { confirm: true, accept_terms: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'confirmed', can_confirm: false });
    expect(res.json().customer_confirmed_at).toMatch(/Z$/);
    const row = await bookingRow(b.id);
    expect(row.confirmedAt).not.toBeNull();
    const summaries = (await eventsOf(b.id)).map((e) => e.summary);
    expect(summaries.slice(-2)).toEqual([
      'El cliente confirmó la reserva',
      'El cliente confirmó la reserva (estado: Pendiente → Confirmada)',
    ]);
    const twice = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { confirm: true, accept_terms: true });
    expect(twice.json().customer_confirmed_at).toBe(res.json().customer_confirmed_at);
    expect(await eventsOf(b.id)).toHaveLength(summaries.length);
  });

  it("a web booking pending the operator's review stays pending when its customer confirms", async () => {
    const p = await mkProduct(app, w.tokens.A1, { instant_confirmation: false });
    const b = (await pub.book(publicBody(p.id))).json();
    expect(b.can_confirm).toBe(false);
    const res = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, { confirm: true, accept_terms: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('pending');
  });

  it('refused (409) once cancelled, completed or no-show, or once the departure started', async () => {
    const cancelled = await prepared();
    await api(app).send('POST', `/api/v1/bookings/${cancelled.id}/cancel`, w.tokens.A1, { reason: 'Duplicada' });
    const r1 = await pub.send('PUT', `/api/v1/public/bookings/${cancelled.id}`, { room: '1' });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe('La reserva está cancelada y ya no se puede modificar');

    const soldAt = new Date(Date.now() - 4 * 86_400_000);
    const past = await createBooking(
      app.db,
      actorOf(w.A.l1),
      bookingBody(product.id, { date: day(-1), state: 'pending' }) as never,
      soldAt,
    );
    const r2 = await pub.send('PUT', `/api/v1/public/bookings/${past.id}`, { confirm: true, accept_terms: true });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe('La excursión ya ha empezado; la reserva ya no se puede modificar');
    expect((await pub.get(`/api/v1/public/bookings/${past.id}`)).json()).toMatchObject({
      can_confirm: false,
      can_cancel: false,
    });
    await api(app).send('PUT', `/api/v1/bookings/${past.id}`, w.tokens.A1, { state: 'confirmed' });
    const done = await createBooking(
      app.db,
      actorOf(w.A.l1),
      bookingBody(product.id, { date: day(-1) }) as never,
      soldAt,
    );
    await api(app).send('PUT', `/api/v1/bookings/${done.id}`, w.tokens.A1, { state: 'completed' });
    const r3 = await pub.send('PUT', `/api/v1/public/bookings/${done.id}`, { room: '1' });
    expect(r3.statusCode).toBe(409);
    expect(r3.json().message).toBe('La reserva ya no se puede modificar');
  });

  it('bad input: 422 and nothing written', async () => {
    const b = await prepared();
    const before = await snapshot(app);
    for (const payload of [
      { customer_name: '' },
      { customer_email: 'nope' },
      { confirm: 'sí' },
      { passengers: 'Lucía' },
      { room: 'x'.repeat(21) },
      { notes: 'a\u0000b' },
      { accommodation_id: 'hotel' },
    ]) {
      const res = await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await pub.send('PUT', `/api/v1/public/bookings/${b.id}`, '{')).statusCode).toBe(400);
    await expectNothingWritten(app, before);
  });
});

describe('POST /api/v1/public/bookings/{id}/cancel', () => {
  it('inside the window: cancelled, seats freed, reason "Cancelada por el cliente: …" for staff', async () => {
    const p = await mkProduct(app, w.tokens.A1, { free_cancellation_hours: 24 });
    const b = (await pub.book(publicBody(p.id, { date: day(10) }))).json();
    expect(await seatsOf(app, p.id, day(10), '09:00')).toBe(3);
    const res = await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, { reason: 'Cambio de planes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', can_cancel: false, can_confirm: false, pending_cents: 0 });
    expect(res.json().cancelled_at).toMatch(/Z$/);
    expect(await seatsOf(app, p.id, day(10), '09:00')).toBe(0);
    const staff = (await api(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(staff.cancel_reason).toBe('Cancelada por el cliente: Cambio de planes');
    const last = (await eventsOf(b.id)).at(-1);
    expect(last).toMatchObject({ type: 'cancelled', actor: null });
    expect(last?.summary).toBe('Cancelada por el cliente: Cambio de planes');
    const again = await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La reserva ya está cancelada');
  });

  it('outside the window: 409 "El plazo de cancelación gratuita ha terminado" and nothing changes', async () => {
    const p = await mkProduct(app, w.tokens.A1, { free_cancellation_hours: 24 * 5 });
    const b = (await pub.book(publicBody(p.id, { date: day(2) }))).json();
    expect(b.can_cancel).toBe(false);
    const before = await snapshot(app);
    const res = await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, { reason: 'Me arrepiento' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El plazo de cancelación gratuita ha terminado');
    expect(res.json().code).toBe('CANCELLATION_WINDOW_CLOSED');
    await expectNothingWritten(app, before);
  });

  it('free_cancellation_hours 0: free cancellation lasts until the start', async () => {
    const p = await mkProduct(app, w.tokens.A1, { free_cancellation_hours: 0 });
    const b = (await pub.book(publicBody(p.id, { date: day(1) }))).json();
    expect(b.free_cancellation_until).toBe(b.starts_at);
    expect(b.can_cancel).toBe(true);
    const res = await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect((await api(app).get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json().cancel_reason).toBe(
      'Cancelada por el cliente',
    );
  });

  it('a completed booking cannot be cancelled (409); a huge reason is 422', async () => {
    const soldAt = new Date(Date.now() - 4 * 86_400_000);
    const done = await createBooking(
      app.db,
      actorOf(w.A.l1),
      bookingBody(product.id, { date: day(-1) }) as never,
      soldAt,
    );
    await api(app).send('PUT', `/api/v1/bookings/${done.id}`, w.tokens.A1, { state: 'completed' });
    const res = await pub.send('POST', `/api/v1/public/bookings/${done.id}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La reserva ya no se puede cancelar');
    const b = (await pub.book(publicBody(product.id, { date: day(11) }))).json();
    const huge = await pub.send('POST', `/api/v1/public/bookings/${b.id}/cancel`, { reason: 'x'.repeat(501) });
    expect(huge.statusCode).toBe(422);
  });
});

describe('nothing private leaks', () => {
  it('no public answer carries internal notes, sellers, commissions, creators, other customers or password hashes', async () => {
    const p = await mkProduct(app, w.tokens.A1, {
      capacity: 20,
      pickups: [{ accommodation_id: hotels.duque, minutes_before: 40 }],
    });
    const sold = await booked(
      app,
      w.tokens.A2,
      bookingBody(p.id, {
        date: day(15),
        state: 'pending',
        customer_name: 'Cliente Del Vendedor',
        internal_notes: 'NOTA-INTERNA-SECRETA',
      }),
    );
    await booked(
      app,
      w.tokens.A1,
      bookingBody(p.id, { date: day(15), customer_name: 'Otro Cliente Secreto', customer_email: 'otro@secreto.test' }),
    );
    await api(app).send('POST', `/api/v1/bookings/${sold.id}/payments`, w.tokens.A1, {
      amount_cents: 1000,
      method: 'cash',
      notes: 'COBRO-NOTA-SECRETA',
      reference: 'REF-SECRETA',
    });
    const mine = (await pub.book(publicBody(p.id, { date: day(15), accommodation_id: hotels.duque }))).json();
    const answers = [
      await pub.get(`/api/v1/public/products/${p.id}`),
      await pub.get(`/api/v1/public/products/${p.id}/availability?from=${day(14)}&to=${day(16)}`),
      await pub.get(`/api/v1/public/accommodations?product_id=${p.id}&time=09:00`),
      await pub.get(`/api/v1/public/bookings/${sold.id}`),
      await pub.get(`/api/v1/public/bookings/${mine.id}`),
      await pub.send('PUT', `/api/v1/public/bookings/${sold.id}`, { room: '12', confirm: true, accept_terms: true }),
      await pub.send('POST', `/api/v1/public/bookings/${mine.id}/cancel`, {}),
    ];
    const [seller] = await app.db.select().from(users).where(eq(users.id, w.A.l2.id));
    const forbidden = [
      'NOTA-INTERNA-SECRETA',
      'COBRO-NOTA-SECRETA',
      'REF-SECRETA',
      'internal_notes',
      seller.fullName,
      seller.email,
      seller.id,
      w.A.l1.fullName,
      w.A.l1.id,
      'commission',
      'created_by',
      'seller',
      'Otro Cliente Secreto',
      'otro@secreto.test',
      '$argon2',
      'password',
      'document_id',
      w.A.op.id,
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      for (const secret of forbidden) expect(res.body, `${res.raw.req.url} leaks ${secret}`).not.toContain(secret);
    }
    // Seen from the sold booking's page, its own customer is there, but nobody else.
    expect(answers[3].body).toContain('Cliente Del Vendedor');
    expect(answers[4].body).not.toContain('Cliente Del Vendedor');
    const events = await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, sold.id));
    expect(events.some((e) => e.actorId === null && e.type === 'customer_confirmed')).toBe(true);
  });
});
