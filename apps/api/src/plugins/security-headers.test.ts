/**
 * ADR 036: the security headers computed once are @fastify/helmet's own, byte for byte — same
 * names (spelling included), values and order — on answers, errors and 404s. (What the policy is
 * is test/security/headers.test.ts's business; this checks that nothing changed in the copying.)
 */
import { get } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaderOptions } from './security-headers';

/** A small app with these headers' hook(s) and an answer, an error and a missing route. */
async function appWith(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** An answer over a real socket: its status and header lines as they went on the wire. */
function fetchRaw(app: FastifyInstance, path: string): Promise<{ status: number; raw: string[] }> {
  const { port } = app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
    }).on('error', reject);
  });
}

/** The raw header lines of an answer, without the ones that change per answer. */
const headerLines = (raw: string[]) => {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (!/^(date|content-length)$/i.test(raw[i])) out.push(`${raw[i]}: ${raw[i + 1]}`);
  return out;
};

describe('security headers computed once', () => {
  const cases = [
    { name: 'default', config: { REDSYS_URL: undefined } },
    { name: 'REDSYS_URL', config: { REDSYS_URL: 'http://127.0.0.1:4999' } },
  ];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  for (const c of cases) {
    describe(c.name, () => {
      let theirs: FastifyInstance;
      let ours: FastifyInstance;
      beforeAll(async () => {
        const options = securityHeaderOptions(c.config);
        theirs = await appWith(async (app) => {
          await app.register(helmet, options);
        });
        ours = await appWith((app) => registerSecurityHeaders(app, options));
        apps.push(theirs, ours);
      });

      it('the same header lines as @fastify/helmet on a 200, a 500 and a 404', async () => {
        for (const url of ['/ok', '/boom', '/missing']) {
          const [a, b] = await Promise.all([fetchRaw(theirs, url), fetchRaw(ours, url)]);
          expect(b.status, url).toBe(a.status);
          expect(headerLines(b.raw), url).toEqual(headerLines(a.raw));
          expect(headerLines(b.raw).join('\n'), url).toContain("Content-Security-Policy: default-src 'self'");
        }
      });
    });
  }

  it('refuses the per-route `helmet` option it does not implement', async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app, securityHeaderOptions({ REDSYS_URL: undefined }));
    expect(() => app.get('/x', { helmet: false } as never, async () => 'x')).toThrow(/helmet/);
    await app.close();
  });
});
