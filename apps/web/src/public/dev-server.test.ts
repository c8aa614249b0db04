/**
 * Issue 31, item 13: one runtime in development and production. `npm run dev` (Vite's dev server)
 * serves the public pages with Preact, as their builds do, and the back-office with React. Here the
 * dev server is started from apps/web/vite.config.ts (no port: middleware mode) and asked for what
 * it sends the browser: the modules each page's code imports, and the public page's HTML.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../..');

let server: ViteDevServer;
let cacheDir = '';

beforeAll(async () => {
  // Its own prebundle folder: another dev server on this checkout keeps its own.
  cacheDir = mkdtempSync(path.join(tmpdir(), 'trayecto-vite-dev-'));
  server = await createServer({
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    cacheDir,
    // No port and no HMR socket; Fast Refresh stays on, as `npm run dev` has it.
    server: { middlewareMode: true, ws: false },
    // Only what the config prebundles (Preact and React): no scan of the whole app.
    optimizeDeps: { noDiscovery: true },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

/** The packages a module imports as the dev server sends it to the browser (its own sources left out). */
async function packagesOf(url: string): Promise<string[]> {
  const result = await server.transformRequest(url);
  if (!result) throw new Error(`the dev server does not serve ${url}`);
  return [...result.code.matchAll(/^\s*(?:import|export)\b[^'"]*?['"]([^'"]+)['"]/gm)]
    .map((m) => m[1])
    .filter((spec) => !spec.startsWith('/src/') && !spec.includes('/packages/shared/'));
}

const isReact = (spec: string) => /\/deps\/react(_|\.js)|\/node_modules\/react(-dom)?\//.test(spec);
const isPreact = (spec: string) => /\/deps\/preact_|\/node_modules\/preact\//.test(spec);

describe('the dev server (npm run dev)', () => {
  it('serves the public pages with Preact: their entry, router and pages import no React', async () => {
    for (const url of [
      '/src/public/main.tsx',
      '/src/public/public-app.tsx',
      '/src/public/pages/landing-page.tsx',
      '/src/public/pages/existing-booking-page.tsx',
    ]) {
      const imported = await packagesOf(url);
      expect(imported.filter(isReact), url).toEqual([]);
      expect(imported.filter(isPreact).length, `${url} imports ${imported.join(', ')}`).toBeGreaterThan(0);
    }
    // The entry takes the page over with Preact's hydrateRoot/createRoot, its JSX is Preact's.
    const entry = await packagesOf('/src/public/main.tsx');
    expect(entry.some((s) => /preact_compat_client/.test(s))).toBe(true);
    expect(entry.some((s) => /preact_compat_jsx-dev-runtime/.test(s))).toBe(true);
  });

  it('and the back-office with React, with Fast Refresh; the public pages without it', async () => {
    const entry = await packagesOf('/src/main.tsx');
    expect(entry.filter(isPreact)).toEqual([]);
    expect(entry.filter(isReact).length).toBeGreaterThan(0);
    const provider = await server.transformRequest('/src/app/provider.tsx');
    expect(provider?.code).toContain('$RefreshReg$');
    const landing = await server.transformRequest('/src/public/pages/landing-page.tsx');
    expect(landing?.code).not.toContain('$RefreshReg$');
  });

  it("the public page's HTML loads no React (no Fast Refresh preamble); the back-office's has it", async () => {
    const publicPage = await server.transformIndexHtml(
      '/public.html',
      readFileSync(path.join(webRoot, 'public.html'), 'utf8'),
    );
    expect(publicPage).toContain('/src/public/main.tsx');
    expect(publicPage).not.toContain('@react-refresh');
    const backOffice = await server.transformIndexHtml('/', readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
    expect(backOffice).toContain('@react-refresh');
  });
});

// The dev server decides by the importing file (src/public/ gets Preact): a public module with
// React code that the back-office imported would be served to both with one runtime. The back-office
// may share only plain modules with the public pages.
describe('what the back-office imports from the public pages', () => {
  const src = path.resolve(webRoot, 'src');
  const publicDir = path.join(src, 'public');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) return files(p);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
    });
  const relativeImports = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:^(?:import|export)\s[^'";]*?|import\()\s*['"](\.[^'"]+)['"]/gm)].map(
      (m) => m[1],
    );
  const packageImports = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'";]*?['"]([^.'"][^'"]*)['"]/gm)].map((m) => m[1]);
  const resolve = (from: string, spec: string) =>
    [spec, `${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`]
      .map((s) => path.resolve(path.dirname(from), s))
      .find((p) => {
        try {
          return statSync(p).isFile();
        } catch {
          return false;
        }
      });

  it('is plain code: no component, no React, all the way down', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const spec of relativeImports(file)) {
        const target = resolve(file, spec);
        if (target?.startsWith(publicDir)) visit(target);
      }
    };
    for (const file of files(src).filter((f) => !f.startsWith(publicDir) && !f.includes(`${path.sep}test${path.sep}`)))
      for (const spec of relativeImports(file)) {
        const target = resolve(file, spec);
        if (target?.startsWith(publicDir)) visit(target);
      }
    expect(
      reached.size,
      'the back-office imports nothing of the public pages: this check sees nothing',
    ).toBeGreaterThan(0);
    const withReact = [...reached].filter(
      (f) => f.endsWith('.tsx') || packageImports(f).some((s) => /^react(-dom)?(\/|$)/.test(s)),
    );
    expect(withReact.map((f) => path.relative(webRoot, f))).toEqual([]);
  });
});
