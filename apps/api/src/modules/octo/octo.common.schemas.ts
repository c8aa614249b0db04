/**
 * The OCTO wire shapes the others build on (octo.schemas.ts gathers them): the option id and the
 * capabilities, the request pieces (a local date, the product and option ids), the error answer,
 * prices with their taxes, and the pickup points (octo/pickups) an option, an availability and a
 * booking carry.
 */
import { isCalendarDate } from '@trayecto/shared';
import { z } from 'zod';
import { OCTO_ERROR_CODES } from './octo.errors';

/** The option every product has: its start times are the availability slots (ADR 023). */
export const DEFAULT_OPTION_ID = 'DEFAULT';

/** The capabilities this supplier implements (a reseller asks for them in `Octo-Capabilities`). */
export const OCTO_CAPABILITIES = ['octo/content', 'octo/pricing', 'octo/pickups', 'octo/questions'] as const;
export type TOctoCapability = (typeof OCTO_CAPABILITIES)[number];

/** A request's local date (YYYY-MM-DD, a real calendar day). */
export const zLocalDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
    .refine(isCalendarDate, 'Not a calendar date');

/** The product and option a request names (spread into the availability and booking requests). */
export const ZIds = {
  productId: z.string().max(200).describe('The product id (GET /products)'),
  optionId: z.string().max(200).describe(`The option id: always ${DEFAULT_OPTION_ID}`),
};

/** A text an answer may leave null. */
export const nullableText = () => z.string().nullable();

export const ZOctoError = z.object({
  error: z.enum(OCTO_ERROR_CODES),
  errorMessage: z.string(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  unitId: z.string().optional(),
  availabilityId: z.string().optional(),
  uuid: z.string().optional(),
});

export const ZOctoTax = z.object({
  name: z.string(),
  retail: z.number().int(),
  original: z.number().int(),
  net: z.number().int().nullable(),
});

/** Amounts in the currency's minor unit (cents: currencyPrecision 2). */
export const ZOctoPricing = z.object({
  original: z.number().int(),
  retail: z.number().int(),
  net: z.number().int().nullable(),
  currency: z.string(),
  currencyPrecision: z.number().int(),
  includedTaxes: z.array(ZOctoTax),
});
export type TOctoPricing = z.infer<typeof ZOctoPricing>;

export const ZOctoPricingUnit = ZOctoPricing.extend({ unitId: z.string() });
export type TOctoPricingUnit = z.infer<typeof ZOctoPricingUnit>;

/**
 * A place a product collects its customers from (octo/pickups): on an option, the places; on an
 * availability, each with its pickup time for that departure (`localDateTime`).
 */
export const ZOctoPickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  directions: nullableText(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  googlePlaceId: nullableText(),
  street: nullableText(),
  postalCode: nullableText(),
  locality: nullableText(),
  region: nullableText(),
  state: nullableText(),
  country: nullableText(),
  localDateTime: z.string().optional(),
  localDateTimeTo: nullableText().optional(),
});
export type TOctoPickupPoint = z.infer<typeof ZOctoPickupPoint>;

/** octo/pickups on an option and on an availability. */
export const pickupFields = {
  pickupRequired: z.boolean().optional(),
  pickupAvailable: z.boolean().optional(),
  pickupPoints: z.array(ZOctoPickupPoint).optional(),
};
