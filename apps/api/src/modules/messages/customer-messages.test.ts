/**
 * Customer messages end to end (issue 14): every change of a booking that its customer must hear
 * of writes its message in the change's transaction, and the mail worker delivers it to a real SMTP
 * server on loopback (smtp-server; mailparser reads what arrives) with the operator's brand, the
 * locator, absolute links that open the right page and, for a confirmation, a valid calendar entry.
 */
import { CUSTOMER_MESSAGE_KINDS, pathTo } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { tourOperators } from '../../db/schema';
import {
  api,
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  snapshot,
  type World,
} from '../bookings/bookings.test-helpers';
import { publicApi, publicBody } from '../public/public.test-helpers';

const PUBLIC_URL = 'https://reservas.example.com';
let app: FastifyInstance;
let smtp: TestSmtp;
let w: World;
let product: { id: string };
let hotel: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Trayecto <no-reply@trayecto.test>', PUBLIC_URL },
    mail: { pollMs: 50, retry: { baseDelayMs: 0, maxDelayMs: 0 } },
  });
  await app.ready();
  w = await createWorld(app);
  await app.db.execute(
    sql`update ${tourOperators} set email = 'hola@teide-tours.example', phone = '+34 922 000 000' where id = ${w.A.op.id}`,
  );
  hotel = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'puerta principal',
  });
  product = await mkProduct(app, w.tokens.A1, {
    name: 'Avistamiento de cetáceos',
    capacity: 200,
    duration_minutes: 180,
    meeting_point: 'Puerto Colón, pantalán 4',
    free_cancellation_hours: 24,
    pickups: [{ accommodation_id: hotel, minutes_before: 40 }],
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.script.length = 0;
});

type Row = { kind: string; state: string; recipient: string; last_error: string | null; subject: string };
async function messagesOf(bookingId: string) {
  const res = await app.db.execute<Row>(
    sql`select kind, state, recipient, last_error, subject from messages where booking_id = ${bookingId} order by created_at, id`,
  );
  return res.rows;
}

async function until(check: () => Promise<boolean>, timeoutMs = 8000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const mailTo = (to: string, prefix: string) => smtp.mailTo(to, prefix);

const pub = () => publicApi(app);
const staff = () => api(app);

describe('a public booking', () => {
  it('is confirmed by e-mail within seconds: brand, locator, pickup, voucher link, calendar entry', async () => {
    const res = await pub().book(
      publicBody(product.id, {
        customer_email: 'lucia@example.com',
        customer_name: 'Lucía Pérez',
        accommodation_id: hotel,
        room: '214',
        pax: { adult: 2, child: 1 },
      }),
    );
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    const started = Date.now();
    const mail = await mailTo('lucia@example.com', 'Reserva confirmada');
    expect(Date.now() - started).toBeLessThan(5000);

    // The operator's brand as the sender's name (on MAIL_FROM's address) and its own reply-to.
    expect(mail.from?.value).toEqual([{ name: 'Operador A', address: 'no-reply@trayecto.test' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hola@teide-tours.example' }]);
    expect(mail.subject).toContain(booking.locator);
    expect(mail.subject).toContain('Avistamiento de cetáceos');
    const text = mail.text ?? '';
    expect(text).toContain('Hola, Lucía Pérez:');
    expect(text).toContain(`Localizador: ${booking.locator}`);
    expect(text).toContain('Pasajeros: 2 adultos, 1 niño');
    expect(text).toContain('Recogida: 08:20 en Hotel Bahía del Duque (puerta principal) · habitación 214');
    expect(text).toContain('Total: 115,00 €');
    expect(text).toContain('Cancelación gratuita hasta el');
    expect(text).toContain('+34 922 000 000');

    // Links: absolute on PUBLIC_URL, to the voucher and the booking page of this booking, opened in
    // the message's language.
    const voucher = `${PUBLIC_URL}${pathTo('publicBookingVoucher', { bookingId: booking.id })}?lang=es`;
    const manage = `${PUBLIC_URL}${pathTo('publicBookingExisting', { bookingId: booking.id })}?lang=es`;
    expect(text).toContain(voucher);
    expect(text).toContain(manage);
    expect(mail.html).toContain(`href="${voucher}"`);
    // …and the page they open knows the booking (the public API behind the voucher).
    const id = new URL(voucher).pathname.split('/').at(-1) as string;
    const page = await pub().get(`/api/v1/public/bookings/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().locator).toBe(booking.locator);

    // The calendar entry: valid iCalendar, one event at the pickup, until the tour ends.
    const ics = mail.attachments.find((a) => a.filename === `reserva-${booking.locator}.ics`);
    expect(ics?.contentType).toBe('text/calendar');
    const cal = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const ev = new ICAL.Event(events[0]);
    expect(ev.uid).toBe(`${booking.id}@trayecto`);
    expect(ev.summary).toBe(`Avistamiento de cetáceos (${booking.locator})`);
    const startsAt = new Date(page.json().starts_at).getTime();
    expect(ev.startDate.toJSDate().getTime()).toBe(startsAt - 40 * 60_000);
    expect(ev.endDate.toJSDate().getTime()).toBe(startsAt + 180 * 60_000);
    expect(ev.location).toContain('Hotel Bahía del Duque');
    expect(ev.description).toContain(voucher);

    await until(async () => (await messagesOf(booking.id))[0]?.state === 'sent');
    expect(await messagesOf(booking.id)).toMatchObject([{ kind: 'booking_confirmed', state: 'sent' }]);
  });

  it('pending the operator’s review: "hemos recibido tu solicitud", then the confirmation once staff confirm', async () => {
    const review = await mkProduct(app, w.tokens.A1, { instant_confirmation: false });
    const res = await pub().book(publicBody(review.id, { customer_email: 'review@example.com' }));
    const booking = res.json();
    expect(booking.state).toBe('pending');
    const first = await mailTo('review@example.com', 'Hemos recibido tu solicitud');
    expect(first.text).toContain('todavía no es un bono válido');

    const upd = await staff().send('PUT', `/api/v1/bookings/${booking.id}`, w.tokens.A1, { state: 'confirmed' });
    expect(upd.statusCode).toBe(200);
    await mailTo('review@example.com', 'Reserva confirmada');
    expect((await messagesOf(booking.id)).map((m) => m.kind)).toEqual(['booking_requested', 'booking_confirmed']);
  });

  it('a refused booking writes no message: the message commits with its booking or not at all', async () => {
    const small = await mkProduct(app, w.tokens.A1, { capacity: 2 });
    const before = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`);
    const snap = await snapshot(app);
    const res = await pub().book(publicBody(small.id, { pax: { adult: 3 } }));
    expect(res.statusCode).toBe(409);
    expect(await snapshot(app)).toEqual(snap);
    const after = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`);
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n));
  });
});

describe('staff changes', () => {
  it('a booking prepared by the office links to the page where the customer completes it; their confirmation sends the voucher', async () => {
    const b = await booked(
      app,
      w.tokens.A2,
      bookingBody(product.id, { state: 'pending', customer_email: 'preparada@example.com' }),
    );
    const mail = await mailTo('preparada@example.com', 'Tu reserva está lista para confirmar');
    expect(mail.text).toContain(`${PUBLIC_URL}/public/booking/${b.id}`);
    expect(mail.text).toContain('Revisar y confirmar la reserva');

    const res = await pub().send('PUT', `/api/v1/public/bookings/${b.id}`, { confirm: true, accept_terms: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('confirmed');
    await mailTo('preparada@example.com', 'Reserva confirmada');
  });

  it('date, time, pax and pickup changes are told with before and after; other edits say nothing', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'cambios@example.com' }));
    await mailTo('cambios@example.com', 'Reserva confirmada');

    const notes = await staff().send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { internal_notes: 'VIP' });
    expect(notes.statusCode).toBe(200);
    const moved = await staff().send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, {
      date: day(2),
      time: '18:00',
      pax: { adult: 3 },
      accommodation_id: hotel,
    });
    expect(moved.statusCode).toBe(200);
    const mail = await mailTo('cambios@example.com', 'Cambios en tu reserva');
    const text = mail.text ?? '';
    expect(text).toMatch(/Fecha: .* → /);
    expect(text).toContain('Hora de salida: 09:00 → 18:00');
    expect(text).toContain('Pasajeros: 2 adultos, 1 niño → 3 adultos');
    expect(text).toContain('Lugar de recogida: Hotel Bahía del Duque');
    expect(text).toContain('Total: 115,00 € → 135,00 €');
    // The new calendar entry replaces the first (same UID).
    expect(mail.attachments[0]?.content.toString('utf8')).toContain(`UID:${b.id}@trayecto`);
    expect((await messagesOf(b.id)).map((m) => m.kind)).toEqual(['booking_confirmed', 'booking_changed']);
  });

  it('payments and refunds are acknowledged; a cancellation tells what was paid and that the refund follows', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'pagos@example.com' }));
    const pay = await staff().send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      amount_cents: 5000,
      method: 'card',
    });
    expect(pay.statusCode).toBe(201);
    const paid = await mailTo('pagos@example.com', 'Pago recibido');
    expect(paid.text).toContain('Hemos recibido tu pago de 50,00 € (tarjeta)');
    expect(paid.text).toContain('Pendiente: 65,00 €');

    const cancel = await staff().send('POST', `/api/v1/bookings/${b.id}/cancel`, w.tokens.A1, {
      reason: 'Nota interna: el cliente no contesta',
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await mailTo('pagos@example.com', 'Reserva cancelada');
    expect(cancelled.text).toContain('Operador A ha cancelado tu reserva');
    expect(cancelled.text).toContain('Tienes pagados 50,00 €');
    // Staff's reason is for the history, not for the customer.
    expect(cancelled.text).not.toContain('no contesta');

    const refund = await staff().send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
      kind: 'refund',
      amount_cents: 5000,
      method: 'card',
    });
    expect(refund.statusCode).toBe(201);
    const refunded = await mailTo('pagos@example.com', 'Reembolso de tu reserva');
    expect(refunded.text).toContain('Te hemos devuelto 50,00 € (tarjeta)');
  });

  it('the customer who cancels is told it was them', async () => {
    const b = await booked(
      app,
      w.tokens.A1,
      bookingBody(product.id, { date: day(5), customer_email: 'yo@example.com' }),
    );
    const res = await pub().send('POST', `/api/v1/public/bookings/${b.id}/cancel`, { reason: 'Cambio de planes' });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo('yo@example.com', 'Reserva cancelada');
    expect(mail.text).toContain('Has cancelado tu reserva');
    expect(mail.text).toContain('No tenías nada pagado');
  });
});

describe('bad input never fails a booking', () => {
  it('a customer without e-mail: the booking is made; the message says "not sent, use WhatsApp"', async () => {
    const res = await staff().send(
      'POST',
      '/api/v1/bookings',
      w.tokens.A1,
      bookingBody(product.id, { customer_email: '', customer_phone: '+34 600 111 222' }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await messagesOf(res.json().id);
    expect(rows).toMatchObject([{ kind: 'booking_confirmed', state: 'skipped', recipient: '' }]);
    expect(rows[0].last_error).toContain('WhatsApp');
  });

  it('line breaks in a customer’s name cannot add a header or a recipient', async () => {
    // The API refuses control characters in names; one stored before that rule is still harmless.
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'cabeceras@example.com' }));
    await mailTo('cabeceras@example.com', 'Reserva confirmada');
    smtp.received.length = 0;
    await app.db.execute(
      sql`update bookings set customer_name = ${'Ana\r\nBcc: victima@evil.example'} where id = ${b.id}`,
    );
    await staff().send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, { amount_cents: 100, method: 'cash' });
    await mailTo('cabeceras@example.com', 'Pago recibido');
    const [{ rcptTo, raw }] = smtp.received;
    expect(rcptTo).toEqual(['cabeceras@example.com']);
    expect(raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^Bcc:/im);
  });

  it('an SMTP server that refuses for good leaves the message failed with its reply; the booking stands', async () => {
    smtp.script.push('permfail', 'permfail', 'permfail', 'permfail', 'permfail', 'permfail');
    const res = await staff().send(
      'POST',
      '/api/v1/bookings',
      w.tokens.A1,
      bookingBody(product.id, { customer_email: 'rebota@example.com' }),
    );
    expect(res.statusCode).toBe(201);
    await until(async () => (await messagesOf(res.json().id))[0]?.state === 'failed');
    const [row] = await messagesOf(res.json().id);
    expect(row.last_error).toMatch(/^550 /);
    const booking = await staff().get(`/api/v1/bookings/${res.json().id}`, w.tokens.A1);
    expect(booking.json().state).toBe('confirmed');
  });
});

describe("the sale's message, written by the booking's own insert (ADR 040)", () => {
  it('names its booking and its cause (the kind and the booking id); a kind switched off writes the booking alone', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'cte@example.com' }));
    const rows = (
      await app.db.execute<{ kind: string; dedupe_key: string; booking_id: string; subject: string; locale: string }>(
        sql`select kind, dedupe_key, booking_id, subject, locale from messages where recipient = 'cte@example.com'`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        kind: 'booking_confirmed',
        dedupe_key: `booking_confirmed:${b.id}`,
        booking_id: b.id,
        subject: expect.stringContaining(b.locator),
        locale: 'es',
      },
    ]);
    const put = await staff().send('PUT', `/api/v1/tour-operators/${w.A.op.id}/message-settings`, w.tokens.A1, {
      enabled_kinds: CUSTOMER_MESSAGE_KINDS.filter((k) => k !== 'booking_confirmed'),
    });
    expect(put.statusCode).toBe(200);
    try {
      const quiet = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'callado@example.com' }));
      expect(quiet.state).toBe('confirmed');
      expect(await messagesOf(quiet.id)).toEqual([]);
    } finally {
      await staff().send('PUT', `/api/v1/tour-operators/${w.A.op.id}/message-settings`, w.tokens.A1, {
        enabled_kinds: [...CUSTOMER_MESSAGE_KINDS],
      });
    }
  });
});

describe("the operator's settings", () => {
  it('sender name and reply-to are the ones set; a kind switched off is never written', async () => {
    const put = await staff().send('PUT', `/api/v1/tour-operators/${w.A.op.id}/message-settings`, w.tokens.A1, {
      sender_name: 'Teide Tours Reservas',
      reply_to: 'reservas@teide-tours.example',
      enabled_kinds: ['booking_confirmed', 'booking_cancelled'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ reminder_time: '18:00', smtp_configured: true });
    try {
      const b = await booked(app, w.tokens.A1, bookingBody(product.id, { customer_email: 'ajustes@example.com' }));
      const mail = await mailTo('ajustes@example.com', 'Reserva confirmada');
      expect(mail.from?.value).toEqual([{ name: 'Teide Tours Reservas', address: 'no-reply@trayecto.test' }]);
      expect(mail.replyTo?.value[0].address).toBe('reservas@teide-tours.example');
      await staff().send('POST', `/api/v1/bookings/${b.id}/payments`, w.tokens.A1, {
        amount_cents: 100,
        method: 'cash',
      });
      expect((await messagesOf(b.id)).map((m) => m.kind)).toEqual(['booking_confirmed']);
    } finally {
      await staff().send('PUT', `/api/v1/tour-operators/${w.A.op.id}/message-settings`, w.tokens.A1, {
        sender_name: '',
        reply_to: '',
        enabled_kinds: [...CUSTOMER_MESSAGE_KINDS],
      });
    }
  });
});
