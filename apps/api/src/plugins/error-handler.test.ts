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
    const cases: [string, number, string][] = [
      ['23505', 409, 'DUPLICATE'],
      ['23503', 422, 'VALIDATION'],
      ['23514', 422, 'VALIDATION'],
      ['22001', 422, 'VALIDATION'],
      ['22P02', 400, 'BAD_REQUEST'],
      ['22003', 400, 'BAD_REQUEST'],
      ['22007', 400, 'BAD_REQUEST'],
      ['22008', 400, 'BAD_REQUEST'],
      ['22021', 400, 'BAD_REQUEST'],
      ['55P03', 409, 'BUSY'],
      ['40001', 409, 'BUSY'],
      ['40P01', 409, 'BUSY'],
    ];
    for (const [code] of cases) app.get(`/${code}`, async () => Promise.reject(wrapped(code)));
    app.get('/boom', async () => Promise.reject(new Error('secret internals')));
    for (const [code, status, ours] of cases) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message).toBeTruthy();
      expect(res.json().code, code).toBe(ours);
    }
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
    expect(boom.json()).toMatchObject({ code: 'INTERNAL', message: 'Error interno del servidor' });
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
    // A database that refuses connections (ALTER DATABASE … ALLOW_CONNECTIONS false): FATAL 55000.
    const refusing = (severity: string, message: string) =>
      Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error(message), { code: '55000', severity }),
      });
    cases.push(
      [
        'not-accepting',
        refusing('FATAL', 'database "trayecto" is not currently accepting connections'),
        UNAVAILABLE_MESSAGE,
      ],
      // A server whose messages are in Spanish: the severity still says FATAL.
      [
        'not-accepting-es',
        refusing('FATAL', 'la base de datos «trayecto» no está aceptando conexiones'),
        UNAVAILABLE_MESSAGE,
      ],
    );
    for (const [name, err] of cases) app.get(`/${name}`, async () => Promise.reject(err));
    // The same code as an ordinary statement error (currval before nextval) is our bug: a 500.
    app.get('/currval', async () =>
      Promise.reject(refusing('ERROR', 'currval of sequence "s" is not yet defined in this session')),
    );
    app.get('/app-unavailable', async () =>
      Promise.reject(new AppError({ code: 'UNAVAILABLE', message: 'Bloqueo perdido' })),
    );
    // Thrown under the driver (the embedded lock guard) and wrapped by drizzle.
    app.get('/app-unavailable-wrapped', async () =>
      Promise.reject(
        Object.assign(new Error('Failed query'), {
          cause: new AppError({ code: 'UNAVAILABLE', message: 'Bloqueo perdido' }),
        }),
      ),
    );
    for (const [name, , message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.json().message, name).toBe(message);
      expect(res.json().code, name).toBe(message === DISK_FULL_MESSAGE ? 'DISK_FULL' : 'UNAVAILABLE');
      expect(res.json().request_id, name).toBeTruthy();
      expect(res.headers['retry-after'], name).toBe('5');
      expect(res.body, name).not.toMatch(/10\.0\.0\.5|ECONN|Failed query/);
    }
    for (const url of ['/app-unavailable', '/app-unavailable-wrapped']) {
      const own = await app.inject({ method: 'GET', url });
      expect(own.statusCode, url).toBe(503);
      expect(own.headers['retry-after'], url).toBe('5');
      expect(own.json().message, url).toBe('Bloqueo perdido');
      expect(own.json().code, url).toBe('UNAVAILABLE');
    }
    expect((await app.inject({ method: 'GET', url: '/currval' })).statusCode).toBe(500);
    await app.close();
  });
});
