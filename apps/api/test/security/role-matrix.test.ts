/**
 * Role matrix (issue 7, PRODUCT.md §3): levels 0–5 of operator A × every /api/v1 route, table-driven
 * from matrix.ts. No token → 401; a level the table does not list → 403 (or 404 where the role only
 * reads its own rows); a listed level → a 2xx (or the exact status the row names). And (issue 14)
 * nobody reads another user's live one-time link (password reset, invitation) in Mensajes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../factories';
import { errorMessageOf, type SecurityWorld, send, setupSecurityWorld, uniq } from './fixtures';
import { type Expect, LEVELS, type Level, PUBLIC_ROWS, ROLE_ROWS, tokenOf } from './matrix';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, world: w, close } = await setupSecurityWorld({ images: true }));
}, 120_000);
afterAll(async () => {
  await close?.();
});

const outcome = (status: number): Expect => (status >= 200 && status < 300 ? 'ok' : status);

describe('without a token', () => {
  it('every protected route answers 401 with a Spanish JSON message, before reading anything', async () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const row of ROLE_ROWS) {
      if (seen.has(row.route)) continue;
      seen.add(row.route);
      const req = await row.request({ app, w, level: 1, token: w.tokens.A1 });
      const res = await send(app, { ...req, token: null });
      if (res.statusCode !== 401 || !errorMessageOf(res)) wrong.push(`${row.route}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(55);
  });

  it('public routes work without one (and ignore a bad one)', async () => {
    const wrong: string[] = [];
    for (const row of PUBLIC_ROWS) {
      for (const token of [null, 'not-a-token']) {
        const res = await send(app, { ...row.request(w), token });
        if (outcome(res.statusCode) !== row.expect)
          wrong.push(`${row.route} (${token}): ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('levels 0–5 × every route', () => {
  for (const row of ROLE_ROWS) {
    it(`${row.route}${row.label ? ` — ${row.label}` : ''}`, async () => {
      const expected: Partial<Record<Level, Expect>> = {};
      const actual: Partial<Record<Level, Expect>> = {};
      for (const level of LEVELS) {
        expected[level] = row.expect[level] ?? 403;
        const token = tokenOf(w, level);
        const req = await row.request({ app, w, level, token });
        const res = await send(app, { token, ...req });
        actual[level] = outcome(res.statusCode);
        if (res.statusCode >= 400) expect(errorMessageOf(res), `${level}: ${res.body}`).toBeTruthy();
        if (res.statusCode >= 500) throw new Error(`${row.route} level ${level}: ${res.statusCode} ${res.body}`);
      }
      expect(actual).toEqual(expected);
    });
  }

  it('a refused level gets the generic Spanish 403', async () => {
    const res = await send(app, { method: 'POST', url: '/api/v1/tour-operators', token: w.tokens.A1, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
  });
});

describe('one-time links (issue 14)', () => {
  // A password-reset or invitation e-mail waits in the outbox (always, on a server without
  // SMTP_URL) with its link: an Operador (level 3) who asks for a reset of the operator's admin
  // (anonymously) and could read the link in Mensajes would take the admin's account. The office
  // reads that it was sent, the token blanked. Every answer of this suite is scanned for a live
  // link too (fixtures.ts, assertNoSecrets); here the scan is by hand, and each link is tried.
  it("nobody reads another user's live reset or invitation link in Mensajes, so nobody takes the account", async () => {
    const victim = await createUser(app, { level: 1, tourOperatorId: w.a.opId, fullName: 'Admin Víctima' });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: victim.email },
    });
    expect(reset.statusCode).toBe(202);
    const invited = await send(app, {
      method: 'POST',
      url: '/api/v1/users',
      token: w.tokens.A1,
      payload: { full_name: 'Admin Invitada', email: `invitada-${uniq()}@example.com`, level: 1 },
    });
    expect(invited.statusCode).toBe(201);
    const victims = [victim.id, invited.json().id as string];
    // Both links are live in the outbox (what the answers below must not show).
    const stored = await app.db.execute<{ text: string }>(
      sql`select text from messages where user_id in (${victims[0]}, ${victims[1]}) and state = 'queued'`,
    );
    expect(stored.rows.map((m) => /[?&]token=[A-Za-z0-9_-]{16,}/.test(m.text))).toEqual([true, true]);
    const found: string[] = [];
    for (const [who, token] of Object.entries({ A3: w.tokens.A3, A1: w.tokens.A1, admin: w.tokens.admin })) {
      // Straight through inject: send() itself would refuse to read such an answer.
      const list = await app.inject({
        url: '/api/v1/messages?kind[in]=password_reset,user_invitation&per_page=500',
        headers: bearer(token),
      });
      expect(list.statusCode).toBe(200);
      const mine = (list.json() as { id: string; user_id: string }[]).filter((m) => victims.includes(m.user_id));
      expect(mine.length, who).toBe(2);
      for (const m of mine) {
        const res = await app.inject({ url: `/api/v1/messages/${m.id}`, headers: bearer(token) });
        for (const link of `${list.body}${res.body}`.matchAll(/[?&]token=([A-Za-z0-9_-]{16,})/g)) {
          found.push(`${who} ${m.id}: ${link[1]}`);
        }
      }
    }
    const taken: string[] = [];
    for (const token of new Set(found.map((f) => f.split(': ')[1] as string))) {
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { token, password: 'Cuenta-tomada-1', re_password: 'Cuenta-tomada-1' },
      });
      if (confirm.statusCode === 204) taken.push(token);
    }
    expect({ found, taken }).toEqual({ found: [], taken: [] });
  });
});
