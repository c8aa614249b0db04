/**
 * Login throttling (issue 7, PRODUCT.md §2) with the production limits (5 failures per account,
 * 20 per address, 15 minutes): brute force on one account, password spraying from one address,
 * innocent callers unaffected, and no account enumeration through the answer.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '../../src/modules/auth/auth.throttle';
import { buildTestApp } from '../build-app';
import { createUser, createWorld, PASSWORD } from '../factories';
import { assertNoSecrets, errorMessageOf } from './fixtures';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;

beforeAll(async () => {
  app = await buildTestApp({ loginThrottle: DEFAULT_THROTTLE });
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
});

async function attempt(email: string, password: string, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  assertNoSecrets(res, 'login');
  return res;
}
const newUser = async () => (await createUser(app, { level: 2, tourOperatorId: w.A.op.id })).email;

function expectThrottled(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.statusCode, res.body).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(DEFAULT_THROTTLE.blockSeconds);
  expect(errorMessageOf(res)).toMatch(/Demasiados intentos/);
  expect(res.json().token).toBeUndefined();
}

describe('brute force on one account', () => {
  it('after 5 failures the account answers 429 + Retry-After, even to the right password and from elsewhere', async () => {
    const email = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_THROTTLE.accountLimit; i++)
      statuses.push((await attempt(email, `mal-${i}`, '10.0.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expectThrottled(await attempt(email, 'otra-mas', '10.0.1.1'));
    expectThrottled(await attempt(email, PASSWORD, '10.0.1.1'));
    // The block is the account's: another address does not get around it.
    expectThrottled(await attempt(email, PASSWORD, '10.0.1.2'));
    // The e-mail's case and spaces do not get around it either.
    expectThrottled(await attempt(`  ${email.toUpperCase()} `, PASSWORD, '10.0.1.3'));
  });

  it('other accounts from another address are not affected', async () => {
    const res = await attempt(await newUser(), PASSWORD, '10.0.1.4');
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });
});

describe('password spraying from one address', () => {
  it('after 20 failures over many accounts the address answers 429, even for a right password', async () => {
    const ip = '10.0.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_THROTTLE.addressLimit; i++) {
      // One or two tries per account: never the per-account limit.
      statuses.push((await attempt(i % 2 ? `nadie-${i}@example.com` : await newUser(), 'Verano2026', ip)).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expectThrottled(await attempt(`otra-victima@example.com`, 'Verano2026', ip));
    // A real user with the right password from that address is blocked too…
    const victim = await newUser();
    expectThrottled(await attempt(victim, PASSWORD, ip));
    // …but the same user from another address signs in.
    expect((await attempt(victim, PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it('the throttle lives in the database (auth_throttle), so every API process shares it', async () => {
    const res = await app.db.execute<{ key: string }>(
      sql`select key from auth_throttle where key = 'address:10.0.2.1' and blocked_until > now()`,
    );
    expect(res.rows).toHaveLength(1);
  });
});

describe('no account enumeration', () => {
  it('an unknown e-mail and a wrong password get byte-identical answers', async () => {
    const known = await newUser();
    const unknown = await attempt('no-existe@example.com', 'Secreta999', '10.0.3.1');
    const wrong = await attempt(known, 'Secreta999', '10.0.3.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
    expect(unknown.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Correo electrónico o contraseña incorrectos',
    });
  });

  it('both cost an Argon2 verification (no fast path for unknown e-mails)', async () => {
    const known = await newUser();
    const time = async (email: string, ip: string) => {
      const t0 = performance.now();
      await attempt(email, 'Secreta999', ip);
      return performance.now() - t0;
    };
    // Warm the dummy hash, then compare medians of a few tries each.
    await time('calentar@example.com', '10.0.4.0');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`fantasma-${i}@example.com`, `10.0.4.${i + 1}`));
      wrong.push(await time(known, `10.0.5.${i + 1}`));
    }
    const median = (l: number[]) => [...l].sort((a, b) => a - b)[1];
    // An unknown e-mail is never an order of magnitude faster than a wrong password.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 5);
  });
});
