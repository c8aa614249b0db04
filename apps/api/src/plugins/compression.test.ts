/**
 * Issue 23: every text answer compressed. The built assets go out as their brotli or gzip copy
 * (written at build by apps/web/vite-precompress.ts, here written the same way), with
 * `Vary: Accept-Encoding` and their immutable caching; dynamic answers (API JSON, the public
 * pages' HTML) are compressed on the fly above 1 kB; small answers and images are left alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-app';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD } from './compression';

const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Excursión número ${i}`))};\n`;
const PUBLIC_HTML = `<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Trayecto</title>
<meta name="description" content="Reserva tu excursión." /></head><body><div id="root"></div>
${'<p>Texto de relleno para que la página pase del umbral de compresión.</p>\n'.repeat(40)}</body></html>`;

let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'trayecto-compress-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Back-office</title></head></html>');
  writeFileSync(path.join(dist, 'public.html'), PUBLIC_HTML);
  const js = path.join(dist, 'assets', 'public-abc123.js');
  writeFileSync(js, SCRIPT);
  // Marked copies, so the test can tell the build's copy from a compression on the fly.
  writeFileSync(`${js}.br`, brotliCompressSync(`${SCRIPT}// br copy\n`));
  writeFileSync(`${js}.gz`, gzipSync(`${SCRIPT}// gz copy\n`));
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.css'), 'body{margin:0}');
  app = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets: the precompressed copies', () => {
  it('Accept-Encoding: br gets the brotli copy, cached for a year, varying on the encoding', async () => {
    const res = await get('/assets/public-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${SCRIPT}// br copy\n`);
  });

  it('gzip-only clients get the gzip copy; clients that accept neither get the file itself', async () => {
    const gz = await get('/assets/public-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}// gz copy\n`);
    const plain = await get('/assets/public-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('the copies are not addressable files of their own; a file without copies is compressed as it goes', async () => {
    expect((await get('/assets/public-abc123.js.br', 'br')).statusCode).toBe(404);
    const tiny = await get('/assets/tiny-abc123.css', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(tiny.rawPayload).toString()).toBe('body{margin:0}');
  });
});

describe('dynamic answers: compressed on the fly above the threshold', () => {
  it('the API JSON (the OpenAPI document) in brotli, or gzip, as accepted', async () => {
    const br = await get('/api/v1/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await get('/api/v1/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBe(doc.openapi);
    expect((await get('/api/v1/openapi.json')).headers['content-encoding']).toBeUndefined();
  });

  it(`ADR 036: brotli at quality ${BROTLI_QUALITY}, what a per-request answer can afford`, async () => {
    const br = await get('/api/v1/openapi.json', 'br');
    const json = brotliDecompressSync(br.rawPayload);
    const at = (quality: number) =>
      brotliCompressSync(json, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: quality,
        },
      });
    expect(BROTLI_QUALITY).toBeLessThan(5);
    expect(br.rawPayload.equals(at(BROTLI_QUALITY))).toBe(true);
  });

  it('the server-rendered public pages', async () => {
    const res = await get('/public/accesibilidad', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    const backOffice = await get('/reservas', 'gzip');
    expect(backOffice.headers['content-type']).toMatch(/text\/html/);
    expect(backOffice.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(backOffice.rawPayload).toString()).toContain('<title>Back-office</title>');
  });

  it(`answers under ${COMPRESS_THRESHOLD} bytes go out uncompressed`, async () => {
    const res = await get('/api/v1/health', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
