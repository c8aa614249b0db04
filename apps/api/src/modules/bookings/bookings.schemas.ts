/**
 * What only the bookings API reads: the keyset `cursor` of the list (the list query helpers live in
 * the API). Every other bookings contract is shared (packages/shared/src/bookings).
 */
import { z } from 'zod';
import { ZListQuery } from '../../lib/route-schemas';

export const ZBookingListQuery = ZListQuery.extend({
  // Empty means the first page, like an empty `page` (issue 31: the document called `cursor=` valid).
  cursor: z
    .string()
    .transform((v) => v || undefined)
    .optional()
    .describe(
      'Cursor opaco de la página siguiente (cabecera X-Next-Cursor, tal cual); solo con el orden por defecto. Vacío: la primera página',
    ),
});
