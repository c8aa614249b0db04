import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { users } from '../../db/schema';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const URL = '/api/v1/auth/me/preferences';
const get = (token?: string) => app.inject({ method: 'GET', url: URL, headers: token ? bearer(token) : {} });
const put = (token: string | undefined, payload: unknown) =>
  app.inject({ method: 'PUT', url: URL, headers: token ? bearer(token) : {}, payload: payload as object });
const stored = async (id: string) =>
  (await app.db.select({ p: users.preferences }).from(users).where(eq(users.id, id)))[0]?.p;

describe('GET/PUT /api/v1/auth/me/preferences', () => {
  it('answers empty settings before any choice, and the saved ones after, for every level', async () => {
    for (const token of [w.tokens.admin, w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      const first = await get(token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ columns: {} });
    }
    const saved = await put(w.tokens.A4, { columns: { bookings: ['channel', 'seller'] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ columns: { bookings: ['channel', 'seller'] } });
    expect((await get(w.tokens.A4)).json()).toEqual({ columns: { bookings: ['channel', 'seller'] } });
    expect(await stored(w.A.l4.id)).toEqual({ columns: { bookings: ['channel', 'seller'] } });
  });

  it('asks for a token', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, { columns: {} })).statusCode).toBe(401);
  });

  it("touches only the caller's own row: another user's id in the body or the query is refused or ignored", async () => {
    await put(w.tokens.B1, { columns: { persons: ['email'] } });
    const before = await stored(w.B.l1.id);

    const forged = await put(w.tokens.A1, { user_id: w.B.l1.id, columns: { persons: ['phone'] } });
    expect(forged.statusCode).toBe(422);
    const viaQuery = await app.inject({
      method: 'PUT',
      url: `${URL}?user_id=${w.B.l1.id}&id=${w.B.l1.id}`,
      headers: bearer(w.tokens.A1),
      payload: { columns: { persons: ['phone'] } },
    });
    expect(viaQuery.statusCode).toBe(200);
    expect(await stored(w.B.l1.id)).toEqual(before);
    expect((await get(w.tokens.B1)).json()).toEqual({ columns: { persons: ['email'] } });
    expect((await get(w.tokens.A1)).json()).toEqual({ columns: { persons: ['phone'] } });
    // The administrator, too, reads only their own settings.
    expect((await get(w.tokens.admin)).json()).toEqual({ columns: {} });
  });

  it('refuses unknown keys, bad keys and oversized settings in Spanish, writing nothing', async () => {
    await put(w.tokens.A2, { columns: { users: ['email'] } });
    const bad: unknown[] = [
      { columns: { bookings: ['channel'] }, theme: 'dark' },
      { columns: { 'Bookings!': ['channel'] } },
      { columns: { bookings: ['<script>'] } },
      { columns: { bookings: 'channel' } },
      { columns: { bookings: Array.from({ length: 41 }, (_, i) => `c${i}`) } },
      { columns: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`list${i}`, ['a']])) },
      { columns: { bookings: ['x'.repeat(41)] } },
      [],
    ];
    for (const payload of bad) {
      const res = await put(w.tokens.A2, payload);
      expect([400, 422], JSON.stringify(payload).slice(0, 80)).toContain(res.statusCode);
      expect(res.json().message).toMatch(/[a-záéíóúñ]/i);
    }
    expect(await stored(w.A.l2.id)).toEqual({ columns: { users: ['email'] } });
  });

  it('reads settings stored in an older shape as none instead of failing', async () => {
    await app.db
      .update(users)
      .set({ preferences: { columns: 'old', other: 1 } })
      .where(eq(users.id, w.A.l3.id));
    const res = await get(w.tokens.A3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ columns: {} });
  });
});
