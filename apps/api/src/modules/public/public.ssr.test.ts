/**
 * Issues 23 and 31: the landing, the booking page, the voucher, the existing booking and the
 * accessibility statement arrive rendered on the server, by the web app's own server build (built
 * here from apps/web/vite.config.ts into a temporary folder, as `npm run build` does): the
 * product's name, price, photo and "Reservar" in the HTML before any script, the booking page's
 * calendar with its first month's departures embedded, the voucher with its QR code, the customer's
 * booking with its form, the statement with the contact of the operator the visitor came from; the
 * page's styles inline (no stylesheet blocks the first paint) and its code preloaded; a customer's
 * pages never stored by a shared cache.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TPublicBooking } from '@trayecto/shared';
import { PUBLIC_DATA_ELEMENT_ID, SERVER_RENDERED_ATTR, type TPublicPageData } from '@trayecto/shared/public-http';
import { todayIn } from '@trayecto/shared/time-zone';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { productImages, tourOperators } from '../../db/schema';
import { booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { photoPreload } from './public.ssr';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');

/** Builds the public pages (browser and server builds) into `outDir`, in production mode. */
async function buildPublicPages(outDir: string) {
  const { createBuilder } = await import('vite');
  // Vitest runs with NODE_ENV=test, which Vite would bake into the bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const builder = await createBuilder({
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    await builder.build(builder.environments.publicPages);
    await builder.build(builder.environments.publicServer);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  // The back-office's page: the server serves the web app only when it is there.
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>Back-office</title>');
}

let app: FastifyInstance;
let w: World;
let dist: string;
let productId: string;
let bookingId: string;
let locator: string;
let prepared: { id: string; locator: string };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trayecto-ssr-'));
  await buildPublicPages(dist);
  app = await buildTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://reservas.example.com/' } });
  w = await createWorld(app);
  // The operator's contact, for the accessibility statement.
  await app.db
    .update(tourOperators)
    .set({ email: 'accesibilidad@operador-a.example', phone: '+34 922 000 111' })
    .where(eq(tourOperators.id, w.A.op.id));
  const p = await mkProduct(app, w.tokens.A1, { name: 'Subida al Teide', short_description: 'El volcán al amanecer' });
  productId = p.id;
  await app.db.insert(productImages).values({
    tourOperatorId: w.A.op.id,
    productId,
    position: 0,
    path: `products/${productId}/foto-lg.webp`,
    thumbPath: `products/${productId}/foto-sm.webp`,
    alt: 'El Teide nevado',
    width: 1600,
    height: 1067,
    bytes: 180_000,
  });
  const b = await booked(app, w.tokens.A1, bookingBody(productId, { date: day(2) }));
  bookingId = b.id;
  locator = b.locator;
  // A booking the office prepared for a customer to complete and confirm (in German).
  prepared = await booked(
    app,
    w.tokens.A1,
    bookingBody(productId, {
      date: day(5),
      state: 'pending',
      customer_name: 'Lena Schmidt',
      customer_email: '',
      customer_phone: '',
      customer_country: 'DE',
      language: 'de',
    }),
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-ES' } });
/** The page's root element's content (what the server rendered). */
const rootOf = (html: string) => {
  const m = new RegExp(`<div id="root" ${SERVER_RENDERED_ATTR}="([a-z]{2})">([\\s\\S]*)</div>\\s*</body>`).exec(html);
  return m ? { locale: m[1], html: m[2] } : null;
};
const dataOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PUBLIC_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(
      html,
    )?.[1] ?? 'null',
  );

describe('photoPreload', () => {
  it("preloads the page's first <img data-preload> with its src, srcset and sizes; none without one", () => {
    const html =
      '<p><img src="/a.webp" alt=""/><img src="/b-lg.webp" srcset="/b-sm.webp 400w, /b-lg.webp 1600w" sizes="100vw" data-preload class="x"/></p>';
    expect(photoPreload(html)).toBe(
      '<link rel="preload" as="image" href="/b-lg.webp" imagesrcset="/b-sm.webp 400w, /b-lg.webp 1600w" imagesizes="100vw" fetchpriority="high" />',
    );
    expect(photoPreload('<img src="/c.webp" data-preload=""/>')).toBe(
      '<link rel="preload" as="image" href="/c.webp" fetchpriority="high" />',
    );
    expect(photoPreload('<img src="/a.webp" data-preloaded="no"/><p data-preload></p>')).toBeNull();
  });
});

describe('the landing, rendered on the server', () => {
  it('has the name, the price, the photo and "Reservar" in its HTML, in the visitor\'s language', async () => {
    const res = await page(`/public/landing/${productId}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root?.locale).toBe('es');
    const html = root?.html ?? '';
    expect(html).toContain('<h1');
    expect(html).toContain('Subida al Teide');
    expect(html).toContain('45,00');
    expect(html).toContain('€');
    expect(html).toMatch(new RegExp(`<a [^>]*href="/public/booking/product/${productId}"[^>]*>[^<]*Reservar`));
    // The hero photo: the LCP element, fetched first, with its sizes known (no layout shift).
    const hero = /<img [^>]*alt="El Teide nevado"[^>]*>/.exec(html)?.[0] ?? '';
    // (Preact writes the attribute as `fetchPriority`: HTML attribute names are case-insensitive.)
    expect(hero).toMatch(/fetchpriority="high"/i);
    expect(hero).toContain('width="1600"');
    expect(hero).toContain('height="1067"');
    expect(hero).toMatch(/srcset="[^"]*foto-sm\.webp 400w, [^"]*foto-lg\.webp 1600w"/);
    const de = rootOf((await page(`/public/landing/${productId}?lang=de`)).body);
    expect(de?.locale).toBe('de');
    expect(de?.html).toContain('Jetzt buchen');
  });

  it('inlines its styles (no stylesheet blocks the first paint) and embeds the product once', async () => {
    const res = await page(`/public/landing/${productId}`);
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    expect(res.body).toMatch(/<style>[^<]*\.pub-page/);
    expect(dataOf(res.body).id).toBe(productId);
    // It reads without scripts: no "needs JavaScript" line; the booking form keeps it.
    expect(res.body).not.toContain('<noscript>');
    expect((await page(`/public/booking/product/${productId}`)).body).toContain('<noscript>');
    expect(res.body.match(new RegExp(`id="${PUBLIC_DATA_ELEMENT_ID}"`, 'g'))).toHaveLength(1);
  });
});

describe('the booking page, rendered on the server', () => {
  it('shows the form and the calendar with the first month with departures, embedded', async () => {
    const res = await page(`/public/booking/product/${productId}`);
    expect(res.statusCode).toBe(200);
    const html = rootOf(res.body)?.html ?? '';
    expect(html).toContain('Subida al Teide');
    const data = dataOf(res.body) as TPublicPageData;
    expect(data.product?.id).toBe(productId);
    const months = data.availability ?? [];
    expect(months.length).toBeGreaterThan(0);
    const first = months.at(-1);
    expect(first?.slots.some((s) => s.available && s.seats_left > 0)).toBe(true);
    // The bookable days are buttons of the calendar from the HTML, with their seats.
    const open = first?.slots.find((s) => s.available && s.seats_left > 0);
    expect(html).toMatch(new RegExp(`data-date="${open?.date}"[^>]*aria-label="[^"]*plazas"`));
    expect(html).not.toMatch(/aria-busy="true"/);
    // The page's own code is preloaded and its styles are inline.
    expect(res.body).toMatch(/<link rel="modulepreload" href="\/assets\/booking-page-[^"]+\.js" \/>/);
    // Its styles are inline; the same files as disabled links, so the chunk's loader does not fetch them.
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/booking-page-[^"]+\.css" disabled \/>/);
    expect(res.body).toContain('noindex');
  });
});

describe("the booking page's today", () => {
  it("is the operator's local date when the server answered, embedded with the page's data", async () => {
    // A zone whose date is not UTC's right now (UTC+14 from 10:00 UTC, UTC−11 before 11:00 UTC), so
    // that the server's own or UTC's date would not pass.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const [operator] = await app.db
      .select({ timezone: tourOperators.timezone })
      .from(tourOperators)
      .where(eq(tourOperators.id, w.A.op.id));
    await app.db.update(tourOperators).set({ timezone: zone }).where(eq(tourOperators.id, w.A.op.id));
    try {
      const before = new Date();
      const res = await page(`/public/booking/product/${productId}`);
      const after = new Date();
      expect(res.statusCode).toBe(200);
      const data = dataOf(res.body) as TPublicPageData;
      expect(todayIn(zone, before)).not.toBe(before.toISOString().slice(0, 10));
      expect([todayIn(zone, before), todayIn(zone, after)]).toContain(data.today);
      // The calendar opens on that day's month, as the departures embedded with it.
      expect(data.availability?.[0]?.month).toBe(data.today?.slice(0, 7));
    } finally {
      await app.db.update(tourOperators).set({ timezone: operator.timezone }).where(eq(tourOperators.id, w.A.op.id));
    }
  });
});

describe('the voucher, rendered on the server', () => {
  it('shows the locator and the QR code of its absolute address', async () => {
    const res = await page(`/public/landing/booking-voucher/${bookingId}`);
    expect(res.statusCode).toBe(200);
    const html = rootOf(res.body)?.html ?? '';
    expect(html).toContain(locator);
    expect(html).toContain('<svg');
    expect((dataOf(res.body) as TPublicPageData).booking?.id).toBe(bookingId);
    expect(res.body).toMatch(/<link rel="modulepreload" href="\/assets\/voucher-page-[^"]+\.js" \/>/);
  });

  it('an unknown booking: the shell, rendered by the browser (its friendly not-found)', async () => {
    const res = await page('/public/landing/booking-voucher/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("carries the customer's name and locator: no shared cache may keep it", async () => {
    const res = await page(`/public/landing/booking-voucher/${bookingId}`);
    expect(res.body).toContain('Lucía Pérez');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the existing booking, rendered on the server (issue 31)', () => {
  it("in its customer's language: the booking, the form with what staff entered, its data embedded", async () => {
    // A browser that says no language: the booking's own (German).
    const res = await app.inject({ method: 'GET', url: `/public/booking/${prepared.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const root = rootOf(res.body);
    expect(root?.locale).toBe('de');
    const html = root?.html ?? '';
    expect(html).toContain(prepared.locator);
    expect(html).toContain('Subida al Teide');
    // The form with the name the office entered, and the button that confirms it.
    expect(html).toMatch(
      /<input[^>]*id="customer_name"[^>]*value="Lena Schmidt"|<input[^>]*value="Lena Schmidt"[^>]*id="customer_name"/,
    );
    expect(html).toContain('Buchung bestätigen');
    expect(html).toMatch(/<select[^>]*id="customer_country"/);
    const data = dataOf(res.body) as TPublicPageData;
    expect(data.booking?.id).toBe(prepared.id);
    expect(data.booking?.can_confirm).toBe(true);
    // Its code preloaded, its styles inline; the form needs scripts: its "needs JavaScript" line stays.
    expect(res.body).toMatch(/<link rel="modulepreload" href="\/assets\/existing-booking-page-[^"]+\.js" \/>/);
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled \/>/);
    expect(res.body).toContain('<noscript>');
    expect(res.body).toContain('noindex');
  });

  it('its photo, the largest paint: thumbnail or large by srcset, its size, preloaded from the head before the scripts', async () => {
    const res = await page(`/public/booking/${bookingId}`);
    const html = rootOf(res.body)?.html ?? '';
    const img = /<img[^>]*class="bx-img"[^>]*>/.exec(html)?.[0] ?? '';
    const thumb = `/uploads/products/${productId}/foto-sm.webp`;
    const large = `/uploads/products/${productId}/foto-lg.webp`;
    const srcset = `${thumb} 400w, ${large} 1600w`;
    expect(img).toContain(`src="${large}"`);
    expect(img).toMatch(new RegExp(`srcset="${srcset}"`, 'i'));
    expect(img).toMatch(/sizes="\(min-width: 960px\) 330px, calc\(100vw - 66px\)"/);
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="1067"');
    expect(img).toMatch(/fetchpriority="high"/i);
    // The same file chosen by the same srcset and sizes, asked for from the head: after the
    // viewport (which `sizes` needs), before the entry script and the page's modules.
    const preload = `<link rel="preload" as="image" href="${large}" imagesrcset="${srcset}" imagesizes="(min-width: 960px) 330px, calc(100vw - 66px)" fetchpriority="high" />`;
    expect(res.body).toContain(preload);
    const at = res.body.indexOf(preload);
    expect(at).toBeGreaterThan(res.body.indexOf('<meta name="viewport"'));
    expect(at).toBeLessThan(res.body.indexOf('<script type="module"'));
    expect(at).toBeLessThan(res.body.indexOf('rel="modulepreload"'));
    // Only that photo: one preload.
    expect(res.body.split('rel="preload" as="image"')).toHaveLength(2);
    // The public answer carries both versions and the size (the embedded data is GET /public/bookings/{id}).
    expect((dataOf(res.body) as TPublicPageData).booking?.product.image).toEqual({
      url: large,
      thumb_url: thumb,
      alt: 'El Teide nevado',
      width: 1600,
      height: 1067,
    });
  });

  it("the customer's sale answers the same photo as the booking's page (its one read, ADR 042)", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(productId, { date: day(3) }), accept_terms: true },
    });
    expect(res.statusCode).toBe(201);
    const sold = res.json() as TPublicBooking;
    const read = (
      await app.inject({ method: 'GET', url: `/api/v1/public/bookings/${sold.id}` })
    ).json() as TPublicBooking;
    expect(sold.product.image).toEqual({
      url: `/uploads/products/${productId}/foto-lg.webp`,
      thumb_url: `/uploads/products/${productId}/foto-sm.webp`,
      alt: 'El Teide nevado',
      width: 1600,
      height: 1067,
    });
    expect(read.product.image).toEqual(sold.product.image);
  });

  it("preloads the dictionary's chunk and what it imports, so the texts wait for no further request", async () => {
    const res = await page(`/public/booking/${bookingId}`);
    const preloads = [...res.body.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+)" \/>/g)].map((m) => m[1]);
    const dictionary = preloads.find((f) => /\/locale-es-[^/]+\.js$/.test(f));
    expect(dictionary).toBeDefined();
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'public-manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const chunk = Object.values(manifest).find((c) => `/${c.file}` === dictionary);
    for (const key of chunk?.imports ?? []) expect(preloads).toContain(`/${manifest[key]?.file}`);
  });

  it("an unknown booking: the shell, for the browser's not-found", async () => {
    const res = await page('/public/booking/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the accessibility statement, rendered on the server (issue 31)', () => {
  it("reads whole without scripts, in the visitor's language", async () => {
    const res = await page('/public/accesibilidad');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = rootOf(res.body);
    expect(root?.locale).toBe('es');
    expect(root?.html).toContain('Declaración de accesibilidad');
    expect(root?.html).toContain('WCAG');
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).toMatch(/<link rel="modulepreload" href="\/assets\/accessibility-page-[^"]+\.js" \/>/);
    const en = rootOf(
      (await app.inject({ method: 'GET', url: '/public/accesibilidad', headers: { 'accept-language': 'en-GB' } })).body,
    );
    expect(en?.locale).toBe('en');
    expect(en?.html).toContain('Accessibility statement');
  });

  it("with the contact of the operator whose page the visitor came from, and only that operator's", async () => {
    const from = (p: string) => `/public/accesibilidad?desde=${encodeURIComponent(p)}`;
    for (const url of [from(`/public/landing/${productId}`), from(`/public/booking/${prepared.id}`)]) {
      const res = await page(url);
      const html = rootOf(res.body)?.html ?? '';
      expect(html, url).toContain('mailto:accesibilidad@operador-a.example');
      const data = dataOf(res.body) as TPublicPageData;
      expect(data.operator?.name, url).toBe(w.A.op.name);
      // The operator only: nothing of the booking the visitor came from.
      expect(JSON.stringify(data), url).not.toContain('Lena Schmidt');
      expect(data.booking, url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // An unknown page, or one of no operator: the statement without a contact, no data.
    for (const url of [from('/public/booking/00000000-0000-4000-8000-000000000000'), from('https://evil.example/')]) {
      const res = await page(url);
      expect(rootOf(res.body)?.html, url).toContain('Declaración de accesibilidad');
      expect(dataOf(res.body), url).toEqual({});
    }
  });
});
