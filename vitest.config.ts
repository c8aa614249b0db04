import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded per instance; each file gets its own database.
          fileParallelism: true,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
