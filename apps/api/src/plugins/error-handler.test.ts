import net, { type AddressInfo, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { clientErrorHandler, DISK_FULL_MESSAGE, registerErrorHandler, UNAVAILABLE_MESSAGE } from './error-handler';

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

  describe("what Node refuses before Fastify (issue 31): the error contract's body, not Fastify's", () => {
    /** Sends raw bytes to a listening app and reads everything it answers until it closes. */
    const exchange = (app: FastifyInstance, bytes: string) =>
      new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
        const { port } = app.server.address() as AddressInfo;
        const chunks: Buffer[] = [];
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), headers: head, body });
        });
      });

    it('a request line and headers over 16 KB: 431 HEADERS_TOO_LARGE; a request Node cannot parse: 400 BAD_REQUEST; the connection closed', async () => {
      const app = Fastify({ logger: false, clientErrorHandler });
      app.get('/x', async () => ({ ok: true }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const longQuery = await exchange(app, `GET /x?q=${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: a\r\n\r\n`);
        expect(longQuery.status).toBe(431);
        expect(longQuery.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
        expect(longQuery.headers).toMatch(/connection: close/i);
        expect(JSON.parse(longQuery.body)).toEqual({
          code: 'HEADERS_TOO_LARGE',
          message: 'La dirección y las cabeceras de la petición superan los 16 KB; acorta la consulta',
        });
        const longHeader = await exchange(app, `GET /x HTTP/1.1\r\nHost: a\r\nX-A: ${'a'.repeat(17 * 1024)}\r\n\r\n`);
        expect([longHeader.status, JSON.parse(longHeader.body).code]).toEqual([431, 'HEADERS_TOO_LARGE']);
        const garbage = await exchange(app, 'NO-ES-HTTP\r\n\r\n');
        expect(garbage.status).toBe(400);
        expect(JSON.parse(garbage.body)).toEqual({ code: 'BAD_REQUEST', message: 'La petición HTTP no es válida' });
        // The server still answers the next request as usual.
        const ok = await exchange(app, 'GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
        expect([ok.status, ok.body]).toEqual([200, '{"ok":true}']);
      } finally {
        await app.close();
      }
    });

    it('a request that does not arrive in time: 408 REQUEST_TIMEOUT; a connection the client reset: nothing written', () => {
      const app = Fastify({ logger: false });
      const written: string[] = [];
      let destroyed = 0;
      const socket = {
        destroyed: false,
        writable: true,
        write: (s: string) => written.push(s),
        destroy: () => {
          destroyed += 1;
        },
      } as unknown as Socket;
      clientErrorHandler.call(app, Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(written[0]?.split('\r\n\r\n')[1] ?? '')).toEqual({
        code: 'REQUEST_TIMEOUT',
        message: 'La petición no llegó entera a tiempo; repítela',
      });
      expect(destroyed).toBe(1);
      clientErrorHandler.call(app, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
      expect(written).toHaveLength(1);
    });
  });
});
