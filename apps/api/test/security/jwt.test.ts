/**
 * JWT attacks (issue 7, PRODUCT.md §2): forged, tampered, expired, revoked, malformed or misplaced
 * tokens all answer 401 with a JSON message; a genuine token keeps working (the positive control).
 */

import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET } from '../build-app';
import { createUser, createWorld, login } from '../factories';
import { errorMessageOf, send } from './fixtures';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const partsOf = (token: string) => {
  const [h, p, s] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()),
    h,
    p,
    s,
  };
};
/** The same token with its payload edited and the original signature kept. */
const tamper = (token: string, edit: Record<string, unknown>) => {
  const t = partsOf(token);
  return `${t.h}.${b64url({ ...t.payload, ...edit })}.${t.s}`;
};
const sign = (
  payload: Record<string, unknown>,
  opts: { secret?: string; alg?: string; exp?: number | string } = {},
) => {
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' }).setIssuedAt();
  if (opts.exp !== undefined) jwt.setExpirationTime(opts.exp);
  else jwt.setExpirationTime('1h');
  return jwt.sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
};

const me = (headers: Record<string, string>, url = '/api/v1/auth/me') => send(app, { method: 'GET', url, headers });
const meWith = (token: string) => me({ authorization: `Bearer ${token}` });

async function expect401(res: Awaited<ReturnType<typeof me>>, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
  expect(errorMessageOf(res), label).toBeTruthy();
  expect(res.headers['content-type']).toMatch(/application\/json/);
}

describe('forged and tampered tokens', () => {
  it('the genuine token works (positive control)', async () => {
    const res = await meWith(w.tokens.A2);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(w.A.l2.id);
  });

  it('alg "none", other algorithms and a wrong key are refused', async () => {
    const { payload } = partsOf(w.tokens.A2);
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...payload, level: 0 })}.`;
    const noneNoDot = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}`;
    const noneUpper = `${b64url({ alg: 'NONE', typ: 'JWT' })}.${b64url(payload)}.`;
    const hs512 = await sign(payload, { alg: 'HS512' });
    const wrongKey = await sign(payload, { secret: 'another-secret-that-is-long-enough-for-hs256-xx' });
    const shortKey = await sign(payload, { secret: 'x' });
    for (const [label, token] of Object.entries({ none, noneNoDot, noneUpper, hs512, wrongKey, shortKey })) {
      await expect401(await meWith(token), label);
    }
  });

  it('an edited level, tour_operator_id, sub or version with the original signature is refused', async () => {
    const edits: Record<string, Record<string, unknown>> = {
      'level 0': { level: 0 },
      'level 1': { level: 1 },
      "B's operator": { tour_operator_id: w.B.op.id },
      'no operator': { tour_operator_id: null },
      "another user's sub": { sub: w.A.l1.id },
      'version +1': { ver: (partsOf(w.tokens.A2).payload.ver as number) + 1 },
      'far expiry': { exp: 9_999_999_999 },
    };
    for (const [label, edit] of Object.entries(edits)) await expect401(await meWith(tamper(w.tokens.A2, edit)), label);
    // And the header: the same signature under a different algorithm claim.
    const t = partsOf(w.tokens.A2);
    await expect401(await meWith(`${b64url({ alg: 'HS384', typ: 'JWT' })}.${t.p}.${t.s}`), 'header alg swapped');
  });

  it('a correctly signed token that lies is still refused: wrong level, unknown user, bad payload', async () => {
    const { payload } = partsOf(w.tokens.A2);
    const cases: Record<string, Record<string, unknown>> = {
      // Signed with the real key (a leaked secret would allow this): the database still decides.
      'level 0 for a seller': { ...payload, level: 0 },
      'unknown user': { ...payload, sub: '00000000-0000-4000-8000-000000000000' },
      'sub not a uuid': { ...payload, sub: "' or 1=1 --" },
      'no ver': { sub: payload.sub, level: payload.level, tour_operator_id: payload.tour_operator_id },
      'level as text': { ...payload, level: '2' },
    };
    for (const [label, p] of Object.entries(cases)) await expect401(await meWith(await sign(p)), label);
  });

  it('an expired token answers 401 "La sesión ha caducado"', async () => {
    const { payload } = partsOf(w.tokens.A2);
    const expired = await sign(payload, { exp: Math.floor(Date.now() / 1000) - 60 });
    const res = await meWith(expired);
    await expect401(res, 'expired');
    expect(res.json().message).toBe('La sesión ha caducado');
  });
});

describe('malformed and misplaced tokens', () => {
  it('garbage, a missing "Bearer", other schemes and oversized tokens answer 401', async () => {
    const token = w.tokens.A2;
    const headers: Record<string, Record<string, string>> = {
      none: {},
      garbage: { authorization: 'Bearer abc' },
      'three dots': { authorization: 'Bearer a.b.c' },
      'empty bearer': { authorization: 'Bearer ' },
      'no scheme': { authorization: token },
      basic: { authorization: `Basic ${Buffer.from('a@b.c:x').toString('base64')}` },
      'two tokens': { authorization: `Bearer ${token} ${token}` },
      'token twice in one': { authorization: `Bearer ${token}${token}` },
      huge: { authorization: `Bearer ${'a'.repeat(10_000)}.${'b'.repeat(10_000)}.c` },
      'non-ascii': { authorization: 'Bearer ñandú.ñandú.ñandú' },
      'json payload not object': { authorization: `Bearer ${b64url({ alg: 'HS256' })}.${b64url('"x"')}.sig` },
    };
    for (const [label, h] of Object.entries(headers)) await expect401(await me(h), label);
  });

  it('a token in the query string or a cookie is ignored', async () => {
    const token = w.tokens.A2;
    for (const url of [
      `/api/v1/auth/me?token=${token}`,
      `/api/v1/auth/me?access_token=${token}`,
      `/api/v1/auth/me?authorization=Bearer%20${token}`,
    ]) {
      await expect401(await me({}, url), url);
    }
    await expect401(await me({ cookie: `token=${token}; access_token=${token}` }), 'cookie');
  });
});

describe('revocation (PRODUCT.md §2: a per-user token version)', () => {
  const freshUser = async (level = 4) => {
    const u = await createUser(app, { level, tourOperatorId: w.A.op.id });
    return { user: u, token: await login(app, u.email) };
  };
  const put = (id: string, payload: object) =>
    send(app, { method: 'PUT', url: `/api/v1/users/${id}`, token: w.tokens.A1, payload });

  it('logout revokes every earlier token of the user at once', async () => {
    const { user, token } = await freshUser();
    const second = await login(app, user.email);
    expect((await meWith(token)).statusCode).toBe(200);
    expect((await send(app, { method: 'POST', url: '/api/v1/auth/logout', token })).statusCode).toBe(204);
    await expect401(await meWith(token), 'after logout');
    await expect401(await meWith(second), 'other session after logout');
    // A new login works again.
    expect((await meWith(await login(app, user.email))).statusCode).toBe(200);
  });

  it('disabling, demoting, a password change, moving or deleting the user revoke its token', async () => {
    const cases: [string, (id: string) => Promise<{ statusCode: number }>][] = [
      ['disabled', (id) => put(id, { state: 2 })],
      ['demoted', (id) => put(id, { level: 5 })],
      ['password changed', (id) => put(id, { password: 'OtraClave123', re_password: 'OtraClave123' })],
      ['deleted', (id) => send(app, { method: 'DELETE', url: `/api/v1/users/${id}`, token: w.tokens.A1 })],
    ];
    for (const [label, change] of cases) {
      const { user, token } = await freshUser();
      expect((await meWith(token)).statusCode).toBe(200);
      const res = await change(user.id);
      expect(res.statusCode, label).toBeLessThan(300);
      await expect401(await meWith(token), label);
    }
  });

  it("deactivating the tour operator revokes its users' tokens", async () => {
    const op = await send(app, {
      method: 'POST',
      url: '/api/v1/tour-operators',
      token: w.tokens.admin,
      payload: { name: 'Operador temporal' },
    });
    const u = await createUser(app, { level: 1, tourOperatorId: op.json().id });
    const token = await login(app, u.email);
    expect((await meWith(token)).statusCode).toBe(200);
    const off = await send(app, {
      method: 'PUT',
      url: `/api/v1/tour-operators/${op.json().id}`,
      token: w.tokens.admin,
      payload: { state: 2 },
    });
    expect(off.statusCode).toBe(200);
    await expect401(await meWith(token), 'operator inactive');
  });

  it('a revoked token is refused on every kind of route, not only /auth/me', async () => {
    const { token } = await freshUser(1);
    await send(app, { method: 'POST', url: '/api/v1/auth/logout', token });
    for (const [method, url] of [
      ['GET', '/api/v1/bookings'],
      ['POST', '/api/v1/vehicles'],
      ['DELETE', `/api/v1/users/${w.A.l5.id}`],
      ['GET', '/api/v1/dashboard'],
    ] as const) {
      await expect401(await send(app, { method, url, token, payload: method === 'POST' ? {} : undefined }), url);
    }
    // Nothing was deleted by the revoked token.
    expect((await meWith(await login(app, w.A.l5.email))).statusCode).toBe(200);
  });
});
