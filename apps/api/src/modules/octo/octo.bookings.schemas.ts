/**
 * OCTO bookings (POST /bookings and its actions, PATCH, GET /bookings): the requests a reseller
 * sends (contact, unit items, question answers, pickup) and the booking answered, with its unit
 * items, tickets and cancellation. Gathered by octo.schemas.ts.
 */
import { isUuid } from '@trayecto/shared';
import { z } from 'zod';
import { ZOctoAvailability } from './octo.availability.schemas';
import { nullableText, ZIds, ZOctoPickupPoint, ZOctoPricing, zLocalDate } from './octo.common.schemas';
import { ZOctoOption, ZOctoProduct, ZOctoQuestion, ZOctoUnit } from './octo.products.schemas';

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

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

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

/** octo/questions: a question with its answer (null while unanswered); a booking lists every one. */
export const ZOctoQuestionAnswer = z.object({
  questionId: z.string(),
  question: ZOctoQuestion,
  value: nullableText(),
});
export type TOctoQuestionAnswer = z.infer<typeof ZOctoQuestionAnswer>;

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

export const ZOctoDeliveryOption = z.object({
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
