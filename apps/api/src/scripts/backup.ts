/**
 * `npm run backup [-- --out <file>]`: a copy of the whole database (docs/operations.md).
 *
 * - With DATABASE_URL: `pg_dump -Fc` (custom format, compressed; restore.ts restores it with
 *   pg_restore). The server may keep running: pg_dump reads one consistent snapshot.
 * - Embedded (PGlite): the server must be stopped (the DATA_DIR lock says whether it is); the data
 *   directory is dumped with PGlite's dumpDataDir() into a .tar.gz.
 *
 * Uploaded photos live in the database (`stored_files`), so they are in the copy. Not in it: the
 * secrets (JWT_SECRET or DATA_DIR/jwt-secret) — keep them apart, in your secrets store.
 * Default folder: DATA_DIR/backups; nothing is written elsewhere unless `--out` says so.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Config, ConfigError, loadConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { acquireDataDirLock } from '../lib/data-lock';
import { defaultBackupDir, fmtBytes, libpqEnv, run, sha256File, stamp } from './backup-common';

export type BackupResult = { file: string; bytes: number; ms: number; sha256: string; kind: 'postgres' | 'pglite' };

/** Backs up the database `config` points at into `out` (default DATA_DIR/backups/…). */
export async function backup(config: Config, out?: string): Promise<BackupResult> {
  const started = performance.now();
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const file = path.resolve(
    out ??
      path.join(defaultBackupDir(config.DATA_DIR), `trayecto-${stamp()}${kind === 'postgres' ? '.dump' : '.tar.gz'}`),
  );
  mkdirSync(path.dirname(file), { recursive: true });

  if (config.DATABASE_URL) {
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file], {
        env: libpqEnv(config.DATABASE_URL),
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (err) {
      const stderr = (err as { stderr?: string }).stderr?.trim();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new AppError({
          code: 'INTERNAL',
          message: 'No se encontró pg_dump: instala el cliente de PostgreSQL 15 o superior (postgresql-client).',
        });
      }
      throw new AppError({ code: 'INTERNAL', message: `pg_dump falló: ${stderr || (err as Error).message}` });
    }
  } else {
    // The lock proves no server has the directory open (PGlite is one process).
    let release: () => void;
    try {
      release = acquireDataDirLock(config.DATA_DIR);
    } catch (err) {
      if (err instanceof AppError && err.code === 'DATA_DIR_LOCKED') {
        throw new AppError({
          code: 'DATA_DIR_LOCKED',
          message: `${err.message} Detén Trayecto antes de copiar la base de datos embebida (la copia necesita los ficheros quietos).`,
        });
      }
      throw err;
    }
    try {
      const pgdata = path.join(config.DATA_DIR, 'pgdata');
      try {
        statSync(path.join(pgdata, 'PG_VERSION'));
      } catch {
        throw new AppError({
          code: 'INTERNAL',
          message: `No hay base de datos embebida en ${pgdata}: nada que copiar.`,
        });
      }
      const db = await PGlite.create(pgdata, { extensions: { pg_trgm, btree_gin } });
      try {
        const blob = await db.dumpDataDir('gzip');
        writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }
  const sha256 = await sha256File(file);
  writeFileSync(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`);
  return { file, bytes: statSync(file).size, ms: performance.now() - started, sha256, kind };
}

async function main() {
  const { parseArgs } = await import('./backup-common');
  const { flags } = parseArgs(process.argv.slice(2));
  const out = flags.get('out');
  const config = loadConfig();
  const r = await backup(config, typeof out === 'string' ? out : undefined);
  console.log(
    `Copia de seguridad ${r.kind === 'postgres' ? '(pg_dump -Fc)' : '(base embebida, .tar.gz)'} en ${r.file}\n` +
      `  ${fmtBytes(r.bytes)} en ${(r.ms / 1000).toFixed(1)} s · sha256 ${r.sha256}\n` +
      '  Guarda también, aparte, el secreto JWT (JWT_SECRET o DATA_DIR/jwt-secret).\n' +
      `  Restaurar: npm run restore -- ${r.file}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof ConfigError || err instanceof AppError ? err.message : err);
    process.exit(1);
  });
}
