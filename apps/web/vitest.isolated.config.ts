import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { ISOLATED_WEB_TESTS } from './vitest.config.ts';

// The back-office's tests that replace a module or drive the notifications' placement loop: each
// file in a fresh module graph (the others share their worker's: vitest.config.ts).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-isolated',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    include: ISOLATED_WEB_TESTS,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
