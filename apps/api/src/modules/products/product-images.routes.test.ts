import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES, MAX_IMAGES_PER_PRODUCT } from '@trayecto/shared';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { bearer, createWorld } from '../../../test/factories';
import { productImages, storedFiles } from '../../db/schema';
import { importLegacyUploads } from '../uploads/uploads.service';
import { addImage } from './product-images.service';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof createWorld>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trayecto-images-'));
  app = await buildTestApp({ env: { DATA_DIR: dataDir } });
  w = await createWorld(app);
});
afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Part = { name: string; data: Buffer | string; filename?: string; contentType?: string };
/** A multipart/form-data body built by hand, as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----trayecto${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `Content-Type: ${p.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = (width: number, height: number, background = '#c2410c') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function upload(productId: string, token: string, file: Part | null, alt?: string) {
  const parts: Part[] = [];
  if (file) parts.push(file);
  if (alt !== undefined) parts.push({ name: 'alt', data: alt });
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/images`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}
const imageFile = async (data?: Buffer, filename = 'foto.png', contentType = 'image/png'): Promise<Part> => ({
  name: 'file',
  filename,
  contentType,
  data: data ?? (await png(800, 600)),
});

async function createProduct(token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: bearer(token),
    payload: { code: `IMG-${randomUUID().slice(0, 8)}`, name: 'Con fotos', capacity: 10, state: 'active' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
const productDir = (productId: string) => path.join(dataDir, 'uploads', 'products', productId);
/** The product's files in the shared store (`stored_files`), by name. */
const filesOf = async (productId: string) =>
  (
    await app.db
      .select({ path: storedFiles.path })
      .from(storedFiles)
      .where(like(storedFiles.path, `products/${productId}/%`))
      .orderBy(storedFiles.path)
  ).map((f) => f.path.slice(`products/${productId}/`.length));
const getProduct = async (id: string, token = w.tokens.A1) =>
  (await app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: bearer(token) })).json();
const put = (url: string, token: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const del = (url: string, token: string) => app.inject({ method: 'DELETE', url, headers: bearer(token) });

describe('POST /api/v1/products/{id}/images', () => {
  it('stores a large WebP (≤ 1600 px wide) and a 400 px thumbnail in stored_files (nothing on disk) and answers their URLs', async () => {
    const id = await createProduct(w.tokens.A1);
    const res = await upload(id, w.tokens.A1, await imageFile(await png(2400, 1200)), 'El Teide nevado');
    expect(res.statusCode).toBe(201);
    const img = res.json();
    expect(img).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(new RegExp(`^/uploads/products/${id}/[0-9a-f-]{36}-lg\\.webp$`)),
      thumb_url: expect.stringMatching(new RegExp(`^/uploads/products/${id}/[0-9a-f-]{36}-sm\\.webp$`)),
      alt: 'El Teide nevado',
      position: 0,
      width: 1600,
      height: 800,
    });
    expect(await filesOf(id)).toHaveLength(2);
    expect(existsSync(productDir(id))).toBe(false);
    const [row] = await app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.path, img.url.slice('/uploads/'.length)));
    expect(row).toMatchObject({ tourOperatorId: w.A.op.id, contentType: 'image/webp', bytes: row.data.length });

    const large = await app.inject({ method: 'GET', url: img.url });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toContain('max-age=31536000');
    expect(large.headers['cache-control']).toContain('immutable');
    const largeMeta = await sharp(large.rawPayload).metadata();
    expect([largeMeta.format, largeMeta.width, largeMeta.height]).toEqual(['webp', 1600, 800]);

    const thumb = await app.inject({ method: 'GET', url: img.thumb_url });
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 400, 200]);

    expect((await getProduct(id)).images).toEqual([img]);
  });

  it('a small image is never enlarged; a JPEG is turned upright from its EXIF and loses its metadata', async () => {
    const id = await createProduct(w.tokens.A1);
    const small = await upload(id, w.tokens.A1, await imageFile(await png(300, 200)));
    expect(small.json()).toMatchObject({ width: 300, height: 200, alt: '' });

    // 600×300 pixels stored sideways: EXIF orientation 6 means "rotate 90° to show".
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#0e7490' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Foto privada', Artist: 'Alguien' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await upload(id, w.tokens.A1, await imageFile(jpeg, 'teide.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 600, position: 1 });
    const served = await app.inject({ method: 'GET', url: res.json().url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Foto privada'))).toBe(false);
  });

  it('the type comes from the bytes: a text file named .jpg, a GIF or an SVG answer 422', async () => {
    const id = await createProduct(w.tokens.A1);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const file of [
      await imageFile(Buffer.from('esto no es una imagen'), 'foto.jpg', 'image/jpeg'),
      await imageFile(gif, 'foto.png', 'image/png'),
      await imageFile(svg, 'foto.webp', 'image/webp'),
      await imageFile((await png(50, 50)).subarray(0, 60), 'cortada.png', 'image/png'),
    ]) {
      const res = await upload(id, w.tokens.A1, file);
      expect(res.statusCode, file.filename).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/^La imagen|^El archivo debe ser una imagen JPEG, PNG o WebP$/);
    }
    expect(await filesOf(id)).toEqual([]);
    expect((await getProduct(id)).images).toEqual([]);
  });

  it(`a file above ${IMAGE_MAX_BYTES} bytes answers 413 with a Spanish message, and nothing is stored`, async () => {
    const id = await createProduct(w.tokens.A1);
    const big = Buffer.concat([await png(20, 20), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await upload(id, w.tokens.A1, await imageFile(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'La imagen supera el tamaño máximo de 10 MB',
      errors: { file: ['La imagen supera el tamaño máximo de 10 MB'] },
    });
    expect(await filesOf(id)).toEqual([]);
  });

  it('no file answers 422 "Campo requerido"; an alt text over 200 characters 422; JSON instead of multipart 415', async () => {
    const id = await createProduct(w.tokens.A1);
    const none = await upload(id, w.tokens.A1, null, 'solo texto');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ file: ['Campo requerido'] });
    const longAlt = await upload(id, w.tokens.A1, await imageFile(), 'x'.repeat(201));
    expect(longAlt.statusCode).toBe(422);
    expect(longAlt.json().errors).toEqual({ alt: ['Máximo 200 caracteres'] });
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${id}/images`,
      headers: bearer(w.tokens.A1),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envía la imagen como multipart/form-data en el campo "file"');
    expect(await filesOf(id)).toEqual([]);
  });

  it('issue 31: an empty, null or unreadable body is a Spanish 400/415/422 (was a 500), and nothing is stored', async () => {
    const id = await createProduct(w.tokens.A1);
    const send = (contentType: string | undefined, payload: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/products/${id}/images`,
        headers: { ...bearer(w.tokens.A1), ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });
    const unreadable =
      'El cuerpo multipart/form-data no se puede leer (sin separador o cortado); envía la imagen en el campo "file"';
    const cases: [string | undefined, string, number, string][] = [
      // The multipart parser's own refusals: no boundary, a body that is not multipart, one cut short.
      ['multipart/form-data', 'null', 400, 'BAD_REQUEST'],
      ['multipart/form-data; boundary=limite', 'null', 400, 'BAD_REQUEST'],
      [
        'multipart/form-data; boundary=limite',
        '--limite\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        400,
        'BAD_REQUEST',
      ],
      // An empty multipart body has no file; JSON (null, empty) or nothing is not multipart.
      ['multipart/form-data; boundary=limite', '', 422, 'VALIDATION'],
      ['application/json', 'null', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['application/json', '', 400, 'INVALID_JSON'],
      [undefined, '', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [contentType, payload, status, code] of cases) {
      const res = await send(contentType, payload);
      expect([res.statusCode, res.json().code], `${contentType} ${JSON.stringify(payload)}: ${res.body}`).toEqual([
        status,
        code,
      ]);
      if (code === 'BAD_REQUEST') expect(res.json().message).toBe(unreadable);
    }
    expect(await filesOf(id)).toEqual([]);
    const rows = await app.db.select().from(productImages).where(eq(productImages.productId, id));
    expect(rows).toEqual([]);
  });

  it(`at most ${MAX_IMAGES_PER_PRODUCT} images per product (409), checked before anything is written`, async () => {
    const id = await createProduct(w.tokens.A1);
    await app.db.insert(productImages).values(
      Array.from({ length: MAX_IMAGES_PER_PRODUCT }, (_, i) => ({
        tourOperatorId: w.A.op.id,
        productId: id,
        position: i,
        path: `products/${id}/x${i}-lg.webp`,
        thumbPath: `products/${id}/x${i}-sm.webp`,
        width: 10,
        height: 10,
        bytes: 10,
      })),
    );
    const res = await upload(id, w.tokens.A1, await imageFile());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Un producto admite como máximo 20 imágenes');
    expect(res.json().code).toBe('IMAGE_LIMIT_REACHED');
    expect(await filesOf(id)).toEqual([]);
  });

  it('if recording the image fails, nothing is stored', async () => {
    const id = await createProduct(w.tokens.A1);
    // Operator B's actor cannot see A's product: the transaction refuses.
    const actorB = { id: w.B.l1.id, level: 1, tourOperatorId: w.B.op.id, fullName: 'B' };
    await expect(addImage(app.db, actorB, id, { data: await png(100, 100), alt: '' })).rejects.toThrow(
      'El producto no existe',
    );
    expect(await filesOf(id)).toEqual([]);
  });

  it('atomic: when storing a file fails after the image row was written, neither row nor file is left', async () => {
    const id = await createProduct(w.tokens.A1);
    // A real failure inside the transaction (a full disk would look the same to us): PostgreSQL
    // refuses the thumbnail's row, after the image row and the large version were inserted.
    await app.db.execute(
      sql.raw(`create or replace function test_refuse_thumb() returns trigger language plpgsql as $$
        begin
          if new.path like 'products/${id}/%-sm.webp' then raise exception 'no queda espacio (simulado)'; end if;
          return new;
        end $$`),
    );
    await app.db.execute(
      sql`create trigger test_refuse_thumb before insert on stored_files for each row execute function test_refuse_thumb()`,
    );
    try {
      const res = await upload(id, w.tokens.A1, await imageFile());
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`drop trigger test_refuse_thumb on stored_files`);
      await app.db.execute(sql`drop function test_refuse_thumb()`);
    }
    expect(await app.db.select().from(productImages).where(eq(productImages.productId, id))).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
    // And the product takes photos again once the store works.
    expect((await upload(id, w.tokens.A1, await imageFile())).statusCode).toBe(201);
    expect(await filesOf(id)).toHaveLength(2);
  });
});

describe('editing, ordering and deleting images', () => {
  let id: string;
  let ids: string[];
  beforeAll(async () => {
    id = await createProduct(w.tokens.A1);
    ids = [];
    for (const color of ['#ff0000', '#00ff00', '#0000ff']) {
      const res = await upload(id, w.tokens.A1, await imageFile(await png(120, 80, color)), color);
      ids.push(res.json().id);
    }
  });
  const order = async () =>
    (await getProduct(id)).images.map((i: { id: string; position: number }) => [i.id, i.position]);

  it('PUT /images/{imageId} changes the alt text and moves the image; the others shift', async () => {
    const res = await put(`/api/v1/products/${id}/images/${ids[2]}`, w.tokens.A1, {
      alt: 'Roque Cinchado',
      position: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[2], alt: 'Roque Cinchado', position: 0 });
    expect(await order()).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const far = await put(`/api/v1/products/${id}/images/${ids[2]}`, w.tokens.A1, { position: 99 });
    expect(far.json().position).toBe(2);
    expect((await order()).map(([i]: string[]) => i)).toEqual([ids[0], ids[1], ids[2]]);
  });

  it('PUT /images/order takes exactly the product’s image ids, in the new order', async () => {
    const res = await put(`/api/v1/products/${id}/images/order`, w.tokens.A1, { ids: [ids[1], ids[2], ids[0]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [ids[1], 0],
      [ids[2], 1],
      [ids[0], 2],
    ]);
    expect(await order()).toEqual([
      [ids[1], 0],
      [ids[2], 1],
      [ids[0], 2],
    ]);
    for (const bad of [[ids[1], ids[2]], [ids[1], ids[1], ids[0]], [ids[1], ids[2], ids[0], randomUUID()], []]) {
      const r = await put(`/api/v1/products/${id}/images/order`, w.tokens.A1, { ids: bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json().errors.ids).toEqual(['La lista debe contener cada imagen del producto exactamente una vez']);
    }
    const notUuid = await put(`/api/v1/products/${id}/images/order`, w.tokens.A1, { ids: ['1'] });
    expect(notUuid.statusCode).toBe(422);
  });

  it('DELETE /images/{imageId} removes the row and its files; the next ones move up', async () => {
    const before = (await getProduct(id)).images;
    const victim = before[0];
    expect(await filesOf(id)).toHaveLength(6);
    const res = await del(`/api/v1/products/${id}/images/${victim.id}`, w.tokens.A1);
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: victim.url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: victim.thumb_url })).statusCode).toBe(404);
    expect(await filesOf(id)).toHaveLength(4);
    expect((await getProduct(id)).images.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [before[1].id, 0],
      [before[2].id, 1],
    ]);
    expect((await del(`/api/v1/products/${id}/images/${victim.id}`, w.tokens.A1)).statusCode).toBe(404);
  });

  it('an image of another product of the same operator answers 404', async () => {
    const other = await createProduct(w.tokens.A1);
    const remaining = (await getProduct(id)).images[0].id;
    expect((await put(`/api/v1/products/${other}/images/${remaining}`, w.tokens.A1, { alt: 'x' })).statusCode).toBe(
      404,
    );
    expect((await del(`/api/v1/products/${other}/images/${remaining}`, w.tokens.A1)).statusCode).toBe(404);
  });
});

describe('GET /uploads/…', () => {
  it('serves only the product photos under DATA_DIR/uploads: no traversal, no other files', async () => {
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'secreto');
    mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'notas.txt'), 'privado');
    writeFileSync(path.join(dataDir, 'uploads', '.env'), 'privado');
    for (const url of [
      '/uploads/../jwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/products/../../jwt-secret',
      '/uploads/notas.txt',
      '/uploads/.env',
      '/uploads/',
      '/uploads/products/',
      `/uploads/products/${randomUUID()}/${randomUUID()}-lg.webp`,
      '/uploads/%00',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      // Either refused, or (once the URL is normalised out of /uploads) the web app's page.
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toContain('text/html');
      else expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('secreto');
      expect(res.body, url).not.toContain('privado');
    }
  });

  it('answers from the database with a year of caching, a strong ETag, 304 on If-None-Match and nosniff', async () => {
    const id = await createProduct(w.tokens.A1);
    const img = (await upload(id, w.tokens.A1, await imageFile())).json();
    const res = await app.inject({ method: 'GET', url: img.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const [stored] = await app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.path, img.url.slice(9)));
    expect(Number(res.headers['content-length'])).toBe(stored.bytes);
    expect(res.rawPayload.equals(stored.data)).toBe(true);

    for (const inm of [etag, `W/${etag}`, `"otro", ${etag}`, '*']) {
      const again = await app.inject({ method: 'GET', url: img.url, headers: { 'if-none-match': inm } });
      expect(again.statusCode, inm).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await app.inject({ method: 'GET', url: img.url, headers: { 'if-none-match': '"otro"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(stored.data)).toBe(true);
    // The thumbnail has its own validator; HEAD answers the headers only.
    const thumb = await app.inject({ method: 'HEAD', url: img.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers.etag).not.toBe(etag);
    expect(thumb.rawPayload.length).toBe(0);
    // A deleted image's files are gone, conditional or not.
    expect((await del(`/api/v1/products/${id}/images/${img.id}`, w.tokens.A1)).statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: img.url, headers: { 'if-none-match': etag } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe('No encontrado');
  });

  it('upgrade from files under DATA_DIR/uploads: imported into the database (start-up pass or on first request), idempotently, originals kept', async () => {
    const id = await createProduct(w.tokens.A1);
    const name = randomUUID();
    const legacy = {
      path: `products/${id}/${name}-lg.webp`,
      thumbPath: `products/${id}/${name}-sm.webp`,
    };
    const large = await sharp(await png(640, 480))
      .webp()
      .toBuffer();
    const thumb = await sharp(await png(400, 300))
      .webp()
      .toBuffer();
    // What an installation from before the shared store holds: the rows, and the files on disk.
    mkdirSync(productDir(id), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', legacy.path), large);
    writeFileSync(path.join(dataDir, 'uploads', legacy.thumbPath), thumb);
    const missingName = randomUUID();
    await app.db.insert(productImages).values([
      {
        tourOperatorId: w.A.op.id,
        productId: id,
        position: 0,
        ...legacy,
        width: 640,
        height: 480,
        bytes: large.length,
      },
      {
        tourOperatorId: w.A.op.id,
        productId: id,
        position: 1,
        path: `products/${id}/${missingName}-lg.webp`,
        thumbPath: `products/${id}/${missingName}-sm.webp`,
        width: 1,
        height: 1,
        bytes: 1,
      },
    ]);
    // A file on disk that no image references is never imported nor served.
    const stray = `products/${id}/${randomUUID()}-lg.webp`;
    writeFileSync(path.join(dataDir, 'uploads', stray), large);
    expect(await filesOf(id)).toEqual([]);

    // Lazily, on the first request for it (a worker that started before the import ran).
    const served = await app.inject({ method: 'GET', url: `/uploads/${legacy.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(large)).toBe(true);
    expect(await filesOf(id)).toEqual([`${name}-lg.webp`]);

    // The start-up pass imports the rest and reports what it cannot find.
    const first = await importLegacyUploads(app.db, dataDir);
    expect(first.imported).toBeGreaterThanOrEqual(1);
    expect(first.missing).toEqual(
      expect.arrayContaining([`products/${id}/${missingName}-lg.webp`, `products/${id}/${missingName}-sm.webp`]),
    );
    expect(await filesOf(id)).toEqual([`${name}-lg.webp`, `${name}-sm.webp`].sort());
    const [storedThumb] = await app.db.select().from(storedFiles).where(eq(storedFiles.path, legacy.thumbPath));
    expect(storedThumb).toMatchObject({ tourOperatorId: w.A.op.id, contentType: 'image/webp', bytes: thumb.length });
    expect(storedThumb.data.equals(thumb)).toBe(true);

    // Idempotent: a second pass (or another process racing) imports nothing and changes nothing.
    const second = await importLegacyUploads(app.db, dataDir);
    expect(second.imported).toBe(0);
    expect(await filesOf(id)).toEqual([`${name}-lg.webp`, `${name}-sm.webp`].sort());
    // Data is sacred: the originals are still on disk.
    expect(readdirSync(productDir(id)).sort()).toEqual(
      [`${name}-lg.webp`, `${name}-sm.webp`, stray.split('/')[2]].sort(),
    );
    expect((await app.inject({ method: 'GET', url: `/uploads/${legacy.thumbPath}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/uploads/${stray}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/uploads/products/${id}/${missingName}-lg.webp` })).statusCode,
    ).toBe(404);
  });

  it('is public: no token needed (the landing pages show the photos)', async () => {
    const id = await createProduct(w.tokens.A1);
    const img = (await upload(id, w.tokens.A1, await imageFile())).json();
    const res = await app.inject({ method: 'GET', url: img.thumb_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });
});

describe('PRODUCT §3: who may manage images, and the tenant boundary', () => {
  it('levels 2–5 get 403 on every image endpoint; no token 401', async () => {
    const id = await createProduct(w.tokens.A1);
    const img = (await upload(id, w.tokens.A1, await imageFile())).json();
    for (const t of [w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5]) {
      expect((await upload(id, t, await imageFile())).statusCode).toBe(403);
      expect((await put(`/api/v1/products/${id}/images/${img.id}`, t, { alt: 'x' })).statusCode).toBe(403);
      expect((await put(`/api/v1/products/${id}/images/order`, t, { ids: [img.id] })).statusCode).toBe(403);
      expect((await del(`/api/v1/products/${id}/images/${img.id}`, t)).statusCode).toBe(403);
    }
    const anon = await app.inject({ method: 'DELETE', url: `/api/v1/products/${id}/images/${img.id}` });
    expect(anon.statusCode).toBe(401);
    expect(await filesOf(id)).toHaveLength(2);
  });

  it('operator A gets 404 on operator B’s product images for every verb; B’s rows and files are unchanged', async () => {
    const bId = await createProduct(w.tokens.B1);
    const bImg = (await upload(bId, w.tokens.B1, await imageFile(undefined, 'b.png'), 'De B')).json();
    const rowsBefore = await app.db.select().from(productImages).where(eq(productImages.productId, bId));
    const filesBefore = await filesOf(bId);

    const post = await upload(bId, w.tokens.A1, await imageFile());
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('El producto no existe');
    expect((await put(`/api/v1/products/${bId}/images/${bImg.id}`, w.tokens.A1, { alt: 'robada' })).statusCode).toBe(
      404,
    );
    expect((await put(`/api/v1/products/${bId}/images/order`, w.tokens.A1, { ids: [bImg.id] })).statusCode).toBe(404);
    expect((await del(`/api/v1/products/${bId}/images/${bImg.id}`, w.tokens.A1)).statusCode).toBe(404);
    // A's own product id with B's image id: still 404.
    const aId = await createProduct(w.tokens.A1);
    expect((await del(`/api/v1/products/${aId}/images/${bImg.id}`, w.tokens.A1)).statusCode).toBe(404);

    expect(await app.db.select().from(productImages).where(eq(productImages.productId, bId))).toEqual(rowsBefore);
    expect(await filesOf(bId)).toEqual(filesBefore);
    expect((await app.inject({ method: 'GET', url: bImg.url })).statusCode).toBe(200);
    expect((await getProduct(bId, w.tokens.B1)).images).toEqual([bImg]);
  });

  it('the administrator manages any operator’s images', async () => {
    const bId = await createProduct(w.tokens.B1);
    const res = await upload(bId, w.tokens.admin, await imageFile());
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(productImages).where(eq(productImages.id, res.json().id));
    expect(row.tourOperatorId).toBe(w.B.op.id);
    expect((await del(`/api/v1/products/${bId}/images/${row.id}`, w.tokens.admin)).statusCode).toBe(204);
    expect(await filesOf(bId)).toEqual([]);
  });
});
