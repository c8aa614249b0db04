/**
 * The OCTO API's bookings (issue 33, ADR 023): reserve (ON_HOLD, its seats taken in the same
 * calendar the public pages and the office read, idempotent by uuid), confirm, PATCH, extend,
 * cancel, read and list — a channel's own bookings only — with the allotment, an ended hold
 * (EXPIRED), octo/pricing, octo/pickups and octo/content. Every answer is checked against
 * `@octocloud/types`' zBooking and against the OCTO API's OpenAPI document.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookingEvents, bookings, channelRequests } from '../../db/schema';
import { expireHold } from '../bookings/bookings.service';
import {
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  seatsOf,
  api as staffApi,
  TZ,
  type World,
} from '../bookings/bookings.test-helpers';
import { offsetOf } from './octo.availability';
import { unitItemUuid } from './octo.bookings.mapper';
import {
  ALL_CAPS,
  allowProducts,
  caps,
  checkAgainstOctoDocument,
  expectOctoError,
  mkChannel,
  mkKey,
  OCTO,
  type OctoBooking,
  octoApi,
  setNetRate,
  spec,
} from './octo.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };
let hotel: string;
let channelA: Awaited<ReturnType<typeof mkChannel>>;
let keyA: string;
let octo: ReturnType<typeof octoApi>;
let octoB: ReturnType<typeof octoApi>;

/** A departure's availability id: its local start with the operator's offset that day. */
const idOf = (date: string, time: string) => `${date}T${time}:00${offsetOf(TZ, new Date(`${date}T${time}:00Z`))}`;
const uuid = () => crypto.randomUUID();
const units = (...ids: string[]) => ids.map((unitId) => ({ unitId }));
/** A reserve of the test product: two adults and a child, day 3 at 09:00 unless told. */
const reserveBody = (over: Record<string, unknown> = {}) => ({
  uuid: uuid(),
  productId: product.id,
  optionId: 'DEFAULT',
  availabilityId: idOf(day(3), '09:00'),
  unitItems: units('adult', 'adult', 'child'),
  ...over,
});
const CONTACT = {
  firstName: 'Lucía',
  lastName: 'Pérez García',
  emailAddress: 'lucia@example.com',
  phoneNumber: '+34 600 000 000',
  country: 'es',
  locales: ['en-GB', 'en'],
};

async function reserve(api = octo, over: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await api.post('/bookings', reserveBody(over), headers);
  expect(res.statusCode, res.body).toBe(200);
  return spec.booking(res.json());
}
async function confirm(b: OctoBooking, body: Record<string, unknown> = { contact: CONTACT }) {
  const res = await octo.post(`/bookings/${b.uuid}/confirm`, body);
  expect(res.statusCode, res.body).toBe(200);
  return spec.booking(res.json());
}
/** The departure's vacancies as the channel's key reads them. */
async function vacancies(date: string, time: string, api = octo) {
  const slots = spec.availability(
    (await api.post('/availability', { productId: product.id, optionId: 'DEFAULT', localDate: date })).json(),
  );
  return slots.find((s) => s.id === idOf(date, time))?.vacancies;
}
async function publicSeatsLeft(date: string, time: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/public/products/${product.id}/availability?from=${date}&to=${date}`,
  });
  return (res.json() as { time: string; seats_left: number }[]).find((s) => s.time === time)?.seats_left;
}
const rowOf = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];

beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL: 'https://reservas.example.com' } });
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', { pickupPoint: 'Puerta' });
  // Every day at 09:00 and 18:00, 10 seats, 3 hours, free cancellation until 24 hours before.
  product = await mkProduct(app, w.tokens.A1, {
    duration_minutes: 180,
    free_cancellation_hours: 24,
    translations: { en: { name: 'Boat trip' } },
    pickups: [{ accommodation_id: hotel, minutes_before: 30 }],
  });
  channelA = await mkChannel(app, w.A.op.id, { commissionPct: 10 });
  ({ key: keyA } = await mkKey(app, channelA));
  octo = octoApi(app, keyA);
  octoB = octoApi(app, (await mkKey(app, await mkChannel(app, w.A.op.id))).key);
});
afterAll(async () => {
  await app?.close();
});

describe('POST /bookings (reserve)', () => {
  it('an ON_HOLD booking until now + expirationMinutes, its seats taken in the one calendar (OCTO, public, office)', async () => {
    const date = day(3);
    const before = { octo: await vacancies(date, '09:00'), pub: await publicSeatsLeft(date, '09:00') };
    expect(before).toEqual({ octo: 10, pub: 10 });
    const sent = Date.now();
    const b = await reserve(octo, { expirationMinutes: 45, resellerReference: 'RES-1', notes: 'Silla de bebé' });
    const done = Date.now();
    expect(b).toMatchObject({
      status: 'ON_HOLD',
      testMode: false,
      resellerReference: 'RES-1',
      productId: product.id,
      optionId: 'DEFAULT',
      availabilityId: idOf(date, '09:00'),
      cancellable: true,
      cancellation: null,
      freesale: false,
      utcConfirmedAt: null,
      utcRedeemedAt: null,
      voucher: null,
      notes: 'Silla de bebé',
      deliveryMethods: ['VOUCHER', 'TICKET'],
    });
    expect(b.supplierReference).toMatch(/^TRY-[0-9A-Z]{6}$/);
    const expires = Date.parse(b.utcExpiresAt as string);
    expect(expires).toBeGreaterThanOrEqual(sent + 45 * 60_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(done + 45 * 60_000);
    expect(b.product?.id).toBe(product.id);
    expect(b.option?.id).toBe('DEFAULT');
    expect(b.availability).toMatchObject({
      id: idOf(date, '09:00'),
      localDateTimeStart: idOf(date, '09:00'),
      localDateTimeEnd: idOf(date, '12:00'),
      allDay: false,
      openingHours: [],
      vacancies: 7,
    });
    // One unit item per passenger, with stable uuids.
    expect(b.unitItems.map((u) => [u.unitId, u.status, u.unit?.type, u.ticket])).toEqual([
      ['adult', 'ON_HOLD', 'ADULT', null],
      ['adult', 'ON_HOLD', 'ADULT', null],
      ['child', 'ON_HOLD', 'CHILD', null],
    ]);
    expect(b.unitItems.map((u) => u.uuid)).toEqual([0, 1, 2].map((i) => unitItemUuid(b.id, i)));
    // The customer is the channel's until it says who: no contact sent.
    expect(b.contact.emailAddress).toBeNull();

    const row = await rowOf(b.id);
    expect(row).toMatchObject({
      channel: 'channel',
      channelId: channelA.id,
      octoUuid: b.uuid,
      state: 'pending',
      seats: 3,
      resellerReference: 'RES-1',
    });
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(3);
    expect(await vacancies(date, '09:00')).toBe(7);
    expect(await publicSeatsLeft(date, '09:00')).toBe(7);
    // The office's calendar reads the same seats.
    const office = await staffApi(app).get(
      `/api/v1/products/${product.id}/availability?from=${date}&to=${date}`,
      w.tokens.A1,
    );
    expect(office.statusCode, office.body).toBe(200);
    expect((office.json() as { time: string; seats_left: number }[]).find((s) => s.time === '09:00')?.seats_left).toBe(
      7,
    );
    // The same answer on GET, the unit items' uuids unchanged.
    const again = spec.booking((await octo.get(`/bookings/${b.uuid}`)).json());
    expect(again).toEqual(b);
  });

  it('expirationMinutes: 30 by default, at least 5, at most 1440', async () => {
    const hold = async (expirationMinutes?: number) => {
      const sent = Date.now();
      const b = await reserve(octo, {
        availabilityId: idOf(day(4), '18:00'),
        unitItems: units('adult'),
        expirationMinutes,
      });
      return Math.round((Date.parse(b.utcExpiresAt as string) - sent) / 60_000);
    };
    expect(await hold()).toBe(30);
    expect(await hold(1)).toBe(5);
    expect(await hold(5_000)).toBe(1_440);
  });

  it('idempotent by uuid: the same booking again, its seats taken once (also two at once); no uuid, one is made up', async () => {
    const date = day(5);
    const body = reserveBody({ availabilityId: idOf(date, '09:00') });
    const first = spec.booking((await octo.post('/bookings', body)).json());
    const second = spec.booking((await octo.post('/bookings', body)).json());
    expect(second.id).toBe(first.id);
    expect(second.uuid).toBe(body.uuid);
    const twin = reserveBody({ availabilityId: idOf(date, '18:00') });
    const [a, b] = await Promise.all([octo.post('/bookings', twin), octo.post('/bookings', twin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(3);
    expect(await seatsOf(app, product.id, date, '18:00')).toBe(3);
    const own = await app.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.channelId, channelA.id), eq(bookings.date, date)));
    expect(own).toHaveLength(2);
    // Another channel's uuid space is its own: the same uuid is another booking there.
    const other = spec.booking((await octoB.post('/bookings', body)).json());
    expect(other.id).not.toBe(first.id);
    const { uuid: _, ...anonymous } = reserveBody({ availabilityId: idOf(date, '09:00'), unitItems: units('adult') });
    const made = spec.booking((await octo.post('/bookings', anonymous)).json());
    expect(made.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a uuid already booked is answered whatever the request could not do now: the last seats it took itself, another departure', async () => {
    // ADR 043: the uuid is not looked up before the sale; a request that cannot be sold looks it up.
    const date = day(19);
    const body = reserveBody({ availabilityId: idOf(date, '09:00'), unitItems: units(...Array(10).fill('adult')) });
    const first = spec.booking((await octo.post('/bookings', body)).json());
    expect(first.availability?.vacancies).toBe(0);
    expect(first.availability?.status).toBe('SOLD_OUT');
    const retried = await octo.post('/bookings', body);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(spec.booking(retried.json())).toEqual(first);
    const elsewhere = await octo.post('/bookings', { ...body, availabilityId: idOf(date, '11:00') });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(spec.booking(elsewhere.json()).id).toBe(first.id);
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(10);
    // A new uuid for the same departure is refused as before: nothing left.
    expectOctoError(await octo.post('/bookings', { ...body, uuid: uuid() }), 400, 'UNPROCESSABLE_ENTITY');
  });

  it('what it may not book: INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID, with the value sent', async () => {
    const ofB = await mkProduct(app, w.tokens.B1);
    expect(
      expectOctoError(await octo.post('/bookings', reserveBody({ productId: ofB.id })), 400, 'INVALID_PRODUCT_ID')
        .productId,
    ).toBe(ofB.id);
    const limited = await mkChannel(app, w.A.op.id, { allProducts: false });
    const other = await mkProduct(app, w.tokens.A1);
    await allowProducts(app, limited, [other.id]);
    const limitedApi = octoApi(app, (await mkKey(app, limited)).key);
    expectOctoError(await limitedApi.post('/bookings', reserveBody()), 400, 'INVALID_PRODUCT_ID');
    // Its own product it sells (the sale's read checks the channel's list, ADR 043).
    const allowed = await limitedApi.post('/bookings', reserveBody({ productId: other.id }));
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(
      expectOctoError(await octo.post('/bookings', reserveBody({ optionId: 'VIP' })), 400, 'INVALID_OPTION_ID')
        .optionId,
    ).toBe('VIP');
    expect(
      expectOctoError(
        await octo.post('/bookings', reserveBody({ unitItems: units('adult', 'student') })),
        400,
        'INVALID_UNIT_ID',
      ).unitId,
    ).toBe('student');
    const notADeparture = idOf(day(3), '10:00');
    expect(
      expectOctoError(
        await octo.post('/bookings', reserveBody({ availabilityId: notADeparture })),
        400,
        'INVALID_AVAILABILITY_ID',
      ).availabilityId,
    ).toBe(notADeparture);
    // The right wall clock with another offset is not our id; nor is a past departure.
    expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: `${day(3)}T09:00:00-05:00` })),
      400,
      'INVALID_AVAILABILITY_ID',
    );
    expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: idOf(day(-2), '09:00') })),
      400,
      'INVALID_AVAILABILITY_ID',
    );
    expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: 'mañana' })),
      400,
      'INVALID_AVAILABILITY_ID',
    );
    // Bodies that are not a reserve.
    expectOctoError(await octo.post('/bookings', reserveBody({ unitItems: [] })), 400, 'BAD_REQUEST');
    expectOctoError(await octo.post('/bookings', reserveBody({ uuid: 'not-a-uuid' })), 400, 'BAD_REQUEST');
    expectOctoError(await octo.post('/bookings', reserveBody({ currency: 'USD' })), 400, 'BAD_REQUEST');
    expectOctoError(
      await octo.post('/bookings', reserveBody({ contact: { emailAddress: 'no es un correo' } })),
      400,
      'BAD_REQUEST',
    );
  });

  it('no seats, a closed departure, a departure past its cut-off: UNPROCESSABLE_ENTITY with a clear message (es/en); nothing held', async () => {
    const date = day(6);
    await booked(app, w.tokens.A1, bookingBody(product.id, { date, time: '09:00', pax: { adult: 9 } }));
    const full = expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: idOf(date, '09:00') }), { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(full.errorMessage).toBe('Not enough seats left on this departure for this channel');
    const closed = await staffApi(app).send('PUT', `/api/v1/products/${product.id}/departures`, w.tokens.A1, {
      date,
      time: '18:00',
      closed: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const shut = expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: idOf(date, '18:00') })),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(shut.errorMessage).toMatch(/^La salida está cerrada/);
    const early = await mkProduct(app, w.tokens.A1, { booking_cutoff_hours: 48 });
    const late = expectOctoError(
      await octo.post(
        '/bookings',
        reserveBody({ productId: early.id, availabilityId: idOf(day(1), '09:00'), unitItems: units('adult') }),
        { 'accept-language': 'en' },
      ),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(late.errorMessage).toMatch(/no longer on sale/);
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(9);
    expect(await seatsOf(app, product.id, date, '18:00')).toBe(0);
  });

  it("the channel's allotment: a reserve over it is refused; what fits is taken", async () => {
    const limited = await mkChannel(app, w.A.op.id, { allotment: 4 });
    const api = octoApi(app, (await mkKey(app, limited)).key);
    const at = { availabilityId: idOf(day(7), '09:00') };
    const first = await reserve(api, { ...at, unitItems: units('adult', 'adult', 'adult') });
    // The answer's departure as the sale left it (ADR 043) is the channel's view read afterwards.
    expect(first.availability).toMatchObject({ vacancies: 1, capacity: 4 });
    expect(spec.booking((await api.get(`/bookings/${first.uuid}`)).json())).toEqual(first);
    const over = expectOctoError(
      await api.post('/bookings', reserveBody({ ...at, unitItems: units('adult', 'adult') })),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(over.errorMessage).toBe('No quedan plazas suficientes en esa salida para este canal');
    expect(await vacancies(day(7), '09:00', api)).toBe(1);
    await reserve(api, { ...at, unitItems: units('adult', 'infant') });
    expect(await vacancies(day(7), '09:00', api)).toBe(0);
    // Other channels see the departure's seats.
    expect(await vacancies(day(7), '09:00')).toBe(6);
  });
});

describe('confirm, PATCH, extend, cancel', () => {
  it('confirm: CONFIRMED with the contact, the reference, its voucher and tickets; again, the same answer', async () => {
    const b = await reserve(octo, { availabilityId: idOf(day(8), '09:00') });
    const c = await confirm(b, { contact: CONTACT, resellerReference: 'RES-2', emailReceipt: false });
    expect(c).toMatchObject({
      id: b.id,
      status: 'CONFIRMED',
      resellerReference: 'RES-2',
      utcExpiresAt: null,
      cancellable: true,
      contact: {
        fullName: 'Lucía Pérez García',
        firstName: 'Lucía',
        lastName: 'Pérez García',
        emailAddress: 'lucia@example.com',
        phoneNumber: '+34 600 000 000',
        country: 'ES',
        locales: ['en'],
      },
    });
    expect(Date.parse(c.utcConfirmedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    const voucherUrl = `https://reservas.example.com/public/landing/booking-voucher/${b.id}?lang=en`;
    expect(c.voucher).toEqual({
      redemptionMethod: 'DIGITAL',
      utcRedeemedAt: null,
      deliveryOptions: [
        { deliveryFormat: 'PDF_URL', deliveryValue: voucherUrl },
        { deliveryFormat: 'QRCODE', deliveryValue: b.supplierReference },
      ],
    });
    expect(c.unitItems.map((u) => [u.status, u.ticket])).toEqual(
      Array.from({ length: 3 }, () => ['CONFIRMED', c.voucher]),
    );
    expect(await rowOf(b.id)).toMatchObject({
      state: 'confirmed',
      holdExpiresAt: null,
      customerName: 'Lucía Pérez García',
      customerEmail: 'lucia@example.com',
      customerCountry: 'ES',
      language: 'en',
    });
    const again = await confirm(b, { contact: CONTACT });
    expect(again).toMatchObject({ status: 'CONFIRMED', resellerReference: 'RES-2', utcConfirmedAt: c.utcConfirmedAt });
    // Unit items may be sent as reserved (their contacts are not kept); other passengers may not.
    await confirm(b, { contact: CONTACT, unitItems: units('child', 'adult', 'adult') });
    expectOctoError(
      await octo.post(`/bookings/${b.uuid}/confirm`, { contact: CONTACT, unitItems: units('adult', 'adult') }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expectOctoError(
      await octo.post(`/bookings/${b.uuid}/confirm`, {
        contact: CONTACT,
        unitItems: units('adult', 'adult', 'student'),
      }),
      400,
      'INVALID_UNIT_ID',
    );
  });

  it('PATCH: the contact, the reference and the notes; another departure or other passengers: UNPROCESSABLE_ENTITY', async () => {
    const b = await confirm(await reserve(octo, { availabilityId: idOf(day(8), '18:00') }));
    const res = await octo.patch(`/bookings/${b.uuid}`, {
      resellerReference: 'RES-3',
      notes: 'Llegan 10 minutos tarde',
      contact: { fullName: 'Ana Gómez', phoneNumber: '+34 611 111 111' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = spec.booking(res.json());
    expect(p).toMatchObject({
      status: 'CONFIRMED',
      resellerReference: 'RES-3',
      notes: 'Llegan 10 minutos tarde',
      contact: {
        fullName: 'Ana Gómez',
        firstName: 'Ana',
        lastName: 'Gómez',
        phoneNumber: '+34 611 111 111',
        emailAddress: 'lucia@example.com',
        notes: 'Llegan 10 minutos tarde',
      },
    });
    // What it is may be sent as it is.
    const same = await octo.patch(`/bookings/${b.uuid}`, {
      productId: product.id,
      optionId: 'DEFAULT',
      availabilityId: b.availabilityId,
      unitItems: units('adult', 'adult', 'child'),
    });
    expect(same.statusCode, same.body).toBe(200);
    const moved = expectOctoError(
      await octo.patch(`/bookings/${b.uuid}`, { availabilityId: idOf(day(9), '09:00') }, { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(moved.errorMessage).toMatch(/not supported yet: cancel the booking and book again/);
    expectOctoError(
      await octo.patch(`/bookings/${b.uuid}`, { unitItems: units('adult') }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expectOctoError(
      await octo.patch(`/bookings/${b.uuid}`, { productId: (await mkProduct(app, w.tokens.A1)).id }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expectOctoError(
      await octo.patch(`/bookings/${b.uuid}`, { pickupRequested: true, pickupPointId: hotel }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expectOctoError(await octo.patch(`/bookings/${b.uuid}`, { optionId: 'VIP' }), 400, 'INVALID_OPTION_ID');
    expect(await rowOf(b.id)).toMatchObject({ date: day(8), time: '18:00', seats: 3, resellerReference: 'RES-3' });
  });

  it('extend: a hold ends later; a confirmed booking is not held (UNPROCESSABLE_ENTITY); PATCH expirationMinutes extends too', async () => {
    const b = await reserve(octo, {
      availabilityId: idOf(day(9), '09:00'),
      unitItems: units('adult'),
      expirationMinutes: 10,
    });
    const sent = Date.now();
    const res = await octo.post(`/bookings/${b.uuid}/extend`, { expirationMinutes: 60 });
    expect(res.statusCode, res.body).toBe(200);
    const e = spec.booking(res.json());
    expect(e.status).toBe('ON_HOLD');
    expect(Math.round((Date.parse(e.utcExpiresAt as string) - sent) / 60_000)).toBe(60);
    // Without a body: 30 minutes.
    const bare = await octo.post(`/bookings/${b.uuid}/extend`, undefined);
    expect(bare.statusCode, bare.body).toBe(200);
    const plain = spec.booking(bare.json());
    expect(Math.round((Date.parse(plain.utcExpiresAt as string) - Date.now()) / 60_000)).toBe(30);
    const patched = spec.booking((await octo.patch(`/bookings/${b.uuid}`, { expirationMinutes: 120 })).json());
    expect(Math.round((Date.parse(patched.utcExpiresAt as string) - Date.now()) / 60_000)).toBe(120);
    await confirm(b);
    const held = expectOctoError(
      await octo.post(`/bookings/${b.uuid}/extend`, { expirationMinutes: 60 }, { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(held.errorMessage).toBe('Only an ON_HOLD booking can be extended; this one is CONFIRMED');
  });

  it('cancel: CANCELLED with its reason, its seats back on sale; again, the same answer; a cancelled booking is not confirmed', async () => {
    const date = day(10);
    const b = await confirm(await reserve(octo, { availabilityId: idOf(date, '09:00') }));
    expect(await vacancies(date, '09:00')).toBe(7);
    const res = await octo.post(`/bookings/${b.uuid}/cancel`, { reason: 'El cliente cambió de planes' });
    expect(res.statusCode, res.body).toBe(200);
    const c = spec.booking(res.json());
    expect(c).toMatchObject({
      status: 'CANCELLED',
      cancellable: false,
      voucher: null,
      cancellation: { refund: 'FULL', reason: 'El cliente cambió de planes' },
    });
    expect(Date.parse(c.cancellation?.utcCancelledAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(c.unitItems.every((u) => u.status === 'CANCELLED' && u.ticket === null)).toBe(true);
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(0);
    expect(await vacancies(date, '09:00')).toBe(10);
    expect(await publicSeatsLeft(date, '09:00')).toBe(10);
    const again = spec.booking((await octo.post(`/bookings/${b.uuid}/cancel`, undefined)).json());
    expect(again).toMatchObject({ status: 'CANCELLED', cancellation: c.cancellation });
    const refused = expectOctoError(
      await octo.post(`/bookings/${b.uuid}/confirm`, { contact: CONTACT }, { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(refused.errorMessage).toBe('The booking is CANCELLED: this operation is not allowed');
    expectOctoError(await octo.patch(`/bookings/${b.uuid}`, { notes: 'x' }), 400, 'UNPROCESSABLE_ENTITY');
    // A hold is released the same way, and reads EXPIRED (OCTO: a cancelled ON_HOLD booking).
    const h = await reserve(octo, { availabilityId: idOf(date, '18:00') });
    expect(spec.booking((await octo.post(`/bookings/${h.uuid}/cancel`, {})).json()).status).toBe('EXPIRED');
    expect(await seatsOf(app, product.id, date, '18:00')).toBe(0);
  });

  it('after the free-cancellation deadline a confirmed booking is not cancellable (a hold still is)', async () => {
    // 48 hours: tomorrow at 09:00 is always within them, whatever the time now.
    const strict = await mkProduct(app, w.tokens.A1, { free_cancellation_hours: 48 });
    const at = (time: string) => ({
      productId: strict.id,
      availabilityId: idOf(day(1), time),
      unitItems: units('adult'),
    });
    const b = await confirm(await reserve(octo, at('09:00')));
    expect(b.cancellable).toBe(false);
    const late = expectOctoError(
      await octo.post(`/bookings/${b.uuid}/cancel`, {}, { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(late.errorMessage).toMatch(/cancellation cut-off has passed \(48 hours before the departure\)/);
    expect((await rowOf(b.id)).state).toBe('confirmed');
    // Its contact may still be changed.
    expect((await octo.patch(`/bookings/${b.uuid}`, { notes: 'Llegan tarde' })).statusCode).toBe(200);
    const h = await reserve(octo, at('18:00'));
    expect(h.cancellable).toBe(true);
    expect(spec.booking((await octo.post(`/bookings/${h.uuid}/cancel`, {})).json()).status).toBe('EXPIRED');
    // A booking far ahead is cancellable once confirmed.
    expect(
      (await confirm(await reserve(octo, { ...at('09:00'), availabilityId: idOf(day(20), '09:00') }))).cancellable,
    ).toBe(true);
  });

  it('a hold that ended reads EXPIRED, its seats back; confirm and extend answer UNPROCESSABLE_ENTITY', async () => {
    const date = day(11);
    const b = await reserve(octo, { availabilityId: idOf(date, '09:00'), expirationMinutes: 5 });
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(3);
    // The hold's job, run past its end.
    expect(await expireHold(app.db, b.id, new Date(Date.now() + 6 * 60_000))).toBe(true);
    const e = spec.booking((await octo.get(`/bookings/${b.uuid}`)).json());
    expect(e).toMatchObject({ status: 'EXPIRED', cancellable: false, utcExpiresAt: b.utcExpiresAt, voucher: null });
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(0);
    const late = expectOctoError(
      await octo.post(`/bookings/${b.uuid}/confirm`, { contact: CONTACT }, { 'accept-language': 'en' }),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expect(late.errorMessage).toBe(
      'The reservation hold has ended and its seats were released: make a new reservation',
    );
    expectOctoError(await octo.post(`/bookings/${b.uuid}/extend`, {}), 400, 'UNPROCESSABLE_ENTITY');

    // A hold whose end has passed before its job ran: read EXPIRED, and confirming it ends it.
    const h = await reserve(octo, { availabilityId: idOf(date, '18:00') });
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(bookings.id, h.id));
    expect(spec.booking((await octo.get(`/bookings/${h.uuid}`)).json()).status).toBe('EXPIRED');
    expectOctoError(await octo.post(`/bookings/${h.uuid}/confirm`, { contact: CONTACT }), 400, 'UNPROCESSABLE_ENTITY');
    expect((await rowOf(h.id)).state).toBe('cancelled');
    expect(await seatsOf(app, product.id, date, '18:00')).toBe(0);
  });
});

describe('GET /bookings and /bookings/{uuid}', () => {
  it("a channel reads only its own bookings: another channel's uuid, an unknown one or not a uuid is INVALID_BOOKING_UUID", async () => {
    const b = await reserve(octo, { availabilityId: idOf(day(12), '09:00'), unitItems: units('adult') });
    expect(spec.booking((await octo.get(`/bookings/${b.uuid.toUpperCase()}`)).json()).id).toBe(b.id);
    const theirs = expectOctoError(await octoB.get(`/bookings/${b.uuid}`), 400, 'INVALID_BOOKING_UUID');
    expect(theirs.uuid).toBe(b.uuid);
    expectOctoError(await octoB.post(`/bookings/${b.uuid}/confirm`, { contact: CONTACT }), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await octoB.post(`/bookings/${b.uuid}/cancel`, {}), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await octoB.post(`/bookings/${b.uuid}/extend`, {}), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await octoB.patch(`/bookings/${b.uuid}`, { notes: 'x' }), 400, 'INVALID_BOOKING_UUID');
    expect((await rowOf(b.id)).state).toBe('pending');
    const unknown = uuid();
    const en = expectOctoError(
      await octo.get(`/bookings/${unknown}`, { 'accept-language': 'en' }),
      400,
      'INVALID_BOOKING_UUID',
    );
    expect(en).toMatchObject({ uuid: unknown, errorMessage: 'There is no booking with this uuid for this channel' });
    expect(expectOctoError(await octo.get('/bookings/abc'), 400, 'INVALID_BOOKING_UUID').uuid).toBe('abc');
  });

  it('lists by resellerReference, supplierReference, localDate and a range of dates; at least one filter', async () => {
    const date = day(13);
    const ref = `REF-${Date.now()}`;
    const one = await reserve(octo, {
      availabilityId: idOf(date, '09:00'),
      unitItems: units('adult'),
      resellerReference: ref,
    });
    const two = await reserve(octo, {
      availabilityId: idOf(date, '18:00'),
      unitItems: units('adult'),
      resellerReference: ref,
    });
    const next = await reserve(octo, { availabilityId: idOf(day(14), '09:00'), unitItems: units('adult') });
    // Another channel's booking the same day is never listed.
    await reserve(octoB, { availabilityId: idOf(date, '09:00'), unitItems: units('adult'), resellerReference: ref });
    const list = async (query: string) => {
      const res = await octo.get(`/bookings?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return spec.bookings(res.json()).map((b) => b.id);
    };
    expect(await list(`resellerReference=${ref}`)).toEqual([one.id, two.id]);
    expect(await list(`supplierReference=${two.supplierReference}`)).toEqual([two.id]);
    expect(await list(`supplierReference=${(two.supplierReference as string).toLowerCase()}`)).toEqual([two.id]);
    expect(await list(`localDate=${date}`)).toEqual([one.id, two.id]);
    expect(await list(`localDateStart=${date}&localDateEnd=${day(14)}`)).toEqual(
      expect.arrayContaining([one.id, two.id, next.id]),
    );
    expect(await list(`localDate=${date}&resellerReference=nothing`)).toEqual([]);
    expectOctoError(await octo.get('/bookings'), 400, 'BAD_REQUEST');
    expectOctoError(await octo.get(`/bookings?localDateStart=${date}`), 400, 'BAD_REQUEST');
    expectOctoError(await octo.get(`/bookings?localDateStart=${day(14)}&localDateEnd=${date}`), 400, 'BAD_REQUEST');
    expectOctoError(await octo.get('/bookings?localDate=2026-02-30'), 400, 'BAD_REQUEST');
  });
});

describe('capabilities', () => {
  it("octo/pricing: retail from the booking's lines, net less the commission or at the net rate", async () => {
    const priced = await mkProduct(app, w.tokens.A1);
    await setNetRate(app, channelA, priced.id, 'child', 2000);
    const b = await reserve(
      octo,
      { productId: priced.id, availabilityId: idOf(day(15), '09:00') },
      caps('octo/pricing'),
    );
    expect(b.unitItems.map((u) => [u.unitId, u.pricing?.retail, u.pricing?.net])).toEqual([
      ['adult', 4500, 4050],
      ['adult', 4500, 4050],
      ['child', 2500, 2000],
    ]);
    expect(b.pricing).toEqual({
      original: 11500,
      retail: 11500,
      net: 10100,
      currency: 'EUR',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    expect(b.product?.pricingPer).toBe('UNIT');
    // Without the capability, no prices.
    const plain = spec.booking((await octo.get(`/bookings/${b.uuid}`)).json());
    expect(plain.pricing).toBeUndefined();
    expect(plain.unitItems[0].pricing).toBeUndefined();
  });

  it('octo/pickups: a pickup point of the product, with its time for the departure; another place is refused', async () => {
    const date = day(16);
    const b = await reserve(
      octo,
      { availabilityId: idOf(date, '09:00'), pickupRequested: true, pickupPointId: hotel },
      caps('octo/pickups'),
    );
    spec.booking(b, { pickups: true });
    expect(b).toMatchObject({ pickupRequested: true, pickupPointId: hotel, pickupHotelRoom: null });
    expect(b.pickupPoint).toMatchObject({
      id: hotel,
      name: 'Hotel Bahía del Duque',
      localDateTime: `${date}T08:30:00${offsetOf(TZ, new Date(`${date}T08:30:00Z`))}`,
    });
    expect((await rowOf(b.id)).accommodationId).toBe(hotel);
    const elsewhere = await mkAccommodation(app, 'Hotel sin recogida', w.A.op.id, 'Otra zona');
    expectOctoError(
      await octo.post(
        '/bookings',
        reserveBody({ availabilityId: idOf(date, '09:00'), pickupRequested: true, pickupPointId: elsewhere }),
      ),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: idOf(date, '09:00'), pickupRequested: true })),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    // Not an id at all: refused the same way before anything is read (ADR 043).
    expectOctoError(
      await octo.post('/bookings', reserveBody({ availabilityId: idOf(date, '09:00'), pickupPointId: 'lobby' })),
      400,
      'UNPROCESSABLE_ENTITY',
    );
    const none = spec.booking(
      (
        await octo.get(
          `/bookings/${(await reserve(octo, { availabilityId: idOf(date, '18:00') })).uuid}`,
          caps('octo/pickups'),
        )
      ).json(),
      { pickups: true },
    );
    expect(none).toMatchObject({ pickupRequested: false, pickupPointId: null, pickupPoint: null });
  });

  it('octo/content: the product in the language asked, with Content-Language; all capabilities still answer the specification', async () => {
    const b = await reserve(octo, { availabilityId: idOf(day(17), '09:00') });
    const res = await octo.get(`/bookings/${b.uuid}`, { ...caps('octo/content'), 'accept-language': 'en' });
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers['octo-capabilities']).toBe('octo/content');
    expect(spec.booking(res.json()).product?.title).toBe('Boat trip');
    const all = await octo.get(`/bookings/${b.uuid}`, ALL_CAPS);
    spec.booking(all.json(), { pickups: true });
  });
});

describe('the record of what the channel did', () => {
  it("the request log keeps every booking request with its status and OCTO error; the booking's history names the channel", async () => {
    const ch = await mkChannel(app, w.A.op.id);
    const { key, row: keyRow } = await mkKey(app, ch);
    const api = octoApi(app, key);
    const b = await reserve(api, { availabilityId: idOf(day(18), '09:00'), unitItems: units('adult') });
    const confirmed = await api.post(`/bookings/${b.uuid}/confirm`, { contact: CONTACT });
    expect(confirmed.statusCode).toBe(200);
    const missing = uuid();
    expectOctoError(await api.get(`/bookings/${missing}`), 400, 'INVALID_BOOKING_UUID');
    expectOctoError(await api.post('/bookings', reserveBody({ optionId: 'VIP' })), 400, 'INVALID_OPTION_ID');
    await vi.waitFor(async () => {
      const lines = await app.db
        .select()
        .from(channelRequests)
        .where(eq(channelRequests.keyId, keyRow.id))
        .orderBy(channelRequests.at);
      expect(lines.map((l) => [l.method, l.path, l.status, l.errorCode]).sort()).toEqual(
        [
          ['POST', `${OCTO}/bookings`, 200, null],
          ['POST', `${OCTO}/bookings/${b.uuid}/confirm`, 200, null],
          ['GET', `${OCTO}/bookings/${missing}`, 400, 'INVALID_BOOKING_UUID'],
          ['POST', `${OCTO}/bookings`, 400, 'INVALID_OPTION_ID'],
        ].sort(),
      );
      expect(lines.every((l) => l.channelId === ch.id && l.tourOperatorId === w.A.op.id)).toBe(true);
    });
    const events = await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.actorKind === 'channel' && e.actorLabel.includes(ch.name))).toBe(true);
  });
});
