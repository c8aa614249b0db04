/**
 * A channel's bookings (issue 33, ADR 023) on the one sales path: a reserve holds its seats in the
 * same calendar as every other sale, idempotent by the reseller's uuid, within the channel's
 * allotment; confirm, extend, update and cancel reach only the channel's own bookings; a hold that
 * ends frees its seats and reads EXPIRED. The OCTO wire format is the octo module's tests.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { bookingEvents, bookings, channels } from '../../db/schema';
import { mkSheet } from '../schedule-sheets/schedule-sheets.test-helpers';
import {
  type ChannelSeller,
  cancelChannelBooking,
  channelBookingStatus,
  confirmChannelBooking,
  expireHold,
  extendChannelHold,
  listChannelBookings,
  reserveForChannel,
  updateChannelBooking,
} from './bookings.service';
import { api, booked, bookingBody, day, mkProduct, seatsOf, type World } from './bookings.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };
let small: { id: string };
let klook: ChannelSeller;
let civitatis: ChannelSeller;
let uuidSeq = 0;

const origin = { requestId: 'req-test', ip: '203.0.113.9' };
const newUuid = () => `00000000-0000-4000-8000-${String(++uuidSeq).padStart(12, '0')}`;

async function mkChannel(tourOperatorId: string, name: string, over: Partial<ChannelSeller> = {}) {
  const [row] = await app.db
    .insert(channels)
    .values({ tourOperatorId, name, kind: 'octo', commissionPct: over.commissionPct ?? 20, allotment: over.allotment })
    .returning();
  return {
    id: row.id,
    name,
    tourOperatorId,
    allotment: row.allotment,
    commissionPct: row.commissionPct,
  } satisfies ChannelSeller;
}

const reserve = (channel: ChannelSeller, over: Partial<Parameters<typeof reserveForChannel>[1]> = {}) =>
  reserveForChannel(app.db, {
    channel,
    origin,
    octoUuid: newUuid(),
    productId: product.id,
    date: day(3),
    time: '09:00',
    pax: { adult: 2 },
    holdMinutes: 30,
    now: new Date(),
    ...over,
  });

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1, { capacity: 40 });
  small = await mkProduct(app, w.tokens.A1, { capacity: 6 });
  klook = await mkChannel(w.A.op.id, 'Klook');
  civitatis = await mkChannel(w.A.op.id, 'Civitatis', { allotment: 3 });
});
afterAll(async () => {
  await app?.close();
});

describe('a channel reserves (ADR 023)', () => {
  it('holds its seats in the same calendar, pending until the hold ends, with the channel and its commission', async () => {
    const before = await seatsOf(app, product.id, day(3), '09:00');
    const now = new Date();
    const { booking: b, replayed } = await reserve(klook, {
      now,
      resellerReference: 'KL-1001',
      contact: { name: 'Anna Berg', email: 'anna@example.se', country: 'se', language: 'en' },
    });
    expect(replayed).toBe(false);
    expect(b).toMatchObject({
      state: 'pending',
      channel: 'channel',
      channelId: klook.id,
      resellerReference: 'KL-1001',
      customerName: 'Anna Berg',
      customerCountry: 'SE',
      language: 'en',
      totalCents: 9000,
      commissionPct: 20,
      commissionCents: 1800,
    });
    expect(b.holdExpiresAt?.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(channelBookingStatus(b, now)).toBe('ON_HOLD');
    expect(await seatsOf(app, product.id, day(3), '09:00')).toBe(before + 2);
    const [created] = await app.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(created).toMatchObject({ type: 'created', actorKind: 'channel', actorLabel: 'Klook' });
  });

  it('without a contact: a placeholder name until the channel confirms with one, which it must', async () => {
    const { booking: b } = await reserve(klook, { contact: { country: 'Spain', language: 'xx' } });
    expect(b).toMatchObject({ customerName: 'Cliente de Klook', customerCountry: '', language: 'es' });
    const uuid = b.octoUuid as string;
    await expect(confirmChannelBooking(app.db, klook, origin, uuid, {}, new Date())).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    const ok = await confirmChannelBooking(app.db, klook, origin, uuid, { contact: { name: 'Ola Nord' } }, new Date());
    expect(ok).toMatchObject({ state: 'confirmed', customerName: 'Ola Nord' });
  });

  it('the same uuid again, even racing: one booking, its seats taken once', async () => {
    const uuid = newUuid();
    const before = await seatsOf(app, product.id, day(4), '09:00');
    const answers = await Promise.all([
      reserve(klook, { octoUuid: uuid, date: day(4) }),
      reserve(klook, { octoUuid: uuid, date: day(4) }),
    ]);
    expect(new Set(answers.map((a) => a.booking.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(1);
    expect(await seatsOf(app, product.id, day(4), '09:00')).toBe(before + 2);
    // Another channel may use the same uuid: it is the reseller's, per channel.
    const other = await reserve(civitatis, { octoUuid: uuid, date: day(4), pax: { adult: 1 } });
    expect(other.booking.id).not.toBe(answers[0]?.booking.id);
  });

  it('never oversold: the departure refuses what it has not got, whoever sells', async () => {
    const date = day(5);
    await booked(app, w.tokens.A1, bookingBody(small.id, { date, pax: { adult: 4 } }));
    await expect(reserve(klook, { productId: small.id, date, pax: { adult: 3 } })).rejects.toMatchObject({
      code: 'NO_SEATS',
    });
    const { booking } = await reserve(klook, { productId: small.id, date, pax: { adult: 2 } });
    expect(booking.state).toBe('pending');
    expect(await seatsOf(app, small.id, date, '09:00')).toBe(6);
  });

  it("the channel's allotment: at most its seats of one departure, cancelled ones not counted", async () => {
    const date = day(6);
    const first = await reserve(civitatis, { date, pax: { adult: 2 } });
    await expect(reserve(civitatis, { date, pax: { adult: 2 } })).rejects.toMatchObject({ code: 'NO_SEATS' });
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(2);
    // Other sellers are not bound by it.
    await reserve(klook, { date, pax: { adult: 2 } });
    await cancelChannelBooking(app.db, civitatis, origin, first.booking.octoUuid as string, 'Cambio', new Date());
    const again = await reserve(civitatis, { date, pax: { adult: 3 } });
    expect(again.booking.state).toBe('pending');
  });

  it("another operator's product, or one not on sale that day: refused, nothing written", async () => {
    const otherOp = await mkProduct(app, w.tokens.B1);
    await expect(reserve(klook, { productId: otherOp.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reserve(klook, { time: '11:11' })).rejects.toBeTruthy();
    const rows = await app.db.select().from(bookings).where(eq(bookings.productId, otherOp.id));
    expect(rows).toHaveLength(0);
  });
});

describe('after the reserve', () => {
  it('confirm: confirmed, the hold and its job end, the contact kept; again answers the same', async () => {
    const { booking } = await reserve(klook);
    const uuid = booking.octoUuid as string;
    const b = await confirmChannelBooking(
      app.db,
      klook,
      origin,
      uuid,
      { contact: { name: 'Jonas Lind', email: 'jonas@example.se' }, resellerReference: 'KL-2002' },
      new Date(),
    );
    expect(b).toMatchObject({
      state: 'confirmed',
      holdExpiresAt: null,
      customerName: 'Jonas Lind',
      resellerReference: 'KL-2002',
    });
    expect(channelBookingStatus(b, new Date())).toBe('CONFIRMED');
    const again = await confirmChannelBooking(app.db, klook, origin, uuid, {}, new Date());
    expect(again.version).toBe(b.version);
    // The hold's job finds nothing to end.
    expect(await expireHold(app.db, b.id, new Date(Date.now() + 3600_000))).toBe(false);
  });

  it('another channel cannot reach it: 404, whatever it tries', async () => {
    const { booking } = await reserve(klook);
    const uuid = booking.octoUuid as string;
    const now = new Date();
    await expect(confirmChannelBooking(app.db, civitatis, origin, uuid, {}, now)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(cancelChannelBooking(app.db, civitatis, origin, uuid, '', now)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(extendChannelHold(app.db, civitatis, origin, uuid, 10, now)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('extend: the hold ends later; a confirmed booking has no hold to extend', async () => {
    const { booking } = await reserve(klook, { holdMinutes: 5 });
    const uuid = booking.octoUuid as string;
    const now = new Date();
    const b = await extendChannelHold(app.db, klook, origin, uuid, 60, now);
    expect(b.holdExpiresAt?.getTime()).toBe(now.getTime() + 60 * 60_000);
    // The first end passes: nothing happens.
    expect(await expireHold(app.db, b.id, new Date(now.getTime() + 10 * 60_000))).toBe(false);
    await confirmChannelBooking(app.db, klook, origin, uuid, { contact: { name: 'Nils Holm' } }, new Date());
    await expect(extendChannelHold(app.db, klook, origin, uuid, 10, new Date())).rejects.toMatchObject({
      code: 'STATE_CONFLICT',
    });
  });

  it('a hold that ends: its seats come back, the channel reads EXPIRED, confirm and extend are refused', async () => {
    const date = day(7);
    const { booking } = await reserve(klook, { date, holdMinutes: 5 });
    const uuid = booking.octoUuid as string;
    const later = new Date(Date.now() + 6 * 60_000);
    expect(channelBookingStatus(booking, later)).toBe('EXPIRED');
    // Confirming after the end (before the job ran) ends it as the job would.
    await expect(confirmChannelBooking(app.db, klook, origin, uuid, {}, later)).rejects.toMatchObject({
      code: 'HOLD_EXPIRED',
    });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ state: 'cancelled', cancelReason: 'Reserva del canal no confirmada a tiempo' });
    expect(channelBookingStatus(row, later)).toBe('EXPIRED');
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(0);
    await expect(extendChannelHold(app.db, klook, origin, uuid, 10, later)).rejects.toMatchObject({
      code: 'HOLD_EXPIRED',
    });
  });

  it('update: contact, reference and notes; cancel: seats back, CANCELLED, again answers it', async () => {
    const date = day(8);
    const { booking } = await reserve(klook, { date });
    const uuid = booking.octoUuid as string;
    const u = await updateChannelBooking(
      app.db,
      klook,
      origin,
      uuid,
      { contact: { phone: '+46 70 123 45 67' }, notes: 'Silla de ruedas', resellerReference: null },
      new Date(),
    );
    expect(u).toMatchObject({ customerPhone: '+46 70 123 45 67', notes: 'Silla de ruedas', resellerReference: null });
    const c = await cancelChannelBooking(app.db, klook, origin, uuid, 'El cliente cambió de planes', new Date());
    expect(c).toMatchObject({ state: 'cancelled', cancelReason: 'El cliente cambió de planes' });
    // Cancelled while held: OCTO reads a released hold as EXPIRED; a confirmed one as CANCELLED.
    expect(channelBookingStatus(c, new Date())).toBe('EXPIRED');
    const confirmed = await reserve(klook, { date });
    const cu = confirmed.booking.octoUuid as string;
    await confirmChannelBooking(app.db, klook, origin, cu, { contact: { name: 'Eva Ek' } }, new Date());
    const cc = await cancelChannelBooking(app.db, klook, origin, cu, 'Enfermo', new Date());
    expect(channelBookingStatus(cc, new Date())).toBe('CANCELLED');
    expect(await seatsOf(app, product.id, date, '09:00')).toBe(0);
    const again = await cancelChannelBooking(app.db, klook, origin, uuid, '', new Date());
    expect(again.version).toBe(c.version);
    await expect(updateChannelBooking(app.db, klook, origin, uuid, { notes: 'x' }, new Date())).rejects.toMatchObject({
      code: 'STATE_CONFLICT',
    });
  });

  it('lists by reference, locator and dates; only its own', async () => {
    const { booking } = await reserve(klook, { date: day(9), resellerReference: 'KL-LIST' });
    expect((await listChannelBookings(app.db, klook.id, { resellerReference: 'KL-LIST' })).map((b) => b.id)).toEqual([
      booking.id,
    ]);
    expect((await listChannelBookings(app.db, klook.id, { supplierReference: booking.locator })).length).toBe(1);
    expect((await listChannelBookings(app.db, civitatis.id, { supplierReference: booking.locator })).length).toBe(0);
    const range = await listChannelBookings(app.db, klook.id, { localDateStart: day(9), localDateEnd: day(9) });
    expect(range.map((b) => b.id)).toContain(booking.id);
    expect(range.every((b) => b.date === day(9))).toBe(true);
  });

  it('staff read the channel and its reference on the booking and filter the list by them', async () => {
    const { booking } = await reserve(klook, { date: day(11), resellerReference: 'KL-STAFF' });
    const { get } = api(app);
    const one = await get(`/api/v1/bookings/${booking.id}`, w.tokens.A1);
    expect(one.json()).toMatchObject({
      channel: 'channel',
      sales_channel: { id: klook.id, name: 'Klook', kind: 'octo', collects: 'operator' },
      reseller_reference: 'KL-STAFF',
    });
    const list = await get(`/api/v1/bookings?channel_id=${klook.id}&reseller_reference=KL-STAFF`, w.tokens.A1);
    expect(list.json().map((b: { id: string }) => b.id)).toEqual([booking.id]);
    // The list's search finds it by the reseller's reference too.
    const searched = await get(`/api/v1/bookings?q=kl-staff`, w.tokens.A1);
    expect(searched.json().map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const byKind = await get(`/api/v1/bookings?channel=channel&date=${day(11)}`, w.tokens.A1);
    expect(byKind.json().map((b: { id: string }) => b.id)).toContain(booking.id);
    const staffSale = await booked(app, w.tokens.A1, bookingBody(product.id, { date: day(11) }));
    expect(staffSale).toMatchObject({ sales_channel: null, reseller_reference: null });
    // The schedule sheet's passenger list names the channel and its reference for the crew.
    const sheet = await mkSheet(app, w.tokens.A1, { product_id: product.id, date: day(11), time: '09:00' });
    const full = (await get(`/api/v1/schedule-sheets/${sheet.id}`, w.tokens.A1)).json();
    const onSheet = full.passengers.find((p: { booking_id: string }) => p.booking_id === booking.id);
    expect(onSheet).toMatchObject({ sales_channel: 'Klook', reseller_reference: 'KL-STAFF' });
    // The home page's sales by channel name the reseller, with its commission (20 % here).
    const dash = (await get('/api/v1/dashboard', w.tokens.A1)).json();
    const row = dash.sales_by_channel.find((c: { channel_id: string | null }) => c.channel_id === klook.id);
    expect(row).toMatchObject({ channel: 'channel', name: 'Klook' });
    expect(row.commission_cents).toBe(Math.round(row.sales_cents * 0.2));
  });

  it("the office sells on an agency's behalf: the agency, its commission and reference; never an OCTO channel", async () => {
    const [agency] = await app.db
      .insert(channels)
      .values({
        tourOperatorId: w.A.op.id,
        name: 'Viajes Teide',
        kind: 'agency',
        commissionPct: 12.5,
        collects: 'agency',
      })
      .returning();
    const { send } = api(app);
    const sold = await send(
      'POST',
      '/api/v1/bookings',
      w.tokens.A1,
      bookingBody(product.id, { date: day(12), channel_id: agency?.id, reseller_reference: 'VT-77' }),
    );
    expect(sold.statusCode).toBe(201);
    expect(sold.json()).toMatchObject({
      channel: 'channel',
      sales_channel: { id: agency?.id, name: 'Viajes Teide', kind: 'agency' },
      reseller_reference: 'VT-77',
      commission_pct: 12.5,
      seller_id: null,
      state: 'confirmed',
    });
    expect(sold.json().commission_cents).toBe(Math.round(sold.json().total_cents * 0.125));
    const octo = await send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(product.id, { channel_id: klook.id }));
    expect(octo.statusCode).toBe(422);
    expect(octo.json().errors.channel_id).toEqual(['Ese canal reserva por su cuenta (OCTO): elige una agencia']);
    const foreign = await send(
      'POST',
      '/api/v1/bookings',
      w.tokens.B1,
      bookingBody(product.id, { channel_id: agency?.id }),
    );
    expect([403, 404, 422]).toContain(foreign.statusCode);
  });

  it("staff keep a channel's booking the channel's, and cannot make one", async () => {
    const { booking } = await reserve(klook, { date: day(10) });
    const { send } = api(app);
    const put = await send('PUT', `/api/v1/bookings/${booking.id}`, w.tokens.A1, { channel: 'office' });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.channel).toEqual(['Una reserva de un canal sigue siendo de ese canal']);
    const edit = await send('PUT', `/api/v1/bookings/${booking.id}`, w.tokens.A1, { notes: 'Recoger en recepción' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ channel: 'channel' });
    const create = await send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(product.id, { channel: 'channel' }));
    expect(create.statusCode).toBe(422);
  });
});
