/**
 * The sheets list's opaque keyset cursor (ADR 029): the last row's position in the default order
 * (date, time, product name without accents, id), base64url as [date, time, id, product] (the free
 * text last); decoded and checked (400).
 */
import { isValidDate, UUID_PATTERN } from '@trayecto/shared';
import { z } from 'zod';
import { badCursor, CURSOR_TIME, decodeCursorParts, encodeCursorParts } from '../../lib/cursor';
import { ZListQuery } from '../../lib/route-schemas';
import type * as repo from './schedule-sheets.repository';

/** A product name is at most 150 characters (as f_unaccent gives it, in JSON, base64url). */
const MAX_CURSOR_LENGTH = 1000;
const MAX_PRODUCT_KEY = 600;

export function encodeSheetCursor(p: repo.SheetKeyset): string {
  return encodeCursorParts([p.date, p.time, p.id, p.product]);
}

export function decodeSheetCursor(cursor: string): repo.SheetKeyset {
  const [date, time, id, product] = decodeCursorParts(cursor, 4, MAX_CURSOR_LENGTH);
  // A forged cursor with 2026-02-30, a NUL or a stray id is the client's 400, not a database error.
  if (
    !isValidDate(date) ||
    !CURSOR_TIME.test(time) ||
    product.length > MAX_PRODUCT_KEY ||
    product.includes('\u0000') ||
    !UUID_PATTERN.test(id)
  ) {
    throw badCursor();
  }
  return { date, time, product, id };
}

/** The list's query string: the common list parameters and the keyset `cursor`. */
export const ZSheetListQuery = ZListQuery.extend({
  // Empty means the first page, like an empty `page`.
  cursor: z
    .string()
    .transform((v) => v || undefined)
    .optional()
    .describe(
      'Cursor opaco de la página siguiente (cabecera X-Next-Cursor, tal cual); solo con el orden por defecto (date,time,product). Vacío: la primera página',
    ),
});
