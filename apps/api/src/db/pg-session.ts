/**
 * Session settings of every connection the API opens to PostgreSQL (libpq's `options`). `jit=off`:
 * this is an OLTP workload of statements that take milliseconds, and PostgreSQL's JIT compiles any
 * statement whose estimate crosses `jit_above_cost` (100,000) at a cost of 30 ms to 1.8 s, measured
 * on the 1 M bench data set (ADR 037, ADR 031) — more than the statement itself ever saves. Behind
 * PgBouncer, add `options` to its `ignore_startup_parameters` and set `jit = off` on the database
 * instead (`ALTER DATABASE … SET jit = off`; docs/deployment.md).
 */
export const PG_SESSION_OPTIONS = '-c jit=off';
