import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Logger } from 'pino';
import { AppError } from '../lib/app-error';
import { acquireDataDirLock, type DataDirLock } from '../lib/data-lock';
import { diskFullMessage, freeDiskMb, isDiskFullError, MIN_FREE_MB } from './disk-space';
import {
  assertNoForeignMigrations,
  describeMigrationProblem,
  MIGRATIONS_FOLDER,
  type MigrationStatus,
  readMigrationStatus,
} from './migration-status';
import { PG_SESSION_OPTIONS } from './pg-session';
import { createPool } from './pool';
import { namePreparedStatements } from './prepared-statements';
import { openReplica, type ReadReplica, type ReplicaOptions } from './replica';
import * as schema from './schema';
import { installSqlText } from './sql-text';
import type { Db } from './types';

// ADR 044: every statement's text built in one pass; under the test suite each one is also built by
// drizzle and compared, so any difference fails the test that sent it.
installSqlText({ check: process.env.VITEST === 'true' });

export type { ReadReplica, ReplicaState, ReplicaStatus } from './replica';
export { affectedRows, type Db, type DbOrTx, type Tx } from './types';

/** What the pool is doing (readiness shows it; no secrets). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The read replica (DATABASE_REPLICA_URL, PostgreSQL only; ADR 033): where the reads that
   * tolerate a second of lag go while it keeps up. Undefined without one.
   */
  replica?: ReadReplica;
  /**
   * Applies pending migrations (serialised across processes by an advisory lock), then checks
   * the result like `assertMigrated()`.
   */
  migrate(): Promise<void>;
  /** Where the database stands against this build's migrations. */
  migrationStatus(): Promise<MigrationStatus>;
  /** Tags of the migrations this build has and the database lacks (pending or missing). */
  pendingMigrations(): Promise<string[]>;
  /**
   * Throws a Spanish AppError unless the database has exactly this build's migrations: none
   * pending or missing, none unknown (newer), none applied from a different file. Call it where a
   * process must not migrate (MIGRATE=false, cluster workers).
   */
  assertMigrated(): Promise<void>;
  /** `select 1`, rejected after `timeoutMs` (default 2 s). */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * A fault that makes this process refuse every query (embedded lock lost), with its Spanish
   * message; undefined while healthy.
   */
  fault(): string | undefined;
  /** Pool figures (PostgreSQL only). */
  stats(): PoolStats | undefined;
  /** A copy of the embedded database's data directory (PGlite only: the tests' template). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** A streaming standby of `url` for lag-tolerant reads (ADR 033). */
      replicaUrl?: string;
      /** The replica's lag limit and check interval (tests). */
      replica?: Pick<ReplicaOptions, 'maxLagMs' | 'checkMs'>;
      poolSize?: number;
      /** Name the statements sent inside `withPreparedStatements` (ADR 040); default true. */
      preparedStatements?: boolean;
      logger?: Logger;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * Starts from this copy of a data directory (`PGlite.dumpDataDir`) instead of an empty one:
       * the tests' migrated template, loaded in a fraction of the time a new cluster takes.
       */
      loadDataDir?: Blob;
      logger?: Logger;
      /** How often the data directory lock is re-checked (ms, default 1000). */
      lockCheckMs?: number;
      /**
       * Called when PGlite reports a PANIC (e.g. no disk space for the write-ahead log): its
       * backend is dead and the next call would hang the process. Default: print and exit(70).
       */
      onPanic?: (message: string) => void;
    };

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Opens the database: PGlite in `dataDir` (or in memory without one) or PostgreSQL at `url`.
 * One schema, one migrations folder for both (PRODUCT.md §1).
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') return openPostgres(opts);
  return openPglite(opts);
}

function openPostgres(opts: Extract<DatabaseOptions, { kind: 'postgres' }>): Database {
  const max = opts.poolSize ?? 10;
  const pool = createPool({
    connectionString: opts.url,
    max,
    // A restarting server refuses connections: fail the request fast (503) instead of queueing it.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Dead peers (a crashed server, a dropped network) are noticed on idle connections too.
    keepAlive: true,
    application_name: 'trayecto',
    options: PG_SESSION_OPTIONS,
  });
  // A dropped connection (server restart) must not crash the process: the pool replaces it.
  pool.on('error', (err) => opts.logger?.warn({ err }, 'PostgreSQL pool client error'));
  // The pool only listens on idle clients; a checked-out one (a transaction in flight when the
  // server restarts) emits 'error' with no listener, which would kill the process. Its query
  // rejects anyway (the request answers 503) and release() discards it.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.logger?.warn({ err }, 'PostgreSQL connection lost'));
    if (opts.preparedStatements !== false) namePreparedStatements(client);
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const replica = opts.replicaUrl
    ? openReplica({
        url: opts.replicaUrl,
        primary: pool,
        primaryDb: db,
        poolSize: max,
        logger: opts.logger,
        ...opts.replica,
      })
    : undefined;
  const database: Database = {
    db,
    kind: 'postgres',
    replica,
    async migrate() {
      const client = await pool.connect();
      try {
        // Instances starting together wait here for the first one's migrations, however long they
        // take: not bounded by the connections' lock_timeout (pg-session.ts), restored after.
        await client.query('set lock_timeout = 0');
        await client.query('select pg_advisory_lock(727274)');
        try {
          // On the locked connection: a pool of 1 has no other to give (and the check must see
          // what the lock protects). Refuse before touching anything when a newer version (or
          // edited files) migrated the database.
          const locked = drizzlePg({ client: client as unknown as pg.Pool, schema });
          await assertNoForeignMigrations(locked);
          await migratePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock(727274)');
          await client.query('reset lock_timeout');
        }
      } finally {
        client.release();
      }
      await database.assertMigrated();
    },
    migrationStatus: () => readMigrationStatus(db),
    async pendingMigrations() {
      const s = await readMigrationStatus(db);
      return [...s.missing, ...s.pending];
    },
    async assertMigrated() {
      const problem = describeMigrationProblem(await readMigrationStatus(db));
      if (problem) throw new AppError({ code: 'UNAVAILABLE', message: problem });
    },
    async ping(timeoutMs = 2000) {
      await withTimeout(db.execute(sql`select 1`), timeoutMs, 'PostgreSQL');
    },
    fault: () => undefined,
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close() {
      // The replica first: its check reads the primary's position.
      await replica?.close();
      await pool.end();
    },
  };
  return database;
}

async function openPglite(opts: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  const log = opts.logger;
  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (opts.dataDir) {
    try {
      lock = acquireDataDirLock(opts.dataDir);
    } catch (err) {
      if (isDiskFullError(err)) throw new AppError({ code: 'DISK_FULL', message: diskFullMessage(opts.dataDir) });
      throw err;
    }
    dataDir = path.join(opts.dataDir, 'pgdata');
  }
  let client: PGlite;
  try {
    // pg_trgm and btree_gin back the bookings search index (migration 0022), as on PostgreSQL.
    const extensions = { pg_trgm, btree_gin };
    const options = { extensions, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
    client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  } catch (err) {
    lock?.release();
    // PGlite reports a full disk as an Emscripten errno or "failed to initialize": look at the disk.
    const free = opts.dataDir ? freeDiskMb(opts.dataDir) : undefined;
    if (opts.dataDir && (isDiskFullError(err) || (free !== undefined && free < MIN_FREE_MB))) {
      throw new AppError({
        code: 'DISK_FULL',
        message: `${diskFullMessage(opts.dataDir)} (quedan ${free ?? 0} MB libres)`,
      });
    }
    throw new AppError({
      code: 'INTERNAL',
      message: `No se pudo abrir la base de datos embebida${dataDir ? ` en ${dataDir}` : ''}: ${(err as Error).message}`,
    });
  }

  // Faults that make every later query refuse (503) rather than risk the data (docs/operations.md).
  let fault: string | undefined;
  const refuseIfFaulty = () => {
    if (lock && !fault) {
      const state = lock.check();
      if (state.state === 'restored') log?.warn({ dataDir: opts.dataDir }, 'lock file was removed; restored');
      if (state.state === 'lost') {
        fault =
          `Se perdió el bloqueo de la base de datos embebida de ${opts.dataDir}` +
          (state.ownerPid ? ` (ahora lo tiene el proceso ${state.ownerPid})` : '') +
          '. Este proceso ya no lee ni escribe en ella para no dañarla: detén los demás procesos que la usen y reinicia Trayecto.';
        log?.error(
          { dataDir: opts.dataDir, ownerPid: state.ownerPid },
          'embedded database lock lost; refusing queries',
        );
      }
    }
    if (fault) throw new AppError({ code: 'UNAVAILABLE', message: fault });
  };
  const onPanic =
    opts.onPanic ??
    ((message: string) => {
      // PostgreSQL itself restarts after a PANIC; PGlite would hang on the next call instead.
      console.error(message);
      process.exit(70);
    });
  const watchPanic = (err: unknown) => {
    if ((err as { severity?: string }).severity === 'PANIC') {
      const where = opts.dataDir ?? 'la memoria';
      fault = isDiskFullError(err)
        ? diskFullMessage(where)
        : `La base de datos embebida de ${where} falló y se detuvo: ${(err as Error).message}`;
      log?.fatal({ err }, 'PGlite PANIC: stopping');
      onPanic(fault);
    }
    throw err;
  };
  // Every call drizzle makes goes through query() or transaction(): guard both.
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    refuseIfFaulty();
    return query(...args).catch(watchPanic);
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    refuseIfFaulty();
    return exec(...args).catch(watchPanic);
  }) as PGlite['exec'];
  const transaction = client.transaction.bind(client);
  client.transaction = (async <T>(fn: (tx: Transaction) => Promise<T>) => {
    refuseIfFaulty();
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((...args: Parameters<Transaction['query']>) =>
        txQuery(...args).catch(watchPanic)) as Transaction['query'];
      tx.exec = ((...args: Parameters<Transaction['exec']>) =>
        txExec(...args).catch(watchPanic)) as Transaction['exec'];
      return fn(tx);
    }).catch(watchPanic);
  }) as PGlite['transaction'];

  const watch = lock
    ? setInterval(() => {
        try {
          refuseIfFaulty();
        } catch {
          // Logged once by refuseIfFaulty; requests get the 503.
        }
      }, opts.lockCheckMs ?? 1000)
    : undefined;
  watch?.unref();
  if (opts.dataDir) {
    const free = freeDiskMb(opts.dataDir);
    if (free !== undefined && free < 2 * MIN_FREE_MB) {
      log?.warn({ dataDir: opts.dataDir, freeMb: free }, 'little free disk space for the embedded database');
    }
  }

  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    async migrate() {
      await assertNoForeignMigrations(db);
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await database.assertMigrated();
    },
    migrationStatus: () => readMigrationStatus(db),
    async pendingMigrations() {
      const s = await readMigrationStatus(db);
      return [...s.missing, ...s.pending];
    },
    async assertMigrated() {
      const problem = describeMigrationProblem(await readMigrationStatus(db));
      if (problem) throw new AppError({ code: 'UNAVAILABLE', message: problem });
    },
    async ping(timeoutMs = 2000) {
      await withTimeout(client.query('select 1'), timeoutMs, 'PGlite');
    },
    fault: () => fault,
    stats: () => undefined,
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      if (watch) clearInterval(watch);
      // Lost lock: another process owns the directory now; a shutdown checkpoint would damage it.
      if (fault && lock?.check().state === 'lost') return;
      try {
        if (!fault) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
  return database;
}
