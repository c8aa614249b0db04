import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** Brotli's quality for answers compressed per request (ADR 036). */
export const BROTLI_QUALITY = 4;

/**
 * Every text answer compressed on the fly (issue 23): the JSON of the API, the server-rendered
 * public pages, the OpenAPI document, CSV exports. Brotli when the client accepts it, else gzip,
 * above 1 kB, with `Vary: Accept-Encoding`. Brotli at quality 4 here (ADR 036: on a list of 50
 * bookings, 100 kB of JSON, quality 5 cost ~1.5 ms of CPU per answer and quality 4 about half, for
 * 9 % more bytes, 10.4 instead of 9.5 kB; quality 11, what the built assets get ahead of time in
 * apps/web/vite.config.ts, costs ~50× more CPU per byte: fine once at build, not per request).
 * Images (already compressed) are left alone by their content type. Must be registered before the
 * routes it applies to.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: 6 },
  });
}
