/**
 * "Mensajes" and the other message endpoints (issue 14) on a server without SMTP_URL (the zero
 * set-up default): nothing is sent, nothing is lost — messages wait in the outbox, visible and
 * previewable, and go out once a worker with SMTP runs; resending, WhatsApp links, a departure
 * cancelled by the operator, the operator's settings and a new user's invitation.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createUser, createWorld, login } from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { BOOKING_READS } from '../../app';
import { api, booked, bookingBody, day, mkProduct, seatsOf, type World } from '../bookings/bookings.test-helpers';
import { createMessageSender } from './messages.delivery';
import { renderMessage } from './messages.render';
import { createSmtpTransport } from './messages.transport';

let app: FastifyInstance;
let smtp: TestSmtp;
let w: World;
let product: { id: string };

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({ env: { PUBLIC_URL: 'https://reservas.example.com' } });
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1, { capacity: 100, name: 'Masca y Los Gigantes' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const get = (url: string, token: string) => api(app).get(url, token);
const send = (method: 'POST' | 'PUT', url: string, token: string, body?: object) =>
  api(app).send(method, url, token, body);

/** A worker as every API process runs once SMTP_URL is set. */
const smtpWorker = () =>
  createMessageSender({
    db: app.db,
    transport: createSmtpTransport({ url: smtp.url, from: 'Trayecto <no-reply@trayecto.test>' }),
    render: (m) =>
      renderMessage(app.db, m, { origin: 'https://reservas.example.com', now: new Date(), reads: BOOKING_READS }),
    retry: { baseDelayMs: 0, maxDelayMs: 0 },
  });

describe('without SMTP_URL', () => {
  it('messages wait in the outbox, visible and previewable, and go out once SMTP is configured', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'espera@example.com' }));
    const list = await get(`/api/v1/messages?booking_id[eq]=${b.id}`, w.tokens.A1);
    expect(list.statusCode).toBe(200);
    const [m] = list.json();
    expect(m).toMatchObject({
      kind: 'booking_confirmed',
      channel: 'email',
      state: 'queued',
      recipient: 'espera@example.com',
      booking_locator: b.locator,
      timezone: 'Europe/Madrid',
    });
    expect(m.subject).toContain(b.locator);
    // Rendered for the preview as it would leave now; nothing stored, nothing sent.
    const detail = await get(`/api/v1/messages/${m.id}`, w.tokens.A3);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().text).toContain('Masca y Los Gigantes');
    expect(detail.json().html).toContain(`https://reservas.example.com/public/landing/booking-voucher/${b.id}`);
    expect(detail.json()).toMatchObject({ state: 'queued', can_resend: false });
    const settings = await get(`/api/v1/tour-operators/${w.A.op.id}/message-settings`, w.tokens.A3);
    expect(settings.json().smtp_configured).toBe(false);

    // SMTP is configured: a worker sends what waited.
    const worker = smtpWorker();
    while ((await worker.runOnce()) > 0) {}
    await worker.stop();
    const mail = await smtp.mailTo('espera@example.com', 'Reserva confirmada');
    expect(mail.text).toContain(b.locator);
    const after = await get(`/api/v1/messages/${m.id}`, w.tokens.A1);
    expect(after.json()).toMatchObject({ state: 'sent', attempts: 1, can_resend: true });
    expect(after.json().sent_at).not.toBeNull();
  });
});

describe('GET /messages', () => {
  it('each operator sees its own; the administrator all; filters and search', async () => {
    const a = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'solo-a@example.com' }));
    const mineA = await get('/api/v1/messages?q=solo-a', w.tokens.A1);
    expect(mineA.json().map((m: { booking_id: string }) => m.booking_id)).toEqual([a.id]);
    expect((await get('/api/v1/messages?q=solo-a', w.tokens.B1)).json()).toEqual([]);
    expect((await get('/api/v1/messages?q=solo-a', w.tokens.admin)).json()).toHaveLength(1);
    const queued = await get(
      '/api/v1/messages?state[eq]=queued&kind[in]=booking_confirmed,booking_changed',
      w.tokens.A1,
    );
    expect(queued.statusCode).toBe(200);
    expect(queued.headers['x-total-count']).toBeDefined();
    expect(queued.json().every((m: { state: string }) => m.state === 'queued')).toBe(true);
    // Another operator's message is not found; a bad filter is refused.
    const id = mineA.json()[0].id;
    expect((await get(`/api/v1/messages/${id}`, w.tokens.B1)).statusCode).toBe(404);
    expect((await get('/api/v1/messages?state[eq]=perdido', w.tokens.A1)).statusCode).toBe(400);
    // The office reads messages; a seller, a driver or a guide does not.
    for (const t of [w.tokens.A2, w.tokens.A4, w.tokens.A5])
      expect((await get('/api/v1/messages', t)).statusCode).toBe(403);
  });

  it("a booking's own messages, for those who may read the booking", async () => {
    const b = await booked(app, w.tokens.A2, bookingBody(product.id, { customer_email: 'propia@example.com' }));
    const res = await get(`/api/v1/bookings/${b.id}/messages`, w.tokens.A2);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { kind: string }) => m.kind)).toEqual(['booking_confirmed']);
    expect((await get(`/api/v1/bookings/${b.id}/messages`, w.tokens.B1)).statusCode).toBe(404);
  });
});

describe('POST /messages/{id}/resend', () => {
  it('sends again to the booking’s current address; a queued message, a one-time link or a WhatsApp chat cannot be', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'tipo@exmaple.com' }));
    const [m] = (await get(`/api/v1/bookings/${b.id}/messages`, w.tokens.A1)).json();
    const early = await send('POST', `/api/v1/messages/${m.id}/resend`, w.tokens.A1);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('STATE_CONFLICT');
    // It bounced (a typo); the office fixes the address and sends it again.
    await app.db.execute(
      sql`update messages set state = 'failed', last_error = '550 5.1.1 unknown' where id = ${m.id}`,
    );
    await send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { customer_email: 'tipo@example.com' });
    const again = await send('POST', `/api/v1/messages/${m.id}/resend`, w.tokens.A3);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      kind: 'booking_confirmed',
      state: 'queued',
      recipient: 'tipo@example.com',
      resend_of: m.id,
      actor_name: 'Olga Operadora A',
    });
    expect((await send('POST', `/api/v1/messages/${m.id}/resend`, w.tokens.B1)).statusCode).toBe(404);
    // Once the booking is cancelled its confirmation says nothing true: not sent again.
    await send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, { reason: 'Anulada' });
    expect((await get(`/api/v1/messages/${m.id}`, w.tokens.A1)).json().can_resend).toBe(false);
    const stale = await send('POST', `/api/v1/messages/${m.id}/resend`, w.tokens.A1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('cancelada');

    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: w.A.l3.email },
    });
    expect(reset.statusCode).toBe(202);
    const [link] = (
      await app.db.execute<{ id: string }>(
        sql`select id from messages where kind = 'password_reset' and user_id = ${w.A.l3.id}`,
      )
    ).rows;
    await app.db.execute(sql`update messages set state = 'sent' where id = ${link.id}`);
    const refused = await send('POST', `/api/v1/messages/${link.id}/resend`, w.tokens.A1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('pide uno nuevo');
  });

  it("the office never reads a one-time link, even while it waits (an Operador must not take over its admin's account)", async () => {
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: w.A.l1.email },
    });
    expect(reset.statusCode).toBe(202);
    const [row] = (
      await app.db.execute<{ id: string; text: string }>(
        sql`select id, text from messages where kind = 'password_reset' and user_id = ${w.A.l1.id} and state = 'queued'`,
      )
    ).rows;
    expect(row.text).toMatch(/token=[A-Za-z0-9_-]{20,}/);
    const detail = await get(`/api/v1/messages/${row.id}`, w.tokens.A3);
    expect(detail.statusCode).toBe(200);
    expect(`${detail.json().html}${detail.json().text}${detail.json().preview}`).not.toMatch(
      /token=[A-Za-z0-9_-]{20,}/,
    );
    expect(detail.json().text).toContain('token=[retirado]');
    const list = (await get(`/api/v1/messages?kind[eq]=password_reset`, w.tokens.A3)).body;
    expect(list).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
  });
});

describe('POST /bookings/{id}/whatsapp', () => {
  it('a wa.me link to the customer’s phone with the voucher and pickup, logged with who opened it', async () => {
    const b = await booked(
      app,
      w.tokens.A2,
      bookingBody(product.id, {
        customer_name: 'Hans Müller',
        customer_phone: '0176 12345678',
        customer_country: 'DE',
      }),
    );
    const res = await send('POST', `/api/v1/bookings/${b.id}/whatsapp`, w.tokens.A2, {});
    expect(res.statusCode).toBe(201);
    const out = res.json();
    expect(out.phone).toBe('+4917612345678');
    expect(out.url.startsWith('https://wa.me/4917612345678?text=')).toBe(true);
    const text = decodeURIComponent(out.url.split('?text=')[1]);
    expect(text).toBe(out.text);
    expect(text).toContain('Hola, Hans.');
    expect(text).toContain(`https://reservas.example.com/public/landing/booking-voucher/${b.id}`);
    expect(out.message).toMatchObject({
      channel: 'whatsapp',
      state: 'sent',
      kind: 'booking_confirmed',
      actor_name: 'Sergio Vendedor A',
    });
    const log = (await get(`/api/v1/bookings/${b.id}/messages`, w.tokens.A1)).json();
    expect(log.map((m: { channel: string }) => m.channel)).toEqual(['whatsapp', 'email']);
  });

  it('a Spanish number without its prefix is read as Spanish; no valid mobile is a clear 422; others’ bookings 404', async () => {
    const es = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { customer_phone: '600 123 456', customer_country: '' }),
    );
    const ok = await send('POST', `/api/v1/bookings/${es.id}/whatsapp`, w.tokens.A1, { kind: 'booking_reminder' });
    expect(ok.json().url).toMatch(/^https:\/\/wa\.me\/34600123456\?text=/);
    expect(ok.json().text).toContain('mañana es tu excursión');
    for (const phone of ['', '+34 922 000 000', '+34 900 123 456']) {
      const none = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_phone: phone }));
      const bad = await send('POST', `/api/v1/bookings/${none.id}/whatsapp`, w.tokens.A1, {});
      expect(bad.statusCode, phone).toBe(422);
      expect(bad.json().errors.customer_phone).toEqual(['La reserva no tiene un teléfono móvil válido para WhatsApp']);
    }
    // The text tells the truth: no "cancelled" for a live booking.
    const lie = await send('POST', `/api/v1/bookings/${es.id}/whatsapp`, w.tokens.A1, { kind: 'booking_cancelled' });
    expect(lie.statusCode).toBe(409);
    expect((await send('POST', `/api/v1/bookings/${es.id}/whatsapp`, w.tokens.B1, {})).statusCode).toBe(404);
    const wrongKind = await send('POST', `/api/v1/bookings/${es.id}/whatsapp`, w.tokens.A1, { kind: 'spam' });
    expect(wrongKind.statusCode).toBe(422);
  });
});

describe('POST /products/{id}/departures/cancel', () => {
  it('closes the departure, cancels every booking on it and tells each customer what happens next', async () => {
    const date = day(6);
    const withEmail = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { date, time: '18:00', customer_email: 'temporal@example.com' }),
    );
    const noEmail = await booked(
      app,
      w.tokens.A2,
      bookingBody(product.id, { date, time: '18:00', customer_email: '', customer_name: 'Pepe Sinmail' }),
    );
    const other = await booked(app, w.tokens.A1, bookingBody(product.id, { date, time: '09:00' }));
    const body = {
      date,
      time: '18:00',
      reason: 'weather',
      next_steps: 'Te devolveremos el importe íntegro. Si prefieres otra fecha, responde a este correo.',
    };
    expect((await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.A2, body)).statusCode).toBe(
      403,
    );
    expect((await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.B1, body)).statusCode).toBe(
      404,
    );

    const res = await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.A3, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date,
      time: '18:00',
      cancelled_bookings: 2,
      messages_queued: 1,
      without_email: [
        {
          booking_id: noEmail.id,
          locator: noEmail.locator,
          customer_name: 'Pepe Sinmail',
          customer_phone: '+34 600 000 000',
        },
      ],
    });
    for (const id of [withEmail.id, noEmail.id]) {
      const b = (await get(`/api/v1/bookings/${id}`, w.tokens.A1)).json();
      expect(b.state).toBe('cancelled');
      expect(b.cancel_reason).toBe('Salida cancelada: Mal tiempo');
    }
    expect((await get(`/api/v1/bookings/${other.id}`, w.tokens.A1)).json().state).toBe('confirmed');
    expect(await seatsOf(app, product.id, date, '18:00')).toBe(0);
    // Closed for sale.
    const again = await send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(product.id, { date, time: '18:00' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DEPARTURE_CLOSED');

    const [m] = (await get(`/api/v1/bookings/${withEmail.id}/messages`, w.tokens.A1)).json();
    expect(m.kind).toBe('departure_cancelled');
    const detail = (await get(`/api/v1/messages/${m.id}`, w.tokens.A1)).json();
    expect(detail.text).toContain('ha tenido que cancelar la salida');
    expect(detail.text).toContain('(mal tiempo)');
    expect(detail.text).toContain(body.next_steps);
  });

  it('a departure that has started cannot be cancelled this way; bad bodies are 422', async () => {
    const res = await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.A1, {
      date: day(-1),
      time: '09:00',
      reason: 'min_pax',
      next_steps: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STATE_CONFLICT');
    const bad = await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.A1, {
      date: day(3),
      time: '25:00',
      reason: 'porque sí',
      next_steps: '   ',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['next_steps', 'reason', 'time']);
    // A time the product has no departure at: refused, no phantom departure made.
    const phantom = await send('POST', `/api/v1/products/${product.id}/departures/cancel`, w.tokens.A1, {
      date: day(8),
      time: '03:17',
      reason: 'weather',
      next_steps: 'x',
    });
    expect(phantom.statusCode).toBe(422);
    expect(phantom.json().errors.time).toEqual(['El producto no tiene salida a esa hora ese día']);
    const slots = (
      await get(`/api/v1/products/${product.id}/availability?from=${day(8)}&to=${day(8)}`, w.tokens.A1)
    ).json();
    expect(slots.map((x: { time: string }) => x.time)).toEqual(['09:00', '18:00']);
  });
});

describe('message settings', () => {
  it('read by the office, changed by the admins, validated, never another operator’s', async () => {
    const url = `/api/v1/tour-operators/${w.A.op.id}/message-settings`;
    const first = await get(url, w.tokens.A3);
    expect(first.json()).toMatchObject({
      tour_operator_id: w.A.op.id,
      sender_name: '',
      reply_to: '',
      reminder_time: '18:00',
      default_sender_name: 'Operador A',
    });
    // Every customer kind, on by default (issue 32 added payment_link).
    expect(first.json().enabled_kinds).toHaveLength(10);
    expect((await send('PUT', url, w.tokens.A3, { reminder_time: '19:00' })).statusCode).toBe(403);
    expect((await get(url, w.tokens.B1)).statusCode).toBe(404);
    expect((await get(url, w.tokens.A2)).statusCode).toBe(403);
    const bad = await send('PUT', url, w.tokens.A1, {
      reminder_time: '24:00',
      reply_to: 'no-es-un-correo',
      enabled_kinds: ['password_reset'],
      sender_name: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'enabled_kinds.0',
      'reminder_time',
      'reply_to',
      'sender_name',
    ]);
    expect(bad.json().errors.reply_to).toEqual(['Por favor, introduce una dirección de correo electrónico válida']);
    const ok = await send('PUT', url, w.tokens.admin, { reminder_time: '19:30', reply_to: 'Info@Teide.example' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ reminder_time: '19:30', reply_to: 'info@teide.example', sender_name: '' });
    expect((await get(url, w.tokens.A1)).json().reminder_time).toBe('19:30');
  });
});

describe('a new user', () => {
  it('is invited to choose their password; the link works once; the office can send a new one', async () => {
    const res = await send('POST', '/api/v1/users', w.tokens.A1, {
      full_name: 'Nuria Nueva',
      email: 'nuria@example.com',
      level: 2,
      state: 1,
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    const inviteOf = async () =>
      (
        await app.db.execute<{ text: string; subject: string; state: string }>(
          sql`select text, subject, state from messages where user_id = ${user.id} and kind = 'user_invitation' order by created_at desc`,
        )
      ).rows;
    const [invite] = await inviteOf();
    expect(invite.subject).toBe('Ana Admin A te invita a Trayecto');
    expect(invite.text).toContain('como Vendedor');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(invite.text)?.[1] as string;
    expect(token).toBeTruthy();

    // Sent again: the first link stops working, the new one works.
    const again = await send('POST', `/api/v1/users/${user.id}/invitation`, w.tokens.A1);
    expect(again.statusCode).toBe(202);
    const newToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await inviteOf())[0].text)?.[1] as string;
    const confirm = (t: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { token: t, password: 'Nueva-clave-1', re_password: 'Nueva-clave-1' },
      });
    expect((await confirm(token)).statusCode).toBe(422);
    expect((await confirm(newToken)).statusCode).toBe(204);
    expect(await login(app, 'nuria@example.com', 'Nueva-clave-1')).toBeTruthy();
    expect((await confirm(newToken)).statusCode).toBe(422);

    expect((await send('POST', `/api/v1/users/${user.id}/invitation`, w.tokens.B1)).statusCode).toBe(404);
    expect((await send('POST', `/api/v1/users/${user.id}/invitation`, w.tokens.A3)).statusCode).toBe(403);
  });
});

describe('a Vendedor (issue 31 item 12)', () => {
  it('opens the messages of the bookings they sold, with the preview, and nothing else (404)', async () => {
    const mine = await booked(app, w.tokens.A2, bookingBody(product.id, { customer_email: 'vendida@example.com' }));
    const other = await createUser(app, { level: 2, tourOperatorId: w.A.op.id, fullName: 'Otra Vendedora A' });
    const otherToken = await login(app, other.email);
    const theirs = await booked(app, otherToken, bookingBody(product.id, { customer_email: 'ajena@example.com' }));
    const office = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'oficina@example.com' }));
    const idOf = async (bookingId: string) => {
      const res = await get(`/api/v1/messages?booking_id[eq]=${bookingId}`, w.tokens.A1);
      return res.json()[0].id as string;
    };
    const [mineId, theirsId, officeId] = [await idOf(mine.id), await idOf(theirs.id), await idOf(office.id)];

    const [fromBooking] = (await get(`/api/v1/bookings/${mine.id}/messages`, w.tokens.A2)).json();
    expect(fromBooking.id).toBe(mineId);
    const detail = await get(`/api/v1/messages/${mineId}`, w.tokens.A2);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: mineId, recipient: 'vendida@example.com', can_resend: false });
    expect(detail.json().text).toContain('Masca y Los Gigantes');
    // Another seller's booking, the office's, another operator's: not theirs to open.
    for (const id of [theirsId, officeId])
      expect((await get(`/api/v1/messages/${id}`, w.tokens.A2)).statusCode).toBe(404);
    const bMessage = await booked(app, w.tokens.B1, bookingBody((await mkProduct(app, w.tokens.B1)).id));
    const bList = await get(`/api/v1/messages?booking_id[eq]=${bMessage.id}`, w.tokens.admin);
    expect((await get(`/api/v1/messages/${bList.json()[0].id}`, w.tokens.A2)).statusCode).toBe(404);
    // A staff message (an invitation: no booking) is never a seller's.
    const invited = await send('POST', '/api/v1/users', w.tokens.A1, {
      full_name: 'Nueva Vendedora',
      email: 'nueva.vendedora@example.com',
      level: 2,
      state: 1,
    });
    expect(invited.statusCode).toBe(201);
    const [invitation] = (await get(`/api/v1/messages?user_id[eq]=${invited.json().id}`, w.tokens.A1)).json();
    expect(invitation.kind).toBe('user_invitation');
    expect((await get(`/api/v1/messages/${invitation.id}`, w.tokens.A2)).statusCode).toBe(404);
    // Opening is all: the list, the export and resending stay the office's.
    expect((await get('/api/v1/messages', w.tokens.A2)).statusCode).toBe(403);
    expect((await get('/api/v1/messages/export.csv', w.tokens.A2)).statusCode).toBe(403);
    expect((await send('POST', `/api/v1/messages/${mineId}/resend`, w.tokens.A2)).statusCode).toBe(403);
    // The other seller opens theirs and not this one; drivers and guides open none.
    expect((await get(`/api/v1/messages/${theirsId}`, otherToken)).statusCode).toBe(200);
    expect((await get(`/api/v1/messages/${mineId}`, otherToken)).statusCode).toBe(404);
    for (const t of [w.tokens.A4, w.tokens.A5])
      expect((await get(`/api/v1/messages/${mineId}`, t)).statusCode).toBe(403);
    // The office still opens them all, with resending.
    expect((await get(`/api/v1/messages/${theirsId}`, w.tokens.A3)).json()).toMatchObject({ id: theirsId });
  });
});

describe('GET /messages/export.csv (issue 31 item 12)', () => {
  it('the list as a file: its filters, the tenant scope, the administrator’s operator column', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'csv@example.com' }));
    const res = await get(`/api/v1/messages/export.csv?booking_id[eq]=${b.id}`, w.tokens.A3);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mensajes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Fecha y hora;Canal;Tipo;Estado;Destinatario;Nombre;Asunto o evento;Idioma;Reserva;Intentos;Próximo intento;Enviado;Respuesta HTTP;Motivo o último error;Quién',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Correo;Reserva confirmada;En cola;csv@example.com;');
    expect(lines[1]).toContain(`;${b.locator};`);
    // Another operator's file filtered by this booking: the header alone.
    const other = await get(`/api/v1/messages/export.csv?booking_id[eq]=${b.id}`, w.tokens.B1);
    expect(
      other.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    // The administrator's names the zone and the operator.
    const admin = await get(`/api/v1/messages/export.csv?booking_id[eq]=${b.id}`, w.tokens.admin);
    const [head, row] = admin.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(head.startsWith('Fecha y hora;Zona horaria;Canal')).toBe(true);
    expect(head.endsWith(';Quién;Tour operador')).toBe(true);
    expect(row.endsWith(';Sistema;Operador A')).toBe(true);
    // The list's filter rules: a bad value is the list's 400.
    expect((await get('/api/v1/messages/export.csv?state[eq]=perdido', w.tokens.A1)).statusCode).toBe(400);
  });
});
