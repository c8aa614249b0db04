/**
 * «Caja» at 1 M bookings (issue 35, ADR 037): who holds money, read person by person from their
 * payments not handed over instead of every cash and card payment the office ever recorded — proven
 * equal to ADR 025's statement (kept below verbatim as the reference) on a data set with a seller's,
 * a driver's and a guide's cash and card, refunds, handovers that closed some of it, the office's own
 * desk (never held), two operators, and the administrator's view of every operator.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import type { Actor } from '../../lib/tenant';
import { actorOf, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import * as repo from './cash.repository';

let app: FastifyInstance;
let w: World;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), payload });

// ── The reference: ADR 025's holders statement exactly as cash.repository.ts had it ────────────────

const signed = sql`case p.kind when 'refund' then -p.amount_cents else p.amount_cents end`;
const held = sql`p.handover_id is null and p.method in ('cash', 'card') and p.recorded_by is not null
  and exists (select 1 from users hu where hu.id = p.recorded_by and hu.level in (2, 4, 5))`;

async function referenceHolders(db: DbOrTx, op: string | null, holderId?: string) {
  const res = await db.execute<repo.HolderRow>(sql`
    select u.id::text as user_id, u.full_name as name, u.level::int as level, u.tour_operator_id::text,
      coalesce(sum(case when p.method = 'cash' then ${signed} else 0 end), 0)::int as cash_cents,
      coalesce(sum(case when p.method = 'card' then ${signed} else 0 end), 0)::int as card_cents,
      count(*)::int as payment_count, min(p.paid_at) as oldest_at, coalesce(o.timezone, 'Europe/Madrid') as timezone
    from payments p
      join users u on u.id = p.recorded_by
      join tour_operators o on o.id = p.tour_operator_id
    where ${held} ${op ? sql`and p.tour_operator_id = ${op}::uuid` : sql``}
      ${holderId ? sql`and p.recorded_by = ${holderId}::uuid` : sql``}
    group by u.id, u.full_name, u.level, u.tour_operator_id, o.timezone
    order by u.full_name, u.id`);
  return res.rows;
}

const normal = (rows: repo.HolderRow[]) =>
  rows.map((r) => ({ ...r, oldest_at: r.oldest_at === null ? null : new Date(r.oldest_at).toISOString() }));

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('who holds money: person by person, the same answer', () => {
  it('sellers, drivers and guides of two operators, refunds, handovers and the office’s desk', async () => {
    const pA = await mkProduct(app, w.tokens.A1, { capacity: 60 });
    const pB = await mkProduct(app, w.tokens.B1, { capacity: 60 });
    const bookingsOf = async (token: string, productId: string, n: number) => {
      const out: { id: string; tour_operator_id: string }[] = [];
      for (let i = 0; i < n; i++) out.push(await booked(app, token, bookingBody(productId, { date: day(2 + i) })));
      return out;
    };
    // The seller's own sales (a Vendedor only sees theirs), then the office's.
    const a = [...(await bookingsOf(w.tokens.A2, pA.id, 3)), ...(await bookingsOf(w.tokens.A1, pA.id, 3))];
    const b = await bookingsOf(w.tokens.B1, pB.id, 3);
    const pay = async (token: string, bookingId: string, amount: number, method: string, kind = 'payment') => {
      const res = await call('POST', `/api/v1/bookings/${bookingId}/payments`, token, {
        kind,
        amount_cents: amount,
        method,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    // The seller's cash and card, a cash refund; the office's card and cash (never held); a transfer.
    const sellerCash = [await pay(w.tokens.A2, a[0].id, 3000, 'cash'), await pay(w.tokens.A2, a[1].id, 2000, 'cash')];
    await pay(w.tokens.A2, a[2].id, 4500, 'card');
    await pay(w.tokens.A1, a[0].id, 500, 'cash', 'refund');
    await pay(w.tokens.A1, a[3].id, 7000, 'card');
    await pay(w.tokens.A3, a[3].id, 1000, 'cash');
    await pay(w.tokens.A2, a[1].id, 900, 'transfer');
    await pay(w.tokens.B1, b[0].id, 2500, 'cash');
    await pay(w.tokens.B1, b[1].id, 1500, 'card');
    // What the crew collects on board (the check-in records it as theirs): written as the check-in does.
    const crew = [
      [w.A.l4.id, a[4].id, 'cash', 6000, w.A.op.id],
      [w.A.l5.id, a[5].id, 'cash', 4000, w.A.op.id],
      [w.A.l5.id, a[5].id, 'card', 1000, w.A.op.id],
      [w.B.l5.id, b[2].id, 'cash', 3300, w.B.op.id],
    ] as const;
    for (const [by, booking, method, amount, op] of crew) {
      await app.db.insert(payments).values({
        tourOperatorId: op,
        bookingId: booking,
        kind: 'payment',
        amountCents: amount,
        method,
        recordedBy: by,
        collectedAtCheckIn: true,
      });
    }
    // And 5 € the guide gave back on board (a refund held: it takes from what they hand over).
    {
      const [by, booking, method, amount, op] = [w.A.l5.id, a[5].id, 'cash', 500, w.A.op.id] as const;
      await app.db.insert(payments).values({
        tourOperatorId: op,
        bookingId: booking,
        kind: 'refund',
        amountCents: amount,
        method,
        recordedBy: by,
        collectedAtCheckIn: true,
      });
    }
    // The seller hands the office their first two cash payments.
    const h = await call('POST', '/api/v1/cash/handovers', w.tokens.A1, {
      holder_id: w.A.l2.id,
      payment_ids: sellerCash,
      received_cents: 5000,
    });
    expect(h.statusCode, h.body).toBe(201);

    const views: [string, Actor, string | null][] = [
      ['operador A', actorOf(w.A.l1), w.A.op.id],
      ['operador B', actorOf(w.B.l1), w.B.op.id],
      ['administrador', actorOf(w.admin), null],
    ];
    for (const [name, actor, op] of views) {
      const reference = normal(await referenceHolders(app.db, op));
      expect(normal(await repo.listHolders(app.db, actor)), name).toEqual(reference);
      for (const person of [w.A.l2, w.A.l4, w.A.l5, w.A.l1, w.B.l5]) {
        expect(normal(await repo.listHolders(app.db, actor, person.id)), `${name}: ${person.fullName}`).toEqual(
          normal(await referenceHolders(app.db, op, person.id)),
        );
      }
    }
    // What they hold: the seller 45 € card (their cash handed over); the guide 40 € − 5 € cash and 10 € card;
    // nobody from the office.
    const rows = await repo.listHolders(app.db, actorOf(w.A.l1));
    expect(rows.map((r) => r.user_id).sort()).toEqual([w.A.l2.id, w.A.l4.id, w.A.l5.id].sort());
    expect(rows.find((r) => r.user_id === w.A.l2.id)).toMatchObject({ cash_cents: 0, card_cents: 4500 });
    expect(rows.find((r) => r.user_id === w.A.l5.id)).toMatchObject({ cash_cents: 3500, card_cents: 1000 });
    expect((await repo.listHolders(app.db, actorOf(w.admin))).length).toBe(4);
  });
});
