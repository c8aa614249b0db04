/**
 * "Mi cuenta" (issue 12, item 11): every user edits their own data and changes their own password
 * (current password required, other sessions revoked, a fresh token for this one).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, login, PASSWORD } from '../../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const putMe = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/v1/auth/me', headers: bearer(token), payload });
const changePassword = (token: string, payload: object, ip = '127.0.0.1', target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/v1/auth/me/password',
    headers: bearer(token),
    payload,
    remoteAddress: ip,
  });
const NEW_PASSWORD = 'Nueva-clave-2026';

async function auditOf(userId: string) {
  const res = await app.db.execute<{ action: string; changes: Record<string, unknown>; actor_id: string }>(
    sql`select action, changes, actor_id from audit_log where entity_id = ${userId} order by created_at`,
  );
  return res.rows;
}

describe('PUT /api/v1/auth/me', () => {
  it('changes the caller’s own name, phone and address (fullName alias too), and says who did it', async () => {
    const op = await createOperator(app, { name: 'Teide Tours' });
    const u = await createUser(app, { level: 2, tourOperatorId: op.id, fullName: 'Marta Vendedora' });
    const token = await login(app, u.email);
    const res = await putMe(token, { fullName: 'Marta Pérez Vendedora', phone: '+34 600 111 222', address: 'Adeje' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      full_name: 'Marta Pérez Vendedora',
      phone: '+34 600 111 222',
      address: 'Adeje',
      email: u.email,
      level: 2,
      tour_operator: { id: op.id, name: 'Teide Tours' },
    });
    expect((await me(token)).json().full_name).toBe('Marta Pérez Vendedora');
    const audit = await auditOf(u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actor_id: u.id,
      changes: { full_name: ['Marta Vendedora', 'Marta Pérez Vendedora'], phone: ['', '+34 600 111 222'] },
    });
    // Fields not sent stay; nothing changed writes no entry.
    const again = await putMe(token, { phone: '+34 600 111 222' });
    expect(again.json().full_name).toBe('Marta Pérez Vendedora');
    expect(await auditOf(u.id)).toHaveLength(1);
  });

  it('never changes the e-mail, role, state, operator, commission, password or another user', async () => {
    const op = await createOperator(app);
    const other = await createOperator(app);
    const u = await createUser(app, { level: 4, tourOperatorId: op.id, fullName: 'Carlos Chofer' });
    const victim = await createUser(app, { level: 4, tourOperatorId: op.id, fullName: 'Otro Chofer' });
    const token = await login(app, u.email);
    const [before] = (await app.db.execute(sql`select * from users where id = ${u.id}`)).rows;
    const [victimBefore] = (await app.db.execute(sql`select * from users where id = ${victim.id}`)).rows;
    const res = await putMe(token, {
      id: victim.id,
      user_id: victim.id,
      email: 'hacker@example.com',
      level: 0,
      state: 2,
      tour_operator_id: other.id,
      commission_pct: 99,
      password: 'otra-clave-1',
      re_password: 'otra-clave-1',
      password_hash: 'forged',
      token_version: 99,
      phone: '+34 611 000 000',
    });
    expect(res.statusCode).toBe(200);
    const [after] = (await app.db.execute(sql`select * from users where id = ${u.id}`)).rows;
    expect({ ...after, phone: before.phone, updated_at: before.updated_at }).toEqual(before);
    expect(after.phone).toBe('+34 611 000 000');
    expect((await app.db.execute(sql`select * from users where id = ${victim.id}`)).rows[0]).toEqual(victimBefore);
    // The session still works: nothing of the token changed.
    expect((await me(token)).statusCode).toBe(200);
  });

  it('spec §5: an empty name is "Campo requerido"; over-long and control characters are refused', async () => {
    const u = await createUser(app, { level: 0 });
    const token = await login(app, u.email);
    const empty = await putMe(token, { full_name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ full_name: ['Campo requerido'] });
    const long = await putMe(token, { phone: 'x'.repeat(41), address: 'a\u0000b' });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.phone).toEqual(['Máximo 40 caracteres']);
    expect(long.json().errors.address).toBeDefined();
    expect((await me(token)).json().phone).toBe('');
  });
});

describe('POST /api/v1/auth/me/password', () => {
  it('needs the current password; revokes every other session and this token; answers a fresh one', async () => {
    const op = await createOperator(app);
    const u = await createUser(app, { level: 2, tourOperatorId: op.id, fullName: 'Sergio Vendedor' });
    const here = await login(app, u.email);
    const phone = await login(app, u.email);
    const res = await changePassword(here, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      re_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: u.id, name: 'Sergio Vendedor', level: 2, tour_operator_id: op.id });
    expect(decodeJwt(body.token)).toMatchObject({ sub: u.id, level: 2, tour_operator_id: op.id });
    expect(res.body).not.toContain(NEW_PASSWORD);
    expect(res.body).not.toMatch(/argon2/);
    // The old token of this session and the other session are revoked; the new token works.
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(body.token)).statusCode).toBe(200);
    // Only the new password signs in.
    const old = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await me(await login(app, u.email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a wrong current password answers 422 on current_password and changes nothing', async () => {
    const u = await createUser(app, { level: 5, tourOperatorId: (await createOperator(app)).id });
    const token = await login(app, u.email);
    const [before] = (await app.db.execute(sql`select password_hash, token_version from users where id = ${u.id}`))
      .rows;
    const res = await changePassword(token, {
      current_password: 'no-es-la-mia',
      password: NEW_PASSWORD,
      re_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['La contraseña actual no es correcta'] });
    const [after] = (await app.db.execute(sql`select password_hash, token_version from users where id = ${u.id}`)).rows;
    expect(after).toEqual(before);
    expect((await me(token)).statusCode).toBe(200);
    expect(await auditOf(u.id)).toHaveLength(0);
  });

  it('spec §3/§5: "Campo requerido", at least 8 characters, the re_password confirmation, not the same one', async () => {
    const u = await createUser(app, { level: 3, tourOperatorId: (await createOperator(app)).id });
    const token = await login(app, u.email);
    const empty = await changePassword(token, { current_password: '', password: '', re_password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      current_password: ['Campo requerido'],
      password: ['Campo requerido'],
      re_password: ['Campo requerido'],
    });
    const missing = await changePassword(token, {});
    expect(missing.json().errors).toEqual(empty.json().errors);
    const short = await changePassword(token, { current_password: PASSWORD, password: 'corta', re_password: 'corta' });
    expect(short.json().errors).toEqual({ password: ['La contraseña debe tener al menos 8 caracteres'] });
    const mismatch = await changePassword(token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      re_password: 'otra-distinta',
    });
    expect(mismatch.json().errors).toEqual({ re_password: ['Las contraseñas no coinciden'] });
    const same = await changePassword(token, { current_password: PASSWORD, password: PASSWORD, re_password: PASSWORD });
    expect(same.json().errors).toEqual({ password: ['La nueva contraseña debe ser distinta de la actual'] });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('the audit log records that the password changed, never the password or its hash', async () => {
    const u = await createUser(app, { level: 1, tourOperatorId: (await createOperator(app)).id });
    const token = await login(app, u.email);
    const res = await changePassword(token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      re_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const audit = await auditOf(u.id);
    expect(audit).toEqual([{ action: 'update', actor_id: u.id, changes: { password: [null, 'cambiada'] } }]);
    const all = await app.db.execute(sql`select * from audit_log where entity_id = ${u.id}`);
    const text = JSON.stringify(all.rows);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/argon2/);
  });

  it('no token, no change: 401', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/me/password',
      payload: { current_password: PASSWORD, password: NEW_PASSWORD, re_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('guessing the current password (throttled like sign-in)', () => {
  let throttled: FastifyInstance;
  beforeAll(async () => {
    throttled = await buildTestApp({ loginThrottle: { accountLimit: 3, addressLimit: 6 } });
  });
  afterAll(async () => {
    await throttled?.close();
  });

  it('blocks after repeated wrong guesses with 429 and Retry-After, even with the right one; sign-in still works', async () => {
    const u = await createUser(throttled, { level: 2, tourOperatorId: (await createOperator(throttled)).id });
    const token = await login(throttled, u.email);
    const guess = (current: string, ip: string) =>
      changePassword(
        token,
        { current_password: current, password: NEW_PASSWORD, re_password: NEW_PASSWORD },
        ip,
        throttled,
      );
    for (let i = 0; i < 3; i++) expect((await guess(`intento-${i}`, `10.3.0.${i}`)).statusCode).toBe(422);
    const blocked = await guess(PASSWORD, '10.3.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    // The password did not change, and the owner can still sign in (counted apart from sign-in).
    expect((await login(throttled, u.email)).length).toBeGreaterThan(20);
  });
});
