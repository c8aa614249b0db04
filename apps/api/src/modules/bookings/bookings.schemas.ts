/**
 * What the bookings API adds to the shared contracts (packages/shared/src/bookings): the
 * administrator's `tour_operator_id` on create, the keyset `cursor` of the list, the calendar's
 * query and its `available` flag, the quote's `available`. The shared schemas stay the source of
 * every field they define.
 */
import {
  ZBookingCalendarEntry,
  ZBookingCreateRequest,
  type ZBookingQuoteRequest,
  ZBookingQuoteResponse,
  zDate,
  zUuid,
} from '@trayecto/shared';
import { z } from 'zod';
import { ZListQuery } from '../../lib/route-schemas';

/** Longest range the calendar answers, in days. */
export const CALENDAR_MAX_DAYS = 62;

/** POST /bookings: the administrator may name the operator (it must be the product's). */
export const ZBookingCreateBody = ZBookingCreateRequest.safeExtend({
  tour_operator_id: zUuid().optional(),
});

export const ZBookingListQuery = ZListQuery.extend({
  cursor: z
    .string()
    .optional()
    .describe('Cursor opaco de la página siguiente (cabecera X-Next-Cursor); solo con el orden por defecto'),
});

export const ZBookingCalendarQuery = z
  .object({
    from: zDate(),
    to: zDate(),
    product_id: zUuid().optional(),
    tour_operator_id: zUuid().optional().describe('Solo el administrador'),
  })
  .refine((q) => q.from <= q.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    message: `El intervalo no puede superar ${CALENDAR_MAX_DAYS} días`,
    path: ['to'],
  });

export const ZBookingCalendarEntryOut = ZBookingCalendarEntry.extend({
  /** Whether it can still be sold now: open, seats left, before the sale cut-off. */
  available: z.boolean(),
});

export type TBookingQuoteRequest = z.infer<typeof ZBookingQuoteRequest>;

export const ZBookingQuoteOut = ZBookingQuoteResponse.extend({
  /** With a time: whether that departure can take these seats now (null without a time). */
  available: z.boolean().nullable(),
});
export type TBookingQuoteOut = z.infer<typeof ZBookingQuoteOut>;
