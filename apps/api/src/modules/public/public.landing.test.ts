/**
 * PRODUCT.md §6: the landing page's real <title>, description and Open Graph tags rendered by the
 * server into the built public.html, the product embedded as JSON, noindex on a customer's pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { productImages, tourOperators } from '../../db/schema';
import { mkProduct, type World } from '../bookings/bookings.test-helpers';
import { escapeHtml, jsonForScript, truncate } from './public.html';

const PUBLIC_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Reserva tu excursión y consulta tu bono de reserva." />
    <meta name="theme-color" content="#0b7285" />
    <title>Trayecto</title>
    <script type="module" crossorigin src="/assets/public-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let app: FastifyInstance;
let w: World;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trayecto-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Back-office</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'public.html'), PUBLIC_HTML);
  app = await buildTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://reservas.example.com/' } });
  w = await createWorld(app);
  await app.db
    .update(tourOperators)
    .set({ name: 'Teide Aventura', brandColor: '#c2410c' })
    .where(eq(tourOperators.id, w.A.op.id));
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'reservas.example.com', ...headers } });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const dataOf = (html: string) => {
  const m = /<script type="application\/json" id="trayecto-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : undefined;
};

describe('GET /public/landing/{productId}', () => {
  it('title, description, Open Graph with absolute URLs, canonical, and the product as JSON', async () => {
    const p = await mkProduct(app, w.tokens.A1, {
      name: 'Subida al Teide',
      short_description: 'Día completo por el Parque Nacional del Teide con guía oficial.',
    });
    await app.db.insert(productImages).values({
      tourOperatorId: w.A.op.id,
      productId: p.id,
      position: 0,
      path: `products/${p.id}/foto-lg.webp`,
      thumbPath: `products/${p.id}/foto-sm.webp`,
      alt: 'El Teide al amanecer',
      width: 1200,
      height: 800,
      bytes: 1,
    });
    const res = await page(`/public/landing/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Subida al Teide · Teide Aventura</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(html, 'description')).toBe('Día completo por el Parque Nacional del Teide con guía oficial.');
    expect(metaOf(html, 'og:title')).toBe('Subida al Teide · Teide Aventura');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:locale')).toBe('es_ES');
    expect(metaOf(html, 'og:url')).toBe(`https://reservas.example.com/public/landing/${p.id}`);
    expect(metaOf(html, 'og:image')).toBe(`https://reservas.example.com/uploads/products/${p.id}/foto-lg.webp`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // The hero photo (the largest paint) is preloaded with the HTML, as the page's <img> asks for it.
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="/uploads/products/${p.id}/foto-lg.webp" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high" />`,
      ),
    );
    expect(metaOf(html, 'theme-color')).toBe('#c2410c');
    expect(html.match(/theme-color/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="https://reservas.example.com/public/landing/${p.id}" />`);
    // The meta sits in <head>, the bundle is still loaded, and the data equals the API's answer.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/public-abc123.js"></script>');
    const api = await app.inject({ method: 'GET', url: `/api/v1/public/products/${p.id}` });
    expect(dataOf(html)).toEqual(api.json());
    // The CSP is untouched: no inline executable script is needed.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("issue 12: the landing's embedded product carries the terms that apply (the product's own)", async () => {
    const p = await mkProduct(app, w.tokens.A1, { booking_terms: 'Visita a pie por La Orotava </script><b>' });
    const html = (await page(`/public/landing/${p.id}`)).body;
    expect(dataOf(html).booking_terms).toBe('Visita a pie por La Orotava </script><b>');
    expect(html).not.toContain('</script><b>');
  });

  it('everything is escaped: a product named <script>alert(1)</script> stays text', async () => {
    const evil = '<script>alert(1)</script>';
    const p = await mkProduct(app, w.tokens.A1, {
      name: evil,
      short_description: `"><img src=x onerror=alert(2)> & ${evil}`,
    });
    const html = (await page(`/public/landing/${p.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; · Teide Aventura</title>');
    expect(metaOf(html, 'og:title')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; · Teide Aventura');
    expect(html).toContain('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(dataOf(html).name).toBe(evil);
    // Exactly the two script elements: the bundle and the JSON data block.
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('a long description is cut to 160 characters; without images, a summary card', async () => {
    const long = `${'Excursión espectacular por la isla '.repeat(10)}fin`;
    const p = await mkProduct(app, w.tokens.A1, { short_description: long.slice(0, 300) });
    const html = (await page(`/public/landing/${p.id}`)).body;
    const description = metaOf(html, 'description') as string;
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
  });

  it('issue 12: with PUBLIC_URL every absolute link is on it, whatever Host or X-Forwarded-Host say', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const attempts: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.com"><script>' },
      { 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of attempts) {
      const res = await page(`/public/landing/${p.id}`, headers);
      expect(metaOf(res.body, 'og:url')).toBe(`https://reservas.example.com/public/landing/${p.id}`);
      expect(res.body).toContain(`<link rel="canonical" href="https://reservas.example.com/public/landing/${p.id}" />`);
      expect(res.body).not.toContain('evil');
    }
    // The links staff send to customers, too.
    const api = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${p.id}`,
      headers: { host: 'evil.example', authorization: `Bearer ${w.tokens.A1}` },
    });
    expect(api.json().public_urls).toEqual({
      landing: `https://reservas.example.com/public/landing/${p.id}`,
      booking: `https://reservas.example.com/public/booking/product/${p.id}`,
    });
  });

  it('unknown, draft, malformed id or an inactive operator: the same page, status 404, "Página no encontrada", noindex, no data', async () => {
    const draft = await mkProduct(app, w.tokens.A1, { state: 'draft' });
    const ofB = await mkProduct(app, w.tokens.B1);
    await app.db.update(tourOperators).set({ state: 2 }).where(eq(tourOperators.id, w.B.op.id));
    for (const id of [draft.id, ofB.id, '00000000-0000-4000-8000-000000000000', 'no-existe']) {
      const res = await page(`/public/landing/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Página no encontrada</title>');
      expect(metaOf(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('/assets/public-abc123.js');
      expect(dataOf(res.body)).toBeUndefined();
    }
  });

  it("a customer's booking, voucher and booking-form pages are noindex; other pages are served as before", async () => {
    for (const url of [
      '/public/landing/booking-voucher/00000000-0000-4000-8000-000000000000',
      '/public/booking/00000000-0000-4000-8000-000000000000',
      '/public/booking/product/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('<title>Trayecto</title>');
    }
    const office = await page('/booking');
    expect(office.body).toContain('<title>Back-office</title>');
  });

  it('the template is read once at start-up', async () => {
    writeFileSync(path.join(dist, 'public.html'), '<html><head><title>Cambiada</title></head></html>');
    const p = await mkProduct(app, w.tokens.A1);
    const html = (await page(`/public/landing/${p.id}`)).body;
    expect(html).toContain('/assets/public-abc123.js');
  });
});

describe('HTML helpers', () => {
  it('escape text and JSON for a script data block', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const tricky = { s: '</script><script>alert(1)</script>\u2028&' };
    const json = jsonForScript(tricky);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(tricky);
  });

  it('truncate keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(truncate('Corto')).toBe('Corto');
    const cut = truncate('palabra '.repeat(40), 30);
    expect(Array.from(cut).length).toBeLessThanOrEqual(30);
    expect(cut).toBe('palabra palabra palabra…');
  });
});

describe('issue 12: without PUBLIC_URL, the Host is used only when it names this server', () => {
  let own: FastifyInstance;
  let ow: World;
  let productId: string;
  const at = (host: string, extra: Record<string, string> = {}) =>
    own.inject({ method: 'GET', url: `/public/landing/${productId}`, headers: { host, ...extra } });

  beforeAll(async () => {
    // Listening on 127.0.0.1:3000 behind a proxy whose X-Forwarded-* headers are trusted.
    own = await buildTestApp({ env: { WEB_DIST: dist, HOST: '127.0.0.1', PORT: '3000', TRUST_PROXY: 'true' } });
    ow = await createWorld(own);
    const p = await mkProduct(own, ow.tokens.A1);
    productId = p.id;
    await own.db.insert(productImages).values({
      tourOperatorId: ow.A.op.id,
      productId,
      position: 0,
      path: `products/${productId}/foto-lg.webp`,
      thumbPath: `products/${productId}/foto-sm.webp`,
      alt: 'Foto',
      width: 1200,
      height: 800,
      bytes: 1,
    });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('Host: evil.example (or a forwarded one) is never written: the canonical link is the path, og:url and og:image are left out', async () => {
    for (const res of [
      await at('evil.example'),
      await at('evil.example:3000'),
      await at('203.0.113.9:3000'),
      await at('127.0.0.1:3000', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="/public/landing/${productId}" />`);
      expect(metaOf(res.body, 'og:url')).toBeUndefined();
      expect(metaOf(res.body, 'og:image')).toBeUndefined();
      expect(res.body).not.toMatch(/evil|203\.0\.113/);
      expect(metaOf(res.body, 'og:title')).toBeTruthy();
    }
  });

  it('its own listen address, a loopback address or localhost: absolute links on that origin', async () => {
    for (const [host, extra, origin] of [
      ['127.0.0.1:3000', {}, 'http://127.0.0.1:3000'],
      ['[::1]:3000', {}, 'http://[::1]:3000'],
      ['localhost:5173', {}, 'http://localhost:5173'],
      [
        '127.0.0.1:3000',
        { 'x-forwarded-host': 'localhost:8443', 'x-forwarded-proto': 'https' },
        'https://localhost:8443',
      ],
    ] as const) {
      const res = await at(host, extra);
      expect(metaOf(res.body, 'og:url'), host).toBe(`${origin}/public/landing/${productId}`);
      expect(metaOf(res.body, 'og:image'), host).toBe(`${origin}/uploads/products/${productId}/foto-lg.webp`);
    }
  });

  it('the voucher link (its QR code) and the links staff send follow the same rule', async () => {
    const payload = {
      product_id: productId,
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      time: '09:00',
      pax: { adult: 1 },
      customer_name: 'Lucía Pérez',
      customer_email: 'lucia@example.com',
      customer_phone: '+34 600 000 000',
      accept_terms: true,
    };
    const book = (host: string) =>
      own.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        headers: { host, 'idempotency-key': `landing-${productId}` },
        payload,
      });
    const booking = await book('evil.example');
    expect(booking.statusCode, booking.body).toBe(201);
    const id = booking.json().id as string;
    expect(booking.json().voucher_url).toBe(`/public/landing/booking-voucher/${id}`);
    // A retry with the same key answers the first response as it was, whatever host it reaches.
    const replay = await book('127.0.0.1:3000');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(booking.json());
    const read = (host: string) =>
      own.inject({ method: 'GET', url: `/api/v1/public/bookings/${id}`, headers: { host } });
    expect((await read('evil.example')).json().voucher_url).toBe(`/public/landing/booking-voucher/${id}`);
    expect((await read('127.0.0.1:3000')).json().voucher_url).toBe(
      `http://127.0.0.1:3000/public/landing/booking-voucher/${id}`,
    );
    const staff = await own.inject({
      method: 'GET',
      url: `/api/v1/bookings/${id}`,
      headers: { host: 'evil.example', authorization: `Bearer ${ow.tokens.A1}` },
    });
    expect(staff.json().public_urls.voucher).toBe(`/public/landing/booking-voucher/${id}`);
  });
});
