import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath, pathTo, ROUTES } from '@trayecto/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/app-error';
import { publicOrigin } from '../lib/public-origin';
import { renderLanding, renderLandingNotFound, renderNoIndex } from '../modules/public/public.html';
import { getPublicProduct } from '../modules/public/public.service';
import { routeNotFound } from './error-handler';

const NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Trayecto</title>
<body style="font-family:system-ui;padding:2rem"><h1>Trayecto</h1>
<p>La aplicación web no está compilada. Ejecuta <code>npm start</code> (o <code>npm run build</code>).</p>
<p>La API está en <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Fastify route path of a shared route ("/public/landing/:productId" is already one). */
const routePath = (key: keyof typeof ROUTES) => ROUTES[key].path;

/**
 * The public pages, rendered from the built public.html (read once, at start-up): the landing page
 * with its real <title>, description, Open Graph tags and the product as JSON (404 with a
 * "Página no encontrada" title when the product is not public); the booking and voucher pages
 * marked noindex.
 */
function registerPublicPages(app: FastifyInstance, template: string) {
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const noIndex = renderNoIndex(template);
  const notFound = renderLandingNotFound(template);
  const hide = { schema: { hide: true } };

  app.get<{ Params: { productId: string } }>(routePath('publicLanding'), hide, async (req, reply) => {
    try {
      const product = await getPublicProduct(app.db, req.params.productId);
      const origin = publicOrigin(req, app.config);
      // The canonical path is built from the product's id, not copied from the request.
      return send(reply, renderLanding(template, product, pathTo('publicLanding', { productId: product.id }), origin));
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return send(reply, notFound, 404);
      // The page still works without its meta: the client loads the product itself.
      req.log.warn({ err }, 'landing page rendered without its product');
      return send(reply, template);
    }
  });
  for (const key of ['publicBookingVoucher', 'publicBookingExisting'] as const) {
    app.get(routePath(key), hide, async (_req, reply) => send(reply, noIndex));
  }
}

/**
 * Serves the built web app: hashed assets with long caching, `public.html` (the public pages'
 * own small bundle) for /public/*, and `index.html` (the back-office) for every other page path.
 * Unknown /api paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const built = existsSync(path.join(distDir, 'index.html'));
  const publicHtml = path.join(distDir, 'public.html');
  if (built && existsSync(publicHtml)) registerPublicPages(app, readFileSync(publicHtml, 'utf8'));
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
      return routeNotFound(reply);
    }
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(isPublicPath(url) ? 'public.html' : 'index.html');
  });
}
