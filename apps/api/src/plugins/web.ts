import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath } from '@trayecto/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from './error-handler';

const NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Trayecto</title>
<body style="font-family:system-ui;padding:2rem"><h1>Trayecto</h1>
<p>La aplicación web no está compilada. Ejecuta <code>npm start</code> (o <code>npm run build</code>).</p>
<p>La API está en <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Route constraint `area`: 'api' for /api paths, 'page' for every other (the web app's pages). */
const PAGE_PATHS: Parameters<FastifyInstance['addConstraintStrategy']>[0] = {
  name: 'area',
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (value: string) => (handlers.get(value) ?? null) as never,
      set: (value: string, store: unknown) => void handlers.set(value, store),
    };
  },
  deriveConstraint: (req: { url?: string }) => (/^\/api(\/|\?|$)/.test(req.url ?? '') ? 'api' : 'page'),
  mustMatchWhenDerived: false,
};

/**
 * Serves the built web app: hashed assets with long caching and `index.html` (the back-office) for
 * every page path no route answers. The public pages have routes of their own, in the visitor's
 * language and rendered on the server (modules/public/public.pages.ts, registered by app.ts): this
 * serves `public.html` as it is for /public/* only without them. Unknown /api paths answer JSON 404;
 * a path of a file that is not there, a plain 404.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Every text asset has a brotli and a gzip copy from the build (apps/web/vite-precompress.ts):
      // sent as the client accepts, with `Vary: Accept-Encoding`; the copies are not routes of their own.
      preCompressed: true,
      // The server's own build of the public pages (public.ssr.ts) is not served.
      globIgnore: ['**/*.br', '**/*.gz', 'server/**'],
      setHeaders(reply, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // Every GET/HEAD that no other route answers: a route (not the not-found handler) so the
  // compression hooks apply to the pages it serves (issue 23).
  const fallback = (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') return routeNotFound(reply);
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    // Cached, and asked again each time (a release changes the files it names): its own header,
    // not @fastify/static's `public, max-age=0`.
    reply.header('Cache-Control', 'no-cache');
    return reply
      .type('text/html; charset=utf-8')
      .sendFile(isPublicPath(url) ? 'public.html' : 'index.html', { cacheControl: false });
  };
  // Not for /api paths: there the router's own answers stay (a path parameter over the limit is
  // 414, a URL that does not decode 400, an unknown path the not-found handler's 404).
  app.addConstraintStrategy(PAGE_PATHS);
  app.get('/*', { schema: { hide: true }, constraints: { area: 'page' } }, fallback);
  app.setNotFoundHandler((req, reply) => {
    if (!['GET', 'HEAD'].includes(req.method)) return routeNotFound(reply);
    return fallback(req, reply);
  });
}
