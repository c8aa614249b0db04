import { readFileSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { REPO_ROOT } from '../config/env';
import { AppError } from '../lib/app-error';
import { acquireDataDirLock, type DataDirLock } from '../lib/data-lock';
import * as schema from './schema';

/** The SQL migrations, read at start-up (from the source tree also when production runs the bundle). */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/api/src/db/migrations');

/** Both drivers expose the same drizzle PostgreSQL API; we type against node-postgres's. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a raw statement touched: node-postgres says `rowCount`, PGlite `affectedRows`. */
export const affectedRows = (res: unknown) => {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/** Where the database stands against this build's migrations folder (docs/operations.md). */
export type MigrationStatus = {
  /** Tags of the migrations recorded as applied with the same hash as our file. */
  applied: string[];
  /** Tags `migrate()` would apply (newer than the last applied one). */
  pending: string[];
  /** Tags older than the last applied one but not recorded: drizzle would never apply them. */
  missing: string[];
  /** Tags recorded with another hash: the file changed after it was applied. */
  changed: string[];
  /** Recorded migrations this build does not have (a newer Trayecto migrated the database). */
  unknown: number;
};

/** What the pool is doing (readiness shows it; no secrets). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
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
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; logger?: Logger }
  | {
      kind: 'pglite';
      dataDir?: string;
      logger?: Logger;
      /** How often the data directory lock is re-checked (ms, default 1000). */
      lockCheckMs?: number;
      /**
       * Called when PGlite reports a PANIC (e.g. no disk space for the write-ahead log): its
       * backend is dead and the next call would hang the process. Default: print and exit(70).
       */
      onPanic?: (message: string) => void;
    };

/** Whether an error says the disk is full: PostgreSQL's disk_full, Node's or Emscripten's ENOSPC. */
export function isDiskFullError(err: unknown): boolean {
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.errno === 51) return true;
    if (typeof e.message === 'string' && /no space left on device/i.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The Spanish message for a full disk at `where` (a directory, or the database server). */
const diskFullMessage = (where: string) =>
  `No queda espacio en disco en ${where}. Libera espacio (o amplía el disco) y vuelve a intentarlo; no se ha guardado nada de esta operación.`;

/** Free space of the file system holding `dir`, in MB (undefined if it cannot be read). */
function freeDiskMb(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return Math.floor((Number(s.bavail) * Number(s.bsize)) / (1024 * 1024));
  } catch {
    return undefined;
  }
}

/** Below this, PGlite cannot create a new write-ahead log segment (16 MB) and panics. */
const MIN_FREE_MB = 32;

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
  const pool = new pg.Pool({
    connectionString: opts.url,
    max,
    // A restarting server refuses connections: fail the request fast (503) instead of queueing it.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Dead peers (a crashed server, a dropped network) are noticed on idle connections too.
    keepAlive: true,
    application_name: 'trayecto',
  });
  // A dropped connection (server restart) must not crash the process: the pool replaces it.
  pool.on('error', (err) => opts.logger?.warn({ err }, 'PostgreSQL pool client error'));
  // The pool only listens on idle clients; a checked-out one (a transaction in flight when the
  // server restarts) emits 'error' with no listener, which would kill the process. Its query
  // rejects anyway (the request answers 503) and release() discards it.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.logger?.warn({ err }, 'PostgreSQL connection lost'));
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const database: Database = {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
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
    // pg_trgm backs the bookings search index (migration 0003), as on PostgreSQL.
    const extensions = { pg_trgm };
    client = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });
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

type JournalEntry = { tag: string; when: number; hash: string };
let journalCache: JournalEntry[] | undefined;

/** This build's migrations: tag, timestamp and the sha-256 drizzle records for each file. */
function readJournal(): JournalEntry[] {
  if (journalCache) return journalCache;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  journalCache = journal.entries.map((e, i) => ({ tag: e.tag, when: e.when, hash: files[i].hash }));
  return journalCache;
}

/**
 * Compares drizzle's record (`drizzle.__drizzle_migrations`: hash = sha-256 of the file,
 * created_at = the journal's `when`) with this build's migrations folder.
 */
async function readMigrationStatus(db: DbOrTx): Promise<MigrationStatus> {
  const entries = readJournal();
  const exists = await db.execute<{ t: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  const rows = exists.rows[0]?.t
    ? (
        await db.execute<{ hash: string; created_at: string | number }>(
          sql`select hash, created_at from drizzle.__drizzle_migrations`,
        )
      ).rows.map((r) => ({ hash: r.hash, when: Number(r.created_at) }))
    : [];
  const lastApplied = Math.max(0, ...rows.map((r) => r.when));
  const status: MigrationStatus = { applied: [], pending: [], missing: [], changed: [], unknown: 0 };
  for (const e of entries) {
    const row = rows.find((r) => r.when === e.when);
    if (!row) (e.when > lastApplied ? status.pending : status.missing).push(e.tag);
    else if (row.hash !== e.hash) status.changed.push(e.tag);
    else status.applied.push(e.tag);
  }
  status.unknown = rows.filter((r) => !entries.some((e) => e.when === r.when)).length;
  return status;
}

/** What stops this build from running on a database (Spanish, for the operator), if anything. */
export function describeMigrationProblem(s: MigrationStatus, { pendingIsOk = false } = {}): string | undefined {
  if (s.unknown > 0) {
    return `La base de datos tiene ${s.unknown} migración(es) que esta versión de Trayecto no conoce (la actualizó una versión más reciente). Actualiza la aplicación antes de arrancarla.`;
  }
  if (s.changed.length > 0) {
    return `Las migraciones ${s.changed.join(', ')} aplicadas en la base de datos no coinciden con los ficheros de esta versión (se modificaron después de aplicarse). Restaura los ficheros originales; un cambio de esquema va en una migración nueva.`;
  }
  if (s.missing.length > 0) {
    return `A la base de datos le faltan las migraciones ${s.missing.join(', ')}, anteriores a la última aplicada: no se aplicarán solas. Restaura una copia de seguridad o aplícalas a mano.`;
  }
  if (s.pending.length > 0 && !pendingIsOk) {
    return `La base de datos no tiene aplicadas ${s.pending.length} migración(es) (${s.pending.join(', ')}). Arranca con MIGRATE=true (por defecto) para aplicarlas, o aplícalas antes de arrancar.`;
  }
  return undefined;
}

/** Before migrating: refuse unknown (newer) or edited migrations; pending ones are what we apply. */
async function assertNoForeignMigrations(db: DbOrTx) {
  const problem = describeMigrationProblem(await readMigrationStatus(db), { pendingIsOk: true });
  if (problem) throw new AppError({ code: 'UNAVAILABLE', message: problem });
}
