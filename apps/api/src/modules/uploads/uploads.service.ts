/**
 * Uploaded files live in the `stored_files` table, so every API process (and every machine behind
 * the same PostgreSQL) serves the same photos. Installations from before issue 7 kept them under
 * DATA_DIR/uploads: those are copied into the table (never deleted from disk) at start-up, and
 * lazily on a miss for anything the start-up pass could not read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './uploads.repository';

/** What may be served: the resized product photos we wrote ourselves, nothing else. */
const SERVABLE = /^\/products\/([0-9a-f-]{36})\/[0-9a-f-]{36}-(lg|sm)\.webp$/;

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp' };

/** The file of an upload path under DATA_DIR/uploads, refusing anything outside that folder. */
function legacyUploadFile(dataDir: string, relative: string): string {
  const root = path.resolve(dataDir, 'uploads');
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`Ruta fuera de la carpeta de subidas: ${relative}`);
  return absolute;
}

/** Reads a legacy file, or undefined when it is not there. */
async function readLegacy(dataDir: string, relative: string): Promise<Buffer | undefined> {
  try {
    return await readFile(legacyUploadFile(dataDir, relative));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw err;
  }
}

async function importOne(db: DbOrTx, dataDir: string, relative: string, tourOperatorId: string) {
  const data = await readLegacy(dataDir, relative);
  if (!data) return false;
  await repo.insertStoredFileIfMissing(db, {
    path: relative,
    tourOperatorId,
    contentType: CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream',
    bytes: data.length,
    data,
  });
  return true;
}

export type ImportReport = { imported: number; missing: string[]; failed: string[] };

/**
 * Copies into `stored_files` every file under DATA_DIR/uploads that a product image references
 * and the table lacks. Idempotent (ON CONFLICT DO NOTHING; safe while other processes run it too),
 * one file in memory at a time, and it never deletes the originals: they stay as a backup.
 */
export async function importLegacyUploads(
  db: DbOrTx,
  dataDir: string,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, missing: [], failed: [] };
  for (const file of await repo.listMissingImageFiles(db)) {
    if (!SERVABLE.test(`/${file.path}`)) {
      report.missing.push(file.path);
      continue;
    }
    try {
      if (await importOne(db, dataDir, file.path, file.tourOperatorId)) report.imported += 1;
      else report.missing.push(file.path);
    } catch (err) {
      // An unreadable file must not keep the service down: the next start (or a request) retries.
      report.failed.push(file.path);
      log?.warn({ err, path: file.path }, 'could not copy an upload into the database');
    }
  }
  if (report.imported > 0)
    log?.info({ imported: report.imported }, 'uploads copied from DATA_DIR/uploads into the database');
  if (report.missing.length > 0) {
    log?.warn(
      { missing: report.missing.length, examples: report.missing.slice(0, 5) },
      'product images reference files found neither in the database nor under DATA_DIR/uploads',
    );
  }
  return report;
}

/**
 * The stored file of a servable path (`/products/<id>/<uuid>-lg.webp`), importing it from
 * DATA_DIR/uploads first when a product image references it but the table does not have it yet.
 * `withData: false` answers only the metadata (for conditional requests).
 */
export async function findServableFile(db: DbOrTx, dataDir: string, urlPath: string, withData: boolean) {
  const match = SERVABLE.exec(urlPath);
  if (!match) return undefined;
  const relative = urlPath.slice(1);
  const load = () => (withData ? repo.findStoredFile(db, relative) : repo.findStoredFileMeta(db, relative));
  const found = await load();
  if (found) return found;
  const owner = await repo.findImageOwner(db, match[1], relative);
  if (!owner || !(await importOne(db, dataDir, relative, owner))) return undefined;
  return load();
}
