import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Lanes (scripts/e2e-shards.sh): E2E_LANES servers on E2E_BASE_PORT + 1 … + E2E_LANES, one per
 * Playwright worker. Playwright evaluates this file again in each worker, after setting the worker's
 * TEST_PARALLEL_INDEX (0 … workers - 1, kept by a worker started again after a failure): the worker
 * takes its lane's port, and so does every spec that reads E2E_PORT (its SMTP and bank stand-ins).
 */
const LANES = Number(process.env.E2E_LANES ?? 0);
if (LANES > 0 && process.env.TEST_PARALLEL_INDEX !== undefined) {
  process.env.E2E_PORT = String(
    Number(process.env.E2E_BASE_PORT ?? 3110) + Number(process.env.TEST_PARALLEL_INDEX) + 1,
  );
}
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The loopback SMTP server password-reset.spec.ts starts; the server under test sends there. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 5000);
/** The stand-in for the Redsys gateway payments-public.spec.ts starts (redsys-bank.ts); the server posts customers there. */
const REDSYS_PORT = Number(process.env.E2E_REDSYS_PORT ?? PORT + 6000);
// A fresh embedded database per run (the config is evaluated again in workers; only the main
// process starts the server, so only its directory is used).
// scripts/e2e-shards.sh starts its lanes' servers itself (E2E_LANES): no directory then.
const reuseServer = process.env.E2E_REUSE_SERVER === '1' || LANES > 0;
const dataDir = process.env.E2E_DATA_DIR ?? (reuseServer ? '' : mkdtempSync(path.join(tmpdir(), 'trayecto-e2e-')));

/**
 * Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), never a downloaded browser
 * (DEVELOPERS.md, "The machine"), started through scripts/chromium.sh: it turns off Chromium's
 * own address-bar popup, which cost every test's browser context as much CPU as the app's page.
 */
export const CHROMIUM_LAUNCHER = path.join(repoRoot, 'scripts/chromium.sh');

/** The switches DEVELOPERS.md asks for. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: LANES > 0 ? LANES : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-ES',
    timezoneId: 'Atlantic/Canary',
    // Recording a trace costs every test a tenth of its time on a 2-core machine; CI retries a
    // failure once (retries above) and records that run, which is the trace worth reading.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_LAUNCHER, args: CHROMIUM_ARGS },
      },
    },
  ],
  // The lanes' servers are started by scripts/e2e-shards.sh, one per worker.
  webServer:
    LANES > 0
      ? undefined
      : {
          // The compiled server, as production runs it (`npm run test:e2e` builds it first).
          command: 'node --enable-source-maps apps/api/dist/server.js',
          cwd: repoRoot,
          url: `http://127.0.0.1:${PORT}/api/v1/ready`,
          timeout: 120_000,
          reuseExistingServer: reuseServer,
          stdout: 'pipe',
          env: {
            NODE_ENV: 'production',
            PORT: String(PORT),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            SEED_DEMO: 'true',
            LOG_LEVEL: 'warn',
            // Every answer written by both writers, a difference a 500 (ADR 038): the journeys check the
            // compiled one on every screen they open.
            RESPONSE_SERIALIZER_CHECK: 'true',
            DATABASE_URL: '',
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
            MAIL_FROM: 'Trayecto <no-reply@trayecto.demo>',
            REDSYS_URL: `http://127.0.0.1:${REDSYS_PORT}`,
            // Parallel work on one machine: each may serve its own build (vite build --outDir …).
            ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
          },
        },
});
