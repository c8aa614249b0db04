import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findServableFile } from './uploads.service';

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A strong validator from what identifies the bytes: a path names one content forever (names are
 * random and never reused, files are never rewritten), so path + size + creation time will do and
 * a conditional request need not read the bytes.
 */
const etagOf = (f: { path: string; bytes: number; createdAt: Date }) =>
  `"${createHash('sha256').update(`${f.path}\n${f.bytes}\n${f.createdAt.getTime()}`).digest('base64url').slice(0, 27)}"`;

/** If-None-Match matches (weak comparison, as RFC 9110 §13.1.2 asks for this header). */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /uploads/<relative path>: uploaded photos, public (the landing pages show them), read from
 * the `stored_files` table so every API process serves the same files. Only the paths the products
 * module writes are looked up; anything else, or a missing file, gets the app's usual 404.
 * Names are random and never reused, so answers are cached for a year (ETag + 304 for revalidation).
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const dataDir = app.config.DATA_DIR;
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const urlPath = `/${req.params['*']}`;
    const conditional = req.headers['if-none-match'];
    const meta = await findServableFile(app.db, dataDir, urlPath, !conditional);
    if (!meta) return reply.callNotFound();
    const etag = etagOf(meta);
    reply
      .header('Cache-Control', CACHE_CONTROL)
      .header('ETag', etag)
      .header('Last-Modified', meta.createdAt.toUTCString())
      .header('X-Content-Type-Options', 'nosniff');
    if (matches(conditional, etag)) return reply.code(304).send();
    const file = 'data' in meta ? meta : await findServableFile(app.db, dataDir, urlPath, true);
    if (!file || !('data' in file)) return reply.callNotFound();
    return reply.type(file.contentType).send(file.data);
  });
}
