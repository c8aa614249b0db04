import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * In development, serve `public.html` for /public/* page requests, as the API does in production,
 * so the public bundle can be worked on with `npm run dev`.
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
  };
}

export default defineConfig({
  root: here('.'),
  plugins: [react(), publicPagesFallback()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The shared contracts are constants and zod schemas without side effects: declared so, the
      // modules a chunk does not use are dropped (the login screen needed none of the schemas, yet
      // pulled every schema and zod itself, 33 kB gzip, into the first download — issue 7).
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      // Two pages, two bundles: the public pages never load back-office code.
      input: {
        main: here('./index.html'),
        public: here('./public.html'),
      },
      output: {
        // React is what both pages share: one named, long-cached chunk (without this rolldown
        // merges it with whatever else both entries import). The public page checks that it
        // loads nothing else of the back-office (bench/size.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
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
});
