/**
 * What the benchmark generator and runner share: where the bench database lives and the known
 * credentials of the users the generator creates. Everything stays on 127.0.0.1.
 */

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

export const BENCH_DB_NAME = process.env.BENCH_DB_NAME ?? 'trayecto_bench';
/** Maintenance connection used to drop/create the bench database. */
export const ADMIN_DB_URL = `${PG_BASE}/postgres`;
export const BENCH_DB_URL = `${PG_BASE}/${BENCH_DB_NAME}`;

/** Level-1 user (Admin Tour Operador) of operator 1: the benchmark logs in as this one. */
export const BENCH_USER_EMAIL = 'bench.admin@teide-aventura.test';
/** Every generated user has this password (one Argon2id hash computed by the app's hashPassword). */
export const BENCH_PASSWORD = 'bench-password-2026';
/** Name of operator 1 (the one the benchmark reads and writes). */
export const BENCH_OPERATOR_NAME = 'Teide Aventura';

/** Operators' time zone: Tenerife. */
export const BENCH_TIMEZONE = 'Atlantic/Canary';

/** Default size of the data set; `BENCH_BOOKINGS=20000` for a smoke run. */
export function benchBookings(): number {
  const raw = process.env.BENCH_BOOKINGS ?? '1000000';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1000 || n > 50_000_000) {
    throw new Error(`BENCH_BOOKINGS debe ser un entero entre 1000 y 50000000 (es "${raw}")`);
  }
  return n;
}

export const fmtMs = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);
