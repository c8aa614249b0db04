/**
 * Instants in responses, never throwing. The API accepts only sane years (the one date rule,
 * packages/shared/src/common/validation.ts), but a row written before that rule (or by hand) may
 * hold a year PostgreSQL keeps and JavaScript cannot read back ("0020-01-01 00:00:00+00" becomes an
 * Invalid Date, whose toISOString() throws RangeError): one such row must not turn every read of
 * its booking into a 500.
 */
const isReadable = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

/** A readable instant; instead of an unreadable one, `fallback` (e.g. when it was recorded), else the epoch. */
export function isoOf(d: Date, fallback?: Date | null): string {
  if (isReadable(d)) return d.toISOString();
  return isReadable(fallback) ? fallback.toISOString() : new Date(0).toISOString();
}

/** A readable instant, or null (also for an unreadable one). */
export const isoOrNull = (d: Date | null | undefined): string | null => (isReadable(d) ? d.toISOString() : null);
