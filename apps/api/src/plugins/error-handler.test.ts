import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

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
});
