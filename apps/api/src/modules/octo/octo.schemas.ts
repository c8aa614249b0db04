/**
 * The OCTO API's wire shapes (OCTO core 1.x with octo/content, octo/pricing and octo/pickups: the
 * supplier, products, availability and bookings), as zod schemas: Fastify validates the requests
 * and serialises the answers with them, and the API's own OpenAPI document (octo.openapi.ts) is
 * generated from them. They mirror the specification as `@octocloud/types` publishes it (its zod
 * schemas check every answer in the tests); the pickup fields, which `@octocloud/types` 2 no longer
 * carries, follow its 1.x `PickupPoint` and the specification's pickups capability. These are the
 * specification's contract, not ours: they live with the module that speaks it rather than in
 * packages/shared (no web screen reads them).
 */
import { isCalendarDate, isUuid } from '@trayecto/shared';
import { z } from 'zod';
import { OCTO_ERROR_CODES } from './octo.errors';

/** The option every product has: its start times are the availability slots (ADR 023). */
export const DEFAULT_OPTION_ID = 'DEFAULT';

/** The capabilities this supplier implements (a reseller asks for them in `Octo-Capabilities`). */
export const OCTO_CAPABILITIES = ['octo/content', 'octo/pricing', 'octo/pickups', 'octo/questions'] as const;
export type TOctoCapability = (typeof OCTO_CAPABILITIES)[number];

const zLocalDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
    .refine(isCalendarDate, 'Not a calendar date');

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

export const ZOctoUnitQuantity = z.object({
  id: z.string().min(1).max(100).describe('The unit id: adult, child, infant or senior'),
  quantity: z.number().int().min(0).max(10_000),
});

const ZIds = {
  productId: z.string().max(200).describe('The product id (GET /products)'),
  optionId: z.string().max(200).describe(`The option id: always ${DEFAULT_OPTION_ID}`),
};

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

/** GET /products/{id}, routed as `/products/*` (octo.routes.ts says why). */
export const ZOctoProductParams = z.object({ '*': z.string() });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const ZOctoError = z.object({
  error: z.enum(OCTO_ERROR_CODES),
  errorMessage: z.string(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  unitId: z.string().optional(),
  availabilityId: z.string().optional(),
  uuid: z.string().optional(),
});

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

const ZOctoFeature = z.object({
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

const nullableText = () => z.string().nullable();

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

const pickupFields = {
  pickupRequired: z.boolean().optional(),
  pickupAvailable: z.boolean().optional(),
  pickupPoints: z.array(ZOctoPickupPoint).optional(),
};

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

/** octo/questions: a question with its answer (null while unanswered); a booking lists every one. */
export const ZOctoQuestionAnswer = z.object({
  questionId: z.string(),
  question: ZOctoQuestion,
  value: nullableText(),
});
export type TOctoQuestionAnswer = z.infer<typeof ZOctoQuestionAnswer>;

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

const ZOctoStatus = z.enum(['AVAILABLE', 'FREESALE', 'SOLD_OUT', 'LIMITED', 'CLOSED']);
export type TOctoStatus = z.infer<typeof ZOctoStatus>;

const ZOpeningHours = z.object({ from: z.string(), to: z.string() });

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

// ── Bookings ─────────────────────────────────────────────────────────────────────────────────────

/** At most this many unit items (passengers) in one request. */
export const MAX_UNIT_ITEMS = 500;

const zUuidText = () => z.string().max(100).refine(isUuid, 'Expected a UUID');
const optionalText = (max: number) => z.string().max(max).nullable().optional();

/**
 * The contact a reseller sends (OCTO `BookingContact`). The booking keeps one name (`fullName`, or
 * `firstName` and `lastName` joined), the e-mail, the phone, a 2-letter `country` (ISO 3166; any
 * other text is ignored) and the first of `locales` that is a tour language; `notes` are the
 * booking's notes.
 */
export const ZOctoContactInput = z.object({
  fullName: optionalText(150),
  firstName: optionalText(150),
  lastName: optionalText(150),
  emailAddress: z
    .string()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Expected an e-mail address')
    .nullable()
    .optional(),
  phoneNumber: optionalText(40),
  country: optionalText(100),
  locales: z.array(z.string().max(35)).max(20).optional(),
  postalCode: optionalText(20),
  notes: optionalText(2000),
  allowMarketing: z.boolean().nullable().optional(),
});
export type TOctoContactInput = z.infer<typeof ZOctoContactInput>;

/** octo/questions: an answer as a reseller sends it (text; null or '' clears it). */
export const ZOctoQuestionAnswerInput = z.object({
  questionId: z.string().max(100),
  value: z.string().max(500).nullable().optional(),
});
export type TOctoQuestionAnswerInput = z.infer<typeof ZOctoQuestionAnswerInput>;
const questionAnswersInput = () =>
  z
    .array(ZOctoQuestionAnswerInput)
    .max(100)
    .optional()
    .describe('octo/questions: answers to the questions (those sent replace the same ones; the others stay)');

/** One passenger of a request: its unit (passenger type) and its answers; its own uuid, reference and contact are not kept. */
export const ZOctoUnitItemInput = z.object({
  uuid: z.string().max(100).optional(),
  unitId: z.string().min(1).max(100).describe('The unit id: adult, child, infant or senior'),
  resellerReference: optionalText(255),
  contact: ZOctoContactInput.optional(),
  questionAnswers: questionAnswersInput(),
});

const bookingText = {
  resellerReference: optionalText(255).describe("The reseller's reference of the booking"),
  notes: optionalText(2000).describe("The booking's notes (for the supplier and on the voucher)"),
  questionAnswers: questionAnswersInput(),
};

/** octo/pickups: where the customer is collected (a pickup point of the product's option). */
const pickupRequest = {
  pickupRequested: z.boolean().nullable().optional(),
  pickupPointId: optionalText(100).describe("The id of one of the option's pickupPoints"),
  pickupHotel: optionalText(200),
  pickupHotelRoom: optionalText(50),
};

/** POST /bookings: a reservation (ON_HOLD) of one departure. */
export const ZOctoReserveRequest = z.object({
  uuid: zUuidText()
    .optional()
    .describe('Your idempotency key: the same uuid again answers the same booking (one is made up when absent)'),
  ...ZIds,
  availabilityId: z.string().max(64).describe('The departure: an availability id from POST /availability'),
  unitItems: z.array(ZOctoUnitItemInput).min(1).max(MAX_UNIT_ITEMS),
  expirationMinutes: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('How long the seats are held: 30 minutes by default, at least 5, at most 1440'),
  ...bookingText,
  contact: ZOctoContactInput.optional(),
  emailReceipt: z.boolean().nullable().optional(),
  currency: z.string().max(10).nullable().optional(),
  ...pickupRequest,
});
export type TOctoReserveRequest = z.infer<typeof ZOctoReserveRequest>;

/** POST /bookings/{uuid}/confirm. */
export const ZOctoConfirmRequest = z.object({
  contact: ZOctoContactInput.optional(),
  ...bookingText,
  emailReceipt: z
    .boolean()
    .nullable()
    .optional()
    .describe('Send the customer the confirmation e-mail (with the voucher link); false by default'),
  unitItems: z.array(ZOctoUnitItemInput).max(MAX_UNIT_ITEMS).optional(),
});
export type TOctoConfirmRequest = z.infer<typeof ZOctoConfirmRequest>;

/**
 * PATCH /bookings/{uuid}: the contact, the reseller's reference and the notes (and a hold's
 * `expirationMinutes`); the product, option, departure, unit items and pickup may be sent only as
 * they are.
 */
export const ZOctoUpdateRequest = z.object({
  ...bookingText,
  productId: z.string().max(200).optional(),
  optionId: z.string().max(200).optional(),
  availabilityId: z.string().max(64).optional(),
  expirationMinutes: z.number().int().nullable().optional(),
  emailReceipt: z.boolean().nullable().optional(),
  unitItems: z.array(ZOctoUnitItemInput).max(MAX_UNIT_ITEMS).optional(),
  contact: ZOctoContactInput.optional(),
  ...pickupRequest,
});
export type TOctoUpdateRequest = z.infer<typeof ZOctoUpdateRequest>;

/** POST /bookings/{uuid}/extend. */
export const ZOctoExtendRequest = z.object({
  expirationMinutes: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('The hold ends this many minutes from now: 30 by default, at least 5, at most 1440'),
});

/** POST /bookings/{uuid}/cancel. */
export const ZOctoCancelRequest = z.object({
  reason: optionalText(500),
  force: z.boolean().nullable().optional(),
});

/** GET /bookings: one of the filters (checked by the service, which answers BAD_REQUEST). */
export const ZOctoBookingsQuery = z.object({
  resellerReference: z.string().max(255).optional(),
  supplierReference: z.string().max(100).optional().describe('Our booking locator'),
  localDate: zLocalDate().optional(),
  localDateStart: zLocalDate().optional(),
  localDateEnd: zLocalDate().optional(),
});
export type TOctoBookingsQuery = z.infer<typeof ZOctoBookingsQuery>;

/** /bookings/{uuid} (and its actions). */
export const ZOctoBookingParams = z.object({ uuid: z.string() });

export const ZOctoContact = z.object({
  fullName: nullableText(),
  firstName: nullableText(),
  lastName: nullableText(),
  emailAddress: nullableText(),
  phoneNumber: nullableText(),
  locales: z.array(z.string()),
  postalCode: nullableText(),
  country: nullableText(),
  notes: nullableText(),
  allowMarketing: z.boolean(),
});
export type TOctoContact = z.infer<typeof ZOctoContact>;

const ZOctoDeliveryOption = z.object({
  deliveryFormat: z.enum(['PDF_URL', 'QRCODE', 'CODE128', 'PKPASS_URL', 'AZTECCODE']),
  deliveryValue: z.string(),
});

export const ZOctoTicket = z.object({
  redemptionMethod: z.enum(['DIGITAL', 'PRINT', 'MANIFEST']),
  utcRedeemedAt: nullableText(),
  deliveryOptions: z.array(ZOctoDeliveryOption),
});
export type TOctoTicket = z.infer<typeof ZOctoTicket>;

export const ZOctoBookingStatus = z.enum([
  'ON_HOLD',
  'CONFIRMED',
  'EXPIRED',
  'CANCELLED',
  'REDEEMED',
  'PENDING',
  'REJECTED',
]);
export type TOctoBookingStatus = z.infer<typeof ZOctoBookingStatus>;

export const ZOctoUnitItem = z.object({
  uuid: z.string(),
  resellerReference: nullableText(),
  supplierReference: nullableText(),
  unitId: z.string(),
  unit: ZOctoUnit.optional(),
  status: ZOctoBookingStatus,
  utcRedeemedAt: nullableText(),
  contact: ZOctoContact,
  ticket: ZOctoTicket.nullable(),
  // octo/pricing
  pricing: ZOctoPricing.optional(),
  // octo/questions
  questionAnswers: z.array(ZOctoQuestionAnswer).optional(),
});
export type TOctoUnitItem = z.infer<typeof ZOctoUnitItem>;

export const ZOctoCancellation = z.object({
  refund: z.enum(['FULL', 'PARTIAL', 'NONE']),
  reason: nullableText(),
  utcCancelledAt: z.string(),
});

export const ZOctoBooking = z.object({
  id: z.string(),
  uuid: z.string(),
  testMode: z.boolean(),
  resellerReference: nullableText(),
  supplierReference: nullableText(),
  status: ZOctoBookingStatus,
  utcCreatedAt: z.string(),
  utcUpdatedAt: z.string(),
  utcExpiresAt: nullableText(),
  utcRedeemedAt: nullableText(),
  utcConfirmedAt: nullableText(),
  productId: z.string(),
  product: ZOctoProduct.optional(),
  optionId: z.string(),
  option: ZOctoOption.optional(),
  cancellable: z.boolean(),
  cancellation: ZOctoCancellation.nullable(),
  freesale: z.boolean(),
  availabilityId: nullableText(),
  availability: ZOctoAvailability.nullable(),
  contact: ZOctoContact,
  notes: nullableText(),
  deliveryMethods: z.array(z.enum(['VOUCHER', 'TICKET'])),
  voucher: ZOctoTicket.nullable(),
  unitItems: z.array(ZOctoUnitItem),
  // octo/pricing
  pricing: ZOctoPricing.optional(),
  // octo/pickups
  pickupRequested: z.boolean().optional(),
  pickupPointId: nullableText().optional(),
  pickupHotel: nullableText().optional(),
  pickupHotelRoom: nullableText().optional(),
  pickupPoint: ZOctoPickupPoint.nullable().optional(),
  // octo/questions
  questionAnswers: z.array(ZOctoQuestionAnswer).optional(),
});
export type TOctoBooking = z.infer<typeof ZOctoBooking>;

/**
 * The shapes the OpenAPI document names (components), answers and requests apart. A shape only
 * ever answered nullable (a ticket, a cancellation) is written in place instead (octo.openapi.ts).
 */
export const OCTO_COMPONENTS = {
  answers: {
    Error: ZOctoError,
    Capability: ZOctoCapability,
    Supplier: ZOctoSupplier,
    Tax: ZOctoTax,
    Pricing: ZOctoPricing,
    PricingUnit: ZOctoPricingUnit,
    Feature: ZOctoFeature,
    Location: ZOctoLocation,
    PickupPoint: ZOctoPickupPoint,
    Question: ZOctoQuestion,
    QuestionAnswer: ZOctoQuestionAnswer,
    Unit: ZOctoUnit,
    Option: ZOctoOption,
    Product: ZOctoProduct,
    AvailabilityStatus: ZOctoStatus,
    OpeningHours: ZOpeningHours,
    Availability: ZOctoAvailability,
    AvailabilityCalendar: ZOctoAvailabilityCalendar,
    Contact: ZOctoContact,
    DeliveryOption: ZOctoDeliveryOption,
    BookingStatus: ZOctoBookingStatus,
    UnitItem: ZOctoUnitItem,
    Booking: ZOctoBooking,
  },
  requests: {
    AvailabilityUnit: ZOctoUnitQuantity,
    AvailabilityCalendarBody: ZOctoCalendarRequest,
    AvailabilityCheckBody: ZOctoAvailabilityRequest,
    BookingContact: ZOctoContactInput,
    QuestionAnswerInput: ZOctoQuestionAnswerInput,
    BookingUnitItem: ZOctoUnitItemInput,
    BookingReservationBody: ZOctoReserveRequest,
    BookingConfirmationBody: ZOctoConfirmRequest,
    BookingUpdateBody: ZOctoUpdateRequest,
    ExtendReservationBody: ZOctoExtendRequest,
    BookingCancellationBody: ZOctoCancelRequest,
  },
} as const;
