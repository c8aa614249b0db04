/**
 * Webhooks to channels (issue 33 item 7, ADR 023, docs/octo.md «Webhooks») on a real database,
 * against a reseller's receiver on loopback that checks every delivery's signature with the
 * channel's secret (`verifyWebhookSignature`) and reads the OCTO booking with `@octocloud/types`'
 * zBooking: the operator's side changing a channel's booking — a staff edit, a staff cancel, a
 * departure cancelled, a hold ended by its job — queues one signed delivery in the change's
 * transaction, sent by the outbox's task, retried after a 5xx, listed in «Mensajes»; the channel's
 * own OCTO calls, a change it cannot see, a channel without webhook or inactive send nothing; a new
 * URL or secret moves what is still queued; the secret never shows in an answer or a log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkAnswersAgainstDocument, TEST_JWT_SECRET } from '../../../test/build-app';
import { createTestDatabase } from '../../../test/db';
import { createWorld } from '../../../test/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { channels, messages, webhookEndpoints } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { createLogger } from '../../lib/logger';
import { cancelBooking, updateBooking } from '../bookings/bookings.service';
import {
  actorOf,
  api,
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  TZ,
  type World,
} from '../bookings/bookings.test-helpers';
import { verifyWebhookSignature } from '../messages/messages.webhooks';
import { offsetOf } from './octo.availability';
import { caps, checkAgainstOctoDocument, type OctoBooking, octoApi, spec } from './octo.test-helpers';
import { fittedData } from './octo.webhooks';

const SECRET = 'whsec-Klook-0123456789-abcdef';
const SECRET_2 = 'whsec-Klook-rotado-9876543210';
const KEY_HEX = 'ab'.repeat(32);
/** What the GET of a booking is asked with: every capability we implement. */
const EVERY_CAP = caps('octo/content', 'octo/pricing', 'octo/pickups', 'octo/questions');

type Delivery = {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; event: string; created_at: string; data: Record<string, unknown> & { booking: OctoBooking } };
  signed: boolean;
};

/** A reseller's endpoint: verifies each delivery with its secret, answers what the test scripts (200). */
class Receiver {
  readonly got: Delivery[] = [];
  readonly script: number[] = [];
  secret = SECRET;
  url = '';
  private server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
    });
    req.on('end', () => {
      const signed = verifyWebhookSignature(this.secret, String(req.headers['trayecto-signature'] ?? ''), raw);
      this.got.push({ headers: req.headers, raw, body: JSON.parse(raw), signed });
      const status = this.script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'caído');
    });
  });

  async listen() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/octo/webhooks`;
    return this;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

let app: FastifyInstance;
let w: World;
let product: { id: string };
let receiver: Receiver;
let channel: { id: string; name: string };
let octo: ReturnType<typeof octoApi>;
let logs = '';

const idOf = (date: string, time: string) => `${date}T${time}:00${offsetOf(TZ, new Date(`${date}T${time}:00Z`))}`;
const CONTACT = { firstName: 'Lucía', lastName: 'Pérez', emailAddress: 'lucia@example.com', country: 'ES' };
const send = (method: 'POST' | 'PUT', url: string, payload?: object, token = w.tokens.A1) =>
  api(app).send(method, url, token, payload);
const deliver = () => app.background.runner.runTask('messages.deliver');

/** A channel of operator A made in «Canales» (its endpoint kept in step by the channels service), and a key. */
async function mkChannel(body: Record<string, unknown>) {
  const res = await send('POST', '/api/v1/channels', { name: `Canal ${crypto.randomUUID().slice(0, 8)}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { id: string; name: string };
  const key = await send('POST', `/api/v1/channels/${made.id}/keys`, {});
  expect(key.statusCode, key.body).toBe(201);
  return { channel: made, octo: octoApi(app, key.json().key) };
}

/** The channel's own reserve (and confirm, unless `held`): two adults on `date` at `time`. */
async function octoBooking(o: { api?: typeof octo; date?: string; time?: string; held?: boolean } = {}) {
  const via = o.api ?? octo;
  const res = await via.post('/bookings', {
    uuid: crypto.randomUUID(),
    productId: product.id,
    optionId: 'DEFAULT',
    availabilityId: idOf(o.date ?? day(5), o.time ?? '09:00'),
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    expirationMinutes: 5,
    resellerReference: `RES-${crypto.randomUUID().slice(0, 6)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  if (o.held) return spec.booking(res.json());
  const confirmed = await via.post(`/bookings/${res.json().uuid}/confirm`, { contact: CONTACT });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return spec.booking(confirmed.json());
}

/** The webhook deliveries written for a booking, oldest first. */
const deliveriesOf = (bookingId: string) =>
  app.db
    .select()
    .from(messages)
    .where(and(eq(messages.bookingId, bookingId), eq(messages.channel, 'webhook')))
    .orderBy(messages.createdAt);

/** Sends what is queued and answers what the receiver got for this booking, every delivery checked. */
async function receivedFor(r: Receiver, bookingId: string) {
  await deliver();
  const got = r.got.filter((d) => d.body.data.booking.id === bookingId);
  for (const d of got) {
    expect(d.signed, 'the signature checks with the channel’s secret').toBe(true);
    expect(d.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(d.headers['trayecto-event']).toBe(d.body.event);
    expect(d.headers['trayecto-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    spec.booking(d.body.data.booking, { pickups: true });
  }
  return got;
}

/** The booking as the channel's GET answers it now, with every capability. */
async function octoGet(uuid: string, via = octo) {
  const res = await via.get(`/bookings/${uuid}`, EVERY_CAP);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OctoBooking;
}

beforeAll(async () => {
  const memory = new Writable({
    write(chunk, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      WEB_DIST: '/nonexistent',
      DATA_DIR: '/tmp/trayecto-test-unused',
      APP_ENCRYPTION_KEY: KEY_HEX,
      PUBLIC_URL: 'https://reservas.example.com',
    },
    { readDotenv: false },
  );
  app = await buildApp({
    config,
    database: await createTestDatabase(),
    jwtSecret: TEST_JWT_SECRET,
    loggerInstance: createLogger('debug', memory),
    loginThrottle: { accountLimit: 1000, addressLimit: 1000 },
    publicRateLimit: { readMax: 100_000, writeMax: 100_000 },
    // Retries at once: the test drives the delivery task by hand.
    mail: { retry: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 } },
    reminders: false,
  });
  checkAnswersAgainstDocument(app);
  await checkAgainstOctoDocument(app);
  w = await createWorld(app);
  const hotel = await mkAccommodation(app, 'Hotel Jardín Tropical', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'Entrada',
  });
  product = await mkProduct(app, w.tokens.A1, {
    capacity: 100,
    free_cancellation_hours: 24,
    pickups: [{ accommodation_id: hotel, minutes_before: 30 }],
  });
  receiver = await new Receiver().listen();
  ({ channel, octo } = await mkChannel({ commission_pct: 20, webhook_url: receiver.url, webhook_secret: SECRET }));
}, 90_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.got.length = 0;
  receiver.script.length = 0;
});

describe('the channel’s endpoint', () => {
  it('is made by «Canales» with the URL and the secret sealed as the channel keeps it, named after the channel', async () => {
    const [row] = await app.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(row.webhookEndpointId).not.toBeNull();
    const [endpoint] = await app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, row.webhookEndpointId as string));
    expect(endpoint).toMatchObject({
      tourOperatorId: w.A.op.id,
      url: receiver.url,
      description: `Canal ${channel.name}`,
      active: true,
    });
    expect(endpoint.secret).toMatch(/^v1:/);
    expect(endpoint.secret).toBe(row.webhookSecret);
    expect(endpoint.secret).not.toContain(SECRET);
  });
});

describe('what the channel does itself', () => {
  it('reserve, confirm, update, extend and cancel through OCTO send nothing: it has the answer', async () => {
    const held = await octoBooking({ held: true });
    expect((await octo.post(`/bookings/${held.uuid}/extend`, { expirationMinutes: 30 })).statusCode).toBe(200);
    const confirmed = await octo.post(`/bookings/${held.uuid}/confirm`, { contact: CONTACT });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await octo.patch(`/bookings/${held.uuid}`, { notes: 'Silla de bebé' })).statusCode).toBe(200);
    expect((await octo.post(`/bookings/${held.uuid}/cancel`, { reason: 'El cliente no viaja' })).statusCode).toBe(200);
    expect(await deliveriesOf(held.id)).toHaveLength(0);
    expect(await receivedFor(receiver, held.id)).toHaveLength(0);
  });
});

describe('the operator changes a channel’s booking', () => {
  it('a staff edit: booking.updated, signed, with the OCTO booking exactly as GET answers it', async () => {
    const b = await octoBooking();
    const res = await send('PUT', `/api/v1/bookings/${b.id}`, { time: '18:00', customer_phone: '+34 611 222 333' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await deliveriesOf(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'queued', subject: 'booking.updated', recipient: receiver.url });
    const [got] = await receivedFor(receiver, b.id);
    expect(got.body).toMatchObject({ id: rows[0].id, event: 'booking.updated' });
    expect(got.headers['trayecto-delivery']).toBe(rows[0].id);
    const booking = got.body.data.booking;
    expect(booking).toMatchObject({
      id: b.id,
      uuid: b.uuid,
      status: 'CONFIRMED',
      availabilityId: idOf(day(5), '18:00'),
      contact: { phoneNumber: '+34 611 222 333' },
    });
    // The same object the channel reads with GET /bookings/{uuid} (octo/content, pricing, pickups).
    expect(booking).toEqual(await octoGet(b.uuid));
    expect(booking.product?.title).toBeTruthy();
    expect(booking.pricing).toBeDefined();
    expect(booking).toHaveProperty('pickupRequested');
    expect((await deliveriesOf(b.id))[0]).toMatchObject({ state: 'sent', attempts: 1, responseStatus: 200 });
  });

  it('a staff cancel: booking.cancelled with the reason; CANCELLED with its cancellation', async () => {
    const b = await octoBooking();
    const res = await send('POST', `/api/v1/bookings/${b.id}/cancel`, { reason: 'Avería del barco' });
    expect(res.statusCode, res.body).toBe(200);
    const [got, ...more] = await receivedFor(receiver, b.id);
    expect(more).toHaveLength(0);
    expect(got.body).toMatchObject({
      event: 'booking.cancelled',
      data: { reason: 'Avería del barco', departure_cancelled: false },
    });
    expect(got.body.data.booking).toMatchObject({
      status: 'CANCELLED',
      cancellable: false,
      cancellation: { refund: 'FULL', reason: 'Avería del barco' },
    });
  });

  it('a departure cancelled: booking.cancelled with why, for each of its channel bookings (the office’s own get none)', async () => {
    const date = day(6);
    const confirmed = await octoBooking({ date, time: '18:00' });
    const held = await octoBooking({ date, time: '18:00', held: true });
    const office = await booked(app, w.tokens.A1, bookingBody(product.id, { date, time: '18:00' }));
    const res = await send('POST', `/api/v1/products/${product.id}/departures/cancel`, {
      date,
      time: '18:00',
      reason: 'weather',
      next_steps: 'Os devolvemos el importe íntegro.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await deliveriesOf(office.id)).toHaveLength(0);
    const [a] = await receivedFor(receiver, confirmed.id);
    const [h] = await receivedFor(receiver, held.id);
    for (const got of [a, h]) {
      expect(got.body).toMatchObject({
        event: 'booking.cancelled',
        data: { reason: 'Salida cancelada: Mal tiempo', departure_cancelled: true },
      });
    }
    expect(a.body.data.booking).toMatchObject({ status: 'CANCELLED', availability: { status: 'CLOSED' } });
    // A hold the operator released reads EXPIRED, as OCTO has it; the event still says who ended it.
    expect(h.body.data.booking.status).toBe('EXPIRED');
  });

  it('a hold that its job ends: booking.expired with the reason', async () => {
    const held = await octoBooking({ held: true, date: day(7) });
    expect(await deliveriesOf(held.id)).toHaveLength(0);
    const end = Date.parse(held.utcExpiresAt as string);
    await app.background.runner.tick(new Date(end + 1000));
    const rows = await deliveriesOf(held.id);
    expect(rows.map((r) => r.subject)).toEqual(['booking.expired']);
    const [got] = await receivedFor(receiver, held.id);
    expect(got.body).toMatchObject({
      event: 'booking.expired',
      data: { reason: 'Reserva del canal no confirmada a tiempo' },
    });
    expect(got.body.data.booking).toMatchObject({ status: 'EXPIRED', utcExpiresAt: held.utcExpiresAt });
  });

  it('one action that writes the booking twice sends one delivery, of the booking as committed', async () => {
    const b = await octoBooking();
    const actor = actorOf(w.A.l1);
    await inTransaction(app.db, async (tx) => {
      await updateBooking(tx, actor, b.id, { customer_name: 'Rosa Luz' }, new Date());
      await cancelBooking(tx, actor, b.id, 'Cambio y baja', new Date());
    });
    const rows = await deliveriesOf(b.id);
    expect(rows.map((r) => r.subject)).toEqual(['booking.cancelled']);
    const [got] = await receivedFor(receiver, b.id);
    expect(got.body.data.booking).toMatchObject({ status: 'CANCELLED', contact: { fullName: 'Rosa Luz' } });
    expect(got.body.data.booking).toEqual(await octoGet(b.uuid));
    // A change rolled back leaves nothing.
    const c = await octoBooking();
    await expect(
      inTransaction(app.db, async (tx) => {
        await cancelBooking(tx, actor, c.id, 'No', new Date());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(c.id)).toHaveLength(0);
  });

  it('what the channel cannot see in its booking sends nothing: a payment, internal notes', async () => {
    const b = await octoBooking();
    const paid = await send('POST', `/api/v1/bookings/${b.id}/payments`, { amount_cents: 1000, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, { internal_notes: 'Cliente VIP' })).statusCode).toBe(200);
    expect(await deliveriesOf(b.id)).toHaveLength(0);
  });
});

describe('channels that get nothing', () => {
  it('without a webhook, or inactive (what was queued for it is skipped)', async () => {
    const none = await mkChannel({});
    const plain = await octoBooking({ api: none.octo });
    expect((await send('POST', `/api/v1/bookings/${plain.id}/cancel`, { reason: 'Sin webhook' })).statusCode).toBe(200);
    expect(await deliveriesOf(plain.id)).toHaveLength(0);

    const other = await mkChannel({ webhook_url: receiver.url, webhook_secret: SECRET });
    const b = await octoBooking({ api: other.octo });
    // One change while active waits in the outbox; then the channel is switched off.
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, { customer_name: 'Ana Gil' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/v1/channels/${other.channel.id}`, { active: false })).statusCode).toBe(200);
    expect((await send('POST', `/api/v1/bookings/${b.id}/cancel`, { reason: 'Canal de baja' })).statusCode).toBe(200);
    expect(await receivedFor(receiver, b.id)).toHaveLength(0);
    expect((await deliveriesOf(b.id)).map((r) => [r.subject, r.state])).toEqual([['booking.updated', 'skipped']]);
  });
});

describe('delivery', () => {
  it('a receiver that answers 500 gets it again (same event id, a new signature) until it answers 200', async () => {
    const b = await octoBooking();
    receiver.script.push(500);
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, { pax: { adult: 3 } })).statusCode).toBe(200);
    const first = await receivedFor(receiver, b.id);
    expect(first).toHaveLength(1);
    const [row] = await deliveriesOf(b.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, responseStatus: 500, lastError: 'HTTP 500: caído' });
    const again = await receivedFor(receiver, b.id);
    expect(again).toHaveLength(2);
    expect(again[1].body.id).toBe(again[0].body.id);
    expect(again[1].raw).toBe(again[0].raw);
    expect(again[1].body.data.booking.unitItems).toHaveLength(3);
    expect((await deliveriesOf(b.id))[0]).toMatchObject({ state: 'sent', attempts: 2, responseStatus: 200 });
  });

  it('an address the contract accepts but no URL parser does (a host ending in a number) fails each attempt, saying why', async () => {
    const odd = await mkChannel({ webhook_url: 'https://reservas.1', webhook_secret: SECRET });
    const b = await octoBooking({ api: odd.octo });
    expect((await send('POST', `/api/v1/bookings/${b.id}/cancel`, { reason: 'Prueba' })).statusCode).toBe(200);
    await deliver();
    expect((await deliveriesOf(b.id)).map((r) => [r.recipient, r.state, r.attempts, r.lastError])).toEqual([
      ['https://reservas.1', 'queued', 1, 'La dirección del webhook no es una URL válida'],
    ]);
  });

  it('is listed and opened in «Mensajes» (and the channel’s answers) without the secret; no log holds it', async () => {
    const b = await octoBooking();
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, { customer_name: 'Marta Ruiz' })).statusCode).toBe(200);
    await receivedFor(receiver, b.id);
    const [row] = await deliveriesOf(b.id);
    const list = await api(app).get('/api/v1/messages?channel[eq]=webhook', w.tokens.A1);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((m: { id: string }) => m.id === row.id)).toMatchObject({
      channel: 'webhook',
      kind: 'webhook_event',
      subject: 'booking.updated',
      recipient: receiver.url,
      recipient_name: `Canal ${channel.name}`,
      state: 'sent',
      booking_id: b.id,
    });
    const detail = await api(app).get(`/api/v1/messages/${row.id}`, w.tokens.A1);
    expect(JSON.parse(detail.json().text)).toMatchObject({ event: 'booking.updated', data: { booking: { id: b.id } } });
    const [sealed] = await app.db.select().from(channels).where(eq(channels.id, channel.id));
    const answers = [
      list,
      detail,
      await api(app).get('/api/v1/messages/export.csv?channel[eq]=webhook', w.tokens.A1),
      await api(app).get(`/api/v1/channels/${channel.id}`, w.tokens.A1),
      await api(app).get(`/api/v1/bookings/${b.id}/messages`, w.tokens.A1),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain(sealed.webhookSecret);
    }
    expect(logs).toContain('webhook delivered');
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(SECRET_2);
    expect(logs).not.toContain(sealed.webhookSecret);
  });

  it('a new URL or secret in «Canales» moves what is still queued and what comes next; no URL, nothing more', async () => {
    const b = await octoBooking();
    expect((await send('PUT', `/api/v1/bookings/${b.id}`, { customer_name: 'Pablo Díaz' })).statusCode).toBe(200);
    const second = await new Receiver().listen();
    second.secret = SECRET_2;
    try {
      const moved = await send('PUT', `/api/v1/channels/${channel.id}`, {
        webhook_url: second.url,
        webhook_secret: SECRET_2,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await send('PUT', `/api/v1/bookings/${b.id}`, { time: '18:00' })).statusCode).toBe(200);
      const got = await receivedFor(second, b.id);
      expect(got.map((d) => d.body.data.booking.contact.fullName)).toEqual(['Pablo Díaz', 'Pablo Díaz']);
      expect(got.map((d) => d.body.data.booking.availabilityId)).toEqual([
        idOf(day(5), '09:00'),
        idOf(day(5), '18:00'),
      ]);
      expect(receiver.got).toHaveLength(0);
      // The old secret no longer signs: the reseller who rotated it refuses anything else.
      expect(verifyWebhookSignature(SECRET, String(got[0].headers['trayecto-signature']), got[0].raw)).toBe(false);

      // The webhook removed: the endpoint is switched off and unlinked, nothing more is written.
      const removed = await send('PUT', `/api/v1/channels/${channel.id}`, { webhook_url: null });
      expect(removed.statusCode, removed.body).toBe(200);
      const [row] = await app.db.select().from(channels).where(eq(channels.id, channel.id));
      expect(row.webhookEndpointId).toBeNull();
      expect((await send('POST', `/api/v1/bookings/${b.id}/cancel`, { reason: 'Ya no' })).statusCode).toBe(200);
      expect(await deliveriesOf(b.id)).toHaveLength(2);

      // Set again: a new endpoint, deliveries again.
      const back = await send('PUT', `/api/v1/channels/${channel.id}`, {
        webhook_url: receiver.url,
        webhook_secret: SECRET,
      });
      expect(back.statusCode, back.body).toBe(200);
      const c = await octoBooking();
      expect((await send('POST', `/api/v1/bookings/${c.id}/cancel`, { reason: 'Otra vez' })).statusCode).toBe(200);
      expect((await receivedFor(receiver, c.id)).map((d) => d.body.event)).toEqual(['booking.cancelled']);
    } finally {
      await second.close();
    }
  });
});

describe('a booking of many passengers', () => {
  it('fits the outbox’s limit: unit items leave out their unit first, then product and option', () => {
    const unit = { id: 'adult', type: 'ADULT', title: 'Adulto', restrictions: { x: 'y'.repeat(1200) } };
    const item = (k: number) => ({ uuid: `u${k}`, unitId: 'adult', unit, status: 'CONFIRMED' });
    const booking = {
      id: 'b',
      product: { id: 'p', description: 'x'.repeat(1000) },
      option: { id: 'DEFAULT' },
      unitItems: Array.from({ length: 300 }, (_, k) => item(k)),
    } as unknown as OctoBooking;
    const fitted = fittedData({ booking } as never) as unknown as { booking: OctoBooking };
    expect(fitted.booking.unitItems).toHaveLength(300);
    expect(fitted.booking.unitItems[0]).not.toHaveProperty('unit');
    expect(fitted.booking.product).toBeDefined();
    const small = { booking: { id: 'b', unitItems: [item(0)] } } as never;
    expect(fittedData(small)).toBe(small);
  });
});
