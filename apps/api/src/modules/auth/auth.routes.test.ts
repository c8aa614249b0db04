import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET } from '../../../test/build-app';
import { bearer, createOperator, createUser, login, PASSWORD } from '../../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object });
const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

describe('POST /api/v1/auth/login', () => {
  it('spec §3/§7: answers token and user.id, user.name; payload carries sub and level', async () => {
    const op = await createOperator(app);
    const u = await createUser(app, {
      level: 2,
      tourOperatorId: op.id,
      fullName: 'Marta Vendedora',
      email: 'marta@example.com',
    });
    const res = await post({ email: 'MARTA@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: u.id, name: 'Marta Vendedora' });
    const payload = decodeJwt(body.token);
    expect(payload).toMatchObject({ sub: u.id, level: 2, tour_operator_id: op.id });
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('PRODUCT §2: the same 401 for an unknown e-mail and a wrong password, without token', async () => {
    await createUser(app, { level: 0, email: 'root@example.com' });
    const wrong = await post({ email: 'root@example.com', password: 'nope-nope' });
    const unknown = await post({ email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().token).toBeUndefined();
  });

  it('spec §5: missing fields answer 422 "Campo requerido"', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Campo requerido'], password: ['Campo requerido'] });
  });

  it('malformed JSON answers 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('issue 2: inactive users and users of an inactive operator cannot sign in', async () => {
    const op = await createOperator(app);
    const inactive = await createUser(app, { level: 3, tourOperatorId: op.id, state: 2 });
    const r1 = await post({ email: inactive.email, password: PASSWORD });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().token).toBeUndefined();

    const closedOp = await createOperator(app, { state: 2 });
    const u = await createUser(app, { level: 1, tourOperatorId: closedOp.id });
    const r2 = await post({ email: u.email, password: PASSWORD });
    expect(r2.statusCode).toBe(401);
    expect(r2.json().message).toMatch(/tour operador está inactivo/);
  });

  it('PRODUCT §2: passwords are stored as Argon2id hashes', async () => {
    const res = await app.db.execute<{ password_hash: string }>(sql`select password_hash from users limit 1`);
    expect(res.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('tokens: me, logout and revocation', () => {
  it('GET /auth/me answers the user of the token with every spec field', async () => {
    const op = await createOperator(app, { name: 'Teide Tours', timezone: 'Atlantic/Canary' });
    const u = await createUser(app, { level: 5, tourOperatorId: op.id, fullName: 'Gema Guía' });
    const token = await login(app, u.email);
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'address',
        'commission_pct',
        'created_at',
        'email',
        'full_name',
        'id',
        'lat_lng',
        'level',
        'phone',
        'state',
        'tour_operator',
        'tour_operator_id',
        'updated_at',
      ].sort(),
    );
    // The operator's zone: the back-office shows every time in it (issue 12).
    expect(res.json().tour_operator).toEqual({ id: op.id, name: 'Teide Tours', timezone: 'Atlantic/Canary' });
  });

  it('PRODUCT §2: logout revokes the token at once', async () => {
    const u = await createUser(app, { level: 0 });
    const token = await login(app, u.email);
    expect((await me(bearer(token))).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(bearer(token))).statusCode).toBe(401);
    // A new sign-in works again.
    expect((await me(bearer(await login(app, u.email)))).statusCode).toBe(200);
  });

  it('missing, malformed, tampered, alg:none, wrong-key and expired tokens answer 401', async () => {
    const u = await createUser(app, { level: 2, tourOperatorId: (await createOperator(app)).id });
    const token = await login(app, u.email);
    const [h, p, s] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...decodeJwt(token), level: 0 })).toString('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${edited}.`;
    const wrongKey = await new SignJWT({ level: 2, tour_operator_id: u.tourOperatorId, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ level: 2, tour_operator_id: u.tourOperatorId, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('not-a-jwt'),
      bearer(`${h}.${edited}.${s}`),
      bearer(none),
      bearer(wrongKey),
      bearer(expired),
    ]) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
    void p;
  });

  it('disabling or demoting a user revokes their earlier tokens', async () => {
    const op = await createOperator(app);
    const boss = await createUser(app, { level: 1, tourOperatorId: op.id });
    const u = await createUser(app, { level: 3, tourOperatorId: op.id });
    const bossToken = await login(app, boss.email);
    const t1 = await login(app, u.email);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${u.id}`,
      headers: bearer(bossToken),
      payload: { level: 2 },
    });
    expect((await me(bearer(t1))).statusCode).toBe(401);
    const t2 = await login(app, u.email);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${u.id}`,
      headers: bearer(bossToken),
      payload: { state: 2 },
    });
    expect((await me(bearer(t2))).statusCode).toBe(401);
  });

  it('deactivating the operator locks its users out at once', async () => {
    const admin = await createUser(app, { level: 0 });
    const op = await createOperator(app);
    const u = await createUser(app, { level: 3, tourOperatorId: op.id });
    const t = await login(app, u.email);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/tour-operators/${op.id}`,
      headers: bearer(await login(app, admin.email)),
      payload: { state: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(bearer(t))).statusCode).toBe(401);
  });
});

describe('login throttling (PRODUCT §2)', () => {
  let throttled: FastifyInstance;
  beforeAll(async () => {
    throttled = await buildTestApp({ loginThrottle: { accountLimit: 3, addressLimit: 6 } });
  });
  afterAll(async () => {
    await throttled?.close();
  });
  const attempt = (email: string, password: string, ip = '10.0.0.1') =>
    throttled.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });

  it('blocks an account after repeated failures with 429 and Retry-After, even with the right password', async () => {
    const u = await createUser(throttled, { level: 0, email: 'victim@example.com' });
    for (let i = 0; i < 3; i++) expect((await attempt(u.email, 'wrong-pass', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt(u.email, PASSWORD, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
  });

  it('blocks an address spraying passwords over many accounts', async () => {
    for (let i = 0; i < 6; i++)
      expect((await attempt(`user${i}@example.com`, 'Password1', '10.2.0.1')).statusCode).toBe(401);
    expect((await attempt('other@example.com', 'Password1', '10.2.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await attempt('other@example.com', 'Password1', '10.2.0.2')).statusCode).toBe(401);
  });
});
