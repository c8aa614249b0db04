import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPath, PUBLIC_LOCALES, pathTo, ROUTES, type TPublicLocale } from '@trayecto/shared';
import type { TPublicPageData } from '@trayecto/shared/public-http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { publicOrigin } from '../lib/public-origin';
import { localizeShell, renderLanding, renderLandingNotFound, renderNoIndex } from '../modules/public/public.html';
import { askOf, requestLocale } from '../modules/public/public.i18n';
import { getPublicBooking, getPublicProduct } from '../modules/public/public.service';
import { loadPublicRenderer, openingAvailability } from '../modules/public/public.ssr';
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
 * accessibility statement, unknown paths) with its language only. With the server build of the
 * public pages (issue 23) the landing, the booking page and the voucher also arrive rendered, with
 * their data and styles inline.
 */
async function registerPublicPages(app: FastifyInstance, template: string, distDir: string) {
  const send = (reply: FastifyReply, html: string, locale: TPublicLocale, status = 200) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language')
      .header('Content-Language', locale)
      .type('text/html; charset=utf-8')
      .send(html);
  const renderer = await loadPublicRenderer(distDir);
  const page = renderer ? renderer.inlineStyles(template) : template;
  const chunks = dictionaryChunks(distDir);
  const shells = Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, localizeShell(page, l, chunks[l])])) as Record<
    TPublicLocale,
    string
  >;
  const noIndex = Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, renderNoIndex(shells[l])])) as Record<
    TPublicLocale,
    string
  >;
  const hide = { schema: { hide: true } };
  /** `shell` with the page rendered into it; the shell alone when the page cannot be rendered. */
  const rendered = (
    req: FastifyRequest,
    shell: string,
    key: 'publicLanding' | 'publicBooking' | 'publicBookingVoucher',
    locale: TPublicLocale,
    data: TPublicPageData,
  ) => {
    if (!renderer) return shell;
    try {
      return renderer.render(shell, { key, url: req.url, origin: `${req.protocol}://${req.host}` }, locale, data);
    } catch (err) {
      req.log.error({ err }, 'public page not rendered on the server: the browser renders it');
      return shell;
    }
  };

  app.get<{ Params: { productId: string } }>(routePath('publicLanding'), hide, async (req, reply) => {
    const ask = askOf(req);
    try {
      const product = await getPublicProduct(app.db, req.params.productId, ask);
      const locale = product.locale as TPublicLocale;
      const origin = publicOrigin(req, app.config);
      // The canonical path is built from the product's id, not copied from the request.
      const path = pathTo('publicLanding', { productId: product.id });
      const head = renderLanding(shells[locale], product, path, origin);
      return send(reply, rendered(req, head, 'publicLanding', locale, { product }), locale);
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
    const product = await getPublicProduct(app.db, req.params.productId, ask).catch(() => null);
    if (!product) {
      const locale = requestLocale(ask);
      return send(reply, noIndex[locale], locale);
    }
    const locale = product.locale as TPublicLocale;
    const availability = renderer
      ? await openingAvailability(app.db, product, new Date()).catch((err) => {
          req.log.warn({ err }, 'booking page rendered without its departures');
          return undefined;
        })
      : undefined;
    return send(reply, rendered(req, noIndex[locale], 'publicBooking', locale, { product, availability }), locale);
  });
  app.get<{ Params: { bookingId: string } }>(routePath('publicBookingVoucher'), hide, async (req, reply) => {
    const ask = askOf(req);
    const booking = await getPublicBooking(app.db, req.params.bookingId, new Date(), ask).catch(() => null);
    if (!booking) {
      const locale = requestLocale(ask);
      return send(reply, noIndex[locale], locale);
    }
    const locale = booking.locale as TPublicLocale;
    return send(reply, rendered(req, noIndex[locale], 'publicBookingVoucher', locale, { booking }), locale);
  });
  app.get<{ Params: { bookingId: string } }>(routePath('publicBookingExisting'), hide, async (req, reply) => {
    const ask = askOf(req);
    const locale = await getPublicBooking(app.db, req.params.bookingId, new Date(), ask).then(
      (b) => b.locale as TPublicLocale,
      () => requestLocale(ask),
    );
    return send(reply, noIndex[locale], locale);
  });
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
    built && existsSync(publicHtml) ? await registerPublicPages(app, readFileSync(publicHtml, 'utf8'), distDir) : null;
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
    if (isPublicPath(url) && publicPage) return publicPage(req, reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile(isPublicPath(url) ? 'public.html' : 'index.html');
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
