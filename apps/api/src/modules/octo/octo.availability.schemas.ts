/**
 * OCTO availability (POST /availability/calendar and POST /availability): the requests, with the
 * units asked for, and the departures and calendar days answered, with their status and prices.
 * Gathered by octo.schemas.ts.
 */
import { z } from 'zod';
import { pickupFields, ZIds, ZOctoPricing, ZOctoPricingUnit, zLocalDate } from './octo.common.schemas';

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

export const ZOctoUnitQuantity = z.object({
  id: z.string().min(1).max(100).describe('The unit id: adult, child, infant or senior'),
  quantity: z.number().int().min(0).max(10_000),
});

/** POST /availability/calendar. Unknown fields are ignored (other capabilities' parameters). */
export const ZOctoCalendarRequest = z.object({
  ...ZIds,
  localDateStart: zLocalDate(),
  localDateEnd: zLocalDate(),
  units: z.array(ZOctoUnitQuantity).max(20).optional(),
  currency: z.string().max(10).nullable().optional(),
});
export type TOctoCalendarRequest = z.infer<typeof ZOctoCalendarRequest>;

/**
 * POST /availability: one of `localDate`, `localDateStart` with `localDateEnd`, or
 * `availabilityIds` (checked by the service, which answers BAD_REQUEST).
 */
export const ZOctoAvailabilityRequest = z.object({
  ...ZIds,
  localDate: zLocalDate().optional(),
  localDateStart: zLocalDate().optional(),
  localDateEnd: zLocalDate().optional(),
  availabilityIds: z.array(z.string().max(64)).min(1).max(100).optional(),
  units: z.array(ZOctoUnitQuantity).max(20).optional(),
  currency: z.string().max(10).nullable().optional(),
});
export type TOctoAvailabilityRequest = z.infer<typeof ZOctoAvailabilityRequest>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const ZOctoStatus = z.enum(['AVAILABLE', 'FREESALE', 'SOLD_OUT', 'LIMITED', 'CLOSED']);
export type TOctoStatus = z.infer<typeof ZOctoStatus>;

export const ZOpeningHours = z.object({ from: z.string(), to: z.string() });

export const ZOctoAvailability = z.object({
  id: z.string(),
  localDateTimeStart: z.string(),
  localDateTimeEnd: z.string(),
  utcCutoffAt: z.string(),
  allDay: z.boolean(),
  available: z.boolean(),
  status: ZOctoStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  maxUnits: z.number().int().nullable(),
  openingHours: z.array(ZOpeningHours),
  // octo/pricing
  unitPricing: z.array(ZOctoPricingUnit).optional(),
  pricing: ZOctoPricing.optional(),
  ...pickupFields,
});
export type TOctoAvailability = z.infer<typeof ZOctoAvailability>;

export const ZOctoAvailabilityCalendar = z.object({
  localDate: z.string(),
  available: z.boolean(),
  status: ZOctoStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  openingHours: z.array(ZOpeningHours),
  // octo/pricing
  unitPricingFrom: z.array(ZOctoPricingUnit).optional(),
  pricingFrom: ZOctoPricing.optional(),
});
export type TOctoAvailabilityCalendar = z.infer<typeof ZOctoAvailabilityCalendar>;
