/**
 * Mass assignment (issue 7): fields a caller must never set — level, tour_operator_id, id,
 * password_hash, token_version, created_at, seats_taken, total_cents, state, __proto__,
 * constructor.prototype — sent in the body of every create and update endpoint. Each is either
 * refused (4xx) or ignored, and the database proves nothing unexpected changed.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../../src/db/schema';
import { verifyPassword } from '../../src/lib/password';
import { createUser, login } from '../factories';
import {
  bookingBody,
  day,
  errorMessageOf,
  type SecurityWorld,
  send,
  setupSecurityWorld,
  snapshotOperator,
  uniq,
} from './fixtures';
import { PUBLIC_ROWS, ROLE_ROWS } from './matrix';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld());
}, 120_000);
afterAll(async () => {
  await close?.();
});

const FORGED_ID = randomUUID();
const OLD = '2001-01-01T00:00:00.000Z';
/** Server-owned fields nobody may set through a body. */
const forged = () => ({
  id: FORGED_ID,
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$forged$forged',
  passwordHash: 'forged',
  token_version: 4242,
  tokenVersion: 4242,
  created_at: OLD,
  updated_at: OLD,
  deleted_at: OLD,
  seats_taken: 9999,
  total_cents: 1,
  paid_cents: 999_999,
  commission_cents: 999_999,
  locator: 'TRY-HACKED',
  created_by: null,
  version: undefined,
});

const isWrite = (m: string) => m === 'POST' || m === 'PUT' || m === 'PATCH';

/** Nothing in the database carries the forged values. */
async function expectNoForgedValues() {
  const q = async (query: ReturnType<typeof sql>) => Number((await app.db.execute<{ n: number }>(query)).rows[0].n);
  const tables = (
    await app.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'id' order by table_name`)
  ).rows.map((r) => r.table_name);
  for (const t of tables) {
    expect(await q(sql`select count(*)::int as n from ${sql.identifier(t)} where id::text = ${FORGED_ID}`), t).toBe(0);
  }
  const withCreated = (
    await app.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'created_at' order by table_name`)
  ).rows.map((r) => r.table_name);
  for (const t of withCreated) {
    expect(await q(sql`select count(*)::int as n from ${sql.identifier(t)} where created_at < '2010-01-01'`), t).toBe(
      0,
    );
  }
  expect(
    await q(sql`select count(*)::int as n from users where token_version = 4242 or password_hash like '%forged%'`),
  ).toBe(0);
  expect(await q(sql`select count(*)::int as n from departures where seats_taken >= 9999`)).toBe(0);
  expect(
    await q(
      sql`select count(*)::int as n from bookings where total_cents = 1 or paid_cents = 999999 or locator = 'TRY-HACKED'`,
    ),
  ).toBe(0);
  expect(await q(sql`select count(*)::int as n from users where deleted_at < '2010-01-01'`)).toBe(0);
}

describe('every create and update endpoint', () => {
  it('ignores or refuses server-owned fields, and B is never touched', async () => {
    const beforeB = await snapshotOperator(app, w.b.opId);
    const rows = [
      ...ROLE_ROWS.map((r) => ({ route: r.route, build: () => r.request({ app, w, level: 1, token: w.tokens.A1 }) })),
      ...PUBLIC_ROWS.map((r) => ({ route: r.route, build: async () => r.request(w) })),
    ];
    const wrong: string[] = [];
    let tried = 0;
    for (const row of rows) {
      const req = await row.build();
      if (!isWrite(req.method) || !req.payload || typeof req.payload !== 'object' || Buffer.isBuffer(req.payload))
        continue;
      // Both revoke the caller's tokens (A1's here): their own tests cover them.
      if (row.route === 'POST /api/v1/auth/logout' || row.route === 'POST /api/v1/auth/me/password') continue;
      const payload = { ...(req.payload as object), ...forged(), tour_operator_id: w.b.opId };
      const isPublic = row.route.includes('/public/');
      const res = await send(app, {
        ...req,
        token: isPublic ? null : w.tokens.A1,
        payload,
        headers: isPublic ? { ...req.headers, 'idempotency-key': `mass-${uniq()}` } : req.headers,
      });
      tried += 1;
      if (res.statusCode >= 500 || (res.statusCode >= 400 && !errorMessageOf(res))) {
        wrong.push(`${row.route}: ${res.statusCode} ${res.body}`);
      }
      if (res.statusCode < 300 && res.body.includes(FORGED_ID)) wrong.push(`${row.route}: took the forged id`);
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(25);
    await expectNoForgedValues();
    expect(await snapshotOperator(app, w.b.opId)).toEqual(beforeB);
  });
});

describe('users', () => {
  it('a level-1 admin cannot make itself administrator, move itself to B, or set its hash or token version', async () => {
    const [before] = await app.db.select().from(users).where(eq(users.id, w.A.l1.id));
    const res = await send(app, {
      method: 'PUT',
      url: `/api/v1/users/${w.A.l1.id}`,
      token: w.tokens.A1,
      payload: { level: 0, tour_operator_id: w.b.opId, ...forged(), full_name: before.fullName },
    });
    expect([403, 422]).toContain(res.statusCode);
    const [after] = await app.db.select().from(users).where(eq(users.id, w.A.l1.id));
    expect(after).toEqual(before);
  });

  it('a level-1 admin cannot create an administrator, and its new users land in its own operator', async () => {
    const admin = await send(app, {
      method: 'POST',
      url: '/api/v1/users',
      token: w.tokens.A1,
      payload: {
        full_name: 'Falso Admin',
        email: `fa-${uniq()}@example.com`,
        level: 0,
        password: 'Secreta123',
        re_password: 'Secreta123',
      },
    });
    expect(admin.statusCode).toBe(403);
    const email = `nuevo-${uniq()}@example.com`;
    const res = await send(app, {
      method: 'POST',
      url: '/api/v1/users',
      token: w.tokens.A1,
      payload: {
        full_name: 'Nueva Guía',
        email,
        level: 5,
        password: 'Secreta123',
        re_password: 'Secreta123',
        ...forged(),
        tour_operator_id: w.b.opId,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row.id).not.toBe(FORGED_ID);
    expect(row.tourOperatorId).toBe(w.a.opId);
    expect(row.tokenVersion).not.toBe(4242);
    expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(await verifyPassword(row.passwordHash, 'Secreta123')).toBe(true);
  });

  it('a seller cannot edit itself (not even its name) nor raise its own level', async () => {
    const res = await send(app, {
      method: 'PUT',
      url: `/api/v1/users/${w.A.l2.id}`,
      token: w.tokens.A2,
      payload: { level: 1, commission_pct: 100 },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(users).where(eq(users.id, w.A.l2.id));
    expect(row.level).toBe(2);
  });
});

describe('"Mi cuenta" (PUT /auth/me, POST /auth/me/password)', () => {
  it('a seller changes only its own name and phone: never its level, e-mail, operator, or another user', async () => {
    const [sellerBefore] = await app.db.select().from(users).where(eq(users.id, w.A.l2.id));
    const [driverBefore] = await app.db.select().from(users).where(eq(users.id, w.A.l4.id));
    const res = await send(app, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      token: w.tokens.A2,
      payload: {
        ...forged(),
        id: w.A.l4.id,
        user_id: w.A.l4.id,
        level: 1,
        state: 2,
        email: `robado-${uniq()}@example.com`,
        tour_operator_id: w.b.opId,
        commission_pct: 100,
        full_name: sellerBefore.fullName,
        phone: '+34 699 000 111',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(w.A.l2.id);
    const [sellerAfter] = await app.db.select().from(users).where(eq(users.id, w.A.l2.id));
    expect({ ...sellerAfter, phone: sellerBefore.phone, updatedAt: sellerBefore.updatedAt }).toEqual(sellerBefore);
    expect(sellerAfter.phone).toBe('+34 699 000 111');
    const [driverAfter] = await app.db.select().from(users).where(eq(users.id, w.A.l4.id));
    expect(driverAfter).toEqual(driverBefore);
    // Its token still works: level, state and operator are what they were.
    expect((await send(app, { method: 'GET', url: '/api/v1/auth/me', token: w.tokens.A2 })).statusCode).toBe(200);
  });

  it("a password change naming another user changes only the caller's password", async () => {
    const caller = await createUser(app, { level: 4, tourOperatorId: w.a.opId });
    const other = await createUser(app, { level: 4, tourOperatorId: w.a.opId });
    const [otherBefore] = await app.db.select().from(users).where(eq(users.id, other.id));
    const res = await send(app, {
      method: 'POST',
      url: '/api/v1/auth/me/password',
      token: await login(app, caller.email),
      payload: {
        ...forged(),
        id: other.id,
        user_id: other.id,
        email: other.email,
        current_password: 'Secreta123',
        password: 'Cambiada-2026',
        re_password: 'Cambiada-2026',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(caller.id);
    const [callerAfter] = await app.db.select().from(users).where(eq(users.id, caller.id));
    expect(await verifyPassword(callerAfter.passwordHash, 'Cambiada-2026')).toBe(true);
    const [otherAfter] = await app.db.select().from(users).where(eq(users.id, other.id));
    expect(otherAfter).toEqual(otherBefore);
    await expectNoForgedValues();
  });
});

describe('bookings', () => {
  it("a seller cannot set the price, another seller, the state, B's operator or server fields on a new booking", async () => {
    const other = await createUser(app, { level: 2, tourOperatorId: w.a.opId });
    const base = bookingBody(w.a.product.id, { date: day(5) });
    const stolen = await send(app, {
      method: 'POST',
      url: '/api/v1/bookings',
      token: w.tokens.A2,
      payload: { ...base, seller_id: other.id },
    });
    expect(stolen.statusCode).toBe(403);
    const res = await send(app, {
      method: 'POST',
      url: '/api/v1/bookings',
      token: w.tokens.A2,
      payload: {
        ...base,
        ...forged(),
        tour_operator_id: w.b.opId,
        state: 'completed',
        payment_state: 'paid',
        channel: 'office',
        unit_cents: 1,
        lines: [{ pax_type: 'adult', quantity: 2, unit_cents: 1 }],
      },
    });
    expect([201, 422]).toContain(res.statusCode);
    if (res.statusCode === 201) {
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, res.json().id));
      expect(row.totalCents).toBe(2 * 4500 + 2500);
      expect(row.paidCents).toBe(0);
      expect(row.sellerId).toBe(w.A.l2.id);
      expect(row.tourOperatorId).toBe(w.a.opId);
      expect(row.state).not.toBe('completed');
      expect(row.locator).not.toBe('TRY-HACKED');
    }
  });

  it('a seller cannot change the price, the seller or mark a booking completed', async () => {
    const [before] = await app.db.select().from(bookings).where(eq(bookings.id, w.a.booking.id));
    const attempts = [
      { seller_id: w.A.l1.id },
      { state: 'completed' },
      { discount_cents: 5000, discount_reason: 'Amigo' },
      { total_cents: 1, paid_cents: 11_500, payment_state: 'paid', tour_operator_id: w.b.opId },
    ];
    for (const payload of attempts) {
      const res = await send(app, {
        method: 'PUT',
        url: `/api/v1/bookings/${w.a.booking.id}`,
        token: w.tokens.A2,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).not.toBeGreaterThanOrEqual(500);
    }
    const [after] = await app.db.select().from(bookings).where(eq(bookings.id, w.a.booking.id));
    for (const k of [
      'totalCents',
      'paidCents',
      'sellerId',
      'state',
      'paymentState',
      'tourOperatorId',
      'discountCents',
    ] as const) {
      expect(after[k], k).toEqual(before[k]);
    }
  });

  it('a public booking cannot set its price, state, seller or channel', async () => {
    const res = await send(app, {
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': `mass-public-${uniq()}` },
      payload: {
        ...bookingBody(w.a.product.id, { date: day(6) }),
        accept_terms: true,
        ...forged(),
        tour_operator_id: w.b.opId,
        seller_id: w.A.l2.id,
        channel: 'office',
        state: 'completed',
        discount_cents: 9000,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, res.json().id));
    expect(row).toMatchObject({
      totalCents: 11_500,
      paidCents: 0,
      sellerId: null,
      channel: 'public',
      tourOperatorId: w.a.opId,
      discountCents: 0,
    });
    expect(['pending', 'confirmed']).toContain(row.state);
  });
});

describe('prototype pollution', () => {
  it('__proto__ and constructor.prototype in JSON bodies are refused with 400 and pollute nothing', async () => {
    const bodies = [
      '{"__proto__": {"polluted": "yes"}, "name": "x"}',
      '{"constructor": {"prototype": {"polluted": "yes"}}, "name": "x"}',
      '{"a": {"__proto__": {"polluted": "yes"}}}',
      '{"pax": {"__proto__": {"adult": 50}}, "product_id": "x"}',
    ];
    const token = w.tokens.A1;
    const targets = [
      ['POST', '/api/v1/vehicles'],
      ['PUT', `/api/v1/users/${w.a.otherDriver.id}`],
      ['POST', '/api/v1/bookings'],
      ['PUT', `/api/v1/products/${w.a.product.id}`],
      ['POST', '/api/v1/auth/login'],
      ['POST', '/api/v1/public/bookings'],
    ] as const;
    for (const [method, url] of targets) {
      for (const payload of bodies) {
        const res = await send(app, {
          method,
          url,
          token,
          payload,
          headers: { 'content-type': 'application/json', 'idempotency-key': `proto-${uniq()}` },
        });
        expect(res.statusCode, `${method} ${url} ${payload}: ${res.body}`).toBe(400);
        expect(errorMessageOf(res)).toBeTruthy();
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The app still works.
    expect((await send(app, { method: 'GET', url: '/api/v1/auth/me', token })).statusCode).toBe(200);
  });

  it('__proto__ as a filter or query key is refused, never merged', async () => {
    for (const url of [
      '/api/v1/bookings?__proto__[eq]=x',
      '/api/v1/users?constructor[prototype]=x',
      '/api/v1/vehicles?constructor[eq]=1',
      '/api/v1/persons?toString[eq]=1',
      '/api/v1/bookings?sort=__proto__',
      '/api/v1/schedule-sheets?sort=-constructor',
      '/api/v1/users?sort=hasOwnProperty',
    ]) {
      const res = await send(app, { method: 'GET', url, token: w.tokens.A1 });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    // A bare "__proto__" query key is dropped by the query parser: the list is answered unfiltered.
    const bare = await send(app, { method: 'GET', url: '/api/v1/products?__proto__=1', token: w.tokens.A1 });
    expect([200, 400]).toContain(bare.statusCode);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('login works for a user created after all this (sanity)', async () => {
    const u = await createUser(app, { level: 3, tourOperatorId: w.a.opId });
    expect(await login(app, u.email)).toEqual(expect.any(String));
  });
});
