/**
 * The audit log's opaque keyset cursor (ADR 028): the last row's position in the list's order,
 * `created_at` to the microsecond and `id`, as base64url JSON. Decoding checks it (400, Spanish).
 */
import { parseTimestamp, UUID_PATTERN } from '@trayecto/shared';
import { fieldError } from '../../lib/app-error';

/** A position in the log's order: the exact `created_at` (PostgreSQL's text, microseconds) and the id. */
export type AuditPosition = { createdAt: string; id: string };

export function encodeAuditCursor(p: AuditPosition): string {
  return Buffer.from(JSON.stringify([p.createdAt, p.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const bad = () => fieldError('BAD_REQUEST', 'cursor', 'Cursor no válido');
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 2 || !parts.every((p) => typeof p === 'string')) throw bad();
  const [createdAt, id] = parts as string[];
  // The API's one date rule: a forged 2026-02-30 or year 0 is the client's 400, not a database error.
  if (!parseTimestamp(createdAt) || !UUID_PATTERN.test(id)) throw bad();
  return { createdAt, id };
}
