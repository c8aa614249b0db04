/**
 * `npm run restore -- <file> [--force]`: puts a backup from backup.ts back (docs/operations.md).
 *
 * - With DATABASE_URL: pg_restore of a `pg_dump -Fc` file in one transaction (all or nothing).
 *   The target must be empty (a new database) and no Trayecto server connected to it; `--force`
 *   drops what the target holds first (schemas `public` and `drizzle`).
 * - Embedded: the server must be stopped (DATA_DIR lock). An existing DATA_DIR/pgdata is refused;
 *   with `--force` it is kept aside as pgdata.antes-de-restaurar-<fecha>, never deleted.
 *
 * Afterwards it prints the tables' row counts and where the migrations stand: a backup from an
 * older version gets its pending migrations when the server starts (MIGRATE=true).
 */
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import type { MigrationStatus } from '../db/migration-status';
import { AppError } from '../lib/app-error';
import { acquireDataDirLock } from '../lib/data-lock';
import { libpqEnv, parseArgs, run, stamp } from './backup-common';

export type RestoreResult = {
  kind: 'postgres' | 'pglite';
  ms: number;
  counts: Record<string, number>;
  migrations: MigrationStatus;
  /** Embedded + --force: where the replaced data directory was moved. */
  keptAside?: string;
};

/** Restores `file` into the database `config` points at. */
export async function restore(config: Config, file: string, { force = false } = {}): Promise<RestoreResult> {
  const started = performance.now();
  if (!existsSync(file)) throw new AppError({ code: 'BAD_REQUEST', message: `No existe el fichero de copia ${file}.` });
  let keptAside: string | undefined;

  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const tables = await client.query<{ n: number }>(
        `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      const others = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'trayecto' and pid <> pg_backend_pid()`,
      );
      if (others.rows[0].n > 0 && !force) {
        throw new AppError({
          code: 'CONFLICT',
          message: `Hay ${others.rows[0].n} conexión(es) de Trayecto a la base de datos de destino: detén los servidores antes de restaurar (o usa --force).`,
        });
      }
      if (tables.rows[0].n > 0) {
        if (!force) {
          throw new AppError({
            code: 'CONFLICT',
            message: `La base de datos de destino no está vacía (${tables.rows[0].n} tablas). Restaura en una base de datos nueva (createdb) o usa --force para sustituir su contenido.`,
          });
        }
        await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
      }
    } finally {
      await client.end();
    }
    try {
      // Connection details (password included) travel in the environment, never in argv.
      const env = libpqEnv(config.DATABASE_URL);
      const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
      await run('pg_restore', [...args, '--dbname', env.PGDATABASE as string, file], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new AppError({
          code: 'INTERNAL',
          message: 'No se encontró pg_restore: instala el cliente de PostgreSQL 15 o superior.',
        });
      }
      throw new AppError({
        code: 'INTERNAL',
        message: `pg_restore falló (no se ha cambiado nada): ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`,
      });
    }
  } else {
    const release = acquireDataDirLock(config.DATA_DIR);
    try {
      const pgdata = path.join(config.DATA_DIR, 'pgdata');
      if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
        if (!force) {
          throw new AppError({
            code: 'CONFLICT',
            message: `Ya hay una base de datos embebida en ${pgdata}. Usa --force para sustituirla (se conserva aparte, no se borra).`,
          });
        }
        keptAside = `${pgdata}.antes-de-restaurar-${stamp()}`;
        renameSync(pgdata, keptAside);
      }
      const db = await PGlite.create(pgdata, {
        extensions: { pg_trgm, btree_gin },
        loadDataDir: new Blob([readFileSync(file)]),
      });
      try {
        await db.query('select 1');
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }

  // Figures of what came back, through the app's own driver.
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    const counts: Record<string, number> = {};
    const tables = await database.db.execute<{ t: string }>(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    for (const { t } of tables.rows) {
      const res = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${t}"`));
      counts[t] = Number(res.rows[0].n);
    }
    return {
      kind: config.DATABASE_URL ? 'postgres' : 'pglite',
      ms: performance.now() - started,
      counts,
      migrations: await database.migrationStatus(),
      keptAside,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const { flags, positional } = parseArgs(process.argv.slice(2));
  const file = positional[0];
  if (!file) {
    console.error('Uso: npm run restore -- <fichero de copia> [--force]');
    process.exit(2);
  }
  const config = loadConfig();
  const r = await restore(config, path.resolve(file), { force: flags.has('force') });
  const rows = Object.entries(r.counts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `  ${t.padEnd(28)} ${n}`)
    .join('\n');
  const pending = [...r.migrations.missing, ...r.migrations.pending];
  console.log(
    `Restaurada ${path.resolve(file)} en ${(r.ms / 1000).toFixed(1)} s (${r.kind === 'postgres' ? 'PostgreSQL' : 'base embebida'}).\n` +
      (r.keptAside ? `La base anterior queda en ${r.keptAside}.\n` : '') +
      `Filas por tabla:\n${rows}\n` +
      (r.migrations.unknown > 0
        ? `Atención: la copia tiene ${r.migrations.unknown} migración(es) de una versión más reciente de Trayecto.\n`
        : pending.length > 0
          ? `Migraciones pendientes (se aplican al arrancar con MIGRATE=true): ${pending.join(', ')}\n`
          : 'Migraciones al día.\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof ConfigError || err instanceof AppError ? err.message : err);
    process.exit(1);
  });
}
