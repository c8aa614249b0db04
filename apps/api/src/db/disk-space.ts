/** A full disk, told apart from other failures and said in Spanish (PGlite's data directory). */
import { statfsSync } from 'node:fs';

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
export const diskFullMessage = (where: string) =>
  `No queda espacio en disco en ${where}. Libera espacio (o amplía el disco) y vuelve a intentarlo; no se ha guardado nada de esta operación.`;

/** Free space of the file system holding `dir`, in MB (undefined if it cannot be read). */
export function freeDiskMb(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return Math.floor((Number(s.bavail) * Number(s.bsize)) / (1024 * 1024));
  } catch {
    return undefined;
  }
}

/** Below this, PGlite cannot create a new write-ahead log segment (16 MB) and panics. */
export const MIN_FREE_MB = 32;
