import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createBuilder, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeOffence,
  fullGraph,
  landingCss,
  landingJs,
  localeChunks,
  type Manifest,
  offenders,
  pageCss,
  pageJs,
  type Size,
  size,
  sizeTable,
  staticGraph,
  total,
} from './build-graph';

// PRODUCT.md §7: "the public pages ship a small JavaScript bundle of their own, separate from the
// back-office's". bundle-boundaries.test.ts guards the sources; this builds the public pages
// (the `publicPages` environment of apps/web/vite.config.ts, nothing else) and checks the build.
// It runs in the web project's happy-dom: the setup file (src/test/setup.ts) needs a `document`,
// and the build does not mind one.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../..');
const ENTRY = 'public.html';
/** Where the publicPages build writes its manifest (apps/web/vite.config.ts). */
const MANIFEST = '.vite/public-manifest.json';
/** What the landing downloads as JavaScript, brotli (what the server sends, precompressed). */
const LANDING_JS_BUDGET = 60 * 1024;
/** The CSS the landing loads, brotli. */
const LANDING_CSS_BUDGET = 20 * 1024;
/**
 * The pages the server renders besides the landing, as the manifest names their chunks (the keys
 * apps/api/src/modules/public/public.ssr.ts preloads): opened directly, each stays within the
 * landing's budgets (issue 31).
 */
const SERVER_RENDERED_PAGES = [
  'src/public/pages/booking-page.tsx',
  'src/public/pages/voucher-page.tsx',
  'src/public/pages/existing-booking-page.tsx',
  'src/public/pages/accessibility-page.tsx',
];

// ── The rules, on fabricated manifests: each one can fail ──────────────────────────────────────

const fake: Manifest = {
  'public.html': {
    file: 'assets/public.js',
    isEntry: true,
    imports: ['_ui.js'],
    dynamicImports: ['_locale-es.js', 'src/public/pages/booking-page.tsx'],
    css: ['assets/public.css'],
  },
  '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'] },
  '_locale-es.js': { file: 'assets/locale-es-abc.js' },
  'src/public/pages/booking-page.tsx': {
    file: 'assets/booking-page.js',
    isDynamicEntry: true,
    imports: ['public.html', '_ui.js', '_forms.js'],
  },
  '_forms.js': { file: 'assets/forms.js' },
};
const CLEAN: Record<string, string> = {
  'assets/public.js': 'export const a=1;',
  'assets/ui.js': 'export const b=2;',
  'assets/locale-es-abc.js': 'export default {hola:"Hola"};',
  'assets/booking-page.js': 'import"./forms.js";',
  'assets/forms.js': 'export const c=3;',
};
const withCode = (patch: Record<string, string>) => (file: string) => ({ ...CLEAN, ...patch })[file] ?? '';
const ZOD_MINI_CODE = 'var e=r(`$ZodError`,(t,n)=>{});';
const ZOD_FULL_CODE = 'const ZodError=$constructor("ZodError",initializer);';

describe('the build graph rules (fabricated manifests)', () => {
  it('follows imports for the static graph, and dynamic imports as well for the full one', () => {
    expect(staticGraph(fake, ENTRY)).toEqual(['public.html', '_ui.js']);
    expect(fullGraph(fake, ENTRY).sort()).toEqual(
      ['public.html', '_ui.js', '_locale-es.js', 'src/public/pages/booking-page.tsx', '_forms.js'].sort(),
    );
    expect(landingJs(fake, ENTRY, '_locale-es.js')).toEqual([
      'assets/public.js',
      'assets/ui.js',
      'assets/locale-es-abc.js',
    ]);
    expect(landingCss(fake, ENTRY)).toEqual(['assets/public.css', 'assets/ui.css']);
    expect(localeChunks(fake)).toEqual(['_locale-es.js']);
  });

  it('finds nothing in a clean build, and allows zod/mini behind a dynamic import', () => {
    expect(offenders(fake, withCode({}))).toEqual([]);
    expect(offenders(fake, withCode({ 'assets/forms.js': ZOD_MINI_CODE }))).toEqual([]);
  });

  it('flags Mantine reached only through a dynamic import, naming the chunk and the way there', () => {
    const found = offenders(fake, withCode({ 'assets/forms.js': 'var x="mantine-Button-root";' }));
    expect(found).toEqual([
      {
        file: 'assets/forms.js',
        library: 'Mantine',
        how: 'dynamic',
        by: 'content',
        path: ['public.html', 'src/public/pages/booking-page.tsx', '_forms.js'],
      },
    ]);
    expect(describeOffence(found[0])).toContain('assets/forms.js');
    expect(describeOffence(found[0])).toContain('Mantine');
  });

  it('flags React Router, TanStack Query and the full zod, statically or dynamically', () => {
    const libs = (patch: Record<string, string>) => offenders(fake, withCode(patch)).map((o) => [o.file, o.library]);
    expect(libs({ 'assets/ui.js': 'function createBrowserRouter(){}' })).toEqual([['assets/ui.js', 'React Router']]);
    expect(libs({ 'assets/booking-page.js': 'new QueryClient({})' })).toEqual([
      ['assets/booking-page.js', 'TanStack Query'],
    ]);
    expect(libs({ 'assets/forms.js': ZOD_FULL_CODE })).toEqual([['assets/forms.js', "zod's full build"]]);
  });

  it('flags any zod, zod/mini included, in what the landing loads at once', () => {
    const found = offenders(fake, withCode({ 'assets/ui.js': ZOD_MINI_CODE }));
    expect(found.map((o) => [o.file, o.library, o.how])).toEqual([
      ['assets/ui.js', 'zod (any, zod/mini too)', 'static'],
    ]);
  });

  it('flags by module id when the build reports the modules, whatever the code says', () => {
    const ids: Record<string, string[]> = {
      'assets/forms.js': [
        '/repo/node_modules/@mantine/core/esm/Button.mjs',
        '/repo/node_modules/zod/v4/mini/schemas.js',
      ],
      'assets/ui.js': ['/repo/node_modules/zod/v4/core/errors.js'],
      'assets/booking-page.js': ['/repo/node_modules/zod/v4/classic/schemas.js'],
    };
    const found = offenders(fake, withCode({}), { moduleIds: (f) => ids[f] });
    expect(found.map((o) => [o.file, o.library, o.by])).toEqual([
      ['assets/ui.js', 'zod (any, zod/mini too)', 'module id'],
      ['assets/booking-page.js', "zod's full build", 'module id'],
      ['assets/forms.js', 'Mantine', 'module id'],
    ]);
  });

  it('counts a chunk both imported and dynamically imported as static', () => {
    const both: Manifest = {
      ...fake,
      'public.html': {
        ...fake['public.html'],
        dynamicImports: ['_ui.js', ...(fake['public.html'].dynamicImports ?? [])],
      },
    };
    const found = offenders(both, withCode({ 'assets/ui.js': ZOD_MINI_CODE }));
    expect(found.map((o) => o.how)).toEqual(['static']);
  });
});

// ── The real build ──────────────────────────────────────────────────────────────────────────────

describe('the public pages production build', () => {
  let outDir = '';
  let manifest: Manifest = {};
  const moduleIds = new Map<string, string[]>();
  const read = (file: string) => readFileSync(path.join(outDir, file));
  const readChunk = (file: string) => read(file).toString('utf8');

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'trayecto-public-build-'));
    // Vitest runs with NODE_ENV=test, and Vite takes NODE_ENV for `process.env.NODE_ENV` in the
    // bundle: React's development build. The server ships the production one.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    // The modules each chunk holds, from the bundle (the manifest does not list them).
    const recordModules: Plugin = {
      name: 'build-graph-test:module-ids',
      generateBundle(_options, bundle) {
        for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') moduleIds.set(file, out.moduleIds);
      },
    };
    const started = performance.now();
    try {
      const builder = await createBuilder({
        configFile: path.join(webRoot, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        plugins: [recordModules],
        // Top-level build options reach every environment that does not set them itself (the
        // manifest's name is the environment's own: the server reads it, plugins/web.ts).
        build: { outDir, emptyOutDir: true },
      });
      const env = builder.environments.publicPages;
      if (env.config.build.outDir !== outDir || !env.config.build.manifest)
        throw new Error(`the publicPages build would not go to ${outDir} with a manifest`);
      await builder.build(env);
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    console.info(`publicPages build: ${Math.round(performance.now() - started)} ms into ${outDir}`);
    manifest = JSON.parse(read(MANIFEST).toString('utf8'));
  }, 60_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('has the public entry, each server-rendered page as a chunk of its own, one language chunk per language', () => {
    for (const page of SERVER_RENDERED_PAGES) expect(manifest[page]?.isDynamicEntry, page).toBe(true);
    expect(manifest[ENTRY]?.isEntry).toBe(true);
    expect(
      localeChunks(manifest)
        .map((k) => manifest[k].file.match(/locale-([a-z]{2})-/)?.[1])
        .sort(),
    ).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl']);
    for (const key of fullGraph(manifest, ENTRY)) {
      const file = manifest[key].file;
      if (file.endsWith('.js')) expect(moduleIds.get(file), file).toBeDefined();
    }
  });

  it('the public pages run on Preact: no chunk they can load carries React DOM (ADR 017)', () => {
    const files = fullGraph(manifest, ENTRY)
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'));
    const withReactDom = files.filter((f) =>
      (moduleIds.get(f) ?? []).some((id) => /node_modules[\\/](react-dom|react)[\\/]/.test(id)),
    );
    expect(withReactDom).toEqual([]);
    const withPreact = files.filter((f) =>
      (moduleIds.get(f) ?? []).some((id) => /node_modules[\\/]preact[\\/]/.test(id)),
    );
    expect(withPreact.length, 'Preact is in no chunk: the check would not see it').toBeGreaterThan(0);
  });

  it('every text file of 1 kB or more has its brotli and gzip copies next to it (the server sends them)', () => {
    const files = fullGraph(manifest, ENTRY).flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]);
    for (const file of new Set(files)) {
      if (read(file).length < 1024) continue;
      expect(brotliDecompressSync(read(`${file}.br`)).equals(read(file)), `${file}.br`).toBe(true);
      expect(gunzipSync(read(`${file}.gz`)).equals(read(file)), `${file}.gz`).toBe(true);
    }
  });

  it('no chunk the public pages can load carries Mantine, React Router, TanStack Query or the full zod', () => {
    const found = offenders(manifest, readChunk, { moduleIds: (f) => moduleIds.get(f) }).filter(
      (o) => o.library !== 'zod (any, zod/mini too)',
    );
    expect(found.map(describeOffence)).toEqual([]);
  });

  it("the landing's static graph has no zod at all: zod/mini comes only with the forms, dynamically", () => {
    const found = offenders(manifest, readChunk, { moduleIds: (f) => moduleIds.get(f) }).filter(
      (o) => o.library === 'zod (any, zod/mini too)',
    );
    expect(found.map(describeOffence)).toEqual([]);
    // …and the check sees zod when it is there: the forms' chunks do carry zod/mini.
    const withZod = fullGraph(manifest, ENTRY)
      .map((k) => manifest[k].file)
      .filter((f) => (moduleIds.get(f) ?? []).some((id) => /node_modules[\\/]zod[\\/]/.test(id)));
    expect(withZod.length, 'no chunk of the public pages holds zod/mini').toBeGreaterThan(0);
    expect(withZod.every((f) => /ZodError/.test(readChunk(f)))).toBe(true);
  });

  it(`the landing downloads at most ${LANDING_JS_BUDGET / 1024} KB of JavaScript (brotli), its largest language included`, () => {
    const sizes = new Map<string, Size>();
    const sizeOf = (file: string) => {
      if (!sizes.has(file)) sizes.set(file, size(file, read(file)));
      return sizes.get(file) as Size;
    };
    // The largest language: the landing in that language is the heaviest.
    const locales = localeChunks(manifest);
    expect(locales.length).toBeGreaterThan(0);
    const byLocale = locales.map((locale) => ({ locale, files: landingJs(manifest, ENTRY, locale).map(sizeOf) }));
    byLocale.sort((a, b) => total(b.files) - total(a.files));
    const heaviest = byLocale[0];
    console.info(
      sizeTable(
        `Landing JavaScript (static graph of ${ENTRY} + ${manifest[heaviest.locale].file}), raw / gzip / brotli:`,
        heaviest.files,
      ),
    );
    console.info(
      `Language chunks, brotli: ${locales
        .map((k) => `${path.basename(manifest[k].file)} ${(sizeOf(manifest[k].file).brotli / 1024).toFixed(1)} KB`)
        .join(', ')}`,
    );
    const bytes = total(heaviest.files);
    expect(
      bytes,
      `the landing downloads ${(bytes / 1024).toFixed(1)} KB of JavaScript (brotli), over the ${LANDING_JS_BUDGET / 1024} KB budget`,
    ).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  });

  it(`every other server-rendered page, opened directly, downloads at most ${LANDING_JS_BUDGET / 1024} KB of JavaScript and ${LANDING_CSS_BUDGET / 1024} KB of CSS (brotli)`, () => {
    const sizes = new Map<string, Size>();
    const sizeOf = (file: string) => {
      if (!sizes.has(file)) sizes.set(file, size(file, read(file)));
      return sizes.get(file) as Size;
    };
    const heaviestLocale = localeChunks(manifest)
      .map((k) => ({ k, bytes: sizeOf(manifest[k].file).brotli }))
      .sort((a, b) => b.bytes - a.bytes)[0].k;
    const over: string[] = [];
    for (const page of SERVER_RENDERED_PAGES) {
      const js = pageJs(manifest, ENTRY, page, heaviestLocale).map(sizeOf);
      const css = pageCss(manifest, ENTRY, page).map(sizeOf);
      // The page's own chunk is counted: the check would see it grow.
      expect(js.map((s) => s.file)).toContain(manifest[page].file);
      console.info(
        `${path.basename(page)}: JavaScript ${(total(js) / 1024).toFixed(1)} KB, CSS ${(total(css) / 1024).toFixed(1)} KB (brotli, with ${manifest[heaviestLocale].file})`,
      );
      if (total(js) > LANDING_JS_BUDGET) over.push(sizeTable(`${page}: JavaScript over the budget`, js));
      if (total(css) > LANDING_CSS_BUDGET) over.push(sizeTable(`${page}: CSS over the budget`, css));
    }
    expect(over.join('\n')).toBe('');
    // Brotli at quality 11 of every file of five pages: seconds when the machine is busy.
  }, 60_000);

  it("every script the pages load starts with V8's compile hint, Leaflet (on demand, mostly unused) not (issue 35)", () => {
    const scripts = fullGraph(manifest, ENTRY)
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'));
    expect(scripts.some((f) => f.includes('meeting-map-leaflet'))).toBe(true);
    for (const file of scripts) {
      // The first line or nothing: V8 reads the hint only there.
      expect(readChunk(file).startsWith('//# allFunctionsCalledOnLoad\n'), file).toBe(
        !file.includes('meeting-map-leaflet'),
      );
    }
  });

  it("no script the pages load builds the shared package's Spanish day format: the unused formatter is dropped (issue 35)", () => {
    // dates.ts builds it at module level for the back-office's formatDay; in a public chunk it ran
    // when the chunk loaded, and the first Intl format loads the runtime's locale data.
    for (const key of fullGraph(manifest, ENTRY)) {
      const file = manifest[key].file;
      if (file.endsWith('.js')) expect(readChunk(file), file).not.toMatch(/new Intl\.DateTimeFormat\([`"']es-ES[`"']/);
    }
  });

  it(`the landing loads at most ${LANDING_CSS_BUDGET / 1024} KB of CSS (brotli)`, () => {
    const files = landingCss(manifest, ENTRY).map((file) => size(file, read(file)));
    expect(files.length).toBeGreaterThan(0);
    console.info(sizeTable(`Landing CSS (static graph of ${ENTRY}), raw / gzip / brotli:`, files));
    const bytes = total(files);
    expect(
      bytes,
      `the landing loads ${(bytes / 1024).toFixed(1)} KB of CSS (brotli), over the ${LANDING_CSS_BUDGET / 1024} KB budget`,
    ).toBeLessThanOrEqual(LANDING_CSS_BUDGET);
  });
});
