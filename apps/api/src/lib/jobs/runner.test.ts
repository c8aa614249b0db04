/**
 * The background runner (issue 31 item 3) on a real database — PGlite, and PostgreSQL with
 * TEST_DATABASE_URL, where two runners really claim at once: a periodic task runs once per period
 * overall, a job runs exactly once, enqueued with its cause's transaction, retried with back-off,
 * failed with the reason after its last attempt, taken over when its process's lease lapses, and a
 * stop aborts and waits. Driven by `tick(now)` and `runTask(name, now)`: no clock, no sleeps.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { inTransaction } from '../../db/transaction';
import { findJobs, listTaskRows, purgeFinishedJobs } from './jobs.repository';
import { cancelJob, enqueueJob } from './queue';
import { createJobRunner, type JobHandler, type PeriodicTask } from './runner';
import { readJobsStatus } from './status';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 30_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  await database.db.execute(sql`delete from job_tasks`);
});

// Now, to the minute: the purges compare with the clock, so a fixed date goes stale once passed.
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A promise to resolve by hand: a run that lasts until the test says so. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const runner = (o: { tasks?: PeriodicTask[]; handlers?: JobHandler[]; owner?: string }) =>
  createJobRunner({ db: database.db, ...o });

async function taskRow(name: string) {
  return (await listTaskRows(database.db)).find((t) => t.name === name);
}

describe('periodic tasks', () => {
  it('run once per period, whatever the number of runners looking at the same moment', async () => {
    let runs = 0;
    const task = (): PeriodicTask => ({
      name: 'test.count',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
      },
    });
    const a = runner({ tasks: [task()], owner: 'a' });
    const b = runner({ tasks: [task()], owner: 'b' });
    await a.register(T0);
    await b.register(T0);
    for (let period = 0; period < 5; period++) {
      // Both look at the start of the period, again halfway through, and just before its end.
      for (const offset of [0, 30_000, 59_999]) {
        await Promise.all([a.tick(at(period * 60_000 + offset)), b.tick(at(period * 60_000 + offset))]);
      }
    }
    expect(runs).toBe(5);
    const row = await taskRow('test.count');
    expect(row).toMatchObject({ runCount: 5, failureCount: 0, lastError: null, lockedBy: null });
    expect(row?.nextRunAt.toISOString()).toBe(at(5 * 60_000).toISOString());
  });

  it('a failing run is recorded with its error and waits longer each time; a good run clears it', async () => {
    let fail = true;
    const r = runner({
      tasks: [
        {
          name: 'test.flaky',
          everyMs: 60_000,
          run: async () => {
            if (fail) throw new Error('la base de datos\nno responde');
          },
        },
      ],
    });
    await r.register(T0);
    expect(await r.tick(T0)).toEqual({ tasks: ['test.flaky'], jobs: 0 });
    let row = await taskRow('test.flaky');
    expect(row).toMatchObject({ failureCount: 1, runCount: 1, lastError: 'la base de datos no responde' });
    // period · 2^1 after the start
    expect(row?.nextRunAt.toISOString()).toBe(at(120_000).toISOString());
    expect((await r.tick(at(60_000))).tasks).toEqual([]);
    await r.tick(at(120_000));
    row = await taskRow('test.flaky');
    expect(row?.failureCount).toBe(2);
    expect(row?.nextRunAt.toISOString()).toBe(at(120_000 + 240_000).toISOString());
    const status = await readJobsStatus(database.db, { now: at(130_000) });
    expect(status.tasks.find((t) => t.name === 'test.flaky')).toMatchObject({
      state: 'failing',
      last_error: 'la base de datos no responde',
      failure_count: 2,
      run_count: 2,
    });
    fail = false;
    await r.tick(at(360_000));
    row = await taskRow('test.flaky');
    expect(row).toMatchObject({ failureCount: 0, runCount: 3, lastError: null });
    expect((await readJobsStatus(database.db, { now: at(361_000) })).tasks[0].state).toBe('ok');
  });

  it('a run whose process died is taken over once its lease lapses, and the late finish writes nothing', async () => {
    const hang = deferred();
    const started = deferred();
    let runs = 0;
    const task = (wait: boolean): PeriodicTask => ({
      name: 'test.lease',
      everyMs: 60_000,
      leaseMs: 30_000,
      run: async () => {
        runs += 1;
        if (wait) {
          started.resolve();
          await hang.promise;
        }
      },
    });
    const dying = runner({ tasks: [task(true)], owner: 'dying' });
    const other = runner({ tasks: [task(false)], owner: 'other' });
    await dying.register(T0);
    const held = dying.tick(T0);
    await started.promise;
    expect((await readJobsStatus(database.db, { now: at(1000) })).tasks[0]).toMatchObject({
      state: 'running',
      running_on: 'dying',
    });
    // Inside the lease nobody else runs it, even when asked to.
    expect(await other.runTask('test.lease', at(29_000))).toEqual({ ran: false });
    // The lease lapsed: the other process runs it.
    expect((await other.tick(at(30_001))).tasks).toEqual(['test.lease']);
    expect(runs).toBe(2);
    hang.resolve();
    await held;
    const row = await taskRow('test.lease');
    // The dead process's late finish did not overwrite the run that took over.
    expect(row?.runCount).toBe(1);
    expect(row?.lastStartedAt?.toISOString()).toBe(at(30_001).toISOString());
  });

  it('stop aborts the run in hand and waits for it', async () => {
    const started = deferred();
    let sawAbort = false;
    const r = runner({
      tasks: [
        {
          name: 'test.stop',
          everyMs: 60_000,
          run: async ({ signal }) => {
            started.resolve();
            await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
            sawAbort = signal.aborted;
          },
        },
      ],
    });
    await r.register(T0);
    const ticking = r.tick(T0);
    await started.promise;
    await r.stop();
    expect(sawAbort).toBe(true);
    await ticking;
    expect(await taskRow('test.stop')).toMatchObject({ lockedBy: null, runCount: 1 });
  });
});

describe('kicks', () => {
  it('a kick runs a task now, although its next run is an hour away', async () => {
    const ran = deferred();
    const r = createJobRunner({
      db: database.db,
      pollMs: 3_600_000,
      tasks: [{ name: 'test.kick', everyMs: 3_600_000, firstRunAfterMs: 3_600_000, run: async () => ran.resolve() }],
    });
    await r.start();
    r.kick('test.kick');
    await ran.promise;
    await r.stop();
    expect(await taskRow('test.kick')).toMatchObject({ runCount: 1, lockedBy: null });
  });

  it('kicks within a task gap are one run at its end; a lone kick runs at once', async () => {
    const GAP = 150;
    const starts: number[] = [];
    let waiting = deferred();
    const r = createJobRunner({
      db: database.db,
      pollMs: 3_600_000,
      tasks: [
        {
          name: 'test.gap',
          everyMs: 3_600_000,
          firstRunAfterMs: 3_600_000,
          kickGapMs: GAP,
          run: async () => {
            starts.push(Date.now());
            waiting.resolve();
          },
        },
      ],
    });
    await r.start();
    const first = Date.now();
    r.kick('test.gap');
    await waiting.promise;
    // A lone kick: no wait for the gap.
    expect(starts[0] - first).toBeLessThan(GAP);
    waiting = deferred();
    // A burst (a sale per request): one more run, not six, and not before the gap has passed since
    // the first kick (counted from the kick: the first run itself started a lease claim later).
    for (let i = 0; i < 6; i++) r.kick('test.gap');
    await waiting.promise;
    expect(starts[1] - first).toBeGreaterThanOrEqual(GAP - 5);
    await r.stop();
    expect(starts).toHaveLength(2);
    expect(await taskRow('test.gap')).toMatchObject({ runCount: 2, lockedBy: null });
  });

  it('a kick while another process runs it: that run goes again as soon as it ends', async () => {
    const hang = deferred();
    const started = deferred();
    const holder = runner({
      owner: 'holder',
      tasks: [
        {
          name: 'test.busy',
          everyMs: 3_600_000,
          run: async () => {
            started.resolve();
            await hang.promise;
          },
        },
      ],
    });
    await holder.register(T0);
    const held = holder.tick(T0);
    await started.promise;
    const kicked = createJobRunner({
      db: database.db,
      owner: 'kicker',
      pollMs: 3_600_000,
      clock: () => at(1000),
      tasks: [{ name: 'test.busy', everyMs: 3_600_000, firstRunAfterMs: 3_600_000, run: async () => {} }],
    });
    await kicked.start();
    kicked.kick('test.busy');
    // The kicker could not claim it: it asked for another run instead.
    await expect
      .poll(async () => (await taskRow('test.busy'))?.requestedAt?.toISOString())
      .toBe(at(1000).toISOString());
    await kicked.stop();
    hang.resolve();
    await held;
    const row = await taskRow('test.busy');
    // Due at the end of the run in hand, not an hour after it started.
    expect(row?.nextRunAt.getTime()).toBeLessThan(at(60_000).getTime());
    expect(row?.requestedAt).toBeNull();
  });
});

describe('jobs', () => {
  const kind = 'test.hold_expiry';

  it('exist only if the change that enqueues them commits, run once at run_at, one per cause', async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await enqueueJob(tx, { kind, payload: { booking: 'x' }, runAt: at(60_000), dedupeKey: 'hold:x' });
        throw new Error('the hold was not written');
      }),
    ).rejects.toThrow('not written');
    expect((await database.db.execute(sql`select id from jobs`)).rows).toHaveLength(0);

    const id = await inTransaction(database.db, (tx) =>
      enqueueJob(tx, { kind, payload: { booking: 'b1' }, runAt: at(60_000), dedupeKey: 'hold:b1' }),
    );
    expect(id).toBeTypeOf('string');
    expect(await enqueueJob(database.db, { kind, runAt: at(0), dedupeKey: 'hold:b1' })).toBeUndefined();

    const seen: unknown[] = [];
    const handler = (): JobHandler => ({
      kind,
      run: async ({ job }) => {
        seen.push(job.payload);
      },
    });
    const a = runner({ handlers: [handler()], owner: 'a' });
    const b = runner({ handlers: [handler()], owner: 'b' });
    expect(await a.tick(at(59_999))).toEqual({ tasks: [], jobs: 0 });
    const results = await Promise.all([a.tick(at(60_000)), b.tick(at(60_000)), a.tick(at(60_001))]);
    expect(results.reduce((n, r) => n + r.jobs, 0)).toBe(1);
    expect(seen).toEqual([{ booking: 'b1' }]);
    const [row] = await findJobs(database.db, [id as string]);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lastError: null });
    expect(row.finishedAt).not.toBeNull();
    expect((await a.tick(at(600_000))).jobs).toBe(0);
  });

  it('many jobs, two runners at once: each runs exactly once', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++)
      ids.add((await enqueueJob(database.db, { kind, runAt: T0, dedupeKey: `many:${i}` })) as string);
    const ran: string[] = [];
    const handler: JobHandler = {
      kind,
      run: async ({ job }) => {
        ran.push(job.id);
      },
    };
    const a = createJobRunner({ db: database.db, handlers: [handler], owner: 'a', concurrency: 3 });
    const b = createJobRunner({ db: database.db, handlers: [handler], owner: 'b', concurrency: 3 });
    for (let i = 0; i < 10; i++) await Promise.all([a.tick(at(1000)), b.tick(at(1000))]);
    expect(ran).toHaveLength(30);
    expect(new Set(ran)).toEqual(ids);
  });

  it('a failed attempt is retried with back-off; after the last one it is failed with the reason', async () => {
    const id = (await enqueueJob(database.db, { kind, runAt: T0, maxAttempts: 3 })) as string;
    const r = runner({
      handlers: [
        {
          kind,
          backoff: { baseMs: 10_000, maxMs: 60_000 },
          run: async ({ job }) => {
            throw new Error(`Hacienda respondió 503 (intento ${job.attempts})`);
          },
        },
      ],
    });
    await r.tick(T0);
    let [row] = await findJobs(database.db, [id]);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Hacienda respondió 503 (intento 1)' });
    expect(row.runAt.toISOString()).toBe(at(10_000).toISOString());
    expect((await r.tick(at(9_999))).jobs).toBe(0);
    await r.tick(at(10_000));
    [row] = await findJobs(database.db, [id]);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row.runAt.toISOString()).toBe(at(10_000 + 20_000).toISOString());
    await r.tick(at(30_000));
    [row] = await findJobs(database.db, [id]);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'Hacienda respondió 503 (intento 3)' });
    expect(row.finishedAt).not.toBeNull();
    expect((await r.tick(at(999_999))).jobs).toBe(0);
    const status = await readJobsStatus(database.db, { state: 'failed' });
    expect(status.jobs).toMatchObject([{ id, state: 'failed', attempts: 3, max_attempts: 3 }]);
    expect(status.counts.failed).toBe(1);
  });

  it('a job whose process died is taken over when its lease lapses; the dead claim cannot finish it', async () => {
    const id = (await enqueueJob(database.db, { kind, runAt: T0 })) as string;
    const hang = deferred();
    const started = deferred();
    const dying = runner({
      owner: 'dying',
      handlers: [
        {
          kind,
          leaseMs: 60_000,
          run: async () => {
            started.resolve();
            await hang.promise;
          },
        },
      ],
    });
    let tookOver = 0;
    const other = runner({
      owner: 'other',
      handlers: [
        {
          kind,
          run: async () => {
            tookOver += 1;
          },
        },
      ],
    });
    const held = dying.tick(T0);
    await started.promise;
    expect((await other.tick(at(59_999))).jobs).toBe(0);
    expect((await other.tick(at(60_000))).jobs).toBe(1);
    expect(tookOver).toBe(1);
    hang.resolve();
    await held;
    const [row] = await findJobs(database.db, [id]);
    expect(row).toMatchObject({ state: 'done', attempts: 2, lockedBy: 'other' });
  });

  it('a job that keeps killing its process is failed, not retried for ever', async () => {
    const id = (await enqueueJob(database.db, { kind, runAt: T0, maxAttempts: 1 })) as string;
    // Claimed once by a process that then died (its lease lapsed).
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead', locked_until = ${T0.toISOString()}::timestamptz where id = ${id}`,
    );
    let ran = 0;
    const r = runner({
      handlers: [
        {
          kind,
          run: async () => {
            ran += 1;
          },
        },
      ],
    });
    await r.tick(at(1000));
    expect(ran).toBe(0);
    const [row] = await findJobs(database.db, [id]);
    expect(row.state).toBe('failed');
    expect(row.lastError).toMatch(/Se interrumpió 1 veces/);
  });

  it('a queued job can be cancelled by its cause; finished jobs are purged after a while', async () => {
    const cancelled = (await enqueueJob(database.db, { kind, runAt: at(60_000), dedupeKey: 'hold:paid' })) as string;
    expect(await cancelJob(database.db, 'hold:paid')).toBe(true);
    expect(await cancelJob(database.db, 'hold:paid')).toBe(false);
    const r = runner({ handlers: [{ kind, run: async () => {} }] });
    expect((await r.tick(at(120_000))).jobs).toBe(0);
    const done = (await enqueueJob(database.db, { kind, runAt: T0 })) as string;
    await r.tick(T0);
    // On the tests' clock, right after the job ran (not the wall clock: on a busy machine this file
    // can take more than a minute, and T0 would then be "old").
    const now = at(1000);
    // Nothing is old enough yet.
    expect(await purgeFinishedJobs(database.db, now, { doneMs: 60_000, failedMs: 60_000, limit: 10 })).toBe(0);
    expect(await findJobs(database.db, [cancelled, done])).toHaveLength(2);
    expect(
      await purgeFinishedJobs(database.db, new Date(now.getTime() + 86_400_000), {
        doneMs: 60_000,
        failedMs: 60_000,
        limit: 10,
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(await findJobs(database.db, [cancelled, done])).toHaveLength(0);
  });

  it('refuses a kind that does not say its owner, and a payload too large', async () => {
    await expect(enqueueJob(database.db, { kind: 'Expire' })).rejects.toThrow(/owner/);
    await expect(enqueueJob(database.db, { kind, payload: { x: 'x'.repeat(20_000) } })).rejects.toThrow(/large/);
  });
});
