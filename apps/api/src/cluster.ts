/**
 * Several API processes on one machine (docs/deployment.md, docs/decisions/009-multi-process.md):
 * the primary prepares the database once (migrations, seed, uploads import), then forks
 * WEB_CONCURRENCY workers that share the port through node:cluster. Workers never migrate: they
 * run `database.assertMigrated()` and refuse an unready database. The primary serves nothing; it
 * restarts dead workers with a backoff and stops them gracefully on SIGTERM/SIGINT.
 *
 * Nothing a request needs lives in one process's memory (sessions, throttles, rate limits,
 * idempotency keys and uploads are in PostgreSQL), so any worker may answer any request.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that dies within this long after starting counts as a failed start (backoff grows). */
const HEALTHY_AFTER_MS = 10_000;
const RESTART_MIN_MS = 500;
const RESTART_MAX_MS = 30_000;

/** The delay before the next restart after `failures` quick deaths in a row (0 → the minimum). */
export const restartDelay = (failures: number) => Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** failures);

export type SupervisorOptions = {
  workers: number;
  log: Logger;
  /** Called once, when every first-generation worker listens (the start-up banner). */
  onListening?: (port: number) => void;
  /** After SIGTERM, how long workers get to finish before they are killed. */
  stopTimeoutMs: number;
};

/**
 * Forks the workers and watches them. Runs in the primary only; the workers run server.ts again
 * (cluster.fork keeps `--import tsx` and the arguments) and take the worker path there.
 */
export function superviseWorkers({ workers, log, onListening, stopTimeoutMs }: SupervisorOptions) {
  let stopping = false;
  let failures = 0;
  const startedAt = new Map<number, number>();
  let waitingFirst = workers;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker started');
    return worker;
  };

  cluster.on('listening', (worker, address) => {
    log.info({ worker: worker.id, workerPid: worker.process.pid, port: address.port }, 'worker listening');
    if (waitingFirst > 0 && --waitingFirst === 0) onListening?.(address.port);
  });

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      log.info({ worker: worker.id, workerPid: worker.process.pid, code, signal }, 'worker stopped');
      return;
    }
    failures = lived < HEALTHY_AFTER_MS ? failures + 1 : 0;
    const delay = restartDelay(failures);
    log.error(
      { worker: worker.id, workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
      'worker died; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w && !w.isDead()));
    log.info({ signal, workers: alive.length }, 'stopping workers');
    const exited = alive.map(
      (w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))),
    );
    for (const w of alive) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, stopTimeoutMs);
    await Promise.all(exited);
    clearTimeout(timer);
    log.info('all workers stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let i = 0; i < workers; i++) fork();
}
