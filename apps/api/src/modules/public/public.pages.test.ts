/**
 * Issue 31: what may be kept by a shared cache (a proxy, a CDN, a hotel's Wi-Fi). Every answer that
 * carries a customer's booking — the voucher and the existing-booking pages, and the public booking
 * API's answers — is `Cache-Control: private, no-store`, refusals included; pages without personal
 * data keep `no-cache`. Also what the public pages' routes answer for the paths around them (their
 * plugin is registered apart from the web app's files and fallback).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { newKey, publicApi, publicBody } from './public.test-helpers';

const PUBLIC_HTML = `<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Trayecto</title>
<meta name="description" content="Reserva tu excursión y consulta tu bono de reserva." />
<script type="module" crossorigin src="/assets/public-abc123.js"></script></head>
<body><noscript>Esta página necesita JavaScript activado.</noscript><div id="root"></div></body></html>`;
const PERSONAL = 'private, no-store';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let app: FastifyInstance;
let w: World;
let dist: string;
let pub: ReturnType<typeof publicApi>;
let productId: string;
let booking: { id: string; locator: string; customer_name: string };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trayecto-pages-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Back-office</title></head></html>');
  writeFileSync(path.join(dist, 'public.html'), PUBLIC_HTML);
  writeFileSync(path.join(dist, 'assets', 'public-abc123.js'), 'export {};');
  app = await buildTestApp({ env: { WEB_DIST: dist } });
  w = await createWorld(app);
  pub = publicApi(app);
  productId = (await mkProduct(app, w.tokens.A1, { capacity: 50 })).id;
  booking = await booked(app, w.tokens.A1, bookingBody(productId, { date: day(3) }));
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-ES' } });

describe("the pages of a customer's booking are never stored by a cache", () => {
  it('the voucher and the existing booking: private, no-store, known or not', async () => {
    for (const url of [
      `/public/landing/booking-voucher/${booking.id}`,
      `/public/booking/${booking.id}`,
      `/public/landing/booking-voucher/${UNKNOWN}`,
      `/public/booking/${UNKNOWN}`,
      `/public/booking/${booking.id}?lang=de`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(PERSONAL);
      expect(String(res.headers.vary), url).toMatch(/accept-language/i);
    }
    // HEAD asks the same page.
    const head = await app.inject({ method: 'HEAD', url: `/public/landing/booking-voucher/${booking.id}` });
    expect(head.headers['cache-control']).toBe(PERSONAL);
  });

  it('pages without personal data keep their caching: landing, booking form, statement, any other public page', async () => {
    for (const [url, status] of [
      [`/public/landing/${productId}`, 200],
      [`/public/landing/${UNKNOWN}`, 404],
      [`/public/booking/product/${productId}`, 200],
      ['/public/accesibilidad', 200],
      [`/public/accesibilidad?desde=${encodeURIComponent(`/public/booking/${booking.id}`)}`, 200],
      ['/public/no-existe', 200],
      ['/public', 200],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // In the visitor's language (the shell's <html lang>), with the built page's script.
      expect(res.body, url).toContain('<html lang="es"');
      expect(res.body, url).toContain('/assets/public-abc123.js');
    }
  });
});

describe('the public booking API: every answer with a booking is private, no-store', () => {
  it('POST 201, its replay, GET, PUT, the cancel, and their refusals', async () => {
    const key = newKey();
    const created = await pub.book(publicBody(productId, { date: day(4) }), key);
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe(PERSONAL);
    const id = created.json().id as string;

    const replay = await pub.book(publicBody(productId, { date: day(4) }), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['cache-control']).toBe(PERSONAL);

    const read = await pub.get(`/api/v1/public/bookings/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().customer_name).toBe('Lucía Pérez');
    expect(read.headers['cache-control']).toBe(PERSONAL);

    const saved = await pub.send('PUT', `/api/v1/public/bookings/${id}`, { notes: 'Vamos con un carrito de bebé' });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe(PERSONAL);

    const cancelled = await pub.send('POST', `/api/v1/public/bookings/${id}/cancel`, { reason: 'Cambio de planes' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect(cancelled.headers['cache-control']).toBe(PERSONAL);

    // Refusals too: an unknown booking, a booking no longer editable, a bad body, a missing key.
    const refusals = [
      await pub.get(`/api/v1/public/bookings/${UNKNOWN}`),
      await pub.send('PUT', `/api/v1/public/bookings/${id}`, { notes: 'otra vez' }),
      await pub.send('POST', `/api/v1/public/bookings/${id}/cancel`, { reason: 5 }),
      await pub.book(publicBody(productId), null),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([404, 409, 422, 400]);
    for (const r of refusals) expect(r.headers['cache-control'], r.body).toBe(PERSONAL);
  });

  it('the catalogue (product, departures, pickup places) carries no personal data and is not marked so', async () => {
    for (const url of [
      `/api/v1/public/products/${productId}`,
      `/api/v1/public/products/${productId}/availability`,
      `/api/v1/public/accommodations?product_id=${productId}`,
    ]) {
      const res = await pub.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('the paths around the public pages', () => {
  it("a file under /public that is not there is the web app's plain 404, not a page", async () => {
    for (const url of ['/public/logo.png', '/public/landing/x/foto.webp', '/assets/nada.js']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body, url).toBe('No encontrado');
    }
  });

  it('the back-office and the API keep their own answers', async () => {
    const office = await page('/booking');
    expect(office.body).toContain('<title>Back-office</title>');
    expect(office.headers['cache-control']).toBe('no-cache');
    const api = await page('/api/v1/no-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
