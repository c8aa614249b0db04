/** A PostgreSQL error as both drivers report it (drizzle wraps it in `cause`). */
export type PgError = { code: string; constraint?: string; column?: string };

/** The PostgreSQL error behind a query failure, if there is one. */
export function pgErrorOf(err: unknown): PgError | undefined {
  let e = err as { code?: unknown; constraint?: unknown; column?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        column: typeof e.column === 'string' ? e.column : undefined,
      };
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Whether the error is the violation of this constraint (unique 23505, check 23514…). */
export function isConstraintViolation(err: unknown, code: string, constraint: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === code && pg.constraint === constraint;
}

/** PostgreSQL codes meaning "the server is not there right now", not "your request is wrong". */
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown (pg_ctl stop/restart -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection failures
  '53300', // too_many_connections
]);
/**
 * 55000 (object_not_in_prerequisite_state) is also "database … is not currently accepting
 * connections" (ALTER DATABASE … ALLOW_CONNECTIONS false, a database being dropped or restored):
 * an outage when it refuses the connection (FATAL), an ordinary error otherwise (e.g. currval
 * before nextval). The message is checked too for servers whose severities are translated.
 */
const isConnectionRefusal = (e: { code?: unknown; severity?: unknown; message?: unknown }) =>
  e.code === '55000' &&
  (e.severity === 'FATAL' || (typeof e.message === 'string' && /accepting connections/i.test(e.message)));
/** Node's network error codes on the way to the database. */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres raises these without a code. */
const PG_LIB_UNAVAILABLE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * What kind of infrastructure fault an error is (walking drizzle's cause chain), if any: the
 * database restarting, unreachable or out of disk. Every API answers these 503 + Retry-After (the
 * back-office's error handler, the OCTO API's), never 500.
 */
export function infrastructureFault(err: unknown): 'disk-full' | 'unavailable' | undefined {
  for (
    let e = err as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '53100' || e.code === 'ENOSPC') return 'disk-full';
    if (typeof e.code === 'string' && (PG_UNAVAILABLE.has(e.code) || NET_UNAVAILABLE.has(e.code))) return 'unavailable';
    if (isConnectionRefusal(e)) return 'unavailable';
    if (typeof e.message === 'string' && /no space left on device/i.test(e.message)) return 'disk-full';
    if (typeof e.message === 'string' && PG_LIB_UNAVAILABLE.test(e.message)) return 'unavailable';
    e = e.cause as typeof e;
  }
  return undefined;
}
