import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** What may be served: the resized product photos we wrote ourselves, nothing else. */
const SERVABLE = /^\/products\/[0-9a-f-]{36}\/[0-9a-f-]{36}-(lg|sm)\.webp$/;

/**
 * GET /uploads/<relative path>: uploaded files, public (the landing pages show them), only from
 * DATA_DIR/uploads. Names are random and never reused, so answers are cached for a year.
 * @fastify/static refuses path traversal, dot files and symbolic tricks; `allowedPath` narrows it
 * to the files the products module writes.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const root = path.resolve(app.config.DATA_DIR, 'uploads');
  await mkdir(root, { recursive: true }).catch((err) =>
    app.log.warn({ err, root }, 'cannot create the uploads folder; image uploads will fail'),
  );
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    redirect: false,
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
    etag: true,
    lastModified: true,
    allowedPath: (pathName) => SERVABLE.test(pathName),
  });
}
