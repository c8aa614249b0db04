/**
 * The test world of the contract properties (issue 21): real records, made through the API (or the
 * factories for accounts), that the per-target fixers of targets.ts point the generated bodies at —
 * products with departures, seasons and pickups, accommodations, vehicles, persons, crew, bookings,
 * schedule sheets and images — plus the mutable state some rules depend on (a password that
 * changes, counters for unique values) and helpers that make a fresh record when a rule consumes
 * one (a booking can be cancelled once, and so can a departure: issue 14). Issue 14 adds a booking
 * with a mobile for WhatsApp and an operator of its own whose message settings the properties change.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer, createOperator, createUser, createWorld, login, PASSWORD } from '../factories';

export type Json = Record<string, unknown>;

/** The operators' time zone (the database default) and a date `n` days from today in it. */
export const TZ = 'Europe/Madrid';
export const dayIn = (n: number) => addDays(todayIn(TZ, new Date()), n);

/** A product as the API answers it (the fields the fixers read). */
export type Product = {
  id: string;
  code: string;
  capacity: number;
  min_pax: number;
  booking_cutoff_hours: number;
  prices: { pax_type: string; amount_cents: number; occupies_seat: boolean }[];
  seasons: { name: string; from: string; to: string; prices: Product['prices'] }[];
  availability_rules: { weekdays: number[]; times: string[]; valid_from: string; valid_to: string | null }[];
  closed_dates: string[];
  pickups: { accommodation_id: string | null; zone: string | null }[];
};

export type Booking = {
  id: string;
  locator: string;
  version: number;
  state: string;
  subtotal_cents: number;
  total_cents: number;
  paid_cents: number;
  refunded_cents: number;
  product_id: string;
  date: string;
  time: string;
  lines: { pax_type: string; quantity: number }[];
};

export type World = Awaited<ReturnType<typeof createContractWorld>>;

/** Days ahead the sold departures lie: after the set-up's own (2–40), before the year 2100. */
export const SALE_DAYS = { min: 45, max: 3000 } as const;

export async function createContractWorld(app: FastifyInstance) {
  const base = await createWorld(app);
  const tokens = base.tokens;
  let seq = 0;
  /** A number never handed out before in this test file (unique codes, plates, e-mails, days). */
  const next = () => ++seq;

  async function call(method: string, url: string, token: string | null, payload?: unknown, expected = [200, 201]) {
    const res = await app.inject({
      method: method as 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (!expected.includes(res.statusCode)) {
      throw new Error(`world: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    }
    return res.body ? (res.json() as Json) : {};
  }
  const A1 = tokens.A1;

  // ── Accommodations ────────────────────────────────────────────────────────────────────────────
  const accommodation = async (body: Json, token = A1) =>
    (await call('POST', '/api/v1/accommodations', token, body)).id as string;
  /** A pickup hub: others may be collected at it (never collected elsewhere itself). */
  const hub = await accommodation({ name: 'Parada central', zone: 'Costa Adeje', lat_lng: '28.08,-16.72' });
  const hotel = await accommodation({ name: 'Hotel Playa', zone: 'Los Cristianos', lat_lng: '28.05,-16.71' });
  const hotel2 = await accommodation({ name: 'Hotel Sol', zone: 'Puerto', lat_lng: '28.41,-16.55' });
  /** Collected at the hub ("recoger en"). */
  const redirected = await accommodation({ name: 'Apartamentos Mar', zone: 'Costa Adeje', pickup_at_id: hub });
  const shared = await accommodation(
    { name: 'Hotel compartido', zone: 'Santa Cruz', tour_operator_id: null },
    tokens.admin,
  );
  const inactiveHotel = await accommodation({ name: 'Hotel cerrado', zone: 'Puerto', state: 2 });
  const otherOperatorsHotel = await accommodation({ name: 'Hotel de B', zone: 'Norte' }, tokens.B1);
  const accommodationToUpdate = await accommodation({ name: 'Hotel a editar', zone: 'Sur' });
  /** Usable by operator A's bookings (own or shared, active). */
  const usableAccommodations = [hub, hotel, hotel2, redirected, shared];
  /** What "recoger en" may point at: live, A's or shared, not collected elsewhere. */
  const pickupTargets = [hub, hotel, hotel2, shared];

  // ── Products ──────────────────────────────────────────────────────────────────────────────────
  const allPrices = [
    { pax_type: 'adult', amount_cents: 4500, min_age: 12 },
    { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11 },
    { pax_type: 'infant', amount_cents: 0, max_age: 2, occupies_seat: false },
    { pax_type: 'senior', amount_cents: 3900, min_age: 65 },
  ];
  const product = async (over: Json) => {
    const n = next();
    return (await call('POST', '/api/v1/products', A1, {
      code: `W-${n}`,
      name: `Excursión del mundo ${n}`,
      capacity: 10_000,
      state: 'active',
      booking_cutoff_hours: 0,
      free_cancellation_hours: 24,
      instant_confirmation: true,
      pickup_enabled: true,
      duration_minutes: 240,
      prices: allPrices,
      availability_rules: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00', '13:30', '18:00'], valid_from: dayIn(-30), valid_to: null },
      ],
      pickups: [
        { accommodation_id: hub, minutes_before: 30 },
        { accommodation_id: hotel, fixed_time: '08:15' },
        { zone: 'Los Cristianos', minutes_before: 45 },
        { accommodation_id: shared, minutes_before: 60 },
      ],
      ...over,
    })) as unknown as Product;
  };
  /** Sold every day at three times, every passenger type, pickups by place and by zone. */
  const sale = await product({});
  /** Prices change with the dates: a season offers adults and children only, another adults only. */
  const seasonal = await product({
    seasons: [
      {
        name: 'Alta',
        from: dayIn(SALE_DAYS.min + 30),
        to: dayIn(SALE_DAYS.min + 400),
        prices: [
          { pax_type: 'adult', amount_cents: 6000 },
          { pax_type: 'child', amount_cents: 3000 },
        ],
      },
      {
        name: 'Solo adultos',
        from: dayIn(SALE_DAYS.min + 401),
        to: dayIn(SALE_DAYS.min + 900),
        prices: [{ pax_type: 'adult', amount_cents: 5000 }],
      },
    ],
    availability_rules: [
      { weekdays: [1, 3, 5, 6], times: ['10:00'], valid_from: dayIn(-30), valid_to: null },
      { weekdays: [2, 4, 7], times: ['11:15', '16:45'], valid_from: dayIn(-30), valid_to: null },
    ],
    closed_dates: [dayIn(SALE_DAYS.min + 7), dayIn(SALE_DAYS.min + 8)],
  });
  /** Public bookings stay pending until the operator confirms them. */
  const onRequest = await product({ instant_confirmation: false, prices: allPrices.slice(0, 2) });
  /** The dearest tariff the document allows, for every type. */
  const dear = await product({
    prices: allPrices.map((p) => ({ ...p, amount_cents: 10_000_000, occupies_seat: true })),
  });
  const saleProducts = [sale, seasonal, onRequest, dear];
  /** Sales close 30 days before a departure, and so does free cancellation. */
  const late = await product({ booking_cutoff_hours: 720, free_cancellation_hours: 720 });
  const draft = await product({ state: 'draft' });
  const productToUpdate = await product({ capacity: 40, min_pax: 2 });
  const productForDepartures = await product({});
  /** Its departures are cancelled whole (issue 14): never one a sale property sells. */
  const productForCancel = await product({});
  const productWithImages = await product({});
  const otherOperatorsProduct = (await call('POST', '/api/v1/products', tokens.B1, {
    code: 'B-1',
    name: 'Excursión de B',
    capacity: 10,
    state: 'active',
    prices: [{ pax_type: 'adult', amount_cents: 1000 }],
    availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00'], valid_from: dayIn(-30) }],
  })) as unknown as Product;

  // ── Images ────────────────────────────────────────────────────────────────────────────────────
  const imageIds: string[] = [];
  for (const background of ['#c2410c', '#0e7490', '#4d7c0f']) {
    const boundary = `----contract${randomUUID()}`;
    const file = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
      .png()
      .toBuffer();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${productWithImages.id}/images`,
      headers: { ...bearer(A1), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`world: image ${res.statusCode} ${res.body}`);
    imageIds.push(res.json().id);
  }

  // ── Fleet and people ──────────────────────────────────────────────────────────────────────────
  const vehicle = async (body: Json) =>
    (await call('POST', '/api/v1/vehicles', A1, { type: 'bus', seats: 50, ...body })).id as string;
  const vehicles = [await vehicle({ plate: `WV${next()}A` }), await vehicle({ plate: `WV${next()}B` })];
  const inactiveVehicle = await vehicle({ plate: `WV${next()}I`, state: 2 });
  const vehicleToUpdate = await vehicle({ plate: `WV${next()}U` });
  const takenPlate = `WV${next()}T`;
  await vehicle({ plate: takenPlate });
  const person = async (body: Json) =>
    (await call('POST', '/api/v1/persons', A1, { role: 'guide', ...body })).id as string;
  const persons = [await person({ full_name: 'Marta Guía' }), await person({ full_name: 'Iván Ayudante' })];
  const inactivePerson = await person({ full_name: 'Persona inactiva', state: 2 });
  const personToUpdate = await person({ full_name: 'Persona a editar' });
  const drivers = [base.A.l4.id, (await createUser(app, { level: 4, tourOperatorId: base.A.op.id })).id];
  const guides = [base.A.l5.id];
  const sellers = [base.A.l2.id];

  // ── Accounts ──────────────────────────────────────────────────────────────────────────────────
  /** Accounts that sign in (active, of an active operator, and nobody edits them). */
  const loginAccounts = [
    await createUser(app, { level: 3, tourOperatorId: base.A.op.id }),
    await createUser(app, { level: 0 }),
  ].map((u) => u.email);
  /** Changes its own password: its current password and token follow each change. */
  const passwordUser = await createUser(app, { level: 3, tourOperatorId: base.A.op.id });
  const me = { password: PASSWORD, token: await login(app, passwordUser.email) };
  /** Resets its password by e-mail: nobody else signs in as it (a reset ends its sessions). */
  const resetUser = await createUser(app, { level: 3, tourOperatorId: base.A.op.id });
  /**
   * A fresh reset link's token for resetUser: asked for as the login screen does, then read from the
   * queued e-mail (no SMTP_URL in tests: the message waits in the outbox with its link).
   */
  async function resetToken(): Promise<string> {
    await call('POST', '/api/v1/auth/password-reset', null, { email: resetUser.email }, [202]);
    const rows = await app.db.execute<{ text: string }>(
      sql`select text from messages where recipient = ${resetUser.email} order by created_at desc limit 1`,
    );
    const m = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows.rows[0]?.text ?? '');
    if (!m?.[1]) throw new Error('the reset e-mail has no link');
    return m[1];
  }
  const userToUpdate = await createUser(app, { level: 2, tourOperatorId: base.A.op.id });
  /**
   * An operator whose message settings the properties change (issue 14): switching A's customer
   * messages off would change what A's bookings and cancellations write.
   */
  const messagesOperator = await createOperator(app, { name: 'Operador de los ajustes de mensajes' });
  const messagesAdmin = await createUser(app, { level: 1, tourOperatorId: messagesOperator.id });
  const messagesAdminToken = await login(app, messagesAdmin.email);
  const takenEmail = base.B.l3.email;
  /** An operator the administrator edits (state, time zone…) without touching A's or B's. */
  const operatorToUpdate = await createOperator(app, { name: 'Operador a editar' });

  // ── Bookings and sheets ───────────────────────────────────────────────────────────────────────
  let bookingDay = 2;
  /** A booking staff make now, on a departure of its own from day 2 on (never one a property sells). */
  async function freshBooking(over: Json = {}) {
    const day = bookingDay++;
    if (bookingDay >= SALE_DAYS.min) bookingDay = 2;
    return (await call('POST', '/api/v1/bookings', A1, {
      product_id: sale.id,
      date: dayIn(day),
      time: '09:00',
      pax: { adult: 2, child: 1 },
      customer_name: 'Cliente de prueba',
      customer_email: 'cliente@example.com',
      ...over,
    })) as unknown as Booking;
  }
  const getBooking = async (id: string) => (await call('GET', `/api/v1/bookings/${id}`, A1)) as unknown as Booking;

  /** Prepared by the office for its customer (pending): the customer completes and confirms it. */
  const customersBooking = await freshBooking({
    date: dayIn(41),
    pax: { adult: 3, child: 2, infant: 1, senior: 2 },
    state: 'pending',
  });
  /** A departure with its sheet ready and two bookings to check in (days ahead: the office gives a reason). */
  const checkInDay = dayIn(42);
  const boarding = [
    await freshBooking({ date: checkInDay, time: '13:30' }),
    await freshBooking({ date: checkInDay, time: '13:30', pax: { adult: 1 } }),
  ];
  const checkInSheet = await call('POST', '/api/v1/schedule-sheets', A1, {
    product_id: sale.id,
    date: checkInDay,
    time: '13:30',
    state: 'ready',
  });
  const sheetToUpdate = await call('POST', '/api/v1/schedule-sheets', A1, {
    product_id: sale.id,
    date: dayIn(43),
    time: '18:00',
  });
  const takenSheet = { product_id: sale.id, date: dayIn(44), time: '09:00' };
  await call('POST', '/api/v1/schedule-sheets', A1, takenSheet);

  /** A customer's mobile, read with the customer's country (issue 14: «Enviar por WhatsApp»). */
  const MOBILE = { customer_phone: '+34 612 345 678', customer_country: 'ES' };
  /** A booking with a mobile, on no sheet (the crew may not read it). */
  const reachable = await freshBooking(MOBILE);

  let cancelDay = 1;
  /**
   * A departure of productForCancel from tomorrow on, never handed out before, with one booking on
   * it (with or without an e-mail address) for the cancellation to cancel.
   */
  async function departureToCancel(withEmail: boolean) {
    const day = { date: dayIn(cancelDay++), time: '09:00' };
    const booking = (await call('POST', '/api/v1/bookings', A1, {
      product_id: productForCancel.id,
      ...day,
      pax: { adult: 2 },
      customer_name: 'Cliente de la salida',
      ...(withEmail ? { customer_email: 'salida@example.com' } : { ...MOBILE }),
    })) as unknown as Booking;
    return { ...day, booking };
  }

  return {
    app,
    base,
    tokens,
    next,
    call,
    freshBooking,
    getBooking,
    accommodations: {
      hub,
      hotel,
      shared,
      redirected,
      inactive: inactiveHotel,
      /** Operator A's, active, in a zone the products do not collect from. */
      notCollected: hotel2,
      otherOperators: otherOperatorsHotel,
      toUpdate: accommodationToUpdate,
      usable: usableAccommodations,
      pickupTargets,
    },
    products: {
      sale: saleProducts,
      plain: sale,
      seasonal,
      dear,
      adultsAndChildren: onRequest,
      late,
      draft,
      toUpdate: productToUpdate,
      forDepartures: productForDepartures,
      forCancel: productForCancel,
      withImages: productWithImages,
      otherOperators: otherOperatorsProduct,
    },
    imageIds,
    vehicles: { active: vehicles, inactive: inactiveVehicle, toUpdate: vehicleToUpdate, takenPlate },
    persons: { active: persons, inactive: inactivePerson, toUpdate: personToUpdate },
    crew: { drivers, guides, sellers },
    accounts: { login: loginAccounts, me, userToUpdate: userToUpdate.id, takenEmail, passwordUser, resetToken },
    operatorToUpdate: operatorToUpdate.id,
    messages: { operator: messagesOperator.id, adminToken: messagesAdminToken, mobile: MOBILE },
    departureToCancel,
    bookings: { customers: customersBooking, boarding, reachable },
    sheets: { checkIn: checkInSheet.id as string, toUpdate: sheetToUpdate.id as string, taken: takenSheet },
  };
}
