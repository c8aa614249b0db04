/**
 * Issue 13: every error answer carries a machine `code` from the shared list beside its Spanish
 * `message`, and its HTTP status is that code's. One request per error class the API answers: the
 * error handler's own branches (unknown route, bad URL, malformed JSON, too large, media type,
 * query vs body validation), authentication, and the business refusals a client acts on.
 */
import { ERROR_CODES, NO_SEATS_MESSAGE, type TErrorCode } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, booked, bookingBody, day, mkProduct } from '../src/modules/bookings/bookings.test-helpers';
import { newKey, publicApi, publicBody } from '../src/modules/public/public.test-helpers';
import { mkSheet, putSheet } from '../src/modules/schedule-sheets/schedule-sheets.test-helpers';
import { buildTestApp, TEST_JWT_SECRET } from './build-app';
import { bearer, createUser, createWorld, PASSWORD } from './factories';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let product: { id: string };

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
  product = await mkProduct(app, w.tokens.A1, { capacity: 20 });
});
afterAll(async () => {
  await app?.close();
});

/** The answer is an error with this code, the code's status, a Spanish message; returns the body. */
function expectCode(res: LightMyRequestResponse, code: TErrorCode) {
  expect(res.headers['content-type'], res.body).toMatch(/application\/json/);
  const body = res.json();
  expect(body.code, res.body).toBe(code);
  expect(res.statusCode, res.body).toBe(ERROR_CODES[code].status);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const raw = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload, headers: { ...bearer(w.tokens.A1), ...headers } });

describe('the error handler and Fastify: every branch answers a code', () => {
  it('unknown routes: ROUTE_NOT_FOUND (any method); an unknown record: NOT_FOUND', async () => {
    expectCode(await app.inject({ method: 'GET', url: '/api/v1/nope' }), 'ROUTE_NOT_FOUND');
    expectCode(await app.inject({ method: 'DELETE', url: '/api/v1/bookings' }), 'ROUTE_NOT_FOUND');
    expectCode(await raw('GET', '/api/v1/products/00000000-0000-4000-8000-000000000000'), 'NOT_FOUND');
    expectCode(await raw('GET', '/api/v1/products/not-a-uuid'), 'NOT_FOUND');
  });

  it('a URL that does not decode: BAD_REQUEST; a path parameter over the limit: URI_TOO_LONG (in Spanish)', async () => {
    const bad = expectCode(await raw('GET', '/api/v1/products/%E0%A4%A'), 'BAD_REQUEST');
    expect(bad.message).toBe('La dirección de la petición no es válida');
    const long = expectCode(await raw('GET', `/api/v1/products/${'a'.repeat(300)}`), 'URI_TOO_LONG');
    expect(long.message).toBe('La dirección es demasiado larga');
  });

  it('malformed or empty JSON: INVALID_JSON; too large: PAYLOAD_TOO_LARGE; not JSON: UNSUPPORTED_MEDIA_TYPE', async () => {
    const json = { 'content-type': 'application/json' };
    expectCode(await raw('POST', '/api/v1/products', '{"name":', json), 'INVALID_JSON');
    expectCode(await raw('POST', '/api/v1/products', '', json), 'INVALID_JSON');
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    expectCode(await raw('POST', '/api/v1/products', huge, json), 'PAYLOAD_TOO_LARGE');
    const xml = { 'content-type': 'application/xml' };
    expectCode(await raw('POST', '/api/v1/products', '<product/>', xml), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('the query or path refused: BAD_REQUEST; the body refused: VALIDATION with the fields', async () => {
    expectCode(await raw('GET', '/api/v1/products?nope[eq]=1'), 'BAD_REQUEST');
    expectCode(await raw('GET', '/api/v1/products?per_page=0'), 'BAD_REQUEST');
    const body = expectCode(await api(app).send('POST', '/api/v1/products', w.tokens.A1, {}), 'VALIDATION');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  });
});

describe('authentication and roles', () => {
  it('no token or a malformed one: UNAUTHORIZED; an expired one: TOKEN_EXPIRED', async () => {
    expectCode(await app.inject({ method: 'GET', url: '/api/v1/products' }), 'UNAUTHORIZED');
    expectCode(
      await app.inject({ method: 'GET', url: '/api/v1/products', headers: { authorization: 'Basic abc' } }),
      'UNAUTHORIZED',
    );
    const expired = await new SignJWT({ level: 1, tour_operator_id: w.A.op.id, ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(w.A.l1.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectCode(await app.inject({ method: 'GET', url: '/api/v1/products', headers: bearer(expired) }), 'TOKEN_EXPIRED');
  });

  it('login: a wrong password INVALID_CREDENTIALS, an inactive user ACCOUNT_INACTIVE', async () => {
    const login = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    expectCode(await login(w.A.l1.email, 'otra-cosa-123'), 'INVALID_CREDENTIALS');
    const inactive = await createUser(app, { level: 2, tourOperatorId: w.A.op.id, state: 2 });
    expectCode(await login(inactive.email, PASSWORD), 'ACCOUNT_INACTIVE');
  });

  it('a role that may not: FORBIDDEN; a wrong current password: CURRENT_PASSWORD_WRONG', async () => {
    expectCode(await api(app).send('POST', '/api/v1/products', w.tokens.A4, {}), 'FORBIDDEN');
    const res = await api(app).send('POST', '/api/v1/auth/me/password', w.tokens.A3, {
      current_password: 'no-es-la-mia-1',
      password: 'NuevaClave123',
      re_password: 'NuevaClave123',
    });
    expect(expectCode(res, 'CURRENT_PASSWORD_WRONG').errors.current_password).toHaveLength(1);
  });
});

describe('sales refusals a client acts on', () => {
  it('NO_SEATS on a full departure, staff and public (the public one with alternatives)', async () => {
    const small = await mkProduct(app, w.tokens.A1, { capacity: 2 });
    await booked(app, w.tokens.A1, bookingBody(small.id, { pax: { adult: 2 } }));
    const staff = await api(app).send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(small.id));
    expect(expectCode(staff, 'NO_SEATS').message).toBe(NO_SEATS_MESSAGE);
    const pub = await publicApi(app).book(publicBody(small.id, { pax: { adult: 1 } }));
    const body = expectCode(pub, 'NO_SEATS');
    expect(body.alternatives).toEqual([{ time: '18:00', seats_left: 2 }]);
  });

  it('DEPARTURE_CLOSED, CUT_OFF_PASSED and DEPARTURE_STARTED', async () => {
    const closed = await mkProduct(app, w.tokens.A1, { closed_dates: [day(1)] });
    expectCode(
      await api(app).send('POST', '/api/v1/bookings', w.tokens.A2, bookingBody(closed.id)),
      'DEPARTURE_CLOSED',
    );
    const late = await mkProduct(app, w.tokens.A1, { booking_cutoff_hours: 72 });
    const cut = await api(app).send('POST', '/api/v1/bookings', w.tokens.A1, bookingBody(late.id));
    expect(Object.keys(expectCode(cut, 'CUT_OFF_PASSED').errors)).toEqual(['time']);
    const midnight = await mkProduct(app, w.tokens.A1, {
      availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['00:00'], valid_from: day(-30), valid_to: null }],
    });
    const started = await api(app).send(
      'POST',
      '/api/v1/bookings',
      w.tokens.A1,
      bookingBody(midnight.id, { date: day(0), time: '00:00' }),
    );
    expectCode(started, 'DEPARTURE_STARTED');
  });

  it('STALE_VERSION on a booking and on a schedule sheet; STATE_CONFLICT and INVALID_STATE_TRANSITION', async () => {
    const b = await booked(app, w.tokens.A1, bookingBody(product.id));
    await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'uno', version: 1 });
    const stale = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { notes: 'dos', version: 1 });
    expect(expectCode(stale, 'STALE_VERSION').errors).toHaveProperty('version');
    const viaCancel = await api(app).send('PUT', `/api/v1/bookings/${b.id}`, w.tokens.A1, { state: 'cancelled' });
    expectCode(viaCancel, 'INVALID_STATE_TRANSITION');
    const cancel = (id: string) => api(app).send('POST', `/api/v1/bookings/${id}/cancel`, w.tokens.A1, { reason: 'x' });
    expect((await cancel(b.id)).statusCode).toBe(200);
    expectCode(await cancel(b.id), 'STATE_CONFLICT');

    const sheet = await mkSheet(app, w.tokens.A1, { product_id: product.id, date: day(2), time: '09:00' });
    expect((await putSheet(app, w.tokens.A1, sheet.id, { notes: 'a', version: sheet.version })).statusCode).toBe(200);
    expectCode(await putSheet(app, w.tokens.A1, sheet.id, { notes: 'b', version: sheet.version }), 'STALE_VERSION');
    const again = await api(app).send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: product.id,
      date: day(2),
      time: '09:00',
    });
    expectCode(again, 'SHEET_EXISTS');
  });

  it('taken e-mail, product code and plate: EMAIL_TAKEN, CODE_TAKEN, PLATE_TAKEN', async () => {
    const user = await api(app).send('POST', '/api/v1/users', w.tokens.A1, {
      full_name: 'Repetida',
      email: w.A.l2.email,
      password: 'Secreta123',
      re_password: 'Secreta123',
      level: 2,
      state: 1,
    });
    expect(expectCode(user, 'EMAIL_TAKEN').errors).toHaveProperty('email');
    const [first] = await app.db
      .execute<{ code: string }>(sql`select code from products where id = ${product.id}`)
      .then((r) => r.rows);
    const dup = await api(app).send('POST', '/api/v1/products', w.tokens.A1, {
      code: first.code,
      name: 'Otra',
      capacity: 10,
      state: 'draft',
      prices: [{ pax_type: 'adult', amount_cents: 1000 }],
      availability_rules: [],
    });
    expect(expectCode(dup, 'CODE_TAKEN').errors).toHaveProperty('code');
    const vehicle = { plate: '1234XYZ', name: 'Autocar', type: 'bus', seats: 50 };
    expect((await api(app).send('POST', '/api/v1/vehicles', w.tokens.A1, vehicle)).statusCode).toBe(201);
    const plate = await api(app).send('POST', '/api/v1/vehicles', w.tokens.A1, vehicle);
    expect(expectCode(plate, 'PLATE_TAKEN').errors).toHaveProperty('plate');
  });
});

describe('Idempotency-Key', () => {
  it('missing or malformed: IDEMPOTENCY_KEY_INVALID; reused with another body: IDEMPOTENCY_KEY_REUSED', async () => {
    const pub = publicApi(app);
    expectCode(await pub.book(publicBody(product.id), null), 'IDEMPOTENCY_KEY_INVALID');
    expectCode(await pub.book(publicBody(product.id), ' '), 'IDEMPOTENCY_KEY_INVALID');
    const key = newKey();
    expect((await pub.book(publicBody(product.id), key)).statusCode).toBe(201);
    const other = await pub.book(publicBody(product.id, { customer_name: 'Otra persona' }), key);
    expectCode(other, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('while the first request runs: IDEMPOTENCY_IN_PROGRESS with Retry-After', async () => {
    const pub = publicApi(app);
    const body = publicBody(product.id, { customer_name: 'En curso' });
    // The hash the server keeps for this body, read from a first, finished request.
    const first = newKey();
    expect((await pub.book(body, first)).statusCode).toBe(201);
    const [{ request_hash }] = (
      await app.db.execute<{ request_hash: string }>(
        sql`select request_hash from idempotency_keys where key = ${first}`,
      )
    ).rows;
    // Another key whose first request is still running (claimed just now, never completed).
    const running = newKey();
    await app.db.execute(sql`
      insert into idempotency_keys (scope, key, request_hash, state, created_at)
      values ('public-bookings', ${running}, ${request_hash}, 'running', now())`);
    const res = await pub.book(body, running);
    expectCode(res, 'IDEMPOTENCY_IN_PROGRESS');
    expect(res.headers['retry-after']).toBe('1');
  });
});

describe('limits', () => {
  it('the public rate limit and the login throttle: RATE_LIMITED with Retry-After', async () => {
    const limited = await buildTestApp({
      publicRateLimit: { readMax: 1 },
      loginThrottle: { accountLimit: 1, addressLimit: 1000 },
    });
    try {
      const url = `/api/v1/public/products/${product.id}`;
      await limited.inject({ method: 'GET', url });
      const res = await limited.inject({ method: 'GET', url });
      expect(res.json().code).toBe('RATE_LIMITED');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeTruthy();
      const someone = await createUser(limited, { level: 0 });
      const login = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: someone.email, password: 'mala-clave-1' },
        });
      let last = await login();
      for (let i = 0; i < 3 && last.statusCode !== 429; i++) last = await login();
      expect(last.statusCode).toBe(429);
      expect(last.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
