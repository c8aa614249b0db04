/**
 * The OCTO supplier and its products as the API answers them (GET /supplier, GET /products): the
 * capabilities, the product with its option and units, and what octo/content and octo/questions add
 * to them (features, locations, the questions asked). Gathered by octo.schemas.ts.
 */
import { z } from 'zod';
import { nullableText, pickupFields, ZOctoPricing } from './octo.common.schemas';

/** GET /products/{id}, routed as `/products/*` (octo.routes.ts says why). */
export const ZOctoProductParams = z.object({ '*': z.string() });

export const ZOctoCapability = z.object({
  id: z.string(),
  revision: z.number().int(),
  required: z.boolean(),
  dependencies: z.array(z.string()),
  docs: z.string().nullable(),
});

export const ZOctoSupplier = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  contact: z.object({
    website: z.string().nullable(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    address: z.string().nullable(),
  }),
});
export type TOctoSupplier = z.infer<typeof ZOctoSupplier>;

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'country',
  'notes',
  'locales',
  'allowMarketing',
  'postalCode',
] as const;

export const ZOctoFeature = z.object({
  shortDescription: z.string().nullable(),
  type: z.enum([
    'INCLUSION',
    'EXCLUSION',
    'HIGHLIGHT',
    'PREBOOKING_INFORMATION',
    'PREARRIVAL_INFORMATION',
    'REDEMPTION_INSTRUCTION',
    'ACCESSIBILITY_INFORMATION',
    'ADDITIONAL_INFORMATION',
    'BOOKING_TERM',
    'CANCELLATION_TERM',
  ]),
});
export type TOctoFeature = z.infer<typeof ZOctoFeature>;

export const ZOctoLocation = z.object({
  title: nullableText(),
  shortDescription: nullableText(),
  types: z.array(z.enum(['START', 'ITINERARY_ITEM', 'POINT_OF_INTEREST', 'ADMISSION_INCLUDED', 'END', 'REDEMPTION'])),
  minutesTo: z.number().int().nullable(),
  minutesAt: z.number().int().nullable(),
  place: z.object({
    latitude: z.number(),
    longitude: z.number(),
    postalAddress: z.object({
      streetAddress: nullableText(),
      addressLocality: nullableText(),
      addressRegion: nullableText(),
      postalCode: nullableText(),
      addressCountry: nullableText(),
      postOfficeBoxNumber: nullableText(),
    }),
    identifiers: z.object({
      googlePlaceId: nullableText(),
      applePlaceId: nullableText(),
      tripadvisorLocationId: nullableText(),
      yelpPlaceId: nullableText(),
      facebookPlaceId: nullableText(),
      foursquarePlaceId: nullableText(),
      baiduPlaceId: nullableText(),
      amapPlaceId: nullableText(),
    }),
    sameAs: z.array(z.string()),
  }),
});
export type TOctoLocation = z.infer<typeof ZOctoLocation>;

/**
 * octo/questions (ADR 024): a question the product asks, in the answer's language. `inputType` the
 * HTML input a reseller shows (`text`, `number`, `date`; `select` with `selectOptions` for a choice
 * and for yes/no, whose values are `yes`/`no`).
 */
export const ZOctoQuestion = z.object({
  id: z.string(),
  required: z.boolean(),
  label: z.string(),
  description: nullableText(),
  inputType: z.enum(['text', 'number', 'date', 'select']),
  selectOptions: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type TOctoQuestion = z.infer<typeof ZOctoQuestion>;

export const ZOctoUnit = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: nullableText(),
  type: z.enum(['ADULT', 'YOUTH', 'CHILD', 'INFANT', 'FAMILY', 'SENIOR', 'STUDENT', 'MILITARY', 'OTHER']),
  restrictions: z.object({
    minAge: z.number().int(),
    maxAge: z.number().int(),
    idRequired: z.boolean(),
    minQuantity: z.number().int().nullable(),
    maxQuantity: z.number().int().nullable(),
    paxCount: z.number().int(),
    accompaniedBy: z.array(z.string()),
  }),
  requiredContactFields: z.array(z.enum(CONTACT_FIELDS)),
  // octo/pricing
  pricingFrom: z.array(ZOctoPricing).optional(),
  // octo/content
  title: nullableText().optional(),
  shortDescription: z.string().optional(),
  // octo/questions: asked of every unit item (passenger) of this unit
  questions: z.array(ZOctoQuestion).optional(),
});
export type TOctoUnit = z.infer<typeof ZOctoUnit>;

export const ZOctoOption = z.object({
  id: z.string(),
  default: z.boolean(),
  internalName: z.string(),
  reference: nullableText(),
  availabilityLocalStartTimes: z.array(z.string()).min(1),
  cancellationCutoff: z.string(),
  cancellationCutoffAmount: z.number().int(),
  cancellationCutoffUnit: z.enum(['minute', 'hour', 'day']),
  requiredContactFields: z.array(z.enum(CONTACT_FIELDS)),
  restrictions: z.object({ minUnits: z.number().int(), maxUnits: z.number().int().nullable() }),
  units: z.array(ZOctoUnit),
  ...pickupFields,
  // octo/questions: asked once per booking
  questions: z.array(ZOctoQuestion).optional(),
});
export type TOctoOption = z.infer<typeof ZOctoOption>;

export const ZOctoProduct = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: nullableText(),
  locale: z.string(),
  timeZone: z.string(),
  allowFreesale: z.boolean(),
  instantConfirmation: z.boolean(),
  instantDelivery: z.boolean(),
  availabilityRequired: z.boolean(),
  availabilityType: z.enum(['START_TIME', 'OPENING_HOURS']),
  deliveryFormats: z.array(z.enum(['PDF_URL', 'QRCODE', 'CODE128', 'PKPASS_URL', 'AZTECCODE'])),
  deliveryMethods: z.array(z.enum(['VOUCHER', 'TICKET'])),
  redemptionMethod: z.enum(['DIGITAL', 'PRINT', 'MANIFEST']),
  options: z.array(ZOctoOption),
  // octo/pricing
  defaultCurrency: z.string().optional(),
  availableCurrencies: z.array(z.string()).optional(),
  pricingPer: z.enum(['BOOKING', 'UNIT']).optional(),
  // octo/content
  title: z.string().optional(),
  shortDescription: nullableText().optional(),
  description: nullableText().optional(),
  features: z.array(ZOctoFeature).optional(),
  locations: z.array(ZOctoLocation).optional(),
  durationMinutesFrom: z.number().int().optional(),
  durationMinutesTo: z.number().int().nullable().optional(),
});
export type TOctoProduct = z.infer<typeof ZOctoProduct>;
