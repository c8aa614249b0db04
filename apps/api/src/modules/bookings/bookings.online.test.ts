/**
 * Online payments on bookings (issue 32, ADR 022): products' payment terms, public bookings held
 * while the customer pays, a provider's payment applied (once), the hold that ends, a payment that
 * arrives after it, payment links, refunds through the provider and the crew's cash at check-in.
 * The providers themselves (Redsys, Stripe) are the payments module's tests; here a refund's
 * provider is a stand-in (refunds.ts `refundProvider`).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import {
  bookingEvents,
  bookings,
  departures,
  jobs,
  messages,
  paymentLinks,
  type paymentSettings,
  payments,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ProviderUnavailable } from '../payments/provider';
import { refundProvider } from '../payments/refunds';
import { publicApi, publicBody } from '../public/public.test-helpers';
import { moveDeparture, putSheet } from '../schedule-sheets/schedule-sheets.test-helpers';
import {
  applyOnlinePayment,
  dueNowCents,
  expireEndedHolds,
  expireHold,
  recordProviderRefund,
  renewHold,
} from './bookings.service';
import {
  api,
  booked,
  bookingBody,
  day,
  enablePayments as enablePaymentsOf,
  mkProduct,
  seatsOf,
  type World,
} from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let send: ReturnType<typeof api>['send'];
let get: ReturnType<typeof api>['get'];
let products: Record<'full' | 'deposit' | 'perPax' | 'onTheDay' | 'small', { id: string }>;

/** The operator takes payments online (a Redsys test configuration; no secret is read here). */
const enablePayments = (tourOperatorId: string, over: Partial<typeof paymentSettings.$inferInsert> = {}) =>
  enablePaymentsOf(app, tourOperatorId, over);

const row = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const messagesOf = async (id: string) =>
  (await app.db.select().from(messages).where(eq(messages.bookingId, id))).map((m) => m.kind).sort();
const paymentsOf = (id: string) => app.db.select().from(payments).where(eq(payments.bookingId, id));

/** A public booking (as a customer books it) and its answer. */
async function publicBooking(productId: string, over: Record<string, unknown> = {}) {
  const res = await publicApi(app).book(publicBody(productId, over));
  if (res.statusCode !== 201) throw new Error(`public booking: ${res.statusCode} ${res.body}`);
  return res.json();
}

let paySeq = 0;
/** A verified Redsys payment applied to a booking, as the notification handler does. */
async function pay(bookingId: string, amountCents: number, now: Date, over: Record<string, unknown> = {}) {
  paySeq += 1;
  return inTransaction(app.db, (tx) =>
    applyOnlinePayment(tx, {
      bookingId,
      attemptId: crypto.randomUUID(),
      provider: 'redsys',
      providerRef: `ORDER${paySeq}:000111`,
      amountCents,
      now,
      ...over,
    }),
  );
}

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  await enablePayments(w.A.op.id);
  products = {
    full: await mkProduct(app, w.tokens.A1, { payment_mode: 'full' }),
    deposit: await mkProduct(app, w.tokens.A1, { payment_mode: 'deposit', deposit: { percent: 30 } }),
    perPax: await mkProduct(app, w.tokens.A1, { payment_mode: 'deposit', deposit: { per_pax_cents: 1000 } }),
    onTheDay: await mkProduct(app, w.tokens.A1, {}),
    small: await mkProduct(app, w.tokens.A1, { payment_mode: 'full', capacity: 3 }),
  };
});
afterAll(async () => {
  await app?.close();
});

describe("a product's payment terms (ADR 022)", () => {
  it('answers its mode and deposit; a deposit mode needs a deposit and only it may have one (422)', async () => {
    const p = (await get(`/api/v1/products/${products.deposit.id}`, w.tokens.A1)).json();
    expect(p).toMatchObject({ payment_mode: 'deposit', deposit: { percent: 30 } });
    expect((await get(`/api/v1/products/${products.onTheDay.id}`, w.tokens.A1)).json()).toMatchObject({
      payment_mode: 'on_the_day',
      deposit: null,
    });
    const bad = await send('POST', '/api/v1/products', w.tokens.A1, {
      code: 'DEP-X',
      name: 'Sin señal',
      capacity: 5,
      payment_mode: 'deposit',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.deposit).toBeDefined();
    // A deposit sent alone to a product paid on the day: refused against what is stored.
    const alone = await send('PUT', `/api/v1/products/${products.onTheDay.id}`, w.tokens.A1, {
      deposit: { percent: 20 },
    });
    expect(alone.statusCode).toBe(422);
    // Switching to full drops the deposit.
    const tmp = await mkProduct(app, w.tokens.A1, { payment_mode: 'deposit', deposit: { per_pax_cents: 500 } });
    const full = await send('PUT', `/api/v1/products/${tmp.id}`, w.tokens.A1, { payment_mode: 'full' });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ payment_mode: 'full', deposit: null });
  });

  it('the public product says how it is paid and whether the operator takes payments online', async () => {
    const p = (await publicApi(app).get(`/api/v1/public/products/${products.deposit.id}`)).json();
    expect(p).toMatchObject({ payment_mode: 'deposit', deposit: { percent: 30 }, online_payment: true });
    const theirs = await mkProduct(app, w.tokens.B1, { payment_mode: 'full' });
    expect((await publicApi(app).get(`/api/v1/public/products/${theirs.id}`)).json()).toMatchObject({
      payment_mode: 'full',
      online_payment: false,
    });
  });
});

describe('holds: a public booking paid online holds its seats until paid', () => {
  it('full: pending, held for the operator’s minutes, all due now, no message yet, a job at the end', async () => {
    const before = Date.now();
    const b = await publicBooking(products.full.id);
    expect(b).toMatchObject({
      state: 'pending',
      total_cents: 11500,
      due_now_cents: 11500,
      due_later_cents: 0,
      can_pay: true,
      pay_methods: ['card'],
    });
    const hold = Date.parse(b.hold_expires_at);
    expect(hold - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(hold - before).toBeLessThanOrEqual(15 * 60_000 + 5000);
    expect(await messagesOf(b.id)).toEqual([]);
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payments.hold-expiry:${b.id}:${b.hold_expires_at}`));
    expect(job).toMatchObject({ kind: 'payments.hold-expiry', state: 'queued' });
    expect(await seatsOf(app, products.full.id, day(1), '09:00')).toBeGreaterThanOrEqual(3);
  });

  it('deposit: the deposit now and the rest later (percentage and per passenger)', async () => {
    expect(await publicBooking(products.deposit.id)).toMatchObject({ due_now_cents: 3450, due_later_cents: 8050 });
    expect(await publicBooking(products.perPax.id)).toMatchObject({ due_now_cents: 3000, due_later_cents: 8500 });
  });

  it('paid on the day, or an operator without a provider: as before (confirmed, no hold)', async () => {
    const b = await publicBooking(products.onTheDay.id);
    expect(b).toMatchObject({
      state: 'confirmed',
      hold_expires_at: null,
      due_now_cents: 0,
      can_pay: false,
      pay_methods: [],
    });
    expect(await messagesOf(b.id)).toEqual(['booking_confirmed']);
    const theirs = await mkProduct(app, w.tokens.B1, { payment_mode: 'full' });
    const other = await publicBooking(theirs.id);
    expect(other).toMatchObject({ state: 'confirmed', hold_expires_at: null, can_pay: false });
  });

  it('the staff answer carries the hold, what is due now, the mode and the links', async () => {
    const b = await publicBooking(products.deposit.id);
    const staff = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(staff).toMatchObject({
      hold_expires_at: b.hold_expires_at,
      due_now_cents: 3450,
      payment_mode: 'deposit',
      online_payments_enabled: true,
      payment_links: [],
    });
  });
});

describe('a provider’s payment applied to its booking', () => {
  it('confirms and clears the hold, records it once (a replay is a duplicate), and sends the confirmation', async () => {
    const b = await publicBooking(products.full.id);
    const now = new Date();
    expect((await dueNowCents(app.db, b.id, now)).amountCents).toBe(11500);
    const ref = `REPLAY-${b.id.slice(0, 8)}`;
    expect(await pay(b.id, 11500, now, { providerRef: ref })).toBe('applied');
    expect(await pay(b.id, 11500, now, { providerRef: ref })).toBe('duplicate');
    const r = await row(b.id);
    expect(r).toMatchObject({ state: 'confirmed', paymentState: 'paid', paidCents: 11500, holdExpiresAt: null });
    const list = await paymentsOf(b.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ method: 'online', provider: 'redsys', providerRef: ref, kind: 'payment' });
    expect(await messagesOf(b.id)).toEqual(['booking_confirmed', 'payment_received']);
    const events = await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.some((e) => e.actorLabel === 'Sistema · Pago en línea' && e.type === 'payment')).toBe(true);
    // The hold's job is cancelled; nothing more is due.
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payments.hold-expiry:${b.id}:${b.hold_expires_at}`));
    expect(job.state).toBe('cancelled');
    await expect(dueNowCents(app.db, b.id, now)).rejects.toMatchObject({ code: 'NOTHING_DUE' });
  });

  it('a payment above what is pending is recorded whole and its excess queued for a refund', async () => {
    const b = await publicBooking(products.full.id);
    expect(await pay(b.id, 12500, new Date())).toBe('applied');
    const [payment] = await paymentsOf(b.id);
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payments.refund-excess:${payment.id}`));
    expect(job.payload).toMatchObject({ booking_id: b.id, amount_cents: 1000 });
    // The job gives the excess back through the provider and records it, once.
    const real = refundProvider.refund;
    const calls: unknown[] = [];
    refundProvider.refund = async (_db: unknown, _op: string, r: { providerPaymentRef: string }) => {
      calls.push(r);
      return { status: 'succeeded', providerRef: r.providerPaymentRef };
    };
    try {
      await app.background.runner.tick(new Date());
      await app.background.runner.tick(new Date());
    } finally {
      refundProvider.refund = real;
    }
    expect(calls).toEqual([
      expect.objectContaining({ amountCents: 1000, idempotencyKey: `excess:${payment.id}:1000` }),
    ]);
    expect(await row(b.id)).toMatchObject({ paidCents: 12500, refundedCents: 1000, paymentState: 'paid' });
    expect((await app.db.select().from(jobs).where(eq(jobs.id, job.id)))[0].state).toBe('done');
  });
});

describe('the end of a hold', () => {
  it('cancels an unpaid hold as the system, frees its seats and tells the customer nothing', async () => {
    const b = await publicBooking(products.small.id, { pax: { adult: 2 }, date: day(3) });
    expect(await seatsOf(app, products.small.id, day(3), '09:00')).toBe(2);
    expect(await expireHold(app.db, b.id, new Date())).toBe(false); // not over yet
    const after = new Date(Date.parse(b.hold_expires_at) + 1000);
    expect(await expireHold(app.db, b.id, after)).toBe(true);
    expect(await row(b.id)).toMatchObject({ state: 'cancelled', cancelReason: 'Pago no completado a tiempo' });
    expect(await seatsOf(app, products.small.id, day(3), '09:00')).toBe(0);
    expect(await messagesOf(b.id)).toEqual([]);
    const events = await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.find((e) => e.type === 'cancelled')?.actorLabel).toBe('Sistema · Fin de la retención');
    expect(await expireHold(app.db, b.id, after)).toBe(false); // once
  });

  it('a payment after the end takes the seats again if free (reinstated), else is refunded (no seats)', async () => {
    const late = await publicBooking(products.small.id, { pax: { adult: 2 }, date: day(4) });
    const end = new Date(Date.parse(late.hold_expires_at) + 1000);
    await expireHold(app.db, late.id, end);
    expect(await pay(late.id, 9000, end)).toBe('applied');
    expect(await row(late.id)).toMatchObject({ state: 'confirmed', paidCents: 9000, holdExpiresAt: null });
    expect(await seatsOf(app, products.small.id, day(4), '09:00')).toBe(2);

    const lost = await publicBooking(products.small.id, { pax: { adult: 2 }, date: day(5) });
    const end2 = new Date(Date.parse(lost.hold_expires_at) + 1000);
    await expireHold(app.db, lost.id, end2);
    await publicBooking(products.small.id, { pax: { adult: 3 }, date: day(5) }); // the seats go to another
    expect(await pay(lost.id, 9000, end2)).toBe('refund_required');
    expect(await row(lost.id)).toMatchObject({ state: 'cancelled', paidCents: 9000 });
    expect(await seatsOf(app, products.small.id, day(5), '09:00')).toBe(3); // never above capacity
    expect(await messagesOf(lost.id)).toEqual([]); // the refund's message says it
    await inTransaction(app.db, (tx) =>
      recordProviderRefund(tx, {
        bookingId: lost.id,
        provider: 'redsys',
        providerRef: `LOST-${lost.id}`,
        amountCents: 9000,
        reason: 'Plazas ya vendidas',
        now: end2,
      }),
    );
    expect(await row(lost.id)).toMatchObject({ paymentState: 'refunded', refundedCents: 9000 });
    expect(await messagesOf(lost.id)).toEqual(['payment_refunded']);
  });

  it('paying again after the end: renewable while the seats are free (the hold renewed), else HOLD_EXPIRED', async () => {
    const b = await publicBooking(products.small.id, { pax: { adult: 1 }, date: day(6) });
    const end = new Date(Date.parse(b.hold_expires_at) + 1000);
    await expireHold(app.db, b.id, end);
    const due = await dueNowCents(app.db, b.id, end);
    expect(due).toMatchObject({ amountCents: 4500, holdExpired: true, holdRenewable: true });
    const renewed = await inTransaction(app.db, (tx) => renewHold(tx, b.id, end));
    expect(renewed?.getTime()).toBe(end.getTime() + 15 * 60_000);
    expect(await row(b.id)).toMatchObject({ state: 'pending' });
    expect(await seatsOf(app, products.small.id, day(6), '09:00')).toBe(1);

    const end2 = new Date((renewed as Date).getTime() + 1000);
    await expireHold(app.db, b.id, end2);
    await publicBooking(products.small.id, { pax: { adult: 3 }, date: day(6) });
    await expect(dueNowCents(app.db, b.id, end2)).rejects.toMatchObject({ code: 'HOLD_EXPIRED' });
  });

  it('the job at the hold’s end ends it (the runner, as every process runs it)', async () => {
    const b = await publicBooking(products.full.id, { date: day(11) });
    await app.background.runner.tick(new Date(Date.parse(b.hold_expires_at) + 1000));
    expect(await row(b.id)).toMatchObject({ state: 'cancelled', cancelReason: 'Pago no completado a tiempo' });
  });

  it('a hold the office took money on meanwhile is not cancelled: it loses its hold and stays pending', async () => {
    const b = await publicBooking(products.full.id, { date: day(12) });
    const cash = await send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 2000,
      method: 'cash',
    });
    expect(cash.statusCode).toBe(201);
    expect(await expireHold(app.db, b.id, new Date(Date.parse(b.hold_expires_at) + 1000))).toBe(false);
    expect(await row(b.id)).toMatchObject({ state: 'pending', holdExpiresAt: null, paidCents: 2000 });
  });

  it('the sweep ends every hold that ended', async () => {
    const a = await publicBooking(products.full.id, { date: day(7) });
    const c = await publicBooking(products.full.id, { date: day(7), time: '18:00' });
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await expireEndedHolds(app.db, later)).toBeGreaterThanOrEqual(2);
    expect((await row(a.id)).state).toBe('cancelled');
    expect((await row(c.id)).state).toBe('cancelled');
  });
});

describe('POST /bookings/{id}/payment-links', () => {
  it('makes the link, queues its e-mail in the booking’s language and makes its amount due now', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(products.deposit.id, { language: 'de', date: day(8) }));
    const res = await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A1, {
      channel: 'email',
      amount_cents: 5000,
    });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({ amount_cents: 5000, channel: 'email', whatsapp_url: null });
    expect(link.url).toContain(`/public/booking/${b.id}`);
    const [msg] = await app.db.select().from(messages).where(eq(messages.id, link.message_id));
    expect(msg).toMatchObject({ kind: 'payment_link', locale: 'de' });
    const pub = (await publicApi(app).get(`/api/v1/public/bookings/${b.id}`)).json();
    expect(pub).toMatchObject({ due_now_cents: 5000, can_pay: true });
    const staff = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(staff.payment_links).toEqual([expect.objectContaining({ id: link.id, amount_cents: 5000, paid_at: null })]);
    // Paid through the link: the link is paid.
    expect(await pay(b.id, 5000, new Date(), { linkId: link.id })).toBe('applied');
    const [stored] = await app.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(stored.paidAt).not.toBeNull();
  });

  it('WhatsApp: the wa.me link with the text; refusals', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(products.onTheDay.id, { date: day(8) }));
    const wa = await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A3, { channel: 'whatsapp' });
    expect(wa.statusCode).toBe(201);
    expect(wa.json().whatsapp_url).toMatch(/^https:\/\/wa\.me\/34600000000\?text=/);
    expect(wa.json().amount_cents).toBe(11500);
    expect(
      (
        await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A1, {
          channel: 'none',
          amount_cents: 999999,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A4, { channel: 'none' })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A2, { channel: 'none' })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.B1, { channel: 'none' })).statusCode,
    ).toBe(404);
    await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'Prueba' });
    const cancelled = await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A1, { channel: 'none' });
    expect(cancelled.statusCode).toBe(409);
    const theirs = await mkProduct(app, w.tokens.B1);
    const other = await booked(app, w.tokens.B1, bookingBody(theirs.id));
    const notConfigured = await send('POST', `/api/v1/bookings/${other.id}/payment-links`, w.tokens.B1, {
      channel: 'none',
    });
    expect(notConfigured.statusCode).toBe(409);
    expect(notConfigured.json().code).toBe('PAYMENTS_NOT_CONFIGURED');
  });
});

describe('POST /bookings/{id}/refunds', () => {
  const realRefund = refundProvider.refund;
  afterAll(() => {
    refundProvider.refund = realRefund;
  });

  it('refunds through the provider, once per key; above what it was paid → 422; provider down → 502, nothing recorded', async () => {
    const calls: unknown[] = [];
    refundProvider.refund = async (_db: unknown, _op: string, r: { providerPaymentRef: string }) => {
      calls.push(r);
      return { status: 'succeeded', providerRef: `${r.providerPaymentRef}` };
    };
    const b = await publicBooking(products.full.id, { date: day(9) });
    await pay(b.id, 11500, new Date(), { providerRef: `R-${b.id}` });
    const url = `/api/v1/bookings/${b.id}/refunds`;
    const refund = (body: object, key: string | null, token = w.tokens.A1) =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });
    expect((await refund({ amount_cents: 1000, reason: 'x' }, null)).statusCode).toBe(400);
    expect((await refund({ amount_cents: 1000, reason: 'x' }, 'k0', w.tokens.A2)).statusCode).toBe(403);
    expect((await refund({ amount_cents: 20000, reason: 'Demasiado' }, 'k1')).json().code).toBe('REFUND_EXCEEDS_PAID');
    const first = await refund({ amount_cents: 4500, reason: 'Un pasajero no viaja' }, 'k2');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      kind: 'refund',
      amount_cents: 4500,
      provider: 'redsys',
      provider_status: 'succeeded',
      reason: 'Un pasajero no viaja',
    });
    const again = await refund({ amount_cents: 4500, reason: 'Un pasajero no viaja' }, 'k2');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(calls).toHaveLength(1);
    expect(await row(b.id)).toMatchObject({ paymentState: 'partial', refundedCents: 4500 });
    expect(await messagesOf(b.id)).toContain('payment_refunded');

    refundProvider.refund = async () => {
      throw new ProviderUnavailable('Redsys no responde');
    };
    const down = await refund({ amount_cents: 1000, reason: 'Otro' }, 'k3');
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await paymentsOf(b.id)).toHaveLength(2);
    // Above what is left with that provider (11500 − 4500).
    refundProvider.refund = realRefund;
    expect((await refund({ amount_cents: 7001, reason: 'Todo' }, 'k4')).statusCode).toBe(422);
  });

  it('reduce_total: a refund the customer no longer owes lowers the total, so nothing is asked for again', async () => {
    refundProvider.refund = async (_db: unknown, _op: string, r: { providerPaymentRef: string }) => ({
      status: 'succeeded',
      providerRef: r.providerPaymentRef,
    });
    const b = await publicBooking(products.full.id, { date: day(10) });
    await pay(b.id, 11500, new Date(), { providerRef: `R-${b.id}` });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${b.id}/refunds`,
      headers: { authorization: `Bearer ${w.tokens.A1}`, 'idempotency-key': 'goodwill-1' },
      payload: { amount_cents: 2000, reason: 'Niebla en el mirador', reduce_total: true },
    });
    expect(res.statusCode).toBe(201);
    expect(await row(b.id)).toMatchObject({
      totalCents: 9500,
      discountCents: 2000,
      discountReason: 'Reembolso: Niebla en el mirador',
      refundedCents: 2000,
      paymentState: 'paid',
    });
    const staff = await app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${b.id}`,
      headers: { authorization: `Bearer ${w.tokens.A1}` },
    });
    expect(staff.json()).toMatchObject({ pending_cents: 0, due_now_cents: 0 });
    const pub = await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${b.id}` });
    expect(pub.json()).toMatchObject({ can_pay: false, due_now_cents: 0 });

    // Without it the refund corrects a payment: the money is owed again.
    const other = await publicBooking(products.full.id, { date: day(10) });
    await pay(other.id, 11500, new Date(), { providerRef: `R-${other.id}` });
    await app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${other.id}/refunds`,
      headers: { authorization: `Bearer ${w.tokens.A1}`, 'idempotency-key': 'correction-1' },
      payload: { amount_cents: 2000, reason: 'Cobrado dos veces' },
    });
    expect(await row(other.id)).toMatchObject({ totalCents: 11500, discountCents: 0, paymentState: 'partial' });
  });
});

describe('the crew’s cash at check-in', () => {
  it('records what the guide collected with the check-in; the sheet shows pending and collected', async () => {
    const tour = await mkProduct(app, w.tokens.A1, { duration_minutes: 120 });
    const b = await booked(app, w.tokens.A1, bookingBody(tour.id, { pax: { adult: 2 }, date: day(10) }));
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(10),
      product_ids: [tour.id],
    });
    const [sheet] = gen.json().sheets;
    await moveDeparture(app, b.departure_id, day(0));
    const ready = await putSheet(app, w.tokens.A1, sheet.id, {
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      state: 'ready',
      force: true,
    });
    expect(ready.statusCode).toBe(200);
    const checkIn = (body: object, token = w.tokens.A5) =>
      send('POST', `/api/v1/schedule-sheets/${sheet.id}/check-in`, token, body);
    const tooMuch = await checkIn({ booking_id: b.id, collected: { amount_cents: 9001, method: 'cash' } });
    expect(tooMuch.statusCode).toBe(422);
    expect((await row(b.id)).checkedInAt).toBeNull(); // nothing written
    const res = await checkIn({ booking_id: b.id, collected: { amount_cents: 5000, method: 'cash' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending_cents: 4000, collected_cents: 5000 });
    const [p] = await paymentsOf(b.id);
    expect(p).toMatchObject({ amountCents: 5000, method: 'cash', collectedAtCheckIn: true, recordedBy: w.A.l5.id });
    const listed = (await get(`/api/v1/bookings/${b.id}/payments`, w.tokens.A1)).json();
    expect(listed[0]).toMatchObject({ collected_at_check_in: true, recorded_by: { id: w.A.l5.id } });
    const full = (await get(`/api/v1/schedule-sheets/${sheet.id}`, w.tokens.A4)).json();
    expect(full.passengers[0]).toMatchObject({ collected_cents: 5000, pending_cents: 4000 });
  });
});

/** Never oversold: the seats a departure holds never pass its capacity (the invariant every test keeps). */
it('no departure holds more seats than its capacity', async () => {
  const rows = await app.db.select().from(departures);
  for (const d of rows) expect(d.seatsTaken).toBeLessThanOrEqual(d.capacity);
});
