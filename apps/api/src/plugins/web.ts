import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath, PUBLIC_LOCALES, pathTo, ROUTES, type TPublicLocale } from '@trayecto/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { publicOrigin } from '../lib/public-origin';
import { localizeShell, renderLanding, renderLandingNotFound, renderNoIndex } from '../modules/public/public.html';
import { askOf, requestLocale } from '../modules/public/public.i18n';
import { getPublicBooking, getPublicProduct } from '../modules/public/public.service';
import { routeNotFound } from './error-handler';

const NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Trayecto</title>
<body style="font-family:system-ui;padding:2rem"><h1>Trayecto</h1>
<p>La aplicación web no está compilada. Ejecuta <code>npm start</code> (o <code>npm run build</code>).</p>
<p>La API está en <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Fastify route path of a shared route ("/public/landing/:productId" is already one). */
const routePath = (key: keyof typeof ROUTES) => ROUTES[key].path;

/** The built dictionary chunk of each language (`assets/locale-de-….js`, apps/web/vite.config.ts). */
function dictionaryChunks(distDir: string): Partial<Record<TPublicLocale, string>> {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return {};
  const files = readdirSync(assets);
  return Object.fromEntries(
    PUBLIC_LOCALES.flatMap((l) => {
      const file = files.find((f) => f.startsWith(`locale-${l}-`) && f.endsWith('.js'));
      return file ? [[l, `/assets/${file}`]] : [];
    }),
  );
}

/**
 * The public pages, rendered from the built public.html (read once, at start-up) in the visitor's
 * language (issue 15: `?lang=`, else Accept-Language, else the operator's default; `Vary:
 * Accept-Language`): the landing page with its real <title>, description, Open Graph tags,
 * hreflang alternates and the product as JSON (404 with a "not found" title when the product is
 * not public); the booking and voucher pages marked noindex; every other public page (the
 * accessibility statement, unknown paths) with its language only.
 */
function registerPublicPages(app: FastifyInstance, template: string, distDir: string) {
  const send = (reply: FastifyReply, html: string, locale: TPublicLocale, status = 200) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language')
      .header('Content-Language', locale)
      .type('text/html; charset=utf-8')
      .send(html);
  const chunks = dictionaryChunks(distDir);
  const shells = Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, localizeShell(template, l, chunks[l])])) as Record<
    TPublicLocale,
    string
  >;
  const noIndex = Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, renderNoIndex(shells[l])])) as Record<
    TPublicLocale,
    string
  >;
  const hide = { schema: { hide: true } };

  app.get<{ Params: { productId: string } }>(routePath('publicLanding'), hide, async (req, reply) => {
    const ask = askOf(req);
    try {
      const product = await getPublicProduct(app.db, req.params.productId, ask);
      const locale = product.locale as TPublicLocale;
      const origin = publicOrigin(req, app.config);
      // The canonical path is built from the product's id, not copied from the request.
      const page = pathTo('publicLanding', { productId: product.id });
      return send(reply, renderLanding(shells[locale], product, page, origin), locale);
    } catch (err) {
      const locale = requestLocale(ask);
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        return send(reply, renderLandingNotFound(shells[locale], locale), locale, 404);
      // The page still works without its meta: the client loads the product itself.
      req.log.warn({ err }, 'landing page rendered without its product');
      return send(reply, shells[locale], locale);
    }
  });
  // The booking form speaks the product's operator's languages; a booking's pages its customer's.
  app.get<{ Params: { productId: string } }>(routePath('publicBooking'), hide, async (req, reply) => {
    const ask = askOf(req);
    const locale = await getPublicProduct(app.db, req.params.productId, ask).then(
      (p) => p.locale as TPublicLocale,
      () => requestLocale(ask),
    );
    return send(reply, noIndex[locale], locale);
  });
  for (const key of ['publicBookingVoucher', 'publicBookingExisting'] as const) {
    app.get<{ Params: { bookingId: string } }>(routePath(key), hide, async (req, reply) => {
      const ask = askOf(req);
      const locale = await getPublicBooking(app.db, req.params.bookingId, new Date(), ask).then(
        (b) => b.locale as TPublicLocale,
        () => requestLocale(ask),
      );
      return send(reply, noIndex[locale], locale);
    });
  }
  return (req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(askOf(req));
    return send(reply, shells[locale], locale);
  };
}

/**
 * Serves the built web app: hashed assets with long caching, `public.html` (the public pages'
 * own small bundle) for /public/*, and `index.html` (the back-office) for every other page path.
 * Unknown /api paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const built = existsSync(path.join(distDir, 'index.html'));
  const publicHtml = path.join(distDir, 'public.html');
  const publicPage =
    built && existsSync(publicHtml) ? registerPublicPages(app, readFileSync(publicHtml, 'utf8'), distDir) : null;
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
    if (isPublicPath(url) && publicPage) return publicPage(req, reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(isPublicPath(url) ? 'public.html' : 'index.html');
  });
}
