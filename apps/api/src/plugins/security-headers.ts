/**
 * The security headers of every answer (Content-Security-Policy, HSTS, nosniff, frame and
 * cross-origin policies …), as @fastify/helmet writes them for `options`, computed once.
 *
 * @fastify/helmet builds helmet's middleware again for every request (it parses the CSP directives
 * and runs ~14 small middlewares each time) and adds two hooks, one of them async: ~30–90 µs of
 * CPU per request for headers that never change here (no nonces, no per-route options). So the
 * plugin runs once at start-up on a private Fastify instance, the headers it set on that answer are
 * read back (names as it spelt them, values, order), and one hook sets the same on every answer of
 * the app (ADR 036). The options stay helmet's and the values are helmet's: only the repetition goes.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/env';

type Header = [name: string, value: number | string | string[]];

/** Trayecto's policy: a strict CSP (the pages' own scripts only), helmet's other defaults. */
export const securityHeaderOptions = (config: Pick<Config, 'REDSYS_URL'>): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      // The public pages post the customer to the Redsys gateway (a form POST, ADR 022): its
      // origin, the stand-in's when REDSYS_URL is set, else Redsys' test and live hosts.
      formAction: [
        "'self'",
        ...(config.REDSYS_URL
          ? [new URL(config.REDSYS_URL).origin]
          : ['https://sis-t.redsys.es:25443', 'https://sis.redsys.es']),
      ],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers @fastify/helmet sets with these options, in its order and spelling. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Header[]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: Header[] = [];
  // After helmet's own onRequest hooks: what it set on the raw answer, and nothing else yet.
  probe.addHook('onRequest', async (_req, reply) => {
    const raw = reply.raw;
    // Node's own list of the names as given to setHeader (its types leave it out of ServerResponse).
    const names = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
    headers = names.map((name) => [name, raw.getHeader(name) as Header[1]]);
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet no fijó ninguna cabecera');
  return headers;
}

/** Sets helmet's headers for `options` on every answer (API, pages, files, errors and 404s). */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    // helmet removes it too (Node never sets it; a proxy in front might).
    raw.removeHeader('X-Powered-By');
    done();
  });
  // @fastify/helmet's per-route `helmet` option is not available here: refuse it rather than ignore it.
  app.addHook('onRoute', (route) => {
    if ((route as { helmet?: unknown }).helmet !== undefined) {
      throw new Error(`${route.url}: la opción "helmet" por ruta no está disponible (plugins/security-headers.ts)`);
    }
  });
}
