import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The text files the server sends as they are: compressed once here, at build (issue 23). */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs (the server's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to every text file of
 * the build, so the API's static plugin (`preCompressed`, apps/api/src/plugins/web.ts) answers a
 * request with `Accept-Encoding: br` with the brotli copy at no CPU cost per request. A compressed
 * copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'trayecto-precompress',
    apply: 'build',
    // The server's own build of the public pages is read from disk, never sent.
    applyToEnvironment: (env) => env.name !== 'publicServer',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => TEXT.test(name) && !name.startsWith('.vite/'))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const raw = await readFile(file);
            if (raw.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await writeFile(`${file}.br`, br);
            if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
          }),
      );
    },
  };
}
