/**
 * The day-before reminder (issue 14): at the operator's hour in the operator's zone, once per
 * booking and day, never for a cancelled or pending booking nor one made after the hour; across
 * the operator's midnight (its reminder hour late at night, its clock a day behind UTC) and after a
 * process that was down at the hour. Delivered to a real SMTP server on loopback.
 */
import { addDays, todayIn, zonedDateTimeToInstant } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { BOOKING_READS } from '../../app';
import { tourOperators } from '../../db/schema';
import { api, booked, bookingBody, mkAccommodation, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { renderMessage } from './messages.render';

const LA = 'America/Los_Angeles';
let app: FastifyInstance;
let smtp: TestSmtp;
let w: World;
let madrid: { id: string };
let pacific: { id: string };

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Trayecto <no-reply@trayecto.test>', PUBLIC_URL: 'https://r.example.com' },
    mail: { pollMs: 50 },
  });
  await app.ready();
  w = await createWorld(app);
  await app.db.execute(sql`update ${tourOperators} set timezone = ${LA} where id = ${w.B.op.id}`);
  const hotel = await mkAccommodation(app, 'Hotel Jardines de Nivaria', w.A.op.id, 'Costa Adeje', {
    pickupPoint: 'recepción',
  });
  madrid = await mkProduct(app, w.tokens.A1, {
    capacity: 100,
    pickups: [{ accommodation_id: hotel, minutes_before: 30 }],
  });
  pacific = await mkProduct(app, w.tokens.B1, { capacity: 100 });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** The reminders task, run by the background runner as if the clock said `now`. */
const remind = async (now: Date) => (await app.background.runner.runTask('messages.reminders', now)).result;

const reminders = async (bookingId: string) =>
  (
    await app.db.execute<{ state: string; payload: { date: string } }>(
      sql`select state, payload from messages where booking_id = ${bookingId} and kind = 'booking_reminder'`,
    )
  ).rows;

/** A booking made two days before `moment` (so it existed at its reminder hour), unless told. */
async function bookingOn(
  token: string,
  productId: string,
  date: string,
  over: Record<string, unknown> = {},
  madeAt?: Date,
) {
  const b = await booked(app, token, bookingBody(productId, { date, ...over }));
  const at = madeAt ?? new Date(Date.now() - 10 * 24 * 3600_000);
  await app.db.execute(sql`update bookings set created_at = ${at.toISOString()} where id = ${b.id}`);
  return b as { id: string; locator: string };
}

describe('the day-before reminder, operator in Madrid at the default 18:00', () => {
  const D = addDays(todayIn('Europe/Madrid'), 3);
  const moment = zonedDateTimeToInstant(addDays(D, -1), '18:00', 'Europe/Madrid');
  const at = (minutes: number) => new Date(moment.getTime() + minutes * 60_000);

  it('goes out at the hour, once; never for a cancelled or pending booking, nor one made after the hour', async () => {
    const b = await bookingOn(w.tokens.A1, madrid.id, D, { customer_email: 'recordar@example.com' });
    const cancelled = await bookingOn(w.tokens.A1, madrid.id, D);
    await api(app).send('POST', `/api/v1/bookings/${cancelled.id}/cancel`, w.tokens.A1, { reason: 'No viaja' });
    const pending = await bookingOn(w.tokens.A1, madrid.id, D, { state: 'pending' });
    const late = await bookingOn(w.tokens.A1, madrid.id, D, {}, at(5));

    await remind(at(-1));
    expect(await reminders(b.id)).toEqual([]);
    await remind(at(1));
    expect(await reminders(b.id)).toHaveLength(1);
    await remind(at(10));
    await remind(at(600));
    expect(await reminders(b.id)).toHaveLength(1);
    for (const other of [cancelled, pending, late]) expect(await reminders(other.id)).toEqual([]);

    const mail = await smtp.mailTo('recordar@example.com', 'Mañana es tu excursión');
    expect(mail.subject).toMatch(/^Mañana es tu excursión: .*\(TRY-/);
    expect(mail.text).toContain('Ten el bono a mano');
    expect(mail.text).toContain(`https://r.example.com/public/landing/booking-voucher/${b.id}`);
  });

  it('with the pickup time and place', async () => {
    const hotelId = (
      await app.db.execute<{ id: string }>(sql`select id from accommodations where name = 'Hotel Jardines de Nivaria'`)
    ).rows[0].id;
    const b = await bookingOn(w.tokens.A1, madrid.id, D, {
      customer_email: 'recogida@example.com',
      accommodation_id: hotelId,
      room: '12',
    });
    await remind(at(2));
    const mail = await smtp.mailTo('recogida@example.com', 'Mañana es tu excursión');
    expect(mail.text).toContain('Recogida: 08:30 en Hotel Jardines de Nivaria (recepción) · habitación 12');
    expect(await reminders(b.id)).toHaveLength(1);
  });

  it('a booking moved to another day after its reminder was written is not reminded of the old day', async () => {
    const b = await bookingOn(w.tokens.A1, madrid.id, addDays(D, 1));
    const [row] = (
      await app.db.execute<{ kind: string }>(sql`select kind from messages where booking_id = ${b.id} limit 1`)
    ).rows;
    expect(row.kind).toBe('booking_confirmed');
    const out = await renderMessage(
      app.db,
      {
        kind: 'booking_reminder',
        booking_id: b.id,
        payload: { date: D },
        subject: '',
        html: '',
        text: '',
      },
      { origin: 'https://r.example.com', now: new Date(), reads: BOOKING_READS },
    );
    expect(out).toEqual({ skip: 'La reserva cambió de fecha antes de que saliera el recordatorio' });
  });
});

describe("across the operator's midnight: Los Angeles, reminders at 23:30", () => {
  const D = addDays(todayIn(LA), 4);
  const moment = zonedDateTimeToInstant(addDays(D, -1), '23:30', LA);
  const at = (minutes: number) => new Date(moment.getTime() + minutes * 60_000);

  beforeAll(async () => {
    const res = await api(app).send('PUT', `/api/v1/tour-operators/${w.B.op.id}/message-settings`, w.tokens.B1, {
      reminder_time: '23:30',
    });
    expect(res.statusCode).toBe(200);
  });

  it('at 23:30 of the day before in Los Angeles (already the departure day in UTC), not at 18:00', async () => {
    // The moment's UTC date is the departure day itself: the rule reads the operator's clock.
    expect(at(1).toISOString().slice(0, 10)).toBe(D);
    const b = await bookingOn(w.tokens.B1, pacific.id, D);
    await remind(zonedDateTimeToInstant(addDays(D, -1), '18:05', LA));
    await remind(at(-1));
    expect(await reminders(b.id)).toEqual([]);
    await remind(at(1));
    expect((await reminders(b.id)).map((r) => r.payload.date)).toEqual([D]);
  });

  it('a process that was down at the hour still reminds after midnight, up to the departure, and not after it', async () => {
    const next = addDays(D, 1);
    const b = await bookingOn(w.tokens.B1, pacific.id, next, { time: '09:00' });
    const gone = await bookingOn(w.tokens.B1, pacific.id, next, { time: '09:00' });
    // 00:40 on the departure day in Los Angeles: the 23:30 reminder was missed; it goes now.
    await remind(zonedDateTimeToInstant(next, '00:40', LA));
    expect(await reminders(b.id)).toHaveLength(1);
    // Another booking of that departure seen only once it has started: too late, nothing.
    await app.db.execute(sql`delete from messages where booking_id = ${gone.id} and kind = 'booking_reminder'`);
    await remind(zonedDateTimeToInstant(next, '09:01', LA));
    expect(await reminders(gone.id)).toEqual([]);
  });
});
