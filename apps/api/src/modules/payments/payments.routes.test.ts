/**
 * Online payments through the API (issue 32, ADR 022), with the providers standing in at their
 * protocol: the Stripe SDK pointed at a local Stripe API (STRIPE_API_URL) and webhooks signed by
 * the SDK's test helper; Redsys notifications signed with Redsys' published test key through
 * redsys-easy, refunds to a local trataPeticion (REDSYS_URL). Every answer is checked against the
 * OpenAPI document (build-app.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import {
  formBody,
  REDSYS_TEST_KEY,
  type RedsysStandIn,
  signRedsysNotification,
  startRedsysStandIn,
} from '../../../test/stand-ins/redsys-rest';
import { type StripeStandIn, sessionEvent, signStripe, startStripeStandIn } from '../../../test/stand-ins/stripe-api';
import {
  auditLog,
  bookings,
  paymentAttempts,
  paymentLinks,
  paymentSettings,
  payments,
  providerEvents,
} from '../../db/schema';
import { expireHold } from '../bookings/bookings.service';
import { api, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { publicApi, publicBody } from '../public/public.test-helpers';
import { LATE_REFUND_REASON } from './payments.notifications';
import { configurePayments, refundThroughProvider } from './payments.service';

const ENCRYPTION_KEY = 'ab'.repeat(32);
const STRIPE_SECRET = 'sk_test_51TrayectoStandInKey000000';
const STRIPE_WEBHOOK = 'whsec_TrayectoStandInSigningSecret0';

let app: FastifyInstance;
let w: World;
let stripe: StripeStandIn;
let redsys: RedsysStandIn;
let redsysProduct: { id: string };
let stripeProduct: { id: string };
let send: ReturnType<typeof api>['send'];
let get: ReturnType<typeof api>['get'];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  redsys = await startRedsysStandIn();
  app = await buildTestApp({
    env: {
      PUBLIC_URL: 'https://reservas.example.com',
      APP_ENCRYPTION_KEY: ENCRYPTION_KEY,
      STRIPE_API_URL: stripe.url,
      REDSYS_URL: redsys.url,
    },
  });
  ({ get, send } = api(app));
  w = await createWorld(app);
  redsysProduct = await mkProduct(app, w.tokens.A1, { payment_mode: 'full', capacity: 50 });
  stripeProduct = await mkProduct(app, w.tokens.B1, { payment_mode: 'full', capacity: 50 });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await stripe?.close();
  await redsys?.close();
});

const settingsUrl = (id: string) => `/api/v1/tour-operators/${id}/payment-settings`;
const redsysSettings = (over: Record<string, unknown> = {}) => ({
  provider: 'redsys',
  mode: 'test',
  hold_minutes: 20,
  redsys: { merchant_code: '999008881', terminal: '1', secret_key: REDSYS_TEST_KEY, bizum: false },
  ...over,
});
const stripeSettings = {
  provider: 'stripe',
  mode: 'test',
  hold_minutes: 15,
  stripe: { secret_key: STRIPE_SECRET, webhook_secret: STRIPE_WEBHOOK },
};

async function configure() {
  const a = await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, redsysSettings());
  if (a.statusCode !== 200) throw new Error(`redsys settings: ${a.body}`);
  const b = await send('PUT', settingsUrl(w.B.op.id), w.tokens.B1, stripeSettings);
  if (b.statusCode !== 200) throw new Error(`stripe settings: ${b.body}`);
}

async function heldBooking(productId: string, over: Record<string, unknown> = {}) {
  const res = await publicApi(app).book(publicBody(productId, over));
  if (res.statusCode !== 201) throw new Error(`public booking: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; total_cents: number };
}

const startPayment = (bookingId: string, body: object = {}, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1/public/bookings/${bookingId}/payments`, payload: body, headers });

const notifyRedsys = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/redsys/notification',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(fields),
  });

const notifyStripe = (payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

const bookingRow = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const paymentsOf = (id: string) => app.db.select().from(payments).where(eq(payments.bookingId, id));
const attemptsOf = (id: string) => app.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, id));
const decode = (b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));

describe('payment settings (levels 0–1, own operator)', () => {
  it('unconfigured: no provider, a 15-minute hold and the notification URLs to register', async () => {
    const res = await get(settingsUrl(w.A.op.id), w.tokens.A1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: null,
      mode: 'test',
      hold_minutes: 15,
      redsys: null,
      stripe: null,
      notification_urls: {
        redsys: 'https://reservas.example.com/api/v1/payments/redsys/notification',
        stripe: 'https://reservas.example.com/api/v1/payments/stripe/webhook',
      },
      updated_at: null,
    });
  });

  it('other levels 403; another operator 404; the administrator any', async () => {
    for (const t of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await get(settingsUrl(w.A.op.id), t)).statusCode).toBe(403);
      expect((await send('PUT', settingsUrl(w.A.op.id), t, redsysSettings())).statusCode).toBe(403);
    }
    expect((await get(settingsUrl(w.A.op.id), w.tokens.B1)).statusCode).toBe(404);
    expect((await send('PUT', settingsUrl(w.A.op.id), w.tokens.B1, redsysSettings())).statusCode).toBe(404);
    expect((await get(settingsUrl(w.B.op.id), w.tokens.admin)).statusCode).toBe(200);
  });

  it('422 naming the field: a provider without its secret, bad codes, a Stripe key of the other mode', async () => {
    const noSecret = await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, {
      ...redsysSettings(),
      redsys: { merchant_code: '999008881', terminal: '1' },
    });
    expect(noSecret.statusCode).toBe(422);
    expect(noSecret.json().errors['redsys.secret_key']).toBeDefined();
    const badCode = await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, {
      ...redsysSettings(),
      redsys: { merchant_code: '12', terminal: '1', secret_key: REDSYS_TEST_KEY },
    });
    expect(badCode.statusCode).toBe(422);
    expect(Object.keys(badCode.json().errors)).toContain('redsys.merchant_code');
    const stripeNoWebhook = await send('PUT', settingsUrl(w.B.op.id), w.tokens.B1, {
      ...stripeSettings,
      stripe: { secret_key: STRIPE_SECRET },
    });
    expect(stripeNoWebhook.statusCode).toBe(422);
    expect(stripeNoWebhook.json().errors['stripe.webhook_secret']).toBeDefined();
    const liveKeyInTest = await send('PUT', settingsUrl(w.B.op.id), w.tokens.B1, {
      ...stripeSettings,
      stripe: { secret_key: 'sk_live_51Something0000000', webhook_secret: STRIPE_WEBHOOK },
    });
    expect(liveKeyInTest.statusCode).toBe(422);
    expect(liveKeyInTest.json().errors['stripe.secret_key'][0]).toContain('sk_test_');
    const hold = await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, redsysSettings({ hold_minutes: 121 }));
    expect(hold.statusCode).toBe(422);
    expect(await app.db.select().from(paymentSettings)).toHaveLength(0);
  });

  it('saves: secrets sealed at rest, never answered, kept when omitted, audited as "(cambiado)"', async () => {
    await configure();
    const res = await get(settingsUrl(w.A.op.id), w.tokens.A1);
    expect(res.json()).toMatchObject({
      provider: 'redsys',
      hold_minutes: 20,
      redsys: { merchant_code: '999008881', terminal: '1', bizum: false, secret_key_set: true },
      stripe: null,
    });
    expect(res.body).not.toContain(REDSYS_TEST_KEY);
    const b = await get(settingsUrl(w.B.op.id), w.tokens.B1);
    expect(b.json().stripe).toEqual({ publishable_hint: null, secret_key_set: true, webhook_secret_set: true });
    expect(b.body).not.toContain(STRIPE_SECRET);
    const rows = await app.db.select().from(paymentSettings);
    for (const r of rows) {
      expect(r.secrets).toMatch(/^v1:/);
      expect(r.secrets).not.toContain(REDSYS_TEST_KEY);
      expect(r.secrets).not.toContain(STRIPE_SECRET);
    }
    // Omitted secret: kept; Bizum turned on.
    const bizum = await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, {
      ...redsysSettings(),
      redsys: { merchant_code: '999008881', terminal: '1', bizum: true },
    });
    expect(bizum.statusCode).toBe(200);
    expect(bizum.json().redsys).toMatchObject({ bizum: true, secret_key_set: true });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityType, 'payment_settings'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(REDSYS_TEST_KEY);
    expect(text).not.toContain(STRIPE_SECRET);
    expect(text).not.toContain(STRIPE_WEBHOOK);
    expect(text).toContain('(cambiado)');
  });
});

describe('Redsys: checkout and notifications', () => {
  it('409 PAYMENTS_NOT_CONFIGURED without a provider; 404 for an unknown booking', async () => {
    const none = await startPayment('00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
  });

  it('answers the signed form for what is due now; Bizum only when on', async () => {
    const b = await heldBooking(redsysProduct.id, { language: 'de' });
    const res = await startPayment(b.id, { pay_method: 'bizum' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'redsys', amount_cents: b.total_cents, currency: 'EUR' });
    expect(body.form.action).toBe(`${redsys.url}/sis/realizarPago`);
    const p = decode(body.form.fields.Ds_MerchantParameters);
    expect(p).toMatchObject({
      DS_MERCHANT_AMOUNT: String(b.total_cents),
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_CONSUMERLANGUAGE: '5',
      DS_MERCHANT_MERCHANTURL: 'https://reservas.example.com/api/v1/payments/redsys/notification',
      DS_MERCHANT_URLOK: `https://reservas.example.com/public/booking/${b.id}?payment=ok`,
      DS_MERCHANT_URLKO: `https://reservas.example.com/public/booking/${b.id}?payment=ko`,
    });
    const [attempt] = await attemptsOf(b.id);
    expect(attempt).toMatchObject({
      provider: 'redsys',
      state: 'started',
      orderRef: p.DS_MERCHANT_ORDER,
      payMethod: 'bizum',
    });
    expect(attempt.amountCents).toBe(b.total_cents);
  });

  it('paid: confirmed and paid exactly once, though the notification arrives three times', async () => {
    const b = await heldBooking(redsysProduct.id);
    const start = (await startPayment(b.id)).json();
    const order = decode(start.form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    const fields = signRedsysNotification({ order, amountCents: b.total_cents });
    for (let i = 0; i < 3; i++) {
      const res = await notifyRedsys(fields);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const row = await bookingRow(b.id);
    expect(row).toMatchObject({
      state: 'confirmed',
      paymentState: 'paid',
      paidCents: b.total_cents,
      holdExpiresAt: null,
    });
    const paid = await paymentsOf(b.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      method: 'online',
      provider: 'redsys',
      providerRef: order,
      amountCents: b.total_cents,
      payMethod: 'card',
    });
    const [attempt] = await attemptsOf(b.id);
    expect(attempt).toMatchObject({ state: 'paid', providerPaymentRef: order });
    const events = await app.db.select().from(providerEvents).where(eq(providerEvents.attemptId, attempt.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'applied', eventKey: `order:${order}:0000` });

    // Reordered: a failure arriving after the payment changes nothing.
    const late = await notifyRedsys(signRedsysNotification({ order, amountCents: b.total_cents, response: '0190' }));
    expect(late.statusCode).toBe(200);
    expect(await bookingRow(b.id)).toMatchObject({ state: 'confirmed', paymentState: 'paid' });
    expect((await attemptsOf(b.id))[0].state).toBe('paid');
    const after = await app.db.select().from(providerEvents).where(eq(providerEvents.attemptId, attempt.id));
    expect(after.find((e) => e.eventKey.endsWith(':0190'))?.outcome).toBe('ignored');
  });

  it('Bizum: recorded as Bizum when chosen, or when Redsys says it was paid with it (Ds_ProcessedPayMethod 68)', async () => {
    const chosen = await heldBooking(redsysProduct.id);
    const chosenOrder = decode(
      (await startPayment(chosen.id, { pay_method: 'bizum' })).json().form.fields.Ds_MerchantParameters,
    ).DS_MERCHANT_ORDER;
    // Redsys' notification without the processed method: the customer's choice stands.
    await notifyRedsys(signRedsysNotification({ order: chosenOrder, amountCents: chosen.total_cents, payMethod: '' }));
    expect((await paymentsOf(chosen.id))[0]).toMatchObject({ provider: 'redsys', payMethod: 'bizum' });

    // Card asked, but the bank's page let the customer pay with Bizum: Redsys' word wins.
    const switched = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(switched.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    await notifyRedsys(signRedsysNotification({ order, amountCents: switched.total_cents, payMethod: '68' }));
    const [payment] = await paymentsOf(switched.id);
    expect(payment).toMatchObject({ provider: 'redsys', payMethod: 'bizum' });
    const [event] = await app.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventKey, `order:${order}:0000`));
    expect(event.detail).toContain('Bizum');
  });

  it('a denied payment marks the attempt failed; the booking keeps waiting', async () => {
    const b = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    expect(
      (await notifyRedsys(signRedsysNotification({ order, amountCents: b.total_cents, response: '0190' }))).statusCode,
    ).toBe(200);
    expect((await attemptsOf(b.id))[0]).toMatchObject({ state: 'failed' });
    expect(await bookingRow(b.id)).toMatchObject({ state: 'pending', paidCents: 0 });
  });

  it('tampered: parameters changed after signing → 400; a signed amount other than the attempt’s → not applied', async () => {
    const b = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    const good = signRedsysNotification({ order, amountCents: b.total_cents });
    const params = decode(good.Ds_MerchantParameters);
    const changed = {
      ...good,
      Ds_MerchantParameters: Buffer.from(JSON.stringify({ ...params, Ds_Amount: '100' })).toString('base64'),
    };
    const bad = await notifyRedsys(changed);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('SIGNATURE_INVALID');
    const other = await notifyRedsys(signRedsysNotification({ order, amountCents: 100 }));
    expect(other.statusCode).toBe(200);
    expect(await paymentsOf(b.id)).toHaveLength(0);
    expect(await bookingRow(b.id)).toMatchObject({ state: 'pending', paidCents: 0 });
    const [ev] = await app.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventKey, `order:${order}:0000`));
    expect(ev).toMatchObject({ outcome: 'ignored' });
    expect(ev.detail).toContain('distinto');
  });

  it('bad signature (another key) → 400 SIGNATURE_INVALID, nothing written; unknown order → 200 ignored', async () => {
    const b = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    const events = (await app.db.select().from(providerEvents)).length;
    const forged = await notifyRedsys(
      signRedsysNotification({ order, amountCents: b.total_cents }, 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('SIGNATURE_INVALID');
    const unknown = await notifyRedsys(signRedsysNotification({ order: '9999zzzzZZZZ', amountCents: 100 }));
    expect(unknown.statusCode).toBe(200);
    const garbage = await notifyRedsys({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'xx',
      Ds_Signature: 'yy',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await app.db.select().from(providerEvents)).length).toBe(events);
    expect(await bookingRow(b.id)).toMatchObject({ state: 'pending', paidCents: 0 });
  });

  it("another merchant's notification for our order (signed with our key) is ignored", async () => {
    const b = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    const res = await notifyRedsys(
      signRedsysNotification({ order, amountCents: b.total_cents, merchantCode: '111111111' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(b.id)).toHaveLength(0);
  });

  it('refunds through trataPeticion (TransactionType 3), signed with the operator’s key', async () => {
    const out = await refundThroughProvider(app.db, w.A.op.id, {
      provider: 'redsys',
      providerPaymentRef: '1234abcdEFGH',
      amountCents: 2500,
      currency: 'EUR',
    });
    expect(out).toEqual({ status: 'succeeded', providerRef: '1234abcdEFGH' });
    const last = redsys.requests.at(-1);
    expect(last?.signatureOk).toBe(true);
    expect(last?.params).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_ORDER: '1234abcdEFGH',
      DS_MERCHANT_AMOUNT: '2500',
      DS_MERCHANT_MERCHANTCODE: '999008881',
    });
    redsys.mode = 'denied';
    await expect(
      refundThroughProvider(app.db, w.A.op.id, {
        provider: 'redsys',
        providerPaymentRef: 'X',
        amountCents: 1,
        currency: 'EUR',
      }),
    ).rejects.toThrow(/rechazado/);
    redsys.mode = 'ok';
  });
});

describe('Stripe: Checkout Session and webhooks', () => {
  it('answers the Checkout address; the SDK called the stand-in with the amount and return URLs', async () => {
    const b = await heldBooking(stripeProduct.id, { language: 'fr' });
    const res = await startPayment(b.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'stripe', amount_cents: b.total_cents, currency: 'EUR' });
    expect(body.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const call = stripe.requests.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${STRIPE_SECRET}`,
    });
    expect(call?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': String(b.total_cents),
      'line_items[0][price_data][currency]': 'eur',
      locale: 'fr',
      success_url: `https://reservas.example.com/public/booking/${b.id}?payment=ok`,
      cancel_url: `https://reservas.example.com/public/booking/${b.id}?payment=ko`,
    });
    const [attempt] = await attemptsOf(b.id);
    expect(attempt.orderRef).toMatch(/^cs_test_/);
    expect(stripe.sessions.has(attempt.orderRef)).toBe(true);
    // Bizum is Redsys's.
    expect((await startPayment(b.id, { pay_method: 'bizum' })).statusCode).toBe(422);
  });

  it('completed: paid exactly once though the webhook arrives three times; a bad signature is 400', async () => {
    const b = await heldBooking(stripeProduct.id);
    await startPayment(b.id);
    const [attempt] = await attemptsOf(b.id);
    const session = stripe.sessions.get(attempt.orderRef) as Record<string, unknown>;
    const event = sessionEvent('checkout.session.completed', session);
    const forged = await notifyStripe(event.payload, signStripe(event.payload, 'whsec_SomeoneElsesSecret0000'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('SIGNATURE_INVALID');
    expect((await notifyStripe(event.payload, 'garbage')).statusCode).toBe(400);
    expect(await paymentsOf(b.id)).toHaveLength(0);
    for (let i = 0; i < 3; i++) {
      const res = await notifyStripe(event.payload, signStripe(event.payload, STRIPE_WEBHOOK));
      expect(res.statusCode).toBe(200);
    }
    expect(await bookingRow(b.id)).toMatchObject({
      state: 'confirmed',
      paymentState: 'paid',
      paidCents: b.total_cents,
    });
    const paid = await paymentsOf(b.id);
    expect(paid).toHaveLength(1);
    const pi = (JSON.parse(event.payload).data.object as { payment_intent: string }).payment_intent;
    expect(paid[0]).toMatchObject({ provider: 'stripe', providerRef: pi });
    const events = await app.db.select().from(providerEvents).where(eq(providerEvents.eventKey, event.id));
    expect(events).toHaveLength(1);
    // Reordered: the session's expiry after its payment changes nothing.
    const expired = sessionEvent('checkout.session.expired', session);
    expect((await notifyStripe(expired.payload, signStripe(expired.payload, STRIPE_WEBHOOK))).statusCode).toBe(200);
    expect((await attemptsOf(b.id))[0].state).toBe('paid');
    // A different event naming the same PaymentIntent (async success after completion): a duplicate.
    const again = sessionEvent('checkout.session.async_payment_succeeded', session, { payment_intent: pi });
    expect((await notifyStripe(again.payload, signStripe(again.payload, STRIPE_WEBHOOK))).statusCode).toBe(200);
    expect(await paymentsOf(b.id)).toHaveLength(1);
    const [dup] = await app.db.select().from(providerEvents).where(eq(providerEvents.eventKey, again.id));
    expect(dup.outcome).toBe('duplicate');
  });

  it('an event for a session we do not know: 200, ignored, nothing written', async () => {
    const event = sessionEvent('checkout.session.completed', {
      id: 'cs_test_unknown',
      object: 'checkout.session',
      amount_total: 100,
      currency: 'eur',
    });
    const before = (await app.db.select().from(providerEvents)).length;
    const res = await notifyStripe(event.payload, signStripe(event.payload, STRIPE_WEBHOOK));
    expect(res.statusCode).toBe(200);
    expect((await app.db.select().from(providerEvents)).length).toBe(before);
  });

  it('Stripe down or slow → 502 PAYMENT_PROVIDER_UNAVAILABLE; only the failed attempt is written', async () => {
    const b = await heldBooking(stripeProduct.id);
    const before = await bookingRow(b.id);
    stripe.mode = 'error';
    const down = await startPayment(b.id);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    // The customer's language (Accept-Language) on the public API.
    stripe.mode = 'hang';
    configurePayments(app.config, { timeoutMs: 300 });
    const slow = await startPayment(b.id, {}, { 'accept-language': 'de' });
    configurePayments(app.config);
    stripe.mode = 'ok';
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toContain('Zahlungsdienst');
    const attempts = await attemptsOf(b.id);
    expect(attempts.map((a) => a.state)).toEqual(['failed', 'failed']);
    expect(attempts[0].error).toContain('Stripe');
    const after = await bookingRow(b.id);
    expect(after).toMatchObject({ state: before.state, version: before.version, holdExpiresAt: before.holdExpiresAt });
    expect(await paymentsOf(b.id)).toHaveLength(0);
  });

  it('refunds the PaymentIntent through the SDK', async () => {
    const out = await refundThroughProvider(app.db, w.B.op.id, {
      provider: 'stripe',
      providerPaymentRef: 'pi_test_123',
      amountCents: 1500,
      currency: 'EUR',
      idempotencyKey: 'refund-1',
    });
    expect(out.status).toBe('succeeded');
    expect(out.providerRef).toMatch(/^re_test_/);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund-1',
      form: { payment_intent: 'pi_test_123', amount: '1500' },
    });
    // An operator with no Stripe keys: the provider is unavailable (502 upstream), nothing sent.
    await expect(
      refundThroughProvider(app.db, w.A.op.id, {
        provider: 'stripe',
        providerPaymentRef: 'pi',
        amountCents: 1,
        currency: 'EUR',
      }),
    ).rejects.toThrow(/no están configurados/);
  });
});

describe("a deposit online, then the balance through the office's link (issue 32, «Done when»)", () => {
  it('the deposit confirms the booking; the link makes the rest payable on the booking page; its payment closes the link', async () => {
    await configure();
    const deposit = await mkProduct(app, w.tokens.A1, {
      payment_mode: 'deposit',
      deposit: { percent: 30 },
      capacity: 20,
    });
    const b = await heldBooking(deposit.id, { language: 'de' });
    const depositCents = Math.round((b.total_cents * 30) / 100);
    const publicBooking = async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${b.id}` })).json();
    expect(await publicBooking()).toMatchObject({ due_now_cents: depositCents, can_pay: true });

    // The deposit, through Redsys.
    const first = (await startPayment(b.id)).json();
    expect(first.amount_cents).toBe(depositCents);
    const firstOrder = decode(first.form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    expect(
      (await notifyRedsys(signRedsysNotification({ order: firstOrder, amountCents: depositCents }))).statusCode,
    ).toBe(200);
    expect(await bookingRow(b.id)).toMatchObject({
      state: 'confirmed',
      paymentState: 'partial',
      paidCents: depositCents,
    });
    // The rest is due on the day: nothing payable online now.
    expect(await publicBooking()).toMatchObject({ due_now_cents: 0, due_later_cents: b.total_cents - depositCents });

    // The office sends a link for the balance (here only to copy).
    const link = await send('POST', `/api/v1/bookings/${b.id}/payment-links`, w.tokens.A1, { channel: 'none' });
    expect(link.statusCode).toBe(201);
    const balance = b.total_cents - depositCents;
    expect(link.json()).toMatchObject({
      amount_cents: balance,
      url: expect.stringContaining(`/public/booking/${b.id}`),
    });
    expect(await publicBooking()).toMatchObject({ due_now_cents: balance, can_pay: true });

    // The customer pays it from the booking's page.
    const second = (await startPayment(b.id)).json();
    expect(second.amount_cents).toBe(balance);
    const secondOrder = decode(second.form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    expect((await notifyRedsys(signRedsysNotification({ order: secondOrder, amountCents: balance }))).statusCode).toBe(
      200,
    );
    expect(await bookingRow(b.id)).toMatchObject({
      state: 'confirmed',
      paymentState: 'paid',
      paidCents: b.total_cents,
    });
    const [row] = await app.db.select().from(paymentLinks).where(eq(paymentLinks.bookingId, b.id));
    expect(row.paidAt).not.toBeNull();
    expect(await publicBooking()).toMatchObject({ due_now_cents: 0, can_pay: false });
    expect((await paymentsOf(b.id)).map((p) => p.amountCents).sort((x, y) => x - y)).toEqual(
      [depositCents, balance].sort((x, y) => x - y),
    );
    const staff = (await get(`/api/v1/bookings/${b.id}`, w.tokens.A1)).json();
    expect(staff.payment_links[0]).toMatchObject({ amount_cents: balance, paid_at: expect.any(String) });
  });
});

describe('a payment that arrives after its hold ended and its seats were sold', () => {
  it('is recorded, given back at once through Redsys (trataPeticion) and the attempt is refunded_late', async () => {
    const small = await mkProduct(app, w.tokens.A1, { payment_mode: 'full', capacity: 3 });
    const b = await heldBooking(small.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    // The hold ends (the job would, at its end) and someone else takes the three seats.
    expect(await expireHold(app.db, b.id, new Date(Date.now() + 21 * 60_000))).toBe(true);
    expect((await bookingRow(b.id)).state).toBe('cancelled');
    await heldBooking(small.id);
    const refundsBefore = redsys.requests.length;
    const res = await notifyRedsys(signRedsysNotification({ order, amountCents: b.total_cents }));
    expect(res.statusCode).toBe(200);
    expect((await attemptsOf(b.id))[0]).toMatchObject({ state: 'refunded_late', providerPaymentRef: order });
    const moves = await paymentsOf(b.id);
    expect(moves.map((m) => [m.kind, m.amountCents]).sort()).toEqual([
      ['payment', b.total_cents],
      ['refund', b.total_cents],
    ]);
    expect(moves.find((m) => m.kind === 'refund')?.reason).toBe(LATE_REFUND_REASON);
    expect(redsys.requests.length).toBe(refundsBefore + 1);
    expect(redsys.requests.at(-1)?.params).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_AMOUNT: String(b.total_cents),
    });
    expect((await bookingRow(b.id)).state).toBe('cancelled');
    // The notification again: nothing more is refunded.
    expect((await notifyRedsys(signRedsysNotification({ order, amountCents: b.total_cents }))).statusCode).toBe(200);
    expect(redsys.requests.length).toBe(refundsBefore + 1);
    expect(await paymentsOf(b.id)).toHaveLength(2);
  });
});

describe('nothing due, not configured', () => {
  it('409 NOTHING_DUE once paid; 409 PAYMENTS_NOT_CONFIGURED when the provider is turned off', async () => {
    const b = await heldBooking(redsysProduct.id);
    const order = decode((await startPayment(b.id)).json().form.fields.Ds_MerchantParameters).DS_MERCHANT_ORDER;
    await notifyRedsys(signRedsysNotification({ order, amountCents: b.total_cents }));
    const paid = await startPayment(b.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('NOTHING_DUE');
    const held = await heldBooking(redsysProduct.id);
    await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, { provider: null, mode: 'test', hold_minutes: 15 });
    const off = await startPayment(held.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('PAYMENTS_NOT_CONFIGURED');
    await send('PUT', settingsUrl(w.A.op.id), w.tokens.A1, redsysSettings());
    const rows = await app.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, held.id), eq(paymentAttempts.state, 'started')));
    expect(rows).toHaveLength(0);
  });
});
