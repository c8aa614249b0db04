/**
 * Record ids are UUIDs (PostgreSQL `uuid`, any version). The one pattern every part of the app
 * reads them with: path ids, list filters, cursors, check-in codes, audit-log links.
 */

/** The text of a UUID, to embed in larger patterns (a voucher URL). Match it case-insensitively. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A whole string that is a UUID, in any case. */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** Whether `v` is a UUID (any case). */
export const isUuid = (v: string): boolean => UUID_PATTERN.test(v);
