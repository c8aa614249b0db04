/**
 * Writes the API's OpenAPI document (what GET /api/v1/openapi.json serves) to a file, for the
 * linter and the generated client (`npm run lint:openapi`), and with a second file the OCTO API's
 * own document (what GET /api/octo/v1/openapi.json serves, ADR 023). Builds the real application on
 * an empty in-memory database: the documents come from the route schemas, not from data.
 *
 *   node --import tsx apps/api/src/scripts/openapi-dump.ts <out.json> [<octo-out.json>]
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

const out = process.argv[2];
const octoOut = process.argv[3];
if (!out) {
  console.error('Uso: openapi-dump.ts <fichero.json> [<fichero-octo.json>]');
  process.exit(2);
}
const config = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/trayecto-openapi-unused', WEB_DIST: '/nonexistent' },
  { readDotenv: false },
);
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({
  config,
  database,
  jwtSecret: 'openapi-dump-secret-long-enough-for-hs256-0123456789',
  logger: false,
  // The database is empty and unmigrated: no background work (it would write its tasks there).
  background: false,
  reminders: false,
});
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
if (octoOut) {
  const octo = await app.inject({ method: 'GET', url: '/api/octo/v1/openapi.json' });
  if (octo.statusCode !== 200) throw new Error(`OCTO document: ${octo.statusCode} ${octo.body}`);
  writeFileSync(octoOut, `${JSON.stringify(octo.json(), null, 2)}\n`);
}
await app.close();
