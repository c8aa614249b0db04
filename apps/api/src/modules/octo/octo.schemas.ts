/**
 * The OCTO API's wire shapes (OCTO core 1.x with octo/content, octo/pricing and octo/pickups: the
 * supplier, products, availability and bookings), as zod schemas: Fastify validates the requests
 * and serialises the answers with them, and the API's own OpenAPI document (octo.openapi.ts) is
 * generated from them. They mirror the specification as `@octocloud/types` publishes it (its zod
 * schemas check every answer in the tests); the pickup fields, which `@octocloud/types` 2 no longer
 * carries, follow its 1.x `PickupPoint` and the specification's pickups capability. These are the
 * specification's contract, not ours: they live with the module that speaks it rather than in
 * packages/shared (no web screen reads them).
 *
 * One file per part, gathered here for the module (import them from this file):
 * - octo.common.schemas.ts: the option id, the capabilities, the error, prices and pickup points;
 * - octo.products.schemas.ts: the supplier, its capabilities and products (options, units, content);
 * - octo.availability.schemas.ts: the availability requests and answers (departures, calendar days);
 * - octo.bookings.schemas.ts: the booking requests and the booking answered.
 */
import {
  ZOctoAvailability,
  ZOctoAvailabilityCalendar,
  ZOctoAvailabilityRequest,
  ZOctoCalendarRequest,
  ZOctoStatus,
  ZOctoUnitQuantity,
  ZOpeningHours,
} from './octo.availability.schemas';
import {
  ZOctoBooking,
  ZOctoBookingStatus,
  ZOctoCancelRequest,
  ZOctoConfirmRequest,
  ZOctoContact,
  ZOctoContactInput,
  ZOctoDeliveryOption,
  ZOctoExtendRequest,
  ZOctoQuestionAnswer,
  ZOctoQuestionAnswerInput,
  ZOctoReserveRequest,
  ZOctoUnitItem,
  ZOctoUnitItemInput,
  ZOctoUpdateRequest,
} from './octo.bookings.schemas';
import { ZOctoError, ZOctoPickupPoint, ZOctoPricing, ZOctoPricingUnit, ZOctoTax } from './octo.common.schemas';
import {
  ZOctoCapability,
  ZOctoFeature,
  ZOctoLocation,
  ZOctoOption,
  ZOctoProduct,
  ZOctoQuestion,
  ZOctoSupplier,
  ZOctoUnit,
} from './octo.products.schemas';

export {
  type TOctoAvailability,
  type TOctoAvailabilityCalendar,
  type TOctoAvailabilityRequest,
  type TOctoCalendarRequest,
  type TOctoStatus,
  ZOctoAvailability,
  ZOctoAvailabilityCalendar,
  ZOctoAvailabilityRequest,
  ZOctoCalendarRequest,
  ZOctoUnitQuantity,
} from './octo.availability.schemas';
export {
  MAX_UNIT_ITEMS,
  type TOctoBooking,
  type TOctoBookingStatus,
  type TOctoBookingsQuery,
  type TOctoConfirmRequest,
  type TOctoContact,
  type TOctoContactInput,
  type TOctoQuestionAnswer,
  type TOctoQuestionAnswerInput,
  type TOctoReserveRequest,
  type TOctoTicket,
  type TOctoUnitItem,
  type TOctoUpdateRequest,
  ZOctoBooking,
  ZOctoBookingParams,
  ZOctoBookingStatus,
  ZOctoBookingsQuery,
  ZOctoCancellation,
  ZOctoCancelRequest,
  ZOctoConfirmRequest,
  ZOctoContact,
  ZOctoContactInput,
  ZOctoExtendRequest,
  ZOctoQuestionAnswer,
  ZOctoQuestionAnswerInput,
  ZOctoReserveRequest,
  ZOctoTicket,
  ZOctoUnitItem,
  ZOctoUnitItemInput,
  ZOctoUpdateRequest,
} from './octo.bookings.schemas';
export {
  DEFAULT_OPTION_ID,
  OCTO_CAPABILITIES,
  type TOctoCapability,
  type TOctoPickupPoint,
  type TOctoPricing,
  type TOctoPricingUnit,
  ZOctoError,
  ZOctoPickupPoint,
  ZOctoPricing,
  ZOctoPricingUnit,
  ZOctoTax,
} from './octo.common.schemas';
export {
  type TOctoFeature,
  type TOctoLocation,
  type TOctoOption,
  type TOctoProduct,
  type TOctoQuestion,
  type TOctoSupplier,
  type TOctoUnit,
  ZOctoCapability,
  ZOctoLocation,
  ZOctoOption,
  ZOctoProduct,
  ZOctoProductParams,
  ZOctoQuestion,
  ZOctoSupplier,
  ZOctoUnit,
} from './octo.products.schemas';

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
