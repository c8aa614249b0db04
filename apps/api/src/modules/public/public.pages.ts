/**
 * The public pages as the server answers them (PRODUCT.md §6; ADRs 006, 016, 017): the built
 * public.html (read once, at start-up) in the visitor's language (`?lang=`, else Accept-Language,
 * else the operator's default; `Vary: Accept-Language`), with its head written for the page and,
 * with the server build of the public pages, the page itself rendered into it with its data
 * embedded, its styles inline and its code preloaded:
 *
 * - the landing: real <title>, description, Open Graph, hreflang alternates, the product as JSON
 *   (404 with a "not found" title when the product is not public);
 * - the booking form, the existing booking and the voucher: noindex;
 * - the accessibility statement, with the contact of the operator whose page the visitor came from;
 * - every other /public/* page path: the shell in the visitor's language (the browser shows its
 *   friendly not-found).
 *
 * A page that carries a customer's data (the voucher, the existing booking) is
 * `Cache-Control: private, no-store`: no shared cache may keep it (issue 31). The others are
 * `no-cache`: caches may keep them and ask each time.
 *
 * A Fastify plugin registered by app.ts before the web app's static files and fallback
 * (plugins/web.ts), which know no module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_LOCALES, pathTo, ROUTES, type TPublicLocale, type TPublicOperator } from '@trayecto/shared';
import type { TPublicPageData } from '@trayecto/shared/public-http';
import { timeZoneOf, todayIn } from '@trayecto/shared/time-zone';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/public-origin';
import { localizeShell, renderLanding, renderLandingNotFound, renderNoIndex } from './public.html';
import { askOf, requestLocale } from './public.i18n';
import { getPublicBooking, getPublicProduct } from './public.service';
import { loadPublicRenderer, openingAvailability, type TRenderedPage } from './public.ssr';

/**
 * The accessibility statement's path (`STATEMENT_PATH` of apps/web/src/public/match-route.ts: a page
 * of the public bundle only, not in the shared ROUTES table).
 */
export const STATEMENT_PATH = '/public/accesibilidad';

/** Pages with a customer's data: neither a shared cache nor the browser's may store them. */
export const PERSONAL_PAGE_CACHE = 'private, no-store';
/** Pages without personal data: cached, and asked again each time (a release changes their files). */
export const PAGE_CACHE = 'no-cache';

/** Fastify route path of a shared route ("/public/landing/:productId" is already one). */
const routePath = (key: keyof typeof ROUTES) => ROUTES[key].path;

/**
 * The built dictionary chunk of each language (`assets/locale-de-….js`, apps/web/vite.config.ts)
 * and the chunks it imports (the bundler's runtime helpers, per the build's manifest): preloaded
 * together, so that the texts do not wait for one more round trip after the entry asked for them.
 */
function dictionaryChunks(distDir: string): Partial<Record<TPublicLocale, string[]>> {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return {};
  const files = readdirSync(assets);
  const manifestPath = path.join(distDir, '.vite', 'public-manifest.json');
  const manifest = (existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {}) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const importsOf = (file: string) =>
    (Object.values(manifest).find((c) => c.file === `assets/${file}`)?.imports ?? []).flatMap((key) =>
      manifest[key] ? [`/${manifest[key].file}`] : [],
    );
  return Object.fromEntries(
    PUBLIC_LOCALES.flatMap((l) => {
      const file = files.find((f) => f.startsWith(`locale-${l}-`) && f.endsWith('.js'));
      return file ? [[l, [`/assets/${file}`, ...importsOf(file)]]] : [];
    }),
  );
}

/** A path of a file (`/public/logo.png`), not of a page: the web app's 404, never a page. */
const isFilePath = (url: string) => /\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html');

export type TPublicPagesOptions = {
  /** The web app's build (WEB_DIST): public.html, its assets and the server build of the pages. */
  distDir: string;
};

/**
 * Registers the public pages' routes, when the web app's public pages are built (without them the
 * web plugin's fallback answers, as for every page).
 */
export async function publicPages(app: FastifyInstance, { distDir }: TPublicPagesOptions) {
  const publicHtml = path.join(distDir, 'public.html');
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(publicHtml)) return;
  const template = readFileSync(publicHtml, 'utf8');

  const send = (reply: FastifyReply, html: string, locale: TPublicLocale, cache: string, status = 200) =>
    reply
      .code(status)
      .header('Cache-Control', cache)
      .header('Vary', 'Accept-Language')
      .header('Content-Language', locale)
      .type('text/html; charset=utf-8')
      .send(html);
  const renderer = await loadPublicRenderer(distDir);
  const page = renderer ? renderer.inlineStyles(template) : template;
  const chunks = dictionaryChunks(distDir);
  const byLocale = (f: (l: TPublicLocale) => string) =>
    Object.fromEntries(PUBLIC_LOCALES.map((l) => [l, f(l)])) as Record<TPublicLocale, string>;
  const shells = byLocale((l) => localizeShell(page, l, chunks[l]));
  const noIndex = byLocale((l) => renderNoIndex(shells[l]));
  const hide = { schema: { hide: true } };
  /** `shell` with the page rendered into it; the shell alone when the page cannot be rendered. */
  const rendered = (
    req: FastifyRequest,
    shell: string,
    key: TRenderedPage,
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
      return send(reply, rendered(req, head, 'publicLanding', locale, { product }), locale, PAGE_CACHE);
    } catch (err) {
      const locale = requestLocale(ask);
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        return send(reply, renderLandingNotFound(shells[locale], locale), locale, PAGE_CACHE, 404);
      // The page still works without its meta: the client loads the product itself.
      req.log.warn({ err }, 'landing page rendered without its product');
      return send(reply, shells[locale], locale, PAGE_CACHE);
    }
  });

  // The booking form speaks the product's operator's languages; a booking's pages its customer's.
  app.get<{ Params: { productId: string } }>(routePath('publicBooking'), hide, async (req, reply) => {
    const ask = askOf(req);
    const product = await getPublicProduct(app.db, req.params.productId, ask).catch(() => null);
    if (!product) {
      const locale = requestLocale(ask);
      return send(reply, noIndex[locale], locale, PAGE_CACHE);
    }
    const locale = product.locale as TPublicLocale;
    const now = new Date();
    const availability = renderer
      ? await openingAvailability(app.db, product, now).catch((err) => {
          req.log.warn({ err }, 'booking page rendered without its departures');
          return undefined;
        })
      : undefined;
    // "Today" for the operator (PRODUCT.md §2), as its departures above were read: the page opens
    // its calendar and prices on it without the browser's time-zone data (issue 35, goal 6).
    const today = todayIn(timeZoneOf(product.tour_operator.timezone), now);
    const html = rendered(req, noIndex[locale], 'publicBooking', locale, { product, availability, today });
    return send(reply, html, locale, PAGE_CACHE);
  });

  /** A page of one customer's booking: rendered with it, never stored by a cache (even when unknown). */
  const bookingPage =
    (key: 'publicBookingVoucher' | 'publicBookingExisting') =>
    async (req: FastifyRequest<{ Params: { bookingId: string } }>, reply: FastifyReply) => {
      const ask = askOf(req);
      const booking = await getPublicBooking(app.db, req.params.bookingId, new Date(), ask).catch(() => null);
      if (!booking) {
        const locale = requestLocale(ask);
        return send(reply, noIndex[locale], locale, PERSONAL_PAGE_CACHE);
      }
      const locale = booking.locale as TPublicLocale;
      return send(reply, rendered(req, noIndex[locale], key, locale, { booking }), locale, PERSONAL_PAGE_CACHE);
    };
  app.get(routePath('publicBookingVoucher'), hide, bookingPage('publicBookingVoucher'));
  app.get(routePath('publicBookingExisting'), hide, bookingPage('publicBookingExisting'));

  // The statement names the contact of the operator whose page the visitor came from (`?desde=`).
  app.get(STATEMENT_PATH, hide, async (req, reply) => {
    const locale = requestLocale(askOf(req));
    const operator = renderer ? await statementOperator(req, renderer.statementSource(req.url)) : undefined;
    const html = rendered(req, shells[locale], 'publicAccessibility', locale, operator ? { operator } : {});
    return send(reply, html, locale, PAGE_CACHE);
  });

  /** The operator of the product or booking the statement's visitor came from (none if unknown). */
  async function statementOperator(
    req: FastifyRequest,
    source: { productId: string } | { bookingId: string } | null,
  ): Promise<TPublicOperator | undefined> {
    if (!source) return undefined;
    const ask = askOf(req);
    const found =
      'productId' in source
        ? getPublicProduct(app.db, source.productId, ask)
        : getPublicBooking(app.db, source.bookingId, new Date(), ask);
    return found.then(
      (x) => x.tour_operator,
      () => undefined,
    );
  }

  // Every other public page path: the shell in the visitor's language (the browser shows its
  // not-found). A path of a file is the web app's 404.
  const shell = (req: FastifyRequest, reply: FastifyReply) => {
    if (isFilePath(req.url.split('?')[0])) return reply.callNotFound();
    const locale = requestLocale(askOf(req));
    return send(reply, shells[locale], locale, PAGE_CACHE);
  };
  app.get('/public', hide, shell);
  app.get('/public/*', hide, shell);
}
