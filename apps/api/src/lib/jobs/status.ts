/**
 * The state of background work as the Administrador reads it (GET /api/v1/jobs, "Tareas en
 * segundo plano"): each periodic task's last and next run, state and last error; the newest jobs
 * with their attempts and next attempt; the count of jobs per state.
 */
import {
  BACKGROUND_TASK_HELP,
  BACKGROUND_TASK_NAMES,
  backgroundJobLabel,
  backgroundTaskLabel,
  JOB_STATES,
  type TJobResponse,
  type TJobState,
  type TJobsResponse,
  type TJobTaskResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { isoOf, isoOrNull } from '../instants';
import { type JobRow, listJobRows, listTaskRows, type TaskRow } from './jobs.repository';

const JOBS_SHOWN = 200;

function taskState(t: TaskRow, now: Date): TJobTaskResponse['state'] {
  if (t.lockedUntil && t.lockedUntil > now) return 'running';
  if (t.failureCount > 0) return 'failing';
  if (t.runCount === 0) return 'pending';
  return 'ok';
}

export function toTaskResponse(t: TaskRow, now: Date): TJobTaskResponse {
  const state = taskState(t, now);
  return {
    name: t.name,
    label: backgroundTaskLabel(t.name),
    description: BACKGROUND_TASK_HELP[t.name] ?? '',
    state,
    every_seconds: t.everyMs / 1000,
    last_started_at: isoOrNull(t.lastStartedAt),
    last_finished_at: isoOrNull(t.lastFinishedAt),
    last_succeeded_at: isoOrNull(t.lastSucceededAt),
    last_duration_ms: t.lastDurationMs,
    next_run_at: isoOf(t.nextRunAt),
    last_error: t.lastError,
    run_count: t.runCount,
    failure_count: t.failureCount,
    running_on: state === 'running' ? t.lockedBy : null,
  };
}

export function toJobResponse(j: JobRow): TJobResponse {
  return {
    id: j.id,
    kind: j.kind,
    label: backgroundJobLabel(j.kind),
    state: j.state as TJobState,
    attempts: j.attempts,
    max_attempts: j.maxAttempts,
    run_at: isoOf(j.runAt),
    last_error: j.lastError,
    dedupe_key: j.dedupeKey,
    created_at: isoOf(j.createdAt),
    updated_at: isoOf(j.updatedAt),
    finished_at: isoOrNull(j.finishedAt),
  };
}

/** Every task (registered by any process of this database), the newest jobs, the counts. */
export async function readJobsStatus(db: DbOrTx, o: { state?: TJobState; now?: Date } = {}): Promise<TJobsResponse> {
  const now = o.now ?? new Date();
  const [tasks, { rows, counts }] = await Promise.all([
    listTaskRows(db),
    listJobRows(db, { state: o.state, limit: JOBS_SHOWN }),
  ]);
  // The tasks people look for first (delivery, reminders) first; unknown ones after, by name.
  const order = Object.keys(BACKGROUND_TASK_NAMES);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  tasks.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  return {
    tasks: tasks.map((t) => toTaskResponse(t, now)),
    jobs: rows.map(toJobResponse),
    counts: Object.fromEntries(JOB_STATES.map((s) => [s, counts[s] ?? 0])) as TJobsResponse['counts'],
  };
}
