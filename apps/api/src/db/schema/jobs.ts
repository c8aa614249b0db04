import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timeOrderedId } from './time-ordered-id';

/**
 * Background work (issue 31 item 3, docs/decisions/019-background-jobs.md), owned by
 * `lib/jobs/` (the runner knows no module; `background.ts` registers what runs).
 *
 * `job_tasks`: one row per periodic task (the mail delivery, the reminders, the purges…), its
 * schedule and its visible state. A process runs a task only after claiming the row (a lease:
 * `locked_until`, `locked_by`), so each period runs once overall however many processes look; a
 * process that dies mid-run loses the claim when the lease lapses and another one takes over.
 */
export const jobTasks = pgTable(
  'job_tasks',
  {
    name: text('name').primaryKey(),
    /** Its period as last registered (a process with a newer build may change it). */
    everyMs: integer('every_ms').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Asked to run again at once (a "kick") while another process held it: it runs again after. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The process that holds it (host:pid:random), for the state screen and the logs. */
    lockedBy: text('locked_by'),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    runCount: integer('run_count').notNull().default(0),
    /** Failed runs in a row (0 after a success): `failing` while above 0. */
    failureCount: integer('failure_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('job_tasks_every_check', sql`${t.everyMs} > 0`)],
);

/**
 * `jobs`: one-off work, enqueued in the transaction of its cause (`enqueueJob(tx, …)`), to run at
 * `run_at`: queued → running (claimed with `FOR UPDATE SKIP LOCKED`, `locked_until` bounds the
 * claim) → done | queued again (retry with back-off, `last_error`) | failed (after the last
 * attempt, with the reason) | cancelled (its cause went away first). `dedupe_key`: one cause, one
 * job. Finished rows are purged after a while (the `jobs.purge` task).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: timeOrderedId(),
    /** The registered handler that runs it (`bookings.hold_expiry`…). */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
    // The claim: only what may still run, soonest first.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    // The purge of finished rows.
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    index('jobs_created_idx').on(t.createdAt),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
