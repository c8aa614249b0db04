/**
 * The SQL of background work (docs/decisions/019-background-jobs.md): claims with a lease
 * (`FOR UPDATE SKIP LOCKED`, so several processes never take the same row), fenced finishes (a
 * process whose lease lapsed and was taken over writes nothing), and the reads of the state
 * screen. Every time is the caller's `now` (tests pass theirs; the runner passes the clock's).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { affectedRows, type DbOrTx } from '../../db/client';
import { jobs, jobTasks } from '../../db/schema';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const millis = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

// ── Periodic tasks ───────────────────────────────────────────────────────────────────────────────

/** Creates the rows of the tasks this process runs (a first run `firstRunAt`), updating their period. */
export async function registerTasks(db: DbOrTx, tasks: { name: string; everyMs: number; firstRunAt: Date }[]) {
  if (tasks.length === 0) return;
  const rows = JSON.stringify(
    tasks.map((t) => ({ name: t.name, every_ms: t.everyMs, next_run_at: t.firstRunAt.toISOString() })),
  );
  await db.execute(sql`
    insert into job_tasks (name, every_ms, next_run_at)
    select name, every_ms, next_run_at from jsonb_to_recordset(${rows}::jsonb) as v(name text, every_ms int, next_run_at timestamptz)
    on conflict (name) do update set every_ms = excluded.every_ms, updated_at = now()`);
}

/**
 * Claims the tasks of `candidates` that are due at `now` (or `forced`: asked to run now) and that no
 * live process holds, in one statement. Returns the names claimed.
 */
export async function claimTasks(
  db: DbOrTx,
  owner: string,
  now: Date,
  candidates: { name: string; leaseMs: number; forced: boolean }[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const list = JSON.stringify(candidates.map((c) => ({ name: c.name, lease_ms: c.leaseMs, forced: c.forced })));
  const res = await db.execute<{ name: string }>(sql`
    with v as (select * from jsonb_to_recordset(${list}::jsonb) as v(name text, lease_ms int, forced boolean))
    update job_tasks t set
      locked_until = ${at(now)} + make_interval(secs => v.lease_ms / 1000.0),
      locked_by = ${owner},
      last_started_at = ${at(now)},
      requested_at = null,
      updated_at = now()
    from v
    where t.name = v.name and t.name in (
      select t2.name from job_tasks t2 join v v2 on v2.name = t2.name
      where (t2.next_run_at <= ${at(now)} or v2.forced)
        and (t2.locked_until is null or t2.locked_until <= ${at(now)})
      for update of t2 skip locked
    )
    returning t.name`);
  return res.rows.map((r) => r.name);
}

/**
 * Asks for a task to run as soon as it can (a kick another process's run kept from running here):
 * due now, and run again right after the run in hand ends.
 */
export async function requestTask(db: DbOrTx, name: string, now: Date) {
  await db.execute(sql`
    update job_tasks set requested_at = ${at(now)}, next_run_at = least(next_run_at, ${at(now)})
    where name = ${name}`);
}

/** Extends the lease of a task this process still holds. */
export async function extendTaskLease(db: DbOrTx, name: string, owner: string, until: Date) {
  await db.execute(sql`
    update job_tasks set locked_until = ${at(until)} where name = ${name} and locked_by = ${owner}`);
}

/**
 * The end of a run (if the task is still ours): its outcome, and the next run one period after
 * this one started, or at once when it was asked again meanwhile (`requested_at`, `rerun`). A
 * failure waits longer each time in a row (period · 2^failures, up to max(period, 10 min)).
 */
export async function finishTask(
  db: DbOrTx,
  o: { name: string; owner: string; end: Date; durationMs: number; error: string | null; rerun: boolean },
): Promise<boolean> {
  const failed = o.error !== null;
  const res = await db.execute(sql`
    update job_tasks set
      locked_until = null,
      locked_by = null,
      last_finished_at = ${at(o.end)},
      last_duration_ms = ${Math.round(o.durationMs)},
      last_error = ${o.error},
      run_count = run_count + 1,
      ${failed ? sql`failure_count = failure_count + 1,` : sql`failure_count = 0, last_succeeded_at = ${at(o.end)},`}
      next_run_at = case
        when ${o.rerun} or requested_at is not null then ${at(o.end)}
        else coalesce(last_started_at, ${at(o.end)}) + make_interval(secs => (${
          failed
            ? sql`least(greatest(every_ms, 600000), every_ms * power(2, least(failure_count + 1, 10)))`
            : sql`every_ms`
        }) / 1000.0)
      end,
      requested_at = null,
      updated_at = now()
    where name = ${o.name} and locked_by = ${o.owner}`);
  return affectedRows(res) > 0;
}

/** A task given back without running (the process is stopping): due again at once elsewhere. */
export async function releaseTask(db: DbOrTx, name: string, owner: string) {
  await db.execute(sql`
    update job_tasks set locked_until = null, locked_by = null, updated_at = now()
    where name = ${name} and locked_by = ${owner}`);
}

export type TaskRow = typeof jobTasks.$inferSelect;

/** Every periodic task's row, by name. */
export async function listTaskRows(db: DbOrTx): Promise<TaskRow[]> {
  return db.select().from(jobTasks).orderBy(asc(jobTasks.name));
}

// ── One-off jobs ─────────────────────────────────────────────────────────────────────────────────

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run first (default: at once). */
  runAt?: Date;
  /** One cause, one job: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
};

export async function insertJob(tx: DbOrTx, j: NewJob): Promise<string | undefined> {
  const [row] = await insertJobQuery(tx, j).returning({ id: jobs.id });
  return row?.id;
}

/** The INSERT of {@link insertJob}, not run: a part of another statement (a data-modifying CTE, ADR 042). */
export function insertJobQuery(tx: DbOrTx, j: NewJob) {
  return tx
    .insert(jobs)
    .values({
      kind: j.kind,
      payload: j.payload ?? {},
      runAt: j.runAt ?? sql`now()`,
      dedupeKey: j.dedupeKey ?? null,
      maxAttempts: j.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Cancels jobs of a cause that have not started (their cause went away); returns how many. */
export async function cancelQueuedJobs(tx: DbOrTx, dedupeKey: string): Promise<number> {
  const res = await tx.execute(sql`
    update jobs set state = 'cancelled', finished_at = now(), updated_at = now()
    where dedupe_key = ${dedupeKey} and state = 'queued'`);
  return affectedRows(res);
}

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  dedupeKey: string | null;
};

/**
 * Claims up to `limit` jobs of `kinds` due at `now`: queued ones whose time has come and running
 * ones whose lease lapsed (their process died). The claim counts the attempt.
 */
export async function claimJobs(
  db: DbOrTx,
  owner: string,
  now: Date,
  kinds: { kind: string; leaseMs: number }[],
  limit: number,
): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const list = JSON.stringify(kinds.map((k) => ({ kind: k.kind, lease_ms: k.leaseMs })));
  const res = await db.execute<{
    id: string;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    run_at: string;
    dedupe_key: string | null;
  }>(sql`
    with v as (select * from jsonb_to_recordset(${list}::jsonb) as v(kind text, lease_ms int)),
    claimed as (
      update jobs j set
        state = 'running',
        attempts = j.attempts + 1,
        locked_until = ${at(now)} + make_interval(secs => v.lease_ms / 1000.0),
        locked_by = ${owner},
        updated_at = now()
      from v
      where v.kind = j.kind and j.id in (
        select j2.id from jobs j2
        where j2.kind in (select kind from v)
          and ((j2.state = 'queued' and j2.run_at <= ${at(now)})
            or (j2.state = 'running' and j2.locked_until <= ${at(now)}))
        order by j2.run_at
        limit ${limit}
        for update of j2 skip locked
      )
      returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.run_at, j.dedupe_key
    )
    select id, kind, payload, attempts, max_attempts, run_at::text as run_at, dedupe_key from claimed
    order by run_at, id`);
  return res.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: ((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) ?? {}) as Record<string, unknown>,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAt: r.run_at,
    dedupeKey: r.dedupe_key,
  }));
}

/** Whether the row is still this attempt's (running, same attempt, same process). */
const stillOurs = (id: string, owner: string, attempts: number) => sql`
  id = ${id} and state = 'running' and locked_by = ${owner} and attempts = ${attempts}`;

export async function extendJobLease(db: DbOrTx, id: string, owner: string, attempts: number, until: Date) {
  await db.execute(sql`update jobs set locked_until = ${at(until)} where ${stillOurs(id, owner, attempts)}`);
}

export async function markJobDone(db: DbOrTx, id: string, owner: string, attempts: number, end: Date) {
  const res = await db.execute(sql`
    update jobs set state = 'done', finished_at = ${at(end)}, locked_until = null, last_error = null, updated_at = now()
    where ${stillOurs(id, owner, attempts)}`);
  return affectedRows(res) > 0;
}

/** A failed attempt: queued again after `retryInMs`, or failed for good (null) with the reason. */
export async function markJobFailed(
  db: DbOrTx,
  o: { id: string; owner: string; attempts: number; end: Date; error: string; retryInMs: number | null },
) {
  const res = await db.execute(sql`
    update jobs set
      ${
        o.retryInMs === null
          ? sql`state = 'failed', finished_at = ${at(o.end)},`
          : sql`state = 'queued', run_at = ${at(o.end)} + ${millis(o.retryInMs)},`
      }
      locked_until = null, last_error = ${o.error}, updated_at = now()
    where ${stillOurs(o.id, o.owner, o.attempts)}`);
  return affectedRows(res) > 0;
}

/** A claim given back untried (the process is stopping): queued again at once, the attempt uncounted. */
export async function releaseJob(db: DbOrTx, id: string, owner: string, attempts: number) {
  await db.execute(sql`
    update jobs set state = 'queued', attempts = attempts - 1, locked_until = null, locked_by = null, updated_at = now()
    where ${stillOurs(id, owner, attempts)}`);
}

/**
 * Deletes finished jobs: done or cancelled ones older than `doneMs`, failed ones older than
 * `failedMs` (kept longer: someone may need to read why). Bounded; returns how many.
 */
export async function purgeFinishedJobs(
  db: DbOrTx,
  now: Date,
  o: { doneMs: number; failedMs: number; limit: number },
): Promise<number> {
  const res = await db.execute(sql`
    delete from jobs where id in (
      select id from jobs where finished_at is not null and (
        (state in ('done', 'cancelled') and finished_at < ${at(now)} - ${millis(o.doneMs)})
        or (state = 'failed' and finished_at < ${at(now)} - ${millis(o.failedMs)}))
      limit ${o.limit})`);
  return affectedRows(res);
}

export type JobRow = typeof jobs.$inferSelect;
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** The newest jobs (of one state, when given), and how many there are of each state. */
export async function listJobRows(db: DbOrTx, o: { state?: (typeof JOB_STATES)[number]; limit: number }) {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(o.state ? eq(jobs.state, o.state) : undefined)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(o.limit),
    db.select({ state: jobs.state, n: count() }).from(jobs).groupBy(jobs.state),
  ]);
  return { rows, counts: Object.fromEntries(counts.map((c) => [c.state, Number(c.n)])) as Record<string, number> };
}

/** Jobs by id (tests and the runner's own checks). */
export async function findJobs(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.id, ids)));
}
