/** A PostgreSQL error as both drivers report it (drizzle wraps it in `cause`). */
export type PgError = { code: string; constraint?: string };

/** The PostgreSQL error behind a query failure, if there is one. */
export function pgErrorOf(err: unknown): PgError | undefined {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
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
