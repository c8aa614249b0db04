/**
 * A PostgreSQL read replica (DATABASE_REPLICA_URL, docs/decisions/033-read-replica.md): a physical
 * streaming standby of the primary that takes the reads which tolerate a second of lag (lists,
 * reports, exports). Writes, transactions and reads that must see the latest data stay on the
 * primary.
 *
 * How far behind the replica is, without trusting clocks between servers: every check reads the
 * primary's flushed WAL position (`pg_current_wal_flush_lsn()`), then the replica's replayed one
 * (`pg_last_wal_replay_lsn()`). The replica is as fresh as the newest primary position it has
 * replayed, so its lag is the age of the oldest sample it has not reached yet (0 when it has
 * reached the last one: an idle primary does not make an idle replica look late). The same samples
 * answer "has the replica replayed everything that was committed before this instant?" — the
 * read-your-own-writes test ({@link ReadReplica.caughtUpTo}) — without one more query per write.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Logger } from 'pino';
import { infrastructureFault, pgErrorOf } from '../lib/db-errors';
import { PG_SESSION_OPTIONS } from './pg-session';
import { createPool } from './pool';
import * as schema from './schema';
import type { Db } from './types';

/** Reads go to the replica only while it is at most this far behind the primary (ms). */
export const REPLICA_MAX_LAG_MS = 1000;
/** How often each process measures the replica (ms). */
export const REPLICA_CHECK_MS = 250;
/** A check that takes longer than this counts as the replica being down (ms). */
const CHECK_TIMEOUT_MS = 1000;
/** Primary positions kept for {@link ReadReplica.caughtUpTo}: longer than any write's cookie lives. */
const SAMPLES_KEPT_MS = 15_000;

export type ReplicaStatus =
  /** Not measured yet: reads stay on the primary. */
  | 'starting'
  /** At most REPLICA_MAX_LAG_MS behind: reads may go to it. */
  | 'ok'
  /** Reachable but further behind: reads go to the primary until it catches up. */
  | 'lagging'
  /** Unreachable, refusing or too slow to answer: reads go to the primary. */
  | 'down'
  /** Answers but is not a standby (promoted, or another server): never used. */
  | 'not_standby';

export type ReplicaState = {
  status: ReplicaStatus;
  /** How far behind it was at the last check (ms), when it could be measured. */
  lagMs?: number;
  /** When it was last checked (epoch ms). */
  checkedAt?: number;
  /** Why reads do not go to it, in Spanish (readiness shows it). */
  problem?: string;
};

export type ReadReplica = {
  /**
   * The replica's drizzle handle. A statement the replica cannot answer (down, restarting, a query
   * cancelled by recovery, a write sent by mistake) is run again on the primary, so a read never
   * fails because of the replica; a transaction opened on it runs on the primary.
   */
  db: Db;
  /** Whether reads may go to the replica now: a standby, measured recently, within the lag limit. */
  usable(): boolean;
  /**
   * Whether the replica has replayed everything the primary had committed at `at` (epoch ms): a
   * primary position sampled after `at` is replayed. False until such a sample exists.
   */
  caughtUpTo(at: number): boolean;
  state(): ReplicaState;
  /** The replica pool's figures. */
  stats(): { total: number; idle: number; waiting: number; max: number };
  /** Measures the replica now (the loop does it every `checkMs`; tests call it by hand). */
  check(): Promise<ReplicaState>;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  url: string;
  /** The primary's pool: where the positions are read and where failed reads go. */
  primary: pg.Pool;
  /** The primary's handle: every transaction opened on the replica's runs there. */
  primaryDb: Db;
  poolSize?: number;
  logger?: Logger;
  maxLagMs?: number;
  /** 0: no loop (tests drive {@link ReadReplica.check} themselves). */
  checkMs?: number;
};

type Sample = { at: number; lsn: bigint };

/** "16/B374D848" → its byte position. */
export function parseLsn(text: string): bigint {
  const m = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text);
  if (!m) throw new Error(`posición de WAL no válida: ${text}`);
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/**
 * Whether a failed replica statement should be run on the primary instead: the replica is not
 * there (restarting, unreachable, refusing connections), recovery cancelled the query (a conflict
 * with the WAL it replays: 40001), or a write reached a read-only server (25006).
 */
export function isReplicaFault(err: unknown): boolean {
  if (infrastructureFault(err)) return true;
  const code = pgErrorOf(err)?.code;
  if (code === '25006') return true;
  if (code === '40001') {
    const message = (err as { message?: string; cause?: { message?: string } }).message ?? '';
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? '';
    return /conflict with recovery/i.test(`${message} ${cause}`);
  }
  return false;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What drizzle sees as the replica's client. Single statements go to the replica while it is
 * usable, and again to the primary when the replica fails them. A connection (what drizzle's
 * `transaction()` asks a pool for) is always the primary's; `openReplica` also sends the handle's
 * `transaction()` itself to the primary.
 */
class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly isUsable: () => boolean,
    private readonly onFault: (err: unknown) => void,
  ) {}

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const run = (pool: pg.Pool) =>
      (pool.query as (c: unknown, v?: unknown) => Promise<unknown>).call(pool, config, values);
    if (!this.isUsable()) return run(this.primary);
    try {
      return await run(this.replica);
    } catch (err) {
      if (!isReplicaFault(err)) throw err;
      this.onFault(err);
      return run(this.primary);
    }
  }

  connect() {
    return this.primary.connect();
  }
}

/** Opens the replica's pool and its lag check (every `checkMs`, off the event loop's way: unref). */
export function openReplica(opts: ReplicaOptions): ReadReplica {
  const log = opts.logger;
  const maxLagMs = opts.maxLagMs ?? REPLICA_MAX_LAG_MS;
  const checkMs = opts.checkMs ?? REPLICA_CHECK_MS;
  const max = opts.poolSize ?? 10;
  const pool = createPool({
    connectionString: opts.url,
    max,
    // An unreachable replica must cost a read little: the primary answers it instead.
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'trayecto-replica',
    options: PG_SESSION_OPTIONS,
  });
  pool.on('error', (err) => log?.warn({ err }, 'PostgreSQL replica pool client error'));
  pool.on('connect', (client) => {
    client.on('error', (err) => log?.warn({ err }, 'PostgreSQL replica connection lost'));
  });

  let state: ReplicaState = { status: 'starting', problem: 'La réplica de lectura aún no se ha comprobado' };
  let samples: Sample[] = [];
  let replayed: bigint | undefined;
  let checking: Promise<ReplicaState> | undefined;

  const setState = (next: ReplicaState) => {
    if (next.status !== state.status) {
      const fields = { replica: next.status, lagMs: next.lagMs, problem: next.problem };
      if (next.status === 'ok') log?.info(fields, 'read replica in use');
      else log?.warn(fields, 'read replica not used; reads go to the primary');
    }
    state = next;
    return state;
  };

  const markDown = (err: unknown) =>
    setState({
      status: 'down',
      checkedAt: Date.now(),
      problem: `La réplica de lectura no responde (${(err as Error).message}); las lecturas van a la principal`,
    });

  const measure = async (): Promise<ReplicaState> => {
    const at = Date.now();
    let primaryLsn: bigint;
    try {
      const { rows } = await withTimeout(
        opts.primary.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn'),
        CHECK_TIMEOUT_MS,
      );
      primaryLsn = parseLsn(rows[0].lsn);
    } catch (err) {
      // Without the primary's position there is no lag to trust (and reads go nowhere else anyway).
      return setState({
        status: 'down',
        checkedAt: at,
        problem: `No se pudo leer la posición de la base de datos principal (${(err as Error).message})`,
      });
    }
    samples.push({ at, lsn: primaryLsn });
    samples = samples.filter((s) => s.at >= at - SAMPLES_KEPT_MS);
    let row: { standby: boolean; replayed: string | null };
    try {
      const res = await withTimeout(
        pool.query<{ standby: boolean; replayed: string | null }>(
          'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
        ),
        CHECK_TIMEOUT_MS,
      );
      row = res.rows[0];
    } catch (err) {
      return markDown(err);
    }
    if (!row.standby || !row.replayed) {
      return setState({
        status: 'not_standby',
        checkedAt: at,
        problem:
          'DATABASE_REPLICA_URL no es una réplica en espera (pg_is_in_recovery() es falso: ¿promovida?); las lecturas van a la principal',
      });
    }
    replayed = parseLsn(row.replayed);
    // The age of the oldest primary position it has not replayed (exact to one check interval).
    const behind = samples.find((s) => s.lsn > (replayed as bigint));
    const lagMs = behind ? Date.now() - behind.at : 0;
    if (lagMs > maxLagMs) {
      return setState({
        status: 'lagging',
        lagMs,
        checkedAt: at,
        problem: `La réplica de lectura va ${lagMs} ms por detrás (límite ${maxLagMs} ms); las lecturas van a la principal`,
      });
    }
    return setState({ status: 'ok', lagMs, checkedAt: at });
  };

  const check = () => {
    checking ??= measure().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  const timer =
    checkMs > 0
      ? setInterval(() => {
          void check();
        }, checkMs)
      : undefined;
  timer?.unref();

  // A measurement older than this says nothing about now (a stalled loop, a hung check). Without
  // a loop the state is what the last check said, until the next one.
  const freshFor = checkMs > 0 ? Math.max(4 * checkMs, maxLagMs) : Number.POSITIVE_INFINITY;
  const usable = () =>
    state.status === 'ok' && state.checkedAt !== undefined && Date.now() - state.checkedAt <= freshFor;

  const client = new ReplicaFallbackPool(pool, opts.primary, usable, (err) => {
    log?.warn({ err }, 'read replica failed a statement; ran it on the primary');
    if (!pgErrorOf(err) || infrastructureFault(err)) markDown(err);
  });
  const db = drizzle({ client: client as unknown as pg.Pool, schema, casing: 'snake_case' });
  // Writes and transactions never run on the replica (inTransaction, a service's own transaction).
  db.transaction = opts.primaryDb.transaction.bind(opts.primaryDb) as Db['transaction'];

  return {
    db,
    usable,
    caughtUpTo(at: number) {
      if (replayed === undefined) return false;
      const after = samples.find((s) => s.at >= at);
      return after !== undefined && replayed >= after.lsn;
    },
    state: () => state,
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    check,
    async close() {
      if (timer) clearInterval(timer);
      await checking?.catch(() => undefined);
      await pool.end();
    },
  };
}
