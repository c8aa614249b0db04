/**
 * The audit log's opaque keyset cursor (ADR 028): the last row's position in the list's order,
 * `created_at` to the microsecond and `id`, as base64url JSON. Decoding checks it (400, Spanish).
 */
import { parseTimestamp, UUID_PATTERN } from '@trayecto/shared';
import { badCursor, decodeCursorParts, encodeCursorParts } from '../../lib/cursor';

/** A position in the log's order: the exact `created_at` (PostgreSQL's text, microseconds) and the id. */
export type AuditPosition = { createdAt: string; id: string };

export function encodeAuditCursor(p: AuditPosition): string {
  return encodeCursorParts([p.createdAt, p.id]);
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const [createdAt, id] = decodeCursorParts(cursor, 2, 200);
  // The API's one date rule: a forged 2026-02-30 or year 0 is the client's 400, not a database error.
  if (!parseTimestamp(createdAt) || !UUID_PATTERN.test(id)) throw badCursor();
  return { createdAt, id };
}
