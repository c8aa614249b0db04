/**
 * Security headers and HTTP edges (issue 7): a strict Content-Security-Policy and the other
 * headers on every kind of answer (API JSON, API errors, back-office and public pages, assets,
 * uploads, API docs); 500s carry a request id and no stack; X-Request-Id is echoed only when safe;
 * bodies over the limit answer 413; path traversal under /uploads/ answers 404.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, makeWebDist, type SecurityWorld, send, setupSecurityWorld } from './fixtures';

let app: FastifyInstance;
let w: SecurityWorld;
let close: () => Promise<void>;
let dist: string;
let imageUrl: string;

const SECRET_DETAIL = 'detalle-interno-que-no-debe-salir';

beforeAll(async () => {
  dist = makeWebDist();
  ({
    app,
    world: w,
    close,
  } = await setupSecurityWorld({
    images: true,
    app: { env: { WEB_DIST: dist } },
    beforeReady: (a) => {
      // A route that fails unexpectedly, to see what a 500 looks like from outside.
      a.get('/api/v1/__test-boom', async () => {
        throw Object.assign(new Error(SECRET_DETAIL), { stack: `Error: ${SECRET_DETAIL}\n    at /srv/app.ts:1:1` });
      });
    },
  }));
  const product = await send(app, { method: 'GET', url: `/api/v1/products/${w.a.product.id}`, token: w.tokens.A1 });
  imageUrl = product.json().images[0].url;
}, 120_000);
afterAll(async () => {
  await close?.();
  rmSync(dist, { recursive: true, force: true });
});

function cspOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecureHeaders(res: LightMyRequestResponse, label: string) {
  const csp = cspOf(res);
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['script-src'], label).toEqual(["'self'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp['base-uri'], label).toEqual(["'self'"]);
  // Forms post to this origin, and the public pages' payment form to the Redsys gateway (ADR 022).
  expect(csp['form-action'], label).toEqual(["'self'", 'https://sis-t.redsys.es:25443', 'https://sis.redsys.es']);
  const all = String(res.headers['content-security-policy']);
  expect(all, label).not.toContain("'unsafe-eval'");
  expect(csp['script-src-attr'] ?? ["'none'"], label).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBeTruthy();
  expect(res.headers['x-frame-options'], label).toBeTruthy();
  expect(res.headers['strict-transport-security'], label).toMatch(/max-age=\d{7,}/);
  expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(res.headers.server, label).toBeUndefined();
}

describe('security headers on every kind of answer', () => {
  it('API JSON, API errors, pages, assets, uploads and the OpenAPI document', async () => {
    const pages: [string, string, number][] = [
      ['API JSON', '/api/v1/health', 200],
      ['API 401', '/api/v1/bookings', 401],
      ['API 404', '/api/v1/no-existe', 404],
      ['API 400', `/api/v1/public/products/${w.a.product.id}/availability?from=mal`, 400],
      ['API 500', '/api/v1/__test-boom', 500],
      ['back-office /', '/', 200],
      ['back-office /login', '/login', 200],
      ['back-office deep link', '/booking/edit/123', 200],
      ['public landing', `/public/landing/${w.a.product.id}`, 200],
      ['public landing 404', '/public/landing/00000000-0000-4000-8000-000000000000', 404],
      ['public booking', `/public/booking/product/${w.a.product.id}`, 200],
      ['public existing booking', `/public/booking/${w.a.booking.id}`, 200],
      ['voucher', `/public/landing/booking-voucher/${w.a.booking.id}`, 200],
      ['asset', '/assets/index-abc123.js', 200],
      ['missing asset', '/assets/nope.js', 404],
      ['upload', imageUrl, 200],
      ['upload 404', '/uploads/products/x.webp', 404],
      ['OpenAPI JSON', '/api/v1/openapi.json', 200],
    ];
    for (const [label, url, status] of pages) {
      const res = await send(app, { method: 'GET', url });
      expect(res.statusCode, `${label} ${url}`).toBe(status);
      expectSecureHeaders(res, label);
    }
  });

  it('the API docs page (Swagger UI) keeps scripts to itself and cannot be framed', async () => {
    const res = await send(app, { method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBeLessThan(400);
    const csp = cspOf(res);
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('style-src allows only our own styles (and inline style attributes Mantine sets at run time)', async () => {
    const csp = cspOf(await send(app, { method: 'GET', url: '/login' }));
    expect(csp['style-src']?.filter((s) => s !== "'unsafe-inline'")).toEqual(["'self'"]);
    expect(csp['img-src']).not.toContain('*');
    expect(csp['connect-src']).toEqual(["'self'"]);
  });
});

describe('errors', () => {
  it('a 500 answers a Spanish message and its request id, no stack and no internal detail', async () => {
    const res = await send(app, {
      method: 'GET',
      url: '/api/v1/__test-boom',
      headers: { 'x-request-id': 'traza-123' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Error interno del servidor', request_id: 'traza-123' });
    expect(res.headers['x-request-id']).toBe('traza-123');
    expect(res.body).not.toContain(SECRET_DETAIL);
    expect(res.body).not.toMatch(/stack|\.ts:\d|at \//);
  });

  it('X-Request-Id is echoed when safe and replaced when not (CRLF, 10 kB, markup)', async () => {
    const ok = await send(app, { method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'abc-123_X.y' } });
    expect(ok.headers['x-request-id']).toBe('abc-123_X.y');
    const unsafe = ['a'.repeat(10_000), '<script>alert(1)</script>', 'a b', 'id;rm -rf', 'ñandú', 'a\tb'];
    for (const id of unsafe) {
      const res = await send(app, { method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], id.slice(0, 20)).toMatch(/^[0-9a-f-]{36}$/);
    }
    // CR/LF: replaced, so nothing of it can split the response (Node's own parser also refuses it).
    const crlf = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'a\r\nSet-Cookie: x=1' },
    });
    expect(crlf.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(crlf.headers['set-cookie']).toBeUndefined();
    // Two ids: not a string, replaced.
    const two = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': ['a', 'b'] } });
    expect(two.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.headers['set-cookie']).toBeUndefined();
  });

  it('a body over 1 MB answers 413 with a JSON message (6 MB on the CSV import)', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    for (const [url, token] of [
      ['/api/v1/vehicles', w.tokens.A1],
      ['/api/v1/auth/login', null],
      ['/api/v1/public/bookings', null],
    ] as const) {
      const res = await send(app, {
        method: 'POST',
        url,
        token,
        payload: big,
        headers: { 'idempotency-key': 'k-413' },
      });
      expect(res.statusCode, url).toBe(413);
      expect(errorMessageOf(res)).toBe('La petición es demasiado grande');
    }
    const huge = JSON.stringify({ csv: 'x'.repeat(7 * 1024 * 1024) });
    const imp = await send(app, {
      method: 'POST',
      url: '/api/v1/accommodations/import',
      token: w.tokens.A1,
      payload: huge,
    });
    expect(imp.statusCode).toBe(413);
  });
});

describe('uploads', () => {
  it('path traversal and anything but our own resized photos answer 404', async () => {
    // Something secret beside the uploads folder, as DATA_DIR holds the generated JWT secret.
    writeFileSync(path.join(w.dataDir, 'jwt-secret'), 'SECRETO');
    mkdirSync(path.join(w.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(w.dataDir, 'uploads', 'notas.txt'), 'SECRETO');
    const urls = [
      '/uploads/../jwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/%2e%2e%2fjwt-secret',
      '/uploads/..%5cjwt-secret',
      '/uploads/products/../../jwt-secret',
      '/uploads/notas.txt',
      '/uploads/.env',
      '/uploads/%00',
      `${imageUrl}/../../../jwt-secret`,
      `${imageUrl}%00.txt`,
      `${imageUrl.replace('-lg.webp', '-lg.webp.bak')}`,
      '/uploads/../../../../../../etc/passwd',
    ];
    const spa = (await send(app, { method: 'GET', url: '/jwt-secret' })).body;
    for (const url of urls) {
      const res = await send(app, { method: 'GET', url });
      // 404, or (when the path normalises outside /uploads/) the back-office's own index.html.
      if (res.statusCode !== 404) expect([res.statusCode, res.body === spa], url).toEqual([200, true]);
      expect(res.body, url).not.toContain('SECRETO');
      expect(res.body, url).not.toContain('root:');
    }
    // The real photo is served (positive control).
    const ok = await send(app, { method: 'GET', url: imageUrl });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
  });
});
