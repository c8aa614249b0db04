import { ROLE_NAMES, type TLevel } from '@trayecto/shared';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from './db/seed';
import { resolveJwtSecret } from './lib/secrets';

/** Starts Trayecto: config → database + migrations → seed → HTTP; stops gracefully on signals. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = pino({ level: config.LOG_LEVEL });

  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, logger: log })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR, logger: log });
  log.info({ database: database.kind, dataDir: config.embedded ? config.DATA_DIR : undefined }, 'applying migrations');
  await database.migrate();

  // Demo data first: it loads only into an empty database, and ADMIN_EMAIL's user would make it
  // look used ("with or without demo data", PRODUCT.md §1).
  if (config.SEED_DEMO && (await seedDemo(database.db, { dataDir: config.DATA_DIR, log })))
    log.info('demo data loaded');
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if (await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) {
      log.info({ email: config.ADMIN_EMAIL }, 'administrator created from ADMIN_EMAIL');
    }
  }

  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config), loggerInstance: log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  if (config.SEED_DEMO) {
    const lines = DEMO_ACCOUNTS.map(
      (a) => `  ${a.email.padEnd(34)} ${ROLE_NAMES[a.level as TLevel].padEnd(20)} ${a.operator ?? '(todos)'}`,
    );
    console.log(
      `\nTrayecto en ${url}\nUsuarios de demostración (contraseña: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`,
    );
  } else {
    console.log(`\nTrayecto en ${url}\n`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
