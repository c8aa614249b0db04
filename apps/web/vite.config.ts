import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * In development, serve `public.html` for /public/* page requests, as the API does in production,
 * so the public bundle can be worked on with `npm run dev`. The page gets no React Fast Refresh
 * preamble (the back-office's): the public pages run on Preact there too (preactForPublicPages), and
 * a change to their code reloads the page.
 */
function publicPagesFallback(): Plugin {
  return {
    name: 'trayecto-public-pages-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        const accept = req.headers.accept ?? '';
        if ((url === '/public' || url.startsWith('/public/')) && accept.includes('text/html')) {
          req.url = '/public.html';
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.server || !/\/public\.html$/.test(ctx.filename)) return html;
        return html.replace(/<script type="module">[^<]*"\/@react-refresh"[^<]*<\/script>\s*/g, '');
      },
    },
  };
}

// The shared contracts are constants and zod schemas without side effects: declared so, the
// modules a chunk does not use are dropped (the login screen needed none of the schemas, yet
// pulled every schema and zod itself, 33 kB gzip, into the first download — issue 7).
const treeshake = {
  moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
};
// React in a named, long-cached chunk of its own (without this rolldown merges it with whatever
// else the pages import).
const reactChunk = { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 };

/**
 * React's modules and their Preact equivalents: the public pages' builds (issue 23), their pages on
 * the dev server and their unit tests (vitest.public.config.ts; issue 31).
 */
export const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};
/** The builds of the public pages: for the browser, and for the server's rendering of them. */
const PUBLIC_ENVIRONMENTS = new Set(['publicPages', 'publicServer']);
/** The public pages' own sources (apps/web/src/public/). */
export const PUBLIC_SOURCES = /[\\/]src[\\/]public[\\/]/;
/** What the dev server prebundles for the public pages (as plugin-react does React for the back-office). */
const PREACT_DEPS = [...new Set(Object.values(PREACT_FOR_REACT))].filter((d) => d !== 'preact/compat/server');

/**
 * The public pages run on Preact through `preact/compat` (ADR 017): the same React source, ~10 kB
 * of runtime instead of React DOM's ~57 kB (brotli), which alone was over the landing's 60 kB
 * budget. The back-office keeps React.
 *
 * In the public builds every module gets Preact. The dev server has one browser environment for
 * both pages, so there the public pages' own modules (src/public/, which the back-office never
 * imports React code from: src/public/dev-server.test.ts) get Preact and the back-office's React:
 * `npm run dev` shows the public pages on the runtime customers get (issue 31).
 */
function preactForPublicPages(): Plugin {
  return {
    name: 'trayecto-preact-public',
    enforce: 'pre',
    applyToEnvironment: (env) =>
      PUBLIC_ENVIRONMENTS.has(env.name) || (env.config.command === 'serve' && env.config.consumer === 'client'),
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target) return null;
      const wholeBuild = PUBLIC_ENVIRONMENTS.has(this.environment.name);
      if (!wholeBuild && !(importer && PUBLIC_SOURCES.test(importer))) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/** A module-level `const x = new Intl.…(…)` of the shared package (column 0: never inside a function). */
const SHARED_SOURCES = /[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/;
const MODULE_LEVEL_INTL = /^((?:export )?const [\w$]+ = )new Intl\./gm;

/**
 * In the public builds, a formatter the shared package builds at module level is pure: dropped when
 * the pages do not use it (issue 35, goal 6). `dates.ts` builds a Spanish day format for the
 * back-office's `formatDay`; the public pages never call it, yet building it loaded the date data
 * of the runtime's ICU while the entry ran: ~20 ms of the start-up task on this machine, ~80 ms
 * on Lighthouse's phone. Only module-level constants are marked (a `new Intl.…` in a function may
 * be a check that throws, as `isValidTimeZone`'s).
 */
function pureSharedFormatters(): Plugin {
  return {
    name: 'trayecto-pure-shared-formatters',
    applyToEnvironment: (env) => PUBLIC_ENVIRONMENTS.has(env.name),
    transform(code, id) {
      if (!SHARED_SOURCES.test(id) || !code.includes('new Intl.')) return null;
      const marked = code.replace(MODULE_LEVEL_INTL, '$1/* @__PURE__ */ new Intl.');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}

/** V8's explicit compile hint (Chrome 136+): compile the whole file eagerly, off the main thread. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Every script of the public pages but Leaflet starts with V8's explicit compile hint: its functions
 * are compiled on a background thread while the file downloads, instead of one by one on the main
 * thread the first time the takeover calls them (issue 35, goal 6: 212 → 0 lazy compilations on
 * the main thread for the landing, ~12 ms of this machine's start-up). The hint must be the file's
 * first line, so it is added after Vite wrote its preload map at the top of the entry. Leaflet (the
 * meeting map, on demand) is left lazy: most of it never runs.
 */
function compileHints(): Plugin {
  return {
    name: 'trayecto-compile-hints',
    applyToEnvironment: (env) => env.name === 'publicPages',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.name.startsWith('meeting-map-leaflet')) continue;
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  root: here('.'),
  plugins: [
    // No Fast Refresh for the public pages' modules (React's; on the dev server they run on Preact).
    react({ refreshExclude: [/\/node_modules\//, PUBLIC_SOURCES] }),
    preactForPublicPages(),
    pureSharedFormatters(),
    compileHints(),
    publicPagesFallback(),
    precompress(),
  ],
  optimizeDeps: { include: PREACT_DEPS },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // Two pages, two builds into one folder: the back-office (`client`, index.html) and the public
  // pages (`publicPages`, public.html). Built apart, each is tree-shaken for itself: the public
  // forms take only the few parts of zod's core that zod/mini uses (~6 kB gzip), where one build
  // gave them the core the back-office's full zod needs (ADR 006). The public pages never load
  // back-office code (bench/size.ts, src/public/bundle-boundaries.test.ts).
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.publicPages);
      await builder.build(builder.environments.publicServer);
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          treeshake,
          input: { main: here('./index.html') },
          output: {
            codeSplitting: {
              groups: [
                reactChunk,
                // zod and the shared schemas load with the first form that validates, not with the
                // login screen (left to themselves they merge into whichever chunk first needs them).
                // lib/zod-csp.ts rides in it, first, so zod is jitless before a schema is built (no eval under the CSP).
                {
                  name: 'zod',
                  test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/].*schema|src[\\/]lib[\\/]zod-csp/,
                  priority: 9,
                },
              ],
            },
          },
        },
      },
    },
    publicPages: {
      consumer: 'client',
      build: {
        // Into the back-office's folder (built first), next to its files.
        emptyOutDir: false,
        // Which chunks and styles each public page needs: the server inlines and preloads them
        // (apps/api/src/plugins/web.ts). Not served (a dot folder).
        manifest: '.vite/public-manifest.json',
        rolldownOptions: {
          treeshake,
          input: { public: here('./public.html') },
          output: {
            codeSplitting: {
              // zod/mini (the booking forms' checks) in a chunk of its own, loaded with the forms
              // only: never with the landing.
              groups: [
                reactChunk,
                { name: 'zod-mini', test: /node_modules[\\/]zod[\\/]/, priority: 9 },
                // One chunk per language, named so the server can preload the page's one
                // (apps/api/src/plugins/web.ts): its texts and its error messages (issue 15).
                ...['es', 'en', 'de', 'fr', 'it', 'nl'].map((l) => ({
                  name: `locale-${l}`,
                  test: new RegExp(`public[\\\\/]i18n[\\\\/]dict[\\\\/]${l}[\\\\/]|i18n[\\\\/]errors[\\\\/]${l}\\.ts`),
                  priority: 8,
                })),
              ],
            },
          },
        },
      },
    },
    // The public pages rendered on the server (issue 23): the same components, to a string, in
    // dist/server/public-server.js, which the API loads at start-up. Everything bundled in: the
    // API's production install needs nothing of the web app's dependencies.
    publicServer: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        // Into the same folder as the browser builds (whatever `--outDir` says), under server/.
        emptyOutDir: false,
        ssr: true,
        copyPublicDir: false,
        rolldownOptions: {
          treeshake,
          input: { 'public-server': here('./src/public/server-entry.tsx') },
          output: { codeSplitting: false, entryFileNames: 'server/[name].js' },
        },
      },
    },
  },
});
