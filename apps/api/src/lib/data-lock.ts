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

/**
 * One process owns the embedded data directory (PRODUCT.md §1). A second process on the same
 * directory refuses with a clear error; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) {
        throw new AppError(
          'DATA_DIR_LOCKED',
          `La base de datos embebida de ${dataDir} ya está en uso por otro proceso (PID ${pid}). ` +
            'Detén ese proceso o usa otro DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new AppError('DATA_DIR_LOCKED', `No se pudo bloquear ${dataDir}.`);
}
