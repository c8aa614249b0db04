/** The bookings list's opaque keyset cursor: encoded from a row's position, decoded and checked (400). */
import { isValidDate, parseTimestamp, UUID_PATTERN } from '@trayecto/shared';
import { fieldError } from '../../lib/app-error';
import type * as repo from './bookings.repository';

const CURSOR_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An opaque keyset cursor: the last row's position in the default ordering, base64url. */
export function encodeCursor(p: repo.KeysetPosition): string {
  return Buffer.from(JSON.stringify([p.date, p.time, p.createdAt, p.id])).toString('base64url');
}

export function decodeCursor(cursor: string): repo.KeysetPosition {
  const bad = () => fieldError('BAD_REQUEST', 'cursor', 'Cursor no válido');
  if (cursor.length > 300 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((p) => typeof p === 'string')) throw bad();
  const [date, time, createdAt, id] = parts as string[];
  // The API's one date rule: a forged cursor with 2026-02-30 or year 0 is a 400, not a database error.
  if (!isValidDate(date) || !CURSOR_TIME.test(time) || !parseTimestamp(createdAt) || !UUID_PATTERN.test(id)) {
    throw bad();
  }
  return { date, time, createdAt, id };
}
