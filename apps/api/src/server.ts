import cluster from 'node:cluster';
import { ROLE_NAMES, type TLevel } from '@trayecto/shared';
import { buildApp } from './app';
import { superviseWorkers } from './cluster';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { isDiskFullError } from './db/disk-space';
import { autovacuumWarning } from './db/maintenance';
import { AppError } from './lib/app-error';
import { createLogger } from './lib/logger';
import { resolveJwtSecret } from './lib/secrets';
import { markShuttingDown } from './modules/health/health.routes';
import { importLegacyUploads } from './modules/uploads/uploads.service';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from './seed';

/**
 * Starts Trayecto: config → database + migrations → seed → HTTP; stops gracefully on signals.
 * With WEB_CONCURRENCY > 1 this process prepares the database, then forks that many workers
 * (cluster.ts) which run this file again and only serve HTTP.
 */
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
  const log = createLogger(config.LOG_LEVEL);

  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        // Only the processes that serve read from the replica (a cluster's primary serves nothing).
        replicaUrl: cluster.isPrimary && config.WEB_CONCURRENCY > 1 ? undefined : config.DATABASE_REPLICA_URL,
        preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
        logger: log,
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR, logger: log });
  const isWorker = cluster.isWorker;
  if (isWorker) {
    // The primary migrated before forking; a worker only checks (it never migrates nor seeds).
    await database.assertMigrated();
  } else if (!config.MIGRATE) {
    // MIGRATE=false: someone else migrates (a deploy step); refuse a database that is not ready.
    log.info({ database: database.kind }, 'checking migrations (MIGRATE=false)');
    await database.assertMigrated();
  } else {
    log.info(
      { database: database.kind, dataDir: config.embedded ? config.DATA_DIR : undefined },
      'applying migrations',
    );
    await database.migrate();
  }

  // ADR 049: a server without autovacuum keeps every dead row; the operator should know.
  if (!isWorker && database.kind === 'postgres') {
    const warning = await autovacuumWarning(database.db);
    if (warning) log.warn(warning);
  }

  // Demo data first: it loads only into an empty database, and ADMIN_EMAIL's user would make it
  // look used ("with or without demo data", PRODUCT.md §1).
  if (
    !isWorker &&
    config.SEED_DEMO &&
    (await seedDemo(database.db, { dataDir: config.DATA_DIR, log, payments: config }))
  )
    log.info('demo data loaded');
  if (!isWorker && config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if (await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) {
      log.info({ email: config.ADMIN_EMAIL }, 'administrator created from ADMIN_EMAIL');
    }
  }

  // Photos of installations from before the shared store: copied from DATA_DIR/uploads, kept there.
  if (!isWorker) await importLegacyUploads(database.db, config.DATA_DIR, log);
  if (!isWorker && config.WEB_CONCURRENCY > 1) {
    await database.close();
    log.info({ workers: config.WEB_CONCURRENCY }, 'starting worker processes');
    superviseWorkers({
      workers: config.WEB_CONCURRENCY,
      log,
      // Each worker drains, then closes within 10 s; stragglers after that are killed.
      stopTimeoutMs: config.SHUTDOWN_DRAIN_MS + 15_000,
      onListening: (port) => printBanner(config, `http://localhost:${port}`),
    });
    return;
  }

  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config), loggerInstance: log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    // /ready answers 503 from now on; keep serving while the balancer notices, then close.
    markShuttingDown(app);
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
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
  if (!isWorker) printBanner(config, `http://localhost:${(app.server.address() as { port: number }).port}`);
}

/** The start-up lines a person reads: where Trayecto answers and the demo accounts. */
function printBanner(config: ReturnType<typeof loadConfig>, url: string) {
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
  const message = err instanceof Error ? err.message : String(err);
  // A full disk while writing a secret or the lock: say so in plain words, not as an errno (our
  // own errors already do).
  console.error(
    isDiskFullError(err) && !(err instanceof AppError)
      ? `No queda espacio en disco (${message}). Libera espacio y vuelve a arrancar Trayecto.`
      : message,
  );
  process.exit(1);
});
