/**
 * Enqueuing one-off background work (docs/decisions/019-background-jobs.md): call these with the
 * transaction of the change that causes the job, so the job exists exactly when the change
 * commits (a hold that must end at 14:05 is written with the hold). The kind must be one a
 * handler is registered for in `background.ts`; until a process with that handler runs, the job
 * waits `queued` (and shows so on the state screen).
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cancelQueuedJobs, insertJob, insertJobQuery, type NewJob } from './jobs.repository';

export type { NewJob } from './jobs.repository';

/** Longest payload kept with a job: facts to find the work, not the work itself. */
const MAX_PAYLOAD_CHARS = 16 * 1024;

/**
 * Enqueues a job in the caller's transaction: `kind`, `payload`, `runAt` (default now), a
 * `dedupeKey` (one cause, one job: a second enqueue with the key does nothing) and `maxAttempts`
 * (default 5). Returns the job's id, or undefined when its cause already had one.
 */
export async function enqueueJob(tx: DbOrTx, job: NewJob): Promise<string | undefined> {
  return insertJob(tx, checked(job));
}

/**
 * {@link enqueueJob} as a part of the caller's own statement (a data-modifying CTE, ADR 042): the
 * job is written if and when that statement commits.
 */
export function enqueueJobInStatement(tx: DbOrTx, job: NewJob): SQL {
  return insertJobQuery(tx, checked(job)).getSQL();
}

function checked(job: NewJob): NewJob {
  if (!/^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)+$/.test(job.kind)) {
    throw new Error(`A job kind is "<owner>.<what>" in lower case, not "${job.kind}"`);
  }
  if (JSON.stringify(job.payload ?? {}).length > MAX_PAYLOAD_CHARS) throw new Error('Job payload too large');
  if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts >= 1)) {
    throw new Error('maxAttempts must be a positive integer');
  }
  return job;
}

/** Cancels the queued job of a cause (the hold was paid before it ended): returns whether one was. */
export async function cancelJob(tx: DbOrTx, dedupeKey: string): Promise<boolean> {
  return (await cancelQueuedJobs(tx, dedupeKey)) > 0;
}
