import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { PREACT_FOR_REACT } from './vite.config.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The public pages' unit tests run on Preact, the runtime the pages ship with (ADR 017, issue 31):
 * `react`, `react-dom/*` and the JSX runtimes resolve to `preact/compat`, as in the pages' builds
 * and the dev server. Testing Library's React binding is taken as ES module source (not Node's
 * CommonJS copy) so that its own `react-dom` resolves to Preact too; `react-dom/test-utils` (its
 * `act`) is Preact's.
 */
export default defineProject({
  resolve: {
    alias: [
      ...Object.entries(PREACT_FOR_REACT).map(([find, replacement]) => ({
        find: new RegExp(`^${find.replace('/', '\\/')}$`),
        replacement,
      })),
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      {
        find: /^@testing-library\/react$/,
        replacement: here('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
      },
    ],
  },
  test: {
    name: 'web-public',
    root: here('.'),
    environment: 'happy-dom',
    include: ['src/public/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
