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
  app = await buildTestApp({ env: { WEB_DIST: dist } });
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
    expect(metaOf(html, 'og:url')).toBe(`http://reservas.example.com/public/landing/${p.id}`);
    expect(metaOf(html, 'og:image')).toBe(`http://reservas.example.com/uploads/products/${p.id}/foto-lg.webp`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // The hero photo (the largest paint) is preloaded with the HTML, as the page's <img> asks for it.
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="/uploads/products/${p.id}/foto-lg.webp" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high" />`,
      ),
    );
    expect(metaOf(html, 'theme-color')).toBe('#c2410c');
    expect(html.match(/theme-color/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="http://reservas.example.com/public/landing/${p.id}" />`);
    // The meta sits in <head>, the bundle is still loaded, and the data equals the API's answer.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/public-abc123.js"></script>');
    const api = await app.inject({ method: 'GET', url: `/api/v1/public/products/${p.id}` });
    expect(dataOf(html)).toEqual(api.json());
    // The CSP is untouched: no inline executable script is needed.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
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

  it('behind a proxy the absolute URLs use the forwarded scheme and host only with TRUST_PROXY; a bad Host is not echoed', async () => {
    const p = await mkProduct(app, w.tokens.A1);
    const forwarded = await page(`/public/landing/${p.id}`, { 'x-forwarded-proto': 'https' });
    expect(metaOf(forwarded.body, 'og:url')).toMatch(/^http:\/\/reservas\.example\.com\//);
    const bad = await page(`/public/landing/${p.id}`, { host: 'evil.com"><script>' });
    expect(metaOf(bad.body, 'og:url')).toBe(`http://localhost/public/landing/${p.id}`);
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

  it("a customer's booking and voucher pages are noindex; other pages are served as before", async () => {
    for (const url of [
      '/public/landing/booking-voucher/00000000-0000-4000-8000-000000000000',
      '/public/booking/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('<title>Trayecto</title>');
    }
    const form = await page('/public/booking/product/00000000-0000-4000-8000-000000000000');
    expect(form.body).toBe(PUBLIC_HTML);
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
