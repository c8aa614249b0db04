/**
 * The one home of background work (issue 31 item 3, STYLE.md rule 12,
 * docs/decisions/019-background-jobs.md). Every API process runs one runner; they share the work
 * through PostgreSQL (or the embedded PGlite) and never hold anything another process needs:
 *
 * - **Periodic tasks** (`every` N ms): a row per task in `job_tasks`. A process runs a task only
 *   after claiming its row (a lease, `FOR UPDATE SKIP LOCKED`), so each period runs once overall
 *   however many processes look; a live run extends its lease (a heartbeat), a process that died
 *   loses it when the lease lapses and the next look elsewhere takes over. `kick(name)` runs a task
 *   now (the mail delivery after a request wrote a message).
 * - **Jobs**: one-off rows in `jobs`, enqueued with their cause's transaction (`enqueueJob`), run at
 *   `run_at` by the handler registered for their `kind`, retried with back-off and left `failed`
 *   with the reason after the last attempt.
 * - **Graceful stop**: `stop()` stops looking, aborts the runs in hand (their `signal`), waits for
 *   them and gives back what was claimed but not started.
 *
 * The runner knows no module: `background.ts` (above the modules) says what runs. Tests drive it
 * with `tick(now)` / `runTask(name, now)` instead of waiting for the clock.
 */
import { hostname } from 'node:os';
import type { DbOrTx } from '../../db/client';
import * as repo from './jobs.repository';

type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type RunContext = {
  /** The moment this run is for (the clock's, or the test's). */
  now: Date;
  /** Aborted when the process stops: finish the item in hand, leave the rest. */
  signal: AbortSignal;
};

export type PeriodicTask = {
  /** Stable name, `<owner>.<what>` (`messages.deliver`): the row's key and the screen's label. */
  name: string;
  everyMs: number;
  /** How long a claim holds without a heartbeat (default 5 min): a dead process's run is taken over after it. */
  leaseMs?: number;
  /** The first run after the task is first registered (default: at once). */
  firstRunAfterMs?: number;
  /** Not run by the loop (only by `runTask`/`kick`): tests that drive a task by hand. */
  paused?: boolean;
  /**
   * The least time between two kicks that start a run (default 0: every kick at once). The kicks
   * that come within it are answered by one run at its end: under a burst of writes the task runs a
   * few times a second, not once per request (ADR 041).
   */
  kickGapMs?: number;
  run: (ctx: RunContext) => Promise<unknown>;
};

export type JobHandler = {
  /** The `kind` of the jobs it runs (`bookings.hold_expiry`…). */
  kind: string;
  leaseMs?: number;
  /** Wait after the n-th failed attempt: base · 2^(n−1), capped (default 30 s … 1 h). */
  backoff?: { baseMs: number; maxMs: number };
  run: (ctx: RunContext & { job: repo.ClaimedJob }) => Promise<void>;
};

export type JobRunnerOptions = {
  db: DbOrTx;
  tasks?: PeriodicTask[];
  handlers?: JobHandler[];
  log?: Log;
  /** How often the loop looks (default 2 s). */
  pollMs?: number;
  /** Jobs run at once by this process (default 4). */
  concurrency?: number;
  /** The clock (tests may pass one); default `new Date()`. */
  clock?: () => Date;
  /** This process's name in `locked_by` (default host:pid:random). */
  owner?: string;
};

export type TickResult = { tasks: string[]; jobs: number };

export type JobRunner = {
  readonly owner: string;
  /** Registers the tasks' rows and starts looking every `pollMs`. */
  start(): Promise<void>;
  /** Stops looking, aborts and awaits the runs in hand. */
  stop(): Promise<void>;
  /** Claims what is due at `now` once, runs it and waits for it: the loop's step, for tests. */
  tick(now?: Date): Promise<TickResult>;
  /**
   * Runs one task now whatever its schedule, if no other process holds it; waits for it. Answers
   * whether it ran and what the task returned.
   */
  runTask(name: string, now?: Date): Promise<{ ran: boolean; result?: unknown }>;
  /** Runs a task soon (in this process, or right after another process's run of it ends). */
  kick(name: string): void;
  /** Creates the task rows (start does it; a test that only ticks may call it). */
  register(now?: Date): Promise<void>;
};

export const DEFAULT_TASK_LEASE_MS = 5 * 60_000;
export const DEFAULT_JOB_LEASE_MS = 5 * 60_000;
export const DEFAULT_JOB_BACKOFF = { baseMs: 30_000, maxMs: 60 * 60_000 };

/** The wait after the `attempts`-th failed attempt (1 → base, 2 → 2·base, …, capped). */
export const jobBackoffMs = (attempts: number, b = DEFAULT_JOB_BACKOFF) =>
  Math.min(b.maxMs, b.baseMs * 2 ** (Math.max(1, attempts) - 1));

/**
 * An error as the state screen shows it: one line, bounded; a failed query is named by the
 * database's reason, not by its SQL and parameters (which may hold customers' data).
 */
export function describeError(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  const text =
    err instanceof Error && /^Failed query/.test(err.message) && cause instanceof Error
      ? cause.message
      : err instanceof Error
        ? err.message || err.name
        : String(err);
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 500);
  return line || 'Error desconocido';
}

export function createJobRunner(o: JobRunnerOptions): JobRunner {
  const owner = o.owner ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const clock = o.clock ?? (() => new Date());
  const pollMs = o.pollMs ?? 2000;
  const concurrency = o.concurrency ?? 4;
  const tasks = new Map((o.tasks ?? []).map((t) => [t.name, t]));
  const handlers = new Map((o.handlers ?? []).map((h) => [h.kind, h]));
  const controller = new AbortController();
  /** Runs in hand, by task name or job id. */
  const running = new Map<string, Promise<unknown>>();
  /** Tasks asked to run now (kicks), and those asked again while they run here. */
  const forced = new Set<string>();
  const rerun = new Set<string>();
  /** When each task's last kick took effect (this process's clock), and the kicks put off to its gap. */
  const lastKick = new Map<string, number>();
  const pendingKicks = new Map<string, NodeJS.Timeout>();
  let runningJobs = 0;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<unknown> | undefined;
  let started = false;
  let stopped = false;
  let registered = false;

  const leaseOf = (t: PeriodicTask) => t.leaseMs ?? DEFAULT_TASK_LEASE_MS;

  /** While a run lasts, its lease is extended every third of it. */
  function heartbeat(leaseMs: number, extend: (until: Date) => Promise<void>) {
    const every = Math.max(1000, Math.floor(leaseMs / 3));
    const h = setInterval(() => {
      extend(new Date(clock().getTime() + leaseMs)).catch((err) =>
        o.log?.warn({ err }, 'could not extend a background lease'),
      );
    }, every);
    h.unref();
    return () => clearInterval(h);
  }

  async function runClaimedTask(name: string, now: Date): Promise<unknown> {
    const task = tasks.get(name);
    if (!task) return undefined;
    const began = Date.now();
    const stopBeat = heartbeat(leaseOf(task), (until) => repo.extendTaskLease(o.db, name, owner, until));
    let error: string | null = null;
    let result: unknown;
    try {
      result = await task.run({ now, signal: controller.signal });
    } catch (err) {
      error = describeError(err);
      o.log?.warn({ err, task: name }, 'background task failed');
    } finally {
      stopBeat();
    }
    const again = rerun.delete(name) && !stopped;
    const durationMs = Date.now() - began;
    // The end is `now` moved by how long it took, so a test's clock stays the test's.
    const end = new Date(now.getTime() + durationMs);
    try {
      await repo.finishTask(o.db, { name, owner, end, durationMs, error, rerun: again });
    } catch (err) {
      // The lease lapses and another look runs it: nothing is lost but the state line.
      o.log?.warn({ err, task: name }, 'could not record a background task run');
    }
    if (again) schedule(0);
    return result;
  }

  async function runClaimedJob(job: repo.ClaimedJob, now: Date) {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    const leaseMs = handler.leaseMs ?? DEFAULT_JOB_LEASE_MS;
    // A job whose process died mid-run more often than it may be tried: failed, with the reason.
    if (job.attempts > job.maxAttempts) {
      await repo.markJobFailed(o.db, {
        id: job.id,
        owner,
        attempts: job.attempts,
        end: now,
        error: `Se interrumpió ${job.attempts - 1} veces sin terminar (el proceso que la ejecutaba se detuvo)`,
        retryInMs: null,
      });
      return;
    }
    if (stopped) {
      await repo.releaseJob(o.db, job.id, owner, job.attempts);
      return;
    }
    const began = Date.now();
    const stopBeat = heartbeat(leaseMs, (until) => repo.extendJobLease(o.db, job.id, owner, job.attempts, until));
    try {
      await handler.run({ now, signal: controller.signal, job });
      await repo.markJobDone(o.db, job.id, owner, job.attempts, new Date(now.getTime() + Date.now() - began));
    } catch (err) {
      const error = describeError(err);
      const last = job.attempts >= job.maxAttempts;
      const retryInMs = last ? null : jobBackoffMs(job.attempts, handler.backoff);
      o.log?.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs }, 'background job failed');
      await repo.markJobFailed(o.db, {
        id: job.id,
        owner,
        attempts: job.attempts,
        // A retry waits from the attempt's start (so a test's clock decides it); failed: its end.
        end: retryInMs === null ? new Date(now.getTime() + Date.now() - began) : now,
        error,
        retryInMs,
      });
    } finally {
      stopBeat();
    }
  }

  /** Claims what is due and starts it; answers the runs started (the loop does not wait for them). */
  async function startDue(now: Date): Promise<{ names: string[]; runs: Promise<unknown>[]; jobs: number }> {
    if (!registered) await register(now);
    const candidates = [...tasks.values()]
      .filter((t) => !running.has(t.name) && (!t.paused || forced.has(t.name)))
      .map((t) => ({ name: t.name, leaseMs: leaseOf(t), forced: forced.has(t.name) }));
    const asked = candidates.filter((c) => c.forced).map((c) => c.name);
    for (const name of asked) forced.delete(name);
    const names = await repo.claimTasks(o.db, owner, now, candidates);
    // A kick that another process's run kept from running here: that run is asked to go again.
    for (const name of asked) if (!names.includes(name)) await repo.requestTask(o.db, name, now);
    const runs: Promise<unknown>[] = names.map((name) => track(name, runClaimedTask(name, now)));
    const free = concurrency - runningJobs;
    const kinds = [...handlers.values()].map((h) => ({ kind: h.kind, leaseMs: h.leaseMs ?? DEFAULT_JOB_LEASE_MS }));
    const claimed = free > 0 && !stopped ? await repo.claimJobs(o.db, owner, now, kinds, free) : [];
    for (const job of claimed) {
      runningJobs += 1;
      runs.push(
        track(
          job.id,
          runClaimedJob(job, now).finally(() => {
            runningJobs -= 1;
          }),
        ),
      );
    }
    return { names, runs, jobs: claimed.length };
  }

  function track<T>(key: string, p: Promise<T>): Promise<T> {
    const guarded = p.catch((err) => {
      o.log?.error({ err, key }, 'background run failed unexpectedly');
      return undefined as T;
    });
    running.set(key, guarded);
    void guarded.finally(() => running.delete(key));
    return guarded;
  }

  function schedule(ms: number) {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(look, ms);
    timer.unref();
  }

  function look() {
    if (stopped || looking) return;
    looking = startDue(clock())
      .then(({ runs }) => {
        // When a run ends, look again soon: a job just freed a slot, a task may be due again.
        for (const r of runs) void r.finally(() => schedule(50));
      })
      .catch((err) => o.log?.warn({ err }, 'background runner could not look for work'))
      .finally(() => {
        looking = undefined;
        schedule(forced.size > 0 ? 0 : pollMs);
      });
  }

  /** A kick taking effect: the task runs now, or again right after the run in hand here. */
  function kickNow(name: string) {
    if (stopped) return;
    lastKick.set(name, Date.now());
    if (running.has(name)) {
      rerun.add(name);
      return;
    }
    forced.add(name);
    if (!looking) schedule(0);
  }

  async function register(now = clock()) {
    await repo.registerTasks(
      o.db,
      [...tasks.values()].map((t) => ({
        name: t.name,
        everyMs: t.everyMs,
        firstRunAt: new Date(now.getTime() + (t.firstRunAfterMs ?? 0)),
      })),
    );
    registered = true;
  }

  return {
    owner,
    register,
    async start() {
      if (started) return;
      // A database that is away at start-up does not stop the server: the first look registers.
      await register().catch((err) => o.log?.warn({ err }, 'could not register the background tasks yet'));
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const t of pendingKicks.values()) clearTimeout(t);
      pendingKicks.clear();
      controller.abort();
      await looking;
      await Promise.allSettled([...running.values()]);
    },
    async tick(now = clock()) {
      const { names, runs, jobs } = await startDue(now);
      await Promise.all(runs);
      return { tasks: names, jobs };
    },
    async runTask(name, now = clock()) {
      if (!tasks.has(name)) throw new Error(`Unknown background task: ${name}`);
      if (!registered) await register(now);
      await running.get(name);
      const task = tasks.get(name) as PeriodicTask;
      const [claimed] = await repo.claimTasks(o.db, owner, now, [{ name, leaseMs: leaseOf(task), forced: true }]);
      if (!claimed) return { ran: false };
      const p = track(name, runClaimedTask(name, now));
      return { ran: true, result: await p };
    },
    kick(name) {
      const task = tasks.get(name);
      if (!task || stopped || !started) return;
      const gap = task.kickGapMs ?? 0;
      if (gap > 0) {
        // One kick already waits for the end of the gap: it answers this one too.
        if (pendingKicks.has(name)) return;
        const wait = (lastKick.get(name) ?? Number.NEGATIVE_INFINITY) + gap - Date.now();
        if (wait > 0) {
          const t = setTimeout(() => {
            pendingKicks.delete(name);
            kickNow(name);
          }, wait);
          t.unref();
          pendingKicks.set(name, t);
          return;
        }
      }
      kickNow(name);
    },
  };
}
