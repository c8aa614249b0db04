import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Trayecto</title>
<body style="font-family:system-ui;padding:2rem"><h1>Trayecto</h1>
<p>La aplicación web no está compilada. Ejecuta <code>npm start</code> (o <code>npm run build</code>).</p>
<p>La API está en <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/**
 * Serves the built web app: hashed assets with long caching, `public.html` (the public pages'
 * own small bundle) for /public/*, and `index.html` (the back-office) for every other page path.
 * Unknown /api paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(req.method)) {
      return reply.code(404).send({ message: 'Ruta no encontrada' });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(isPublicPath(url) ? 'public.html' : 'index.html');
  });
}
