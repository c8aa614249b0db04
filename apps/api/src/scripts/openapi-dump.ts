/**
 * Writes the API's OpenAPI document (what GET /api/v1/openapi.json serves) to a file, for the
 * linter and the generated client (`npm run lint:openapi`). Builds the real application on an empty
 * in-memory database: the document comes from the route schemas, not from data.
 *
 *   node --import tsx apps/api/src/scripts/openapi-dump.ts <out.json>
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

const out = process.argv[2];
if (!out) {
  console.error('Uso: openapi-dump.ts <fichero.json>');
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
});
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
