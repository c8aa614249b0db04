import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Files that replace a module (`vi.mock`) or drive the notifications' placement loop: each in a
 * fresh module graph (project web-isolated).
 */
export const ISOLATED_WEB_TESTS = [
  'src/features/users/components/user-form-modal.test.tsx',
  'src/lib/use-csv-export.test.tsx',
  'src/lib/notify.test.tsx',
];

const test = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  restoreMocks: true,
  unstubGlobals: true,
};

// The back-office's unit tests: pure rules and small components, in happy-dom, on React. The public
// pages' tests run on Preact, as the pages do (vitest.public.config.ts). The files share their
// worker's module graph (`isolate: false`, issue 31 item 15: Mantine, React and the app were
// imported again for each of 80 files, 40 of the 70 s these tests took); each file still gets a
// fresh DOM, and setup.ts cleans what the app keeps between them (storage, notifications).
export default defineProject({
  plugins: [react()],
  test: {
    ...test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/public/**', ...ISOLATED_WEB_TESTS],
    isolate: false,
  },
});
