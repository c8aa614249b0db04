/**
 * Issue 15: the public API and pages answer in the customer's language — `?lang=`, else
 * Accept-Language, else the operator's default — with the product's translated texts, falling back
 * text by text to the operator's own language; errors keep their `code` and change their words.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { products, tourOperators } from '../../db/schema';
import { mkProduct, type World } from '../bookings/bookings.test-helpers';
import { newKey, publicBody } from './public.test-helpers';

const PUBLIC_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Reserva tu excursión y consulta tu bono de reserva." />
    <title>Trayecto</title>
  </head>
  <body>
    <noscript>Esta página necesita JavaScript activado.</noscript>
    <div id="root"></div>
  </body>
</html>
`;

let app: FastifyInstance;
let w: World;
let dist: string;
let translated: string;
let spanishOnly: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trayecto-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Back-office</title></head></html>');
  writeFileSync(path.join(dist, 'public.html'), PUBLIC_HTML);
  app = await buildTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://reservas.example.com' } });
  w = await createWorld(app);
  translated = (
    await mkProduct(app, w.tokens.A1, {
      name: 'Subida al Teide',
      short_description: 'Día completo por el Parque Nacional.',
      meeting_point: 'Plaza del Duque',
      includes: ['Guía oficial', 'Transporte'],
      booking_terms: 'Cancelación gratuita hasta 24 horas antes.',
    })
  ).id;
  await app.db
    .update(products)
    .set({
      translations: {
        de: { name: 'Aufstieg zum Teide', includes: ['Offizieller Führer', 'Transport'] },
        fr: { name: 'Ascension du Teide', short_description: 'Journée complète dans le parc national.' },
      },
    })
    .where(eq(products.id, translated));
  spanishOnly = (
    await mkProduct(app, w.tokens.A1, { name: 'Ruta de los Guanches', short_description: 'Solo en español.' })
  ).id;
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /public/products/{id} in the customer language', () => {
  it('Accept-Language picks the language; untranslated texts fall back to the operator language, listed in content_locales', async () => {
    const res = await get(`/api/v1/public/products/${translated}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers.vary).toContain('Accept-Language');
    const p = res.json();
    expect(p.locale).toBe('de');
    expect(p.name).toBe('Aufstieg zum Teide');
    expect(p.includes).toEqual(['Offizieller Führer', 'Transport']);
    expect(p.short_description).toBe('Día completo por el Parque Nacional.');
    expect(p.content_locales).toEqual({ short_description: 'es', meeting_point: 'es', booking_terms: 'es' });
    expect(p.tour_operator.public_languages).toEqual(['es', 'en', 'de', 'fr', 'it', 'nl']);
  });

  it('?lang= wins over Accept-Language; an unknown ?lang= is ignored', async () => {
    const fr = (await get(`/api/v1/public/products/${translated}?lang=fr`, { 'accept-language': 'de' })).json();
    expect([fr.locale, fr.name]).toEqual(['fr', 'Ascension du Teide']);
    const xx = (await get(`/api/v1/public/products/${translated}?lang=xx`, { 'accept-language': 'de' })).json();
    expect(xx.locale).toBe('de');
  });

  it('no header: the operator default; Spanish answers carry no fallbacks', async () => {
    const p = (await get(`/api/v1/public/products/${translated}`)).json();
    expect([p.locale, p.name, p.content_locales]).toEqual(['es', 'Subida al Teide', {}]);
  });

  it('a product with only Spanish texts answers a German visitor with German locale and Spanish content', async () => {
    const p = (await get(`/api/v1/public/products/${spanishOnly}`, { 'accept-language': 'de' })).json();
    expect(p.locale).toBe('de');
    expect(p.name).toBe('Ruta de los Guanches');
    expect(p.content_locales.name).toBe('es');
  });

  it('a language the operator does not offer is not answered: the next accepted one, else its default', async () => {
    await app.db
      .update(tourOperators)
      .set({ publicLanguages: ['es', 'en'] })
      .where(eq(tourOperators.id, w.A.op.id));
    try {
      const a = (await get(`/api/v1/public/products/${translated}`, { 'accept-language': 'de, en;q=0.5' })).json();
      expect(a.locale).toBe('en');
      const b = (await get(`/api/v1/public/products/${translated}?lang=de`)).json();
      expect(b.locale).toBe('es');
    } finally {
      await app.db
        .update(tourOperators)
        .set({ publicLanguages: ['es', 'en', 'de', 'fr', 'it', 'nl'] })
        .where(eq(tourOperators.id, w.A.op.id));
    }
  });
});

describe('errors in the customer language, the same code', () => {
  it('404 in German and Dutch', async () => {
    const de = await get('/api/v1/public/products/00000000-0000-4000-8000-000000000000', { 'accept-language': 'de' });
    expect(de.statusCode).toBe(404);
    expect(de.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Ausflug nicht gefunden' });
    expect(de.headers['content-language']).toBe('de');
    const nl = await get('/api/v1/public/products/nope?lang=nl');
    expect(nl.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Excursie niet gevonden' });
  });

  it('field errors of a booking in French, Spanish without a header', async () => {
    const body = publicBody(translated, { customer_email: 'no-es-correo', customer_name: '', accept_terms: false });
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/public/bookings',
        payload: body,
        headers: { 'idempotency-key': newKey(), ...headers },
      });
    const fr = (await send({ 'accept-language': 'fr-FR' })).json();
    expect(fr.code).toBe('VALIDATION');
    expect(fr.errors.customer_email).toEqual(['Veuillez saisir une adresse e-mail valide']);
    expect(fr.errors.customer_name).toEqual(['Champ obligatoire']);
    expect(fr.errors.accept_terms).toEqual(['Vous devez accepter les conditions']);
    const es = (await send({})).json();
    expect(es.errors.customer_name).toEqual(['Campo requerido']);
  });

  it('no seats: 409 NO_SEATS with its alternatives, in Italian', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      payload: publicBody(translated, { pax: { adult: 11 } }),
      headers: { 'idempotency-key': newKey(), 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_SEATS', message: 'Non ci sono abbastanza posti disponibili' });
    expect(Array.isArray(res.json().alternatives)).toBe(true);
  });
});

describe('a booking answers in its customer language', () => {
  it('the booking language when the request names none; Accept-Language and ?lang= when it does', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/public/bookings',
      payload: publicBody(translated, { language: 'de' }),
      headers: { 'idempotency-key': newKey() },
    });
    expect(created.statusCode).toBe(201);
    const b = created.json();
    expect([b.locale, b.product.name]).toEqual(['de', 'Aufstieg zum Teide']);
    expect((await get(`/api/v1/public/bookings/${b.id}`)).json().locale).toBe('de');
    expect((await get(`/api/v1/public/bookings/${b.id}`, { 'accept-language': 'fr' })).json().product.name).toBe(
      'Ascension du Teide',
    );
    expect((await get(`/api/v1/public/bookings/${b.id}?lang=es`)).json().product.name).toBe('Subida al Teide');
  });
});

describe('server-rendered pages (search engines)', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'reservas.example.com', ...headers } });

  it('the landing in German: html lang, translated title, og:locale, hreflang for every offered language plus x-default, its own canonical', async () => {
    const res = await page(`/public/landing/${translated}`, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers.vary).toContain('Accept-Language');
    const html = res.body;
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<title>Aufstieg zum Teide · ');
    expect(html).toContain('<meta property="og:locale" content="de_DE" />');
    expect(html).toContain('<meta property="og:locale:alternate" content="es_ES" />');
    const base = `https://reservas.example.com/public/landing/${translated}`;
    expect(html).toContain(`<link rel="canonical" href="${base}?lang=de" />`);
    for (const l of ['en', 'de', 'fr', 'it', 'nl'])
      expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${base}?lang=${l}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${base}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}" />`);
    expect(html).toContain('<noscript>Für diese Seite muss JavaScript aktiviert sein.</noscript>');
    expect(html).not.toContain('Esta página necesita JavaScript');
  });

  it('?lang=fr on the landing; Spanish without a header, its canonical the bare path', async () => {
    expect((await page(`/public/landing/${translated}?lang=fr`)).body).toContain('<title>Ascension du Teide · ');
    const es = (await page(`/public/landing/${translated}`)).body;
    expect(es).toContain('<html lang="es" dir="ltr">');
    expect(es).toContain(`<link rel="canonical" href="https://reservas.example.com/public/landing/${translated}" />`);
  });

  it('the booking pages and the not-found page speak the visitor language too', async () => {
    const form = await page(`/public/booking/product/${translated}`, { 'accept-language': 'nl' });
    expect(form.body).toContain('<html lang="nl"');
    const missing = await page('/public/landing/00000000-0000-4000-8000-000000000000', { 'accept-language': 'it' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Pagina non trovata</title>');
    const statement = await page('/public/accesibilidad', { 'accept-language': 'en-GB' });
    expect(statement.body).toContain('<html lang="en"');
  });
});
