import { defineConfig } from 'vitest/config';

/**
 * The API tests: each file on a database of its own, copied from the one migrated template this
 * setup makes per run (apps/api/test/global-setup.ts). PGlite is single-threaded per instance.
 */
const api = {
  include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['apps/api/test/global-setup.ts'],
  fileParallelism: true,
  pool: 'forks',
} as const;

/**
 * The API files that replace a module (`vi.mock`) run each in a fresh module graph. The others share
 * their worker's (`isolate: false`): every file still builds its own app on its own database, but
 * the application's modules are imported once per worker instead of once per file (2.5 s × 80 files).
 */
const ISOLATED_API_TESTS = [
  'apps/api/src/modules/bookings/bookings.routes.test.ts',
  'apps/api/test/security/route-inventory.test.ts',
];

// One `npm test` runs every project: shared rules, the API against a real database, the web unit tests.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the CPUs: a single worker on a 2-core CI machine,
    // where every test file then ran in turn. Two overlap the database waits of one file with the
    // work of another.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own checks: the layers and cycles (scripts/check-architecture.ts).
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { ...api, name: 'api', isolate: false, exclude: ISOLATED_API_TESTS },
      },
      {
        test: { ...api, name: 'api-isolated', include: ISOLATED_API_TESTS },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './apps/web/vitest.public.config.ts',
    ],
  },
});
