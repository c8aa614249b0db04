/** The bookings list's opaque keyset cursor: encoded from a row's position, decoded and checked (400). */
import { isValidDate, parseTimestamp, UUID_PATTERN } from '@trayecto/shared';
import { badCursor, CURSOR_TIME, decodeCursorParts, encodeCursorParts } from '../../lib/cursor';
import type * as repo from './bookings.repository';

/** An opaque keyset cursor: the last row's position in the default ordering, base64url. */
export function encodeCursor(p: repo.KeysetPosition): string {
  return encodeCursorParts([p.date, p.time, p.createdAt, p.id]);
}

export function decodeCursor(cursor: string): repo.KeysetPosition {
  const [date, time, createdAt, id] = decodeCursorParts(cursor, 4, 300);
  // The API's one date rule: a forged cursor with 2026-02-30 or year 0 is a 400, not a database error.
  if (!isValidDate(date) || !CURSOR_TIME.test(time) || !parseTimestamp(createdAt) || !UUID_PATTERN.test(id)) {
    throw badCursor();
  }
  return { date, time, createdAt, id };
}
