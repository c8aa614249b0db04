import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { AppError } from './app-error';

const LOCK_FILE = 'trayecto.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PID written in a lock file, or undefined when there is no (readable) file. */
function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file with our PID; false when it already exists. */
function createLockFile(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

export type LockState =
  | { state: 'held' }
  /** The file had been deleted and we wrote it again before anyone else took it. */
  | { state: 'restored' }
  /** Another process holds it now (or it cannot be read back): stop using the directory. */
  | { state: 'lost'; ownerPid?: number };

/** A held lock: call it (or `release()`) to give it up; `check()` says whether it is still ours. */
export type DataDirLock = (() => void) & { release(): void; check(): LockState };

/**
 * One process owns the embedded data directory (PRODUCT.md §1). A second process on the same
 * directory refuses with a clear error; a lock left by a dead process is taken over.
 *
 * While it runs, the owner re-checks the file (`check()`): a deleted file is written again (a
 * cleaner removed it; nobody else got in), a file naming another PID means the lock is lost
 * (docs/operations.md, "Bloqueo perdido").
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createLockFile(file)) return heldLock(file);
    const pid = ownerOf(file);
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
      throw new AppError({
        code: 'DATA_DIR_LOCKED',
        message:
          `La base de datos embebida de ${dataDir} ya está en uso por otro proceso (PID ${pid}). ` +
          'Detén ese proceso o usa otro DATA_DIR.',
      });
    }
    rmSync(file, { force: true });
  }
  throw new AppError({ code: 'DATA_DIR_LOCKED', message: `No se pudo bloquear ${dataDir}.` });
}

function heldLock(file: string): DataDirLock {
  let released = false;
  let lost = false;
  const check = (): LockState => {
    if (lost) return { state: 'lost', ownerPid: ownerOf(file) };
    const pid = ownerOf(file);
    if (pid === process.pid) return { state: 'held' };
    if (pid === undefined) {
      try {
        if (createLockFile(file)) return { state: 'restored' };
      } catch {
        // Cannot write it back (read-only or full disk): treat as lost below.
      }
    }
    lost = true;
    return { state: 'lost', ownerPid: ownerOf(file) };
  };
  const release = () => {
    if (released) return;
    released = true;
    // Never delete a lock another process holds now.
    if (ownerOf(file) === process.pid) rmSync(file, { force: true });
  };
  return Object.assign(release, { release, check });
}
