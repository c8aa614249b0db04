/**
 * Cross-tenant matrix (issue 7, PRODUCT.md §3, §7 "Tenant isolation"): operator A's admin (level 1)
 * and its other roles aim every verb of every tenant resource at operator B's ids. Every answer is
 * a refusal (404, never revealing that the row exists) and a snapshot of all of B's rows, in every
 * table with a tour_operator_id (messages and message settings included) and the one-time links of
 * B's users, is identical before and after. Lists read by A never show B's rows, even when
 * filtered by B's tour_operator_id.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessageOf,
  multipartImage,
  pngBytes,
  type SecurityWorld,
  send,
  setupSecurityWorld,
  snapshotOperator,
} from './fixtures';
import { TENANT_LISTS, TENANT_ROWS } from './matrix';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld({ images: true }));
}, 120_000);
afterAll(async () => {
  await close?.();
});

/** Every id of operator B the attacks aim at: none may appear in an answer to A. */
function idsOfB() {
  const b = w.b;
  return [
    b.opId,
    b.product.id,
    b.draftProduct.id,
    b.accommodation.id,
    b.vehicle.id,
    b.person.id,
    b.booking.id,
    b.booking.locator,
    b.officeBooking.id,
    b.sheet.id,
    b.message.id,
    b.sentMessage.id,
    b.image?.id ?? '',
    b.otherDriver.id,
    b.channel.id,
    b.channelKey.id,
    w.B.l1.id,
    w.B.l2.id,
    w.B.l3.id,
    w.B.l4.id,
    w.B.l5.id,
  ].filter(Boolean);
}

describe("operator A on operator B's rows", () => {
  it('every verb on every resource is refused and B is left exactly as it was', async () => {
    expect(w.b.image).not.toBeNull();
    // B's admin has an outstanding password-reset link (issue 14): an invitation sent by A would
    // retire it and write a new one.
    const reset = await send(app, {
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: w.B.l1.email },
    });
    expect(reset.statusCode).toBe(202);
    const before = await snapshotOperator(app, w.b.opId);
    // The snapshot holds what the attacks aim at (issue 14 included), so "unchanged" means something.
    for (const table of ['bookings', 'departures', 'messages', 'message_settings', 'password_reset_tokens', 'users']) {
      expect(before[table]?.length ?? 0, `B's ${table} in the snapshot`).toBeGreaterThan(0);
    }
    const wrong: string[] = [];
    const tokens = { A1: w.tokens.A1, A2: w.tokens.A2, A3: w.tokens.A3, A4: w.tokens.A4, A5: w.tokens.A5 };
    let attacks = 0;
    for (const row of TENANT_ROWS) {
      for (const [who, token] of Object.entries(tokens)) {
        let req = row.request(w);
        if (row.route === 'POST /api/v1/products/:id/images') {
          const mp = multipartImage(await pngBytes(), 'Intrusa');
          req = { method: 'POST', url: `/api/v1/products/${w.b.product.id}/images`, ...mp };
        }
        const res = await send(app, { ...req, token });
        attacks += 1;
        // Level 1 must meet the row's expectation; lower roles may also be refused by role (403).
        const allowed = who === 'A1' ? row.expect : [...row.expect, 403];
        if (!allowed.includes(res.statusCode))
          wrong.push(`${who} ${row.route} (${row.label}): ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400 && !errorMessageOf(res)) wrong.push(`${who} ${row.route}: no JSON message`);
        if (res.statusCode < 300) {
          for (const id of idsOfB()) {
            if (res.body.includes(id)) wrong.push(`${who} ${row.route} (${row.label}): answer shows B's ${id}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(attacks).toBeGreaterThan(200);
    expect(await snapshotOperator(app, w.b.opId)).toEqual(before);
  });

  it("a 404 for B's row is the same answer as for an id that does not exist (nothing revealed)", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [resource, id] of [
      ['bookings', w.b.booking.id],
      ['products', w.b.product.id],
      ['vehicles', w.b.vehicle.id],
      ['persons', w.b.person.id],
      ['accommodations', w.b.accommodation.id],
      ['schedule-sheets', w.b.sheet.id],
      ['users', w.B.l1.id],
      ['tour-operators', w.b.opId],
      ['channels', w.b.channel.id],
    ]) {
      const theirs = await send(app, { method: 'GET', url: `/api/v1/${resource}/${id}`, token: w.tokens.A1 });
      const none = await send(app, { method: 'GET', url: `/api/v1/${resource}/${missing}`, token: w.tokens.A1 });
      expect([theirs.statusCode, theirs.body], resource).toEqual([none.statusCode, none.body]);
    }
    // Issue 14: messages, and what hangs from B's rows.
    const aimed: ['GET' | 'POST', (id: string) => string, string][] = [
      ['GET', (id) => `/api/v1/messages/${id}`, w.b.message.id],
      ['POST', (id) => `/api/v1/messages/${id}/resend`, w.b.sentMessage.id],
      ['GET', (id) => `/api/v1/bookings/${id}/messages`, w.b.booking.id],
      ['GET', (id) => `/api/v1/tour-operators/${id}/message-settings`, w.b.opId],
      ['POST', (id) => `/api/v1/users/${id}/invitation`, w.B.l2.id],
    ];
    for (const [method, url, id] of aimed) {
      const theirs = await send(app, { method, url: url(id), token: w.tokens.A1 });
      const none = await send(app, { method, url: url(missing), token: w.tokens.A1 });
      expect([theirs.statusCode, theirs.body], url(id)).toEqual([none.statusCode, none.body]);
    }
  });
});

describe('lists read by operator A', () => {
  it("never contain B's rows, even filtered by B's tour_operator_id", async () => {
    const wrong: string[] = [];
    for (const list of TENANT_LISTS) {
      for (const token of [w.tokens.A1, w.tokens.A3]) {
        const res = await send(app, { method: 'GET', url: list.url(w), token });
        if (res.statusCode === 403) continue; // a role that may not read the list at all
        if (res.statusCode !== 200) {
          wrong.push(`${list.route}: ${res.statusCode} ${res.body}`);
          continue;
        }
        for (const id of idsOfB()) if (res.body.includes(id)) wrong.push(`${list.route}: shows B's ${id}`);
        if (String(res.headers['content-type']).startsWith('text/csv')) {
          // A CSV export (no ids in it): filtered by B, A's file is the header line alone.
          const lines = res.body.split('\r\n').filter(Boolean);
          if (lines.length !== 1) wrong.push(`${list.route}: ${lines.length - 1} rows`);
          continue;
        }
        const body = res.json() as unknown;
        const rows = Array.isArray(body) ? body : [];
        for (const item of rows as { tour_operator_id?: string | null }[]) {
          if (
            item.tour_operator_id !== undefined &&
            item.tour_operator_id !== null &&
            item.tour_operator_id !== w.a.opId
          ) {
            wrong.push(`${list.route}: a row of ${item.tour_operator_id}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('unfiltered lists show A its own rows and none of B (the scope is not just a filter)', async () => {
    for (const url of [
      '/api/v1/bookings',
      '/api/v1/messages',
      '/api/v1/products',
      '/api/v1/vehicles',
      '/api/v1/persons',
      '/api/v1/users',
    ]) {
      const res = await send(app, { method: 'GET', url: `${url}?per_page=500`, token: w.tokens.A1 });
      expect(res.statusCode, url).toBe(200);
      const rows = res.json() as { tour_operator_id: string }[];
      expect(rows.length, url).toBeGreaterThan(0);
      expect(rows.every((r) => r.tour_operator_id === w.a.opId)).toBe(true);
    }
  });

  it("B's dashboard figures are not reachable with ?tour_operator_id=<B>: A gets its own", async () => {
    const own = await send(app, { method: 'GET', url: '/api/v1/dashboard', token: w.tokens.A1 });
    const aimed = await send(app, {
      method: 'GET',
      url: `/api/v1/dashboard?tour_operator_id=${w.b.opId}`,
      token: w.tokens.A1,
    });
    expect(aimed.statusCode).toBe(200);
    expect(aimed.json()).toEqual(own.json());
  });

  it("the administrator does see B's rows with the same filter (the filter itself works)", async () => {
    const res = await send(app, {
      method: 'GET',
      url: `/api/v1/bookings?tour_operator_id[eq]=${w.b.opId}`,
      token: w.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string; tour_operator_id: string }[];
    expect(rows.map((r) => r.id)).toContain(w.b.booking.id);
    expect(rows.every((r) => r.tour_operator_id === w.b.opId)).toBe(true);
    // And B's messages (issue 14), which A's lists above never showed.
    const messages = await send(app, {
      method: 'GET',
      url: `/api/v1/messages?tour_operator_id[eq]=${w.b.opId}&per_page=500`,
      token: w.tokens.admin,
    });
    expect(messages.statusCode).toBe(200);
    const list = messages.json() as { id: string; tour_operator_id: string }[];
    expect(list.map((m) => m.id)).toEqual(expect.arrayContaining([w.b.message.id, w.b.sentMessage.id]));
    expect(list.every((m) => m.tour_operator_id === w.b.opId)).toBe(true);
  });

  it("the administrator's CSV exports with B's filter do hold rows (the header-only files above mean something)", async () => {
    const wrong: string[] = [];
    for (const list of TENANT_LISTS.filter((l) => l.route.endsWith('/export.csv'))) {
      const res = await send(app, { method: 'GET', url: list.url(w), token: w.tokens.admin });
      const lines = res.body.split('\r\n').filter(Boolean);
      if (res.statusCode !== 200 || lines.length < 2)
        wrong.push(`${list.route}: ${res.statusCode}, ${lines.length} lines`);
    }
    expect(wrong).toEqual([]);
  });

  it("nobody reads or writes another user's screen settings (GET/PUT /auth/me/preferences: the caller's row only)", async () => {
    const url = '/api/v1/auth/me/preferences';
    const mine = { columns: { bookings: ['channel'] } };
    expect((await send(app, { method: 'PUT', url, token: w.tokens.B1, payload: mine })).statusCode).toBe(200);
    const wrong: string[] = [];
    for (const [name, token] of Object.entries({ admin: w.tokens.admin, A1: w.tokens.A1, A2: w.tokens.A2 })) {
      // Another user's id anywhere in the request: the body refuses it, the query is not read.
      for (const req of [
        { method: 'PUT' as const, url, payload: { user_id: w.B.l1.id, columns: { bookings: ['seller'] } } },
        { method: 'PUT' as const, url: `${url}?user_id=${w.B.l1.id}`, payload: { columns: { bookings: ['seller'] } } },
        { method: 'GET' as const, url: `${url}?user_id=${w.B.l1.id}` },
        { method: 'GET' as const, url: `/api/v1/users/${w.B.l1.id}/preferences` },
      ]) {
        const res = await send(app, { ...req, token });
        if (res.statusCode < 300 && res.body.includes('"channel"'))
          wrong.push(`${name} ${req.method} ${req.url}: read B's`);
        if (res.statusCode >= 500) wrong.push(`${name} ${req.method} ${req.url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    const after = await send(app, { method: 'GET', url, token: w.tokens.B1 });
    expect(after.json()).toEqual(mine);
  });
});
