/**
 * "Caja" through the API (issue 34 items 3 and 9) on a real database: who holds money collected on
 * the spot (a seller's cash, a guide's at check-in, the office's card and cash refunds), handovers
 * that close exactly the payments given with the difference recorded, concurrent handovers of the
 * same payments (one wins), notes required by a difference, and roles.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { cashHandovers, payments } from '../../db/schema';
import { booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { moveDeparture, putSheet } from '../schedule-sheets/schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let product: { id: string };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

async function pay(token: string, bookingId: string, amount: number, method: string, kind = 'payment') {
  const res = await call('POST', `/api/v1/bookings/${bookingId}/payments`, token, {
    kind,
    amount_cents: amount,
    method,
  });
  if (res.statusCode !== 201) throw new Error(`payment: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}
const handover = (token: string, body: object) => call('POST', '/api/v1/cash/handovers', token, body);
const holders = async (token = w.tokens.A1) => (await call('GET', '/api/v1/cash/holders', token)).json();
const heldBy = async (userId: string) => (await holders()).find((h: { user_id: string }) => h.user_id === userId);

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1, { capacity: 50, duration_minutes: 120 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('who holds money', () => {
  it('a guide’s cash collected at check-in and a seller’s cash are held; what the office takes at its desk is not', async () => {
    // The guide collects 50 € at check-in (schedule-sheets' boarding, as the crew does it).
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { pax: { adult: 2 }, date: day(10) }));
    const gen = await call('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(10),
      product_ids: [product.id],
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
    const checkIn = await call('POST', `/api/v1/schedule-sheets/${sheet.id}/check-in`, w.tokens.A5, {
      booking_id: b.id,
      collected: { amount_cents: 5000, method: 'cash' },
    });
    expect(checkIn.statusCode).toBe(200);

    // The seller takes 30 € and 20 € cash on their sales; the office 40 € by card and returns 10 € cash.
    const s1 = await booked(app, w.tokens.A2, bookingBody(product.id, { date: day(3) }));
    const s2 = await booked(app, w.tokens.A2, bookingBody(product.id, { date: day(4) }));
    await pay(w.tokens.A2, s1.id, 3000, 'cash');
    await pay(w.tokens.A2, s2.id, 2000, 'cash');
    const o = await booked(app, w.tokens.A3, bookingBody(product.id, { date: day(4) }));
    await pay(w.tokens.A3, o.id, 4000, 'card');
    await pay(w.tokens.A3, o.id, 1000, 'cash', 'refund');
    await pay(w.tokens.A3, o.id, 500, 'transfer'); // not held by anyone

    const list = await holders();
    // Sellers, drivers and guides hold money (issue 34); the office's card and its cash refund are the office's.
    expect(list.map((h: { name: string }) => h.name)).toEqual(['Gema Guía A', 'Sergio Vendedor A']);
    expect(await heldBy(w.A.l5.id)).toMatchObject({
      cash_cents: 5000,
      card_cents: 0,
      total_cents: 5000,
      payment_count: 1,
      level: 5,
    });
    expect(await heldBy(w.A.l2.id)).toMatchObject({ cash_cents: 5000, card_cents: 0, payment_count: 2 });
    expect(await heldBy(w.A.l3.id)).toBeUndefined();

    const detail = (await call('GET', `/api/v1/cash/holders/${w.A.l5.id}`, w.tokens.A1)).json();
    expect(detail.holder).toMatchObject({ name: 'Gema Guía A', cash_cents: 5000 });
    expect(detail.payments).toEqual([
      expect.objectContaining({
        booking_id: b.id,
        locator: b.locator,
        amount_cents: 5000,
        method: 'cash',
        collected_at_check_in: true,
        signed_cents: 5000,
      }),
    ]);
  });
});

describe('handing money over', () => {
  it('closes exactly the payments given and records the difference; a difference needs notes', async () => {
    const held = (await call('GET', `/api/v1/cash/holders/${w.A.l2.id}`, w.tokens.A3)).json().payments as {
      id: string;
      amount_cents: number;
    }[];
    expect(held).toHaveLength(2);
    const [first, second] = held;

    const noNotes = await handover(w.tokens.A3, {
      holder_id: w.A.l2.id,
      payment_ids: [first.id],
      received_cents: 2500,
    });
    expect(noNotes.statusCode).toBe(422);
    expect(Object.keys(noNotes.json().errors)).toEqual(['notes']);
    expect(await app.db.select().from(cashHandovers)).toHaveLength(0);

    const res = await handover(w.tokens.A3, {
      holder_id: w.A.l2.id,
      payment_ids: [first.id],
      received_cents: 2500,
      notes: 'Faltan 5 €',
    });
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h).toMatchObject({
      holder: { id: w.A.l2.id, name: 'Sergio Vendedor A' },
      expected_cents: 3000,
      received_cents: 2500,
      difference_cents: -500,
      payment_count: 1,
      notes: 'Faltan 5 €',
      received_by: { id: w.A.l3.id },
    });
    expect(h.payments.map((p: { id: string }) => p.id)).toEqual([first.id]);
    const [closed] = await app.db.select().from(payments).where(eq(payments.id, first.id));
    expect(closed.handoverId).toBe(h.id);
    // The other payment is still held.
    expect(await heldBy(w.A.l2.id)).toMatchObject({ cash_cents: 2000, payment_count: 1 });

    // The exact amount needs no notes; then the seller holds nothing.
    const exact = await handover(w.tokens.A1, { holder_id: w.A.l2.id, payment_ids: [second.id], received_cents: 2000 });
    expect(exact.statusCode).toBe(201);
    expect(exact.json()).toMatchObject({ difference_cents: 0, notes: '' });
    expect(await heldBy(w.A.l2.id)).toBeUndefined();

    const again = await handover(w.tokens.A1, { holder_id: w.A.l2.id, payment_ids: [second.id], received_cents: 2000 });
    expect(again.statusCode).toBe(409);

    const history = await call('GET', `/api/v1/cash/handovers?holder_id=${w.A.l2.id}`, w.tokens.A1);
    expect(history.statusCode).toBe(200);
    expect(history.headers['x-total-count']).toBe('2');
    expect(history.json().map((x: { difference_cents: number }) => x.difference_cents)).toEqual([0, -500]);
    const one = await call('GET', `/api/v1/cash/handovers/${h.id}`, w.tokens.A1);
    expect(one.json()).toMatchObject({ id: h.id, difference_cents: -500 });
  });

  it('refuses payments that are not the holder’s unhanded cash or card ones', async () => {
    const guide = (await call('GET', `/api/v1/cash/holders/${w.A.l5.id}`, w.tokens.A1)).json().payments;
    const [office] = await app.db.select().from(payments).where(eq(payments.recordedBy, w.A.l3.id)).limit(1);
    const mixed = await handover(w.tokens.A1, {
      holder_id: w.A.l5.id,
      payment_ids: [guide[0].id, office.id],
      received_cents: 5000,
    });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors)).toEqual(['payment_ids']);
    const otherOperator = await handover(w.tokens.A1, {
      holder_id: w.B.l5.id,
      payment_ids: [guide[0].id],
      received_cents: 0,
    });
    expect(otherOperator.statusCode).toBe(422);
    expect(Object.keys(otherOperator.json().errors)).toEqual(['holder_id']);
  });

  it('two handovers of the same payments at once: one wins, the other is refused with nothing written', async () => {
    const guide = (await call('GET', `/api/v1/cash/holders/${w.A.l5.id}`, w.tokens.A1)).json().payments;
    const body = { holder_id: w.A.l5.id, payment_ids: [guide[0].id], received_cents: 5000 };
    const [r1, r2] = await Promise.all([handover(w.tokens.A1, body), handover(w.tokens.A3, body)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(cashHandovers).where(eq(cashHandovers.holderId, w.A.l5.id));
    expect(rows).toHaveLength(1);
    expect(await heldBy(w.A.l5.id)).toBeUndefined();
  });
});

describe('who may', () => {
  it('levels 2, 4 and 5 get 403; another operator sees none of A’s money nor handovers', async () => {
    for (const token of [w.tokens.A2, w.tokens.A4, w.tokens.A5]) {
      expect((await call('GET', '/api/v1/cash/holders', token)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/cash/handovers', token)).statusCode).toBe(403);
      expect(
        (await handover(token, { holder_id: w.A.l3.id, payment_ids: [w.A.l3.id], received_cents: 0 })).statusCode,
      ).toBe(403);
    }
    expect(await holders(w.tokens.B1)).toEqual([]);
    expect((await call('GET', `/api/v1/cash/holders/${w.A.l3.id}`, w.tokens.B1)).statusCode).toBe(404);
    const [h] = (await call('GET', '/api/v1/cash/handovers', w.tokens.A1)).json();
    expect((await call('GET', `/api/v1/cash/handovers/${h.id}`, w.tokens.B1)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/cash/handovers', w.tokens.B1)).json()).toEqual([]);
    // The administrator sees every operator's.
    const all = (await call('GET', '/api/v1/cash/handovers', w.tokens.admin)).json() as { id: string }[];
    expect(all.map((x) => x.id)).toContain(h.id);
  });
});
