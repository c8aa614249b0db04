/**
 * "¿Has olvidado tu contraseña?" end to end through the API (issue 14 item 2): the e-mail arrives at
 * a real SMTP server on loopback with a working absolute link; the token is single-use, expires,
 * revokes the sessions; the answer is the same for any address; requests are throttled; a slow
 * SMTP server never slows the request; without SMTP_URL the message waits in the outbox.
 */
import { AUDIT_PASSWORD_MARKER, PASSWORD_RESET_MSG } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createOperator, createUser, login, PASSWORD } from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';

const PUBLIC_URL = 'https://reservas.example.com';
const NEW_PASSWORD = 'Otra-clave-2026';
let app: FastifyInstance;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'trayecto', pass: 's3cr3t:/@', slowMs: 3000 });
  app = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Trayecto <no-reply@trayecto.test>', PUBLIC_URL },
    mail: { pollMs: 50, retry: { baseDelayMs: 0, maxDelayMs: 0 } },
  });
  await app.ready();
}, 30_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.script.length = 0;
});

const requestReset = (email: string, target = app, ip = '127.0.0.1') =>
  target.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function messagesOf(target: FastifyInstance, userId: string) {
  const res = await target.db.execute<{ state: string; kind: string; html: string; text: string; recipient: string }>(
    sql`select state, kind, html, text, recipient from messages where user_id = ${userId} order by created_at`,
  );
  return res.rows;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function linkIn(text: string) {
  const m = /https:\/\/reservas\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in:\n${text}`);
  return { url: m[0], token: m[1] };
}

describe('POST /api/v1/auth/password-reset', () => {
  it('e-mails a working link; using it sets the password and ends every session', async () => {
    const op = await createOperator(app, { name: 'Teide Tours' });
    const u = await createUser(app, { level: 2, tourOperatorId: op.id, fullName: 'Marta Vendedora' });
    const oldSession = await login(app, u.email);

    const res = await requestReset(`  ${u.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MSG.requested });

    const [{ mail, rcptTo }] = await smtp.waitFor(1);
    expect(rcptTo).toEqual([u.email]);
    expect(mail.subject).toBe('Restablece tu contraseña de Trayecto');
    expect(mail.text).toContain('Hola, Marta Vendedora:');
    expect(mail.text).toContain('caduca en 60 minutos');
    const { url, token } = linkIn(mail.text ?? '');
    // The HTML part carries the same absolute link, as a button and in full.
    expect(mail.html).toContain(`href="${url}"`);
    expect(token.length).toBeGreaterThanOrEqual(43);

    // The outbox says sent, and keeps no usable token; the database stores only a hash.
    // Marked sent once the server's 250 reached the worker (a moment after the server has it).
    await until(async () => (await messagesOf(app, u.id))[0]?.state === 'sent');
    const [row] = await messagesOf(app, u.id);
    expect(row).toMatchObject({ state: 'sent', kind: 'password_reset', recipient: u.email });
    expect(row.text).not.toContain(token);
    const stored = await app.db.execute<{ token_hash: string }>(
      sql`select token_hash from password_reset_tokens where user_id = ${u.id}`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const done = await confirm({ token, password: NEW_PASSWORD, re_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    expect((await me(oldSession)).statusCode).toBe(401);
    await expect(login(app, u.email)).rejects.toThrow(/401/);
    const fresh = await login(app, u.email, NEW_PASSWORD);
    expect((await me(fresh)).statusCode).toBe(200);

    // Single use.
    const again = await confirm({ token, password: 'Tercera-clave-1', re_password: 'Tercera-clave-1' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: PASSWORD_RESET_MSG.invalidToken });

    const audit = await app.db.execute<{ changes: Record<string, unknown>; actor_id: string }>(
      sql`select changes, actor_id from audit_log where entity_id = ${u.id}`,
    );
    expect(audit.rows).toEqual([{ changes: { password: [null, AUDIT_PASSWORD_MARKER] }, actor_id: u.id }]);
  });

  it('answers the same 202 for an unknown, an inactive or a deleted account, and sends nothing', async () => {
    const op = await createOperator(app);
    const inactive = await createUser(app, { level: 2, tourOperatorId: op.id, state: 2 });
    const closedOp = await createOperator(app, { state: 2 });
    const ofClosed = await createUser(app, { level: 3, tourOperatorId: closedOp.id });
    const deleted = await createUser(app, { level: 2, tourOperatorId: op.id, deletedAt: new Date() });
    const answers = [];
    for (const email of ['nadie@example.com', inactive.email, ofClosed.email, deleted.email]) {
      const res = await requestReset(email);
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0][0]).toBe(202);
    for (const u of [inactive, ofClosed, deleted]) expect(await messagesOf(app, u.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(0);
  });

  it('a platform administrator (no operator) can reset too', async () => {
    const admin = await createUser(app, { level: 0, tourOperatorId: null });
    expect((await requestReset(admin.email)).statusCode).toBe(202);
    const [{ mail }] = await smtp.waitFor(1);
    const { token } = linkIn(mail.text ?? '');
    expect((await confirm({ token, password: NEW_PASSWORD, re_password: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('an expired link does not work; using one link retires the others', async () => {
    const op = await createOperator(app);
    const u = await createUser(app, { level: 2, tourOperatorId: op.id });
    await requestReset(u.email);
    await requestReset(u.email);
    await requestReset(u.email);
    const mails = await smtp.waitFor(3);
    const [first, second, third] = mails.map((m) => linkIn(m.mail.text ?? '').token);
    await app.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second'
          where user_id = ${u.id} and created_at = (select min(created_at) from password_reset_tokens where user_id = ${u.id})`,
    );
    const expired = await confirm({ token: first, password: NEW_PASSWORD, re_password: NEW_PASSWORD });
    // Only one of the three links was expired; whichever it was, the answer is the same 422.
    const results = [expired.statusCode];
    results.push((await confirm({ token: second, password: NEW_PASSWORD, re_password: NEW_PASSWORD })).statusCode);
    results.push((await confirm({ token: third, password: NEW_PASSWORD, re_password: NEW_PASSWORD })).statusCode);
    // Exactly one works: the expired one never, and the first used retires the rest.
    expect(results.filter((s) => s === 204)).toHaveLength(1);
    expect(results.filter((s) => s === 422)).toHaveLength(2);
  });

  it('an expired token answers 422', async () => {
    const op = await createOperator(app);
    const u = await createUser(app, { level: 2, tourOperatorId: op.id });
    await requestReset(u.email);
    const [{ mail }] = await smtp.waitFor(1);
    const { token } = linkIn(mail.text ?? '');
    await app.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${u.id}`,
    );
    const res = await confirm({ token, password: NEW_PASSWORD, re_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('RESET_TOKEN_INVALID');
    await login(app, u.email, PASSWORD);
  });

  it('the new password follows the same rules as elsewhere (confirmation, 8 characters)', async () => {
    const mismatch = await confirm({ token: 'x', password: 'Clave-larga-1', re_password: 'Otra-distinta-2' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toMatchObject({ re_password: ['Las contraseñas no coinciden'] });
    const short = await confirm({ token: 'x', password: 'corta', re_password: 'corta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toBe('La contraseña debe tener al menos 8 caracteres');
    const badEmail = await requestReset('no-es-un-correo');
    expect(badEmail.statusCode).toBe(422);
  });

  it('a slow SMTP server never slows the request', async () => {
    const op = await createOperator(app);
    const u = await createUser(app, { level: 2, tourOperatorId: op.id });
    smtp.script.push('slow');
    const started = Date.now();
    const res = await requestReset(u.email);
    expect(res.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(1500);
    await smtp.waitFor(1, 10_000);
  });
});

describe('throttling and zero set-up', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildTestApp({ loginThrottle: { accountLimit: 3, addressLimit: 5 } });
  }, 30_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('without SMTP_URL the message waits queued in the outbox; nothing is lost', async () => {
    expect(bare.mailWorker).toBeUndefined();
    const op = await createOperator(bare);
    const u = await createUser(bare, { level: 2, tourOperatorId: op.id });
    expect((await requestReset(u.email, bare, '10.0.0.1')).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    const rows = await messagesOf(bare, u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe('queued');
    expect(rows[0].text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('requests are limited per account and per address like sign-in (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset('alguien@example.com', bare, '10.0.0.2')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const blocked = await requestReset('alguien@example.com', bare, '10.0.0.2');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().code).toBe('RATE_LIMITED');
    // Another address, other accounts: the address limit (5) stops a spray too.
    const spray: number[] = [];
    for (let i = 0; i < 6; i++) spray.push((await requestReset(`x${i}@example.com`, bare, '10.0.0.3')).statusCode);
    expect(spray.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(spray[5]).toBe(429);
  });
});
