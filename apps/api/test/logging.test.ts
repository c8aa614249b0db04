/**
 * Structured logs (issue 7, deliverable 5): one JSON line per request with who asked and how it
 * went; errors with their stack under the request id the client received; no secrets, no
 * customers' contact data.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createLogger, loggableUrl } from '../src/lib/logger';
import { TEST_JWT_SECRET } from './build-app';
import { createTestDatabase } from './db';
import { bearer, createOperator, createUser, login, PASSWORD } from './factories';

type Line = Record<string, unknown> & {
  msg: string;
  level: number;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
};

describe('structured logs', () => {
  let app: FastifyInstance;
  let raw = '';
  const lines = () =>
    raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  const completed = (reqId: string) => lines().filter((l) => l.msg === 'request completed' && l.reqId === reqId);
  let token: string;
  let user: Awaited<ReturnType<typeof createUser>>;
  const CUSTOMER_EMAIL = 'lucia.secreta@example.com';

  beforeAll(async () => {
    const memory = new Writable({
      write(chunk, _enc, done) {
        raw += chunk.toString();
        done();
      },
    });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/trayecto-test-unused' },
      { readDotenv: false },
    );
    app = await buildApp({
      config,
      database: await createTestDatabase(),
      jwtSecret: TEST_JWT_SECRET,
      loggerInstance: createLogger('info', memory),
    });
    // What a handler logs through its request's own logger (ADR 053: made by requestChildLogger).
    app.get('/api/v1/test-req-log', async (req) => {
      req.log.warn(
        { headers: { authorization: 'Bearer x-secret-req' }, booking: { customer_email: CUSTOMER_EMAIL } },
        'handler line',
      );
      return { ok: true };
    });
    app.get('/api/v1/test-boom', async () => {
      throw new Error('the internals a client must not see');
    });
    // A failed query whose parameter is a customer's e-mail (drizzle puts parameters in the message).
    app.get('/api/v1/test-bad-query', async () => {
      await app.db.execute(sql`select ${CUSTOMER_EMAIL}::int`);
    });
    // Issue 12, item 19: values PostgreSQL quotes in its errors (a date, a name in a RAISE).
    app.post('/api/v1/test-bad-date', async (req) => {
      await app.db.execute(sql`select ${(req.body as { d: string }).d}::date`);
    });
    app.post('/api/v1/test-raise', async (req) => {
      await app.db.execute(sql`select test_raise(${(req.body as { v: string }).v})`);
    });
    await app.db.execute(
      sql.raw(
        `create function test_raise(v text) returns void language plpgsql as $$ begin raise exception 'cliente "%" no válido', v; end $$`,
      ),
    );
    const op = await createOperator(app);
    user = await createUser(app, { level: 1, tourOperatorId: op.id });
    token = await login(app, user.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('one line per request: method, url, status, response time, request id; the user, operator and level when signed in', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users?page=1&q=Luc%C3%ADa',
      headers: { ...bearer(token), 'x-request-id': 'log-test-1' },
    });
    expect(res.statusCode).toBe(200);
    const mine = completed('log-test-1');
    expect(mine).toHaveLength(1);
    expect(lines().filter((l) => l.reqId === 'log-test-1' && l.msg === 'incoming request')).toHaveLength(0);
    const [line] = mine;
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/v1/users?page=1&q=[oculto]' },
      res: { statusCode: 200 },
      userId: user.id,
      tourOperatorId: user.tourOperatorId,
      userLevel: 1,
    });
    expect(typeof line.responseTime).toBe('number');
    expect(typeof line.time).toBe('string');
    expect(typeof line.pid).toBe('number');
  });

  it('ADR 036: the line of a request that went well, written without redaction, has the same fields in the same order, and no secret', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/v1/users?q=secreto-de-busqueda&token=t-secreto',
      headers: {
        ...bearer(token),
        cookie: 'trayecto_written_at=1; sesion=cookie-secreta',
        'idempotency-key': 'clave-de-linea',
        'x-request-id': 'log-test-order',
      },
    });
    const rawLine = raw.split('\n').find((l) => l.includes('"reqId":"log-test-order"'));
    expect(rawLine).toBeDefined();
    // pino writes level, time, pid, hostname, the child's binding (reqId), the object, then msg.
    expect(Object.keys(JSON.parse(rawLine as string))).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'userId',
      'tourOperatorId',
      'userLevel',
      'msg',
    ]);
    expect(JSON.parse(rawLine as string).req).toEqual({
      method: 'GET',
      url: '/api/v1/users?q=[oculto]&token=[oculto]',
      remoteAddress: '127.0.0.1',
    });
    for (const secret of ['secreto-de-busqueda', 't-secreto', 'cookie-secreta', 'clave-de-linea', token]) {
      expect(rawLine, secret).not.toContain(secret);
    }
    // The request's own logger (what handlers and hooks log with) still redacts.
    app.log.child({ reqId: 'probe' }).info({ headers: { authorization: 'x-secret-9' } }, 'probe-child');
    expect(raw).not.toContain('x-secret-9');
  });

  it("ADR 053: a request's own logger has its id as pino's child binding, first, and still redacts", async () => {
    await app.inject({ method: 'GET', url: '/api/v1/test-req-log', headers: { 'x-request-id': 'log-test-child' } });
    const rawLine = raw.split('\n').find((l) => l.includes('"msg":"handler line"'));
    expect(rawLine).toBeDefined();
    const line = JSON.parse(rawLine as string);
    expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'headers', 'booking', 'msg']);
    expect(line.reqId).toBe('log-test-child');
    expect(line.headers.authorization).toBe('[oculto]');
    expect(line.booking.customer_email).toBe('[oculto]');
    expect(rawLine).not.toContain('x-secret-req');
    expect(rawLine).not.toContain(CUSTOMER_EMAIL);
    // An id the server made up (no X-Request-Id) is a UUID, written the same way.
    await app.inject({ method: 'GET', url: '/api/v1/test-req-log' });
    const lastLine = raw
      .split('\n')
      .filter((l) => l.includes('"msg":"handler line"'))
      .at(-1);
    expect(JSON.parse(lastLine as string).reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an anonymous request has no user fields', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'log-test-2' } });
    const [line] = completed('log-test-2');
    expect(line.res?.statusCode).toBe(200);
    expect(line.userId).toBeUndefined();
  });

  it('a 500 logs the stack server-side under the request id; the client gets only the id', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/test-boom',
      headers: { 'x-request-id': 'log-test-3' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Error interno del servidor', request_id: 'log-test-3' });
    const errorLine = lines().find((l) => l.reqId === 'log-test-3' && l.msg === 'unexpected error');
    expect(errorLine?.level).toBe(50);
    const err = errorLine?.err as { message: string; stack: string };
    expect(err.message).toBe('the internals a client must not see');
    expect(err.stack).toMatch(/logging\.test\.ts/);
    expect(completed('log-test-3')[0]).toMatchObject({ level: 50, res: { statusCode: 500 } });
  });

  it('no secrets: passwords, tokens, Authorization, Idempotency-Key and customers’ e-mails never reach the log', async () => {
    await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: PASSWORD } });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'Equivocada-123' },
    });
    await app.inject({
      method: 'GET',
      url: `/api/v1/public/products/00000000-0000-4000-8000-000000000000?token=${token}`,
      headers: { 'idempotency-key': 'clave-secreta-123' },
    });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/test-bad-query',
      headers: { 'x-request-id': 'log-test-4' },
    });
    expect(bad.statusCode).toBe(400);
    // The failed query was logged (with its SQL), but not its parameter.
    expect(lines().find((l) => l.reqId === 'log-test-4' && l.msg === 'database refused the request')).toBeDefined();
    for (const secret of [PASSWORD, 'Equivocada-123', token, 'Bearer ', 'clave-secreta-123', CUSTOMER_EMAIL]) {
      expect(raw, secret).not.toContain(secret);
    }
    app.log.info({ user: { password: 'x-secret-1', token: 'x-secret-2', customer_email: 'x-secret-3' } }, 'probe');
    expect(raw).not.toMatch(/x-secret-[123]/);
  });

  it('issue 12: database errors lose the values PostgreSQL quotes (message, stack, detail, where), keep the SQLSTATE and our names', async () => {
    const DATE = '2026-02-30';
    const NAME = 'Lucía Valor-Secreto';
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/test-bad-date',
      payload: { d: DATE },
      headers: { 'x-request-id': 'log-test-5' },
    });
    expect(bad.statusCode).toBe(400);
    const refused = lines().find((l) => l.reqId === 'log-test-5' && l.msg === 'database refused the request');
    expect(JSON.stringify(refused?.err)).toContain('date/time field value out of range: \\"[oculto]\\"');

    const boom = await app.inject({
      method: 'POST',
      url: '/api/v1/test-raise',
      payload: { v: NAME },
      headers: { 'x-request-id': 'log-test-6' },
    });
    expect(boom.statusCode).toBe(500);
    const unexpected = lines().find((l) => l.reqId === 'log-test-6' && l.msg === 'unexpected error');
    expect(unexpected?.level).toBe(50);
    expect(JSON.stringify(unexpected?.err)).toContain('cliente \\"[oculto]\\" no válido');

    // The driver's own error logged as is: detail and where go, the constraint's name stays.
    const id = randomUUID();
    await app.db.execute(sql`insert into tour_operators (id, name) values (${id}, 'Uno')`);
    const dup = await app.db
      .execute(sql`insert into tour_operators (id, name) values (${id}, ${NAME})`)
      .catch((e: { cause?: unknown }) => e.cause);
    app.log.error({ err: dup }, 'probe-dup');
    const inPlpgsql = await app.db.execute(sql`select test_raise(${NAME})`).catch((e: { cause?: unknown }) => e.cause);
    app.log.error({ err: inPlpgsql }, 'probe-raise');
    const probe = lines().find((l) => l.msg === 'probe-dup')?.err as Record<string, unknown>;
    expect(probe).toMatchObject({ code: '23505', detail: 'Key (id)=([oculto])' });
    expect(String(probe.message)).toMatch(/tour_operators_pkey/);
    const raised = lines().find((l) => l.msg === 'probe-raise')?.err as Record<string, unknown>;
    expect(raised).toMatchObject({ code: 'P0001', where: '[oculto]' });

    for (const value of [DATE, NAME, id]) expect(raw, value).not.toContain(value);
  });

  it('loggableUrl blanks only sensitive query values', () => {
    expect(loggableUrl('/a?page=2&per_page=50')).toBe('/a?page=2&per_page=50');
    expect(loggableUrl('/a?token=abc&reset_code=1&customer_email=x%40y&sort=-date')).toBe(
      '/a?token=[oculto]&reset_code=[oculto]&customer_email=[oculto]&sort=-date',
    );
  });
});
