import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { DISK_FULL_MESSAGE, registerErrorHandler, UNAVAILABLE_MESSAGE } from './error-handler';

/** A drizzle-style error: the driver's PostgreSQL error is the cause. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });

describe('error handler', () => {
  it('PRODUCT §2: database refusals map to 409/422/400 even when wrapped by drizzle, never 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const cases: [string, number][] = [
      ['23505', 409],
      ['23503', 422],
      ['23514', 422],
      ['22P02', 400],
      ['55P03', 409],
    ];
    for (const [code] of cases) app.get(`/${code}`, async () => Promise.reject(wrapped(code)));
    app.get('/boom', async () => Promise.reject(new Error('secret internals')));
    for (const [code, status] of cases) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
    expect(boom.json()).toMatchObject({ message: 'Error interno del servidor' });
    expect(boom.json().request_id).toBeTruthy();
    await app.close();
  });

  it('issue 7: an unreachable, restarting or full database answers 503 + Retry-After in Spanish, never 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const netError = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.5:5432`), { code });
    const cases: [string, Error, string][] = [
      ['refused', Object.assign(new Error('Failed query'), { cause: netError('ECONNREFUSED') }), UNAVAILABLE_MESSAGE],
      ['reset', netError('ECONNRESET'), UNAVAILABLE_MESSAGE],
      ['admin-shutdown', wrapped('57P01'), UNAVAILABLE_MESSAGE],
      ['crash-shutdown', wrapped('57P02'), UNAVAILABLE_MESSAGE],
      ['starting-up', wrapped('57P03'), UNAVAILABLE_MESSAGE],
      ['link-failure', wrapped('08006'), UNAVAILABLE_MESSAGE],
      [
        'terminated',
        Object.assign(new Error('Failed query'), { cause: new Error('Connection terminated unexpectedly') }),
        UNAVAILABLE_MESSAGE,
      ],
      ['pool-timeout', new Error('timeout exceeded when trying to connect'), UNAVAILABLE_MESSAGE],
      ['disk-full', wrapped('53100'), DISK_FULL_MESSAGE],
      [
        'enospc',
        Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
        DISK_FULL_MESSAGE,
      ],
    ];
    for (const [name, err] of cases) app.get(`/${name}`, async () => Promise.reject(err));
    app.get('/app-unavailable', async () => Promise.reject(new AppError('UNAVAILABLE', 'Bloqueo perdido')));
    // Thrown under the driver (the embedded lock guard) and wrapped by drizzle.
    app.get('/app-unavailable-wrapped', async () =>
      Promise.reject(
        Object.assign(new Error('Failed query'), { cause: new AppError('UNAVAILABLE', 'Bloqueo perdido') }),
      ),
    );
    for (const [name, , message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.json().message, name).toBe(message);
      expect(res.headers['retry-after'], name).toBe('5');
      expect(res.body, name).not.toMatch(/10\.0\.0\.5|ECONN|Failed query/);
    }
    for (const url of ['/app-unavailable', '/app-unavailable-wrapped']) {
      const own = await app.inject({ method: 'GET', url });
      expect(own.statusCode, url).toBe(503);
      expect(own.headers['retry-after'], url).toBe('5');
      expect(own.json().message, url).toBe('Bloqueo perdido');
    }
    await app.close();
  });
});
