// Compiles the API for production: one ESM bundle per entry (the server, backup, restore) in
// apps/api/dist, with the workspace's own TypeScript (@trayecto/shared) bundled in and every npm
// dependency left to node_modules (native and WebAssembly packages load from there as usual).
// Production runs `node apps/api/dist/server.js`: no TypeScript loader at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const workspace = (name) => name.startsWith('@trayecto/');
const external = Object.keys(pkg.dependencies ?? {}).filter((n) => !workspace(n));

await build({
  absWorkingDir: here,
  entryPoints: { server: 'src/server.ts', backup: 'src/scripts/backup.ts', restore: 'src/scripts/restore.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // Subpath imports (drizzle-orm/pg-core, @electric-sql/pglite/contrib/…) are external too.
  external: external.flatMap((n) => [n, `${n}/*`]),
  logLevel: 'warning',
  banner: {
    // Bundled CommonJS helpers may call require(): give the ESM bundle one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('API compiled into apps/api/dist');
