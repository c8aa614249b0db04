import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { AppError } from '../lib/app-error';
import { acquireDataDirLock } from '../lib/data-lock';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Both drivers expose the same drizzle PostgreSQL API; we type against node-postgres's. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a raw statement touched: node-postgres says `rowCount`, PGlite `affectedRows`. */
export const affectedRows = (res: unknown) => {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (serialised across processes by an advisory lock). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; logger?: Logger }
  | { kind: 'pglite'; dataDir?: string; logger?: Logger };

/**
 * Opens the database: PGlite in `dataDir` (or in memory without one) or PostgreSQL at `url`.
 * One schema, one migrations folder for both (PRODUCT.md §1).
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      application_name: 'trayecto',
    });
    // A dropped connection (server restart) must not crash the process: the pool replaces it.
    pool.on('error', (err) => opts.logger?.warn({ err }, 'PostgreSQL pool client error'));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          try {
            await migratePg(drizzlePg({ client: client as unknown as pg.Pool, schema }), {
              migrationsFolder: MIGRATIONS_FOLDER,
            });
          } finally {
            await client.query('select pg_advisory_unlock(727274)');
          }
        } finally {
          client.release();
        }
        await assertNoUnknownMigrations(db);
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
    };
  }

  let release: (() => void) | undefined;
  let dataDir: string | undefined;
  if (opts.dataDir) {
    release = acquireDataDirLock(opts.dataDir);
    dataDir = path.join(opts.dataDir, 'pgdata');
  }
  let client: PGlite;
  try {
    // pg_trgm backs the bookings search index (migration 0003), as on PostgreSQL.
    const extensions = { pg_trgm };
    client = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });
  } catch (err) {
    release?.();
    throw new AppError(
      'INTERNAL',
      `No se pudo abrir la base de datos embebida${dataDir ? ` en ${dataDir}` : ''}: ${(err as Error).message}`,
    );
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await assertNoUnknownMigrations(db);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}

/**
 * Refuses a database migrated by a newer version of Trayecto (migrations this build does not
 * know): running old code on it could corrupt data.
 */
async function assertNoUnknownMigrations(db: Db) {
  const journalPath = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  if (!existsSync(journalPath)) return;
  const { readFileSync } = await import('node:fs');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] };
  const known = Math.max(...journal.entries.map((e) => e.when));
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at > ${known}`,
  );
  const n = Number(res.rows[0]?.n ?? 0);
  if (n > 0) {
    throw new AppError(
      'INTERNAL',
      `La base de datos tiene ${n} migración(es) que esta versión de Trayecto no conoce. Actualiza la aplicación antes de arrancarla.`,
    );
  }
}
