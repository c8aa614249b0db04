/** Which of this build's migrations a database has applied, and what stops it from running. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { REPO_ROOT } from '../config/env';
import { AppError } from '../lib/app-error';
import type { DbOrTx } from './types';

/** The SQL migrations, read at start-up (from the source tree also when production runs the bundle). */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/api/src/db/migrations');

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
export async function readMigrationStatus(db: DbOrTx): Promise<MigrationStatus> {
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
export async function assertNoForeignMigrations(db: DbOrTx) {
  const problem = describeMigrationProblem(await readMigrationStatus(db), { pendingIsOk: true });
  if (problem) throw new AppError({ code: 'UNAVAILABLE', message: problem });
}
