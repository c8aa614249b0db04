import { sql } from 'drizzle-orm';

/**
 * How long any statement of the API waits for a lock before PostgreSQL refuses it (55P03, answered
 * 409 "El registro está ocupado…"): a busy departure, sheet or resource answers, never hangs.
 */
export const LOCK_TIMEOUT = '3s';

/**
 * Session settings of every connection the API opens to PostgreSQL (libpq's `options`).
 * `lock_timeout` ({@link LOCK_TIMEOUT}): set once per connection instead of a `SET LOCAL` statement
 * at the start of every write transaction — one round trip less per booking (ADR 038); the
 * migrator and the demo seed, which wait for each other on purpose, lift it for themselves. `jit=off`:
 * this is an OLTP workload of statements that take milliseconds, and PostgreSQL's JIT compiles any
 * statement whose estimate crosses `jit_above_cost` (100,000) at a cost of 30 ms to 1.8 s, measured
 * on the 1 M bench data set (ADR 037, ADR 031) — more than the statement itself ever saves. Behind
 * PgBouncer, add `options` to its `ignore_startup_parameters` and set `jit = off` on the database
 * instead (`ALTER DATABASE … SET jit = off`, `… SET lock_timeout = '3s'`; docs/deployment.md).
 */
export const PG_SESSION_OPTIONS = `-c jit=off -c lock_timeout=${LOCK_TIMEOUT}`;

/**
 * A FROM item (one row, no column anyone reads) that makes the transaction of the statement it is in
 * commit asynchronously (`synchronous_commit = off` for that transaction only, ADR 048): PostgreSQL
 * answers the commit without waiting for its WAL to be flushed to disk, so the statement costs no
 * `fdatasync` of its own. For statements that are their own transaction (never inside `inTransaction`:
 * the setting would cover the whole transaction) and whose row may be lost in a server crash without
 * harm: an idempotency key's claim (a retry claims it again; the sale's own synchronous commit flushes
 * the claim's WAL before it, as the WAL is written in order) and a rate-limit window's count.
 */
export const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;
