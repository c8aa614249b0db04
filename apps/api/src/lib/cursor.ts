/**
 * The lists' opaque keyset cursors (bookings, schedule sheets, the audit log): a row's position in
 * the list's order as a JSON array of strings, base64url. Each list says how many parts it has and
 * checks what they mean; a cursor that is not such an array is the client's 400, in Spanish.
 */
import { fieldError } from './app-error';

/** A departure time in a cursor (HH:mm, 24 h). */
export const CURSOR_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The 400 of a cursor the API did not write (or that was changed). */
export const badCursor = () => fieldError('BAD_REQUEST', 'cursor', 'Cursor no válido');

export function encodeCursorParts(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The `count` strings of a cursor no longer than `maxLength` characters, or a 400. */
export function decodeCursorParts(cursor: string, count: number, maxLength: number): string[] {
  if (cursor.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parts) || parts.length !== count || !parts.every((p) => typeof p === 'string')) {
    throw badCursor();
  }
  return parts as string[];
}
