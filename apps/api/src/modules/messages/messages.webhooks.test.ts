/**
 * Webhooks (issue 31 item 3) against a real HTTP server on loopback that checks every delivery's
 * signature as a receiver would (HMAC-SHA256 of "t.body" with its secret, compared in constant
 * time): delivered by the background runner's `messages.deliver` task, written with its cause's
 * transaction, retried after a 5xx, a redirect or a timeout, failed after the last attempt with the
 * answer kept, skipped for an endpoint switched off; listed and opened in "Mensajes" (never its
 * secret) and sent again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { inTransaction } from '../../db/transaction';
import { api, type World } from '../bookings/bookings.test-helpers';
import { createMessageSender } from './messages.delivery';
import {
  createWebhookEndpoint,
  queueWebhook,
  setWebhookEndpointActive,
  signWebhook,
  verifyWebhookSignature,
  type WebhookEndpointRow,
} from './messages.webhooks';

type Received = { headers: http.IncomingHttpHeaders; body: string; validSignature: boolean };

/** The receiving system: verifies each delivery, answers what the test scripts (200 by default). */
class Receiver {
  readonly received: Received[] = [];
  /** The next answers: a status, 'hang' (never answers) or 'redirect'. */
  readonly script: (number | 'hang' | 'redirect')[] = [];
  secret = '';
  private server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      this.received.push({ headers: req.headers, body, validSignature: this.verify(req.headers, body) });
      const next = this.script.shift() ?? 200;
      if (next === 'hang') return;
      if (next === 'redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
        return;
      }
      res.writeHead(next, { 'content-type': 'text/plain' }).end(next < 300 ? 'recibido' : `error interno ${next}`);
    });
  });

  /** Exactly what a receiver does with the raw body and its secret. */
  private verify(headers: http.IncomingHttpHeaders, body: string) {
    const header = String(headers['trayecto-signature'] ?? '');
    const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
    const v1 = /(?:^|,)v1=([0-9a-f]+)/.exec(header)?.[1];
    if (!t || !v1) return false;
    if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
    const expected = createHmac('sha256', this.secret).update(`${t}.${body}`).digest('hex');
    return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
  }

  async listen() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/trayecto/eventos`;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

let app: FastifyInstance;
let w: World;
let receiver: Receiver;
let endpoint: WebhookEndpointRow;
let n = 0;

beforeAll(async () => {
  app = await buildTestApp({ mail: { retry: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 } } });
  w = await createWorld(app);
  receiver = new Receiver();
  const url = await receiver.listen();
  endpoint = await createWebhookEndpoint(app.db, { tourOperatorId: w.A.op.id, url, description: 'Canal de prueba' });
  receiver.secret = endpoint.secret;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.script.length = 0;
  await setWebhookEndpointActive(app.db, endpoint.id, true);
});

async function queue(data: object = { locator: 'TRY-0001' }) {
  n += 1;
  return (await inTransaction(app.db, (tx) =>
    queueWebhook(tx, { endpointId: endpoint.id, event: 'booking.confirmed', data, dedupeKey: `test:${n}` }),
  )) as string;
}

const deliver = () => app.background.runner.runTask('messages.deliver');

async function row(id: string) {
  const res = await app.db.execute<{
    state: string;
    attempts: number;
    last_error: string | null;
    response_status: number | null;
    response_excerpt: string | null;
  }>(sql`select state, attempts, last_error, response_status, response_excerpt from messages where id = ${id}`);
  return res.rows[0];
}

describe('a webhook delivery', () => {
  it('exists only if its cause commits; goes out signed, once, with the JSON body; 2xx is sent', async () => {
    await expect(
      inTransaction(app.db, async (tx) => {
        await queueWebhook(tx, { endpointId: endpoint.id, event: 'booking.confirmed', data: {}, dedupeKey: 'rolled' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await queue({ locator: 'TRY-0042', total_cents: 12_345 });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await deliver()).toMatchObject({ ran: true, result: 1 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.validSignature).toBe(true);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got.headers['trayecto-event']).toBe('booking.confirmed');
    expect(got.headers['trayecto-delivery']).toBe(id);
    expect(JSON.parse(got.body)).toMatchObject({
      id,
      event: 'booking.confirmed',
      data: { locator: 'TRY-0042', total_cents: 12_345 },
    });
    expect(await row(id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_error: null,
      response_status: 200,
      response_excerpt: 'recibido',
    });
    // Nothing is sent twice.
    await deliver();
    expect(receiver.received).toHaveLength(1);
    // Our own verifier agrees with the receiver, and refuses a changed body, another secret or an old stamp.
    const header = String(got.headers['trayecto-signature']);
    expect(verifyWebhookSignature(endpoint.secret, header, got.body)).toBe(true);
    expect(verifyWebhookSignature(endpoint.secret, header, `${got.body} `)).toBe(false);
    expect(verifyWebhookSignature('whsec_otro', header, got.body)).toBe(false);
    const old = signWebhook(endpoint.secret, Math.floor(Date.now() / 1000) - 3600, got.body);
    expect(verifyWebhookSignature(endpoint.secret, old, got.body)).toBe(false);
  });

  it('a 5xx, a redirect or no answer is retried with the answer kept; after the last attempt it is failed', async () => {
    const sender = createMessageSender({
      db: app.db,
      retry: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 },
      webhook: { timeoutMs: 400, allowPrivateNetworks: true },
    });
    const id = await queue();
    receiver.script.push(503, 'redirect', 'hang');
    await sender.deliverDue();
    expect(await row(id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'HTTP 503: error interno 503',
      response_status: 503,
    });
    await sender.deliverDue();
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 2, last_error: 'HTTP 302', response_status: 302 });
    await sender.deliverDue();
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'Sin respuesta en 0,4 s' });
    // Each attempt was signed anew, over the same body.
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.validSignature && r.body === receiver.received[0].body)).toBe(true);
    await sender.stop();
  });

  it('in production a private or local address gets nothing: the attempt fails saying why (SSRF)', async () => {
    const sender = createMessageSender({
      db: app.db,
      retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
      webhook: { allowPrivateNetworks: false },
    });
    const id = await queue();
    await sender.deliverDue();
    expect(receiver.received).toHaveLength(0);
    const r = await row(id);
    expect(r.state).toBe('failed');
    expect(String(r.last_error)).toMatch(/^No se envía: 127\.0\.0\.1 es una dirección privada o local/);
    await sender.stop();
  });

  it('an endpoint switched off gets nothing: what waited for it is skipped with the reason', async () => {
    const id = await queue();
    await setWebhookEndpointActive(app.db, endpoint.id, false);
    await deliver();
    expect(receiver.received).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      state: 'skipped',
      last_error: 'El destino del webhook está desactivado o ya no existe',
    });
  });
});

describe('webhooks in "Mensajes"', () => {
  it('listed by channel, opened with URL, event, body and last answer, never the secret; sent again', async () => {
    const id = await queue({ locator: 'TRY-0099' });
    receiver.script.push(500);
    await deliver();
    const get = (url: string, token: string) => api(app).get(url, token);
    const list = await get('/api/v1/messages?channel[eq]=webhook', w.tokens.A1);
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((m: { id: string }) => m.id === id);
    expect(listed).toMatchObject({
      channel: 'webhook',
      kind: 'webhook_event',
      recipient: endpoint.url,
      subject: 'booking.confirmed',
      state: 'queued',
      response_status: 500,
      last_error: 'HTTP 500: error interno 500',
    });
    const detail = await get(`/api/v1/messages/${id}`, w.tokens.A3);
    expect(detail.statusCode).toBe(200);
    expect(JSON.parse(detail.json().text)).toMatchObject({
      id,
      event: 'booking.confirmed',
      data: { locator: 'TRY-0099' },
    });
    expect(detail.json()).toMatchObject({ response_excerpt: 'error interno 500', can_resend: false });
    for (const res of [list, detail, await get('/api/v1/messages/export.csv?channel[eq]=webhook', w.tokens.A1)])
      expect(res.body).not.toContain(endpoint.secret);
    // Another operator does not see it.
    expect((await get(`/api/v1/messages/${id}`, w.tokens.B1)).statusCode).toBe(404);

    await deliver();
    expect((await get(`/api/v1/messages/${id}`, w.tokens.A1)).json()).toMatchObject({
      state: 'sent',
      can_resend: true,
    });
    const resent = await api(app).send('POST', `/api/v1/messages/${id}/resend`, w.tokens.A1);
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({
      channel: 'webhook',
      state: 'queued',
      resend_of: id,
      actor_name: 'Ana Admin A',
    });
    await deliver();
    const last = receiver.received.at(-1);
    expect(last?.validSignature).toBe(true);
    expect(last?.headers['trayecto-delivery']).toBe(resent.json().id);
    // The same event again: the receiver de-duplicates by its id.
    expect(JSON.parse(last?.body ?? '{}').id).toBe(id);
  });

  it('an endpoint is created with a safe URL only', async () => {
    for (const url of ['ftp://example.com/x', 'no es una url', 'https://usuario:clave@example.com/x']) {
      await expect(createWebhookEndpoint(app.db, { tourOperatorId: w.A.op.id, url })).rejects.toMatchObject({
        status: 422,
      });
    }
  });
});
