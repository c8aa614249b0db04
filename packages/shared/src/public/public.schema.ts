/**
 * Contracts of the public API (PRODUCT.md §2 "public (no token)", §6). Everything here is what a
 * customer may see: no other customers, no internal notes, no staff, sellers or commissions.
 *
 * The public web bundle imports these as *types only* (`import type`), so zod's full build never
 * reaches it; what the customer types is checked with the same rules through zod/mini
 * (`@trayecto/shared/public-fields`), and the headers come from `@trayecto/shared/public-http`.
 */
import { z } from 'zod';
import { ZBookingResponse, ZLineOut, ZPassenger, ZPax } from '../bookings/bookings.schema';
import { ZErrorResponse } from '../common/api';
import { zDate, zOptionalText, zTime, zUuid } from '../common/validation';
import { ZBookingAnswerOut, ZPublicQuestionOut, zAnswersInput } from '../products/product-questions.schema';
import {
  AVAILABILITY_MAX_DAYS,
  daysInRange,
  RANGE_TOO_LONG_MESSAGE,
  ZAvailabilitySlot,
  ZProductImage,
  ZProductPriceOut,
  ZProductResponse,
  ZProductSeasonOut,
} from '../products/products.schema';
import { ZTourOperatorResponse } from '../tour-operators/tour-operators.schema';
import {
  publicBookingNoteFields,
  publicCustomerFields,
  publicCustomerUpdateFields,
  TERMS_MESSAGE,
  zAcceptTerms,
} from './public.fields';

/**
 * The operator as its customers see it: branding, contact and its general terms (`booking_terms`;
 * what applies to a product or a booking is their own top-level `booking_terms`).
 */
const ZPublicOperator = ZTourOperatorResponse.pick({
  name: true,
  logo_url: true,
  brand_color: true,
  email: true,
  phone: true,
  website: true,
  address: true,
  booking_terms: true,
  timezone: true,
  default_language: true,
  public_languages: true,
  /** IGIC (`canarias`) or IVA (`peninsula`): the name of the tax its prices include. */
  tax_territory: true,
});
export type TPublicOperator = z.infer<typeof ZPublicOperator>;

const ZContentLocales = z.record(z.string(), z.string());

/** GET /api/v1/public/products/{id}: an active product of an active operator, else 404. */
export const ZPublicProduct = ZProductResponse.pick({
  id: true,
  name: true,
  short_description: true,
  /** Sanitised HTML (the server's rich-text allow-list). */
  description: true,
  duration_minutes: true,
  languages: true,
  meeting_point: true,
  meeting_lat_lng: true,
  pickup_enabled: true,
  includes: true,
  excludes: true,
  min_pax: true,
  booking_cutoff_hours: true,
  free_cancellation_hours: true,
  instant_confirmation: true,
  currency: true,
  /** Lowest base price: the landing's "desde". */
  from_price_cents: true,
  /** What is paid online when booking (ADR 022): `full`, `deposit` or `on_the_day`. */
  payment_mode: true,
  /** The deposit (`{ percent }` or `{ per_pax_cents }`) when `payment_mode` is `deposit`, else null. */
  deposit: true,
}).extend({
  /** Whether the operator takes payments online (has a provider): without it nothing is paid online. */
  online_payment: z.boolean(),
  images: z.array(ZProductImage.pick({ url: true, thumb_url: true, alt: true, width: true, height: true })),
  /** Base tariffs; `seasons` override them by date (the staff API's shapes, for pricing). */
  prices: z.array(ZProductPriceOut),
  seasons: z.array(ZProductSeasonOut),
  /** The terms that apply: the product's own, or the tour operator's when it has none. */
  booking_terms: z.string(),
  what_to_bring: z.array(z.string()),
  pickup_notes: z.string(),
  /** The language this answer is written in (`?lang=`, else Accept-Language, else the operator's). */
  locale: z.string(),
  /**
   * Texts with no translation in `locale`, and the language they fall back to:
   * `{ "description": "es" }` (the page marks them with `lang`). Absent fields are in `locale`.
   */
  content_locales: ZContentLocales,
  /** What the booking form asks (ADR 024), in `locale` (each text missing there in the operator's language). */
  questions: z.array(ZPublicQuestionOut),
  tour_operator: ZPublicOperator,
});
export type TPublicProduct = z.infer<typeof ZPublicProduct>;

/**
 * GET /api/v1/public/products/{id}/availability?from=&to= (≤ 62 days): the departures a customer
 * can book now (not closed, not started, not past the sale cut-off), with the seats left.
 */
export const ZPublicAvailabilitySlot = ZAvailabilitySlot.pick({
  date: true,
  time: true,
  capacity: true,
  seats_left: true,
  available: true,
});
export type TPublicAvailabilitySlot = z.infer<typeof ZPublicAvailabilitySlot>;

/** Longest range the public availability answers, in days (the staff one's). */
export const PUBLIC_AVAILABILITY_MAX_DAYS = AVAILABILITY_MAX_DAYS;

/**
 * Query of the public availability: `from` defaults to today in the operator's time zone, `to` to
 * `from` + 34 days (five weeks in all); at most 62 days.
 */
export const ZPublicAvailabilityQuery = z
  .object({ from: zDate().optional(), to: zDate().optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha final debe ser posterior a la inicial',
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || daysInRange(q.from, q.to) <= PUBLIC_AVAILABILITY_MAX_DAYS, {
    message: RANGE_TOO_LONG_MESSAGE,
    path: ['to'],
  });
/** GET /api/v1/public/accommodations?product_id=&time= : the product's pickup places. */
export const ZPublicAccommodationsQuery = z.object({ product_id: zUuid(), time: zTime().optional() });
export const ZPublicAccommodation = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  zone: z.string(),
  address: z.string(),
  lat_lng: z.string(),
  /** Where at the place (e.g. "puerta principal"). */
  pickup_point: z.string(),
  /** "Hotel X, recoger en Hotel Y": the place the customer is actually collected at, if another. */
  pickup_at: z.object({ name: z.string(), address: z.string(), pickup_point: z.string() }).nullable(),
  /** With `time`: the pickup time for that departure; null when the product sets none. */
  pickup_time: z.string().nullable(),
});
export type TPublicAccommodation = z.infer<typeof ZPublicAccommodation>;

/**
 * POST /api/v1/public/bookings (header `Idempotency-Key`, ≤ 255 chars). Prices, pickup time and
 * state come from the server; a client's total is never read.
 */
export const ZPublicBookingCreateRequest = z.object({
  product_id: zUuid(),
  date: zDate(),
  time: zTime(),
  pax: ZPax,
  // What the customer types: the public pages check the same rules before sending (public.fields.ts).
  ...publicCustomerFields,
  accommodation_id: zUuid().nullable().optional(),
  ...publicBookingNoteFields,
  passengers: z.array(ZPassenger).max(100).optional(),
  /** Answers to the product's `questions`: every required one (passenger 1…pax for a passenger's). */
  answers: zAnswersInput().optional(),
  accept_terms: zAcceptTerms,
});
export type TPublicBookingCreateRequest = z.infer<typeof ZPublicBookingCreateRequest>;

/**
 * PUT /api/v1/public/bookings/{id}: the customer completes their data (fields not sent stay) and,
 * with `confirm: true`, confirms a booking staff prepared for them. Pax, date and product are
 * staff's to change.
 */
export const ZPublicBookingUpdateRequest = z
  .object({
    ...publicCustomerUpdateFields,
    accommodation_id: zUuid().nullable(),
    ...publicBookingNoteFields,
    passengers: z.array(ZPassenger).max(100),
    /** Sent, they replace the stored answers; every required question must then be answered. */
    answers: zAnswersInput(),
    confirm: z.boolean(),
    accept_terms: z.boolean(),
  })
  .partial()
  .refine((b) => !b.confirm || b.accept_terms === true, {
    message: TERMS_MESSAGE,
    path: ['accept_terms'],
  })
  // The same rule in the OpenAPI document (issue 31): no confirmation, or the terms accepted.
  .meta({
    allOf: [
      {
        anyOf: [
          { properties: { confirm: { type: 'boolean', enum: [false] } } },
          { required: ['accept_terms'], properties: { accept_terms: { type: 'boolean', enum: [true] } } },
        ],
      },
    ],
  });
export type TPublicBookingUpdateRequest = z.infer<typeof ZPublicBookingUpdateRequest>;

/** POST /api/v1/public/bookings/{id}/cancel: inside the free-cancellation window only. */
export const ZPublicBookingCancelRequest = z.object({ reason: zOptionalText(500) });
/**
 * The 409 of POST /api/v1/public/bookings when the departure cannot take the passengers
 * (`code` NO_SEATS): the other times of that date that still can, so the page can offer them.
 * Other 409s (DEPARTURE_CLOSED, IDEMPOTENCY_IN_PROGRESS…) carry no alternatives.
 */
export const ZPublicBookingConflict = ZErrorResponse.extend({
  alternatives: z.array(z.object({ time: z.string(), seats_left: z.number().int() })).optional(),
});
/** A booking as its customer sees it (public form and voucher). */
export const ZPublicBooking = ZBookingResponse.pick({
  id: true,
  locator: true,
  state: true,
  payment_state: true,
  date: true,
  time: true,
  pax_total: true,
  subtotal_cents: true,
  discount_cents: true,
  total_cents: true,
  /** The tax the total includes, and its rate (issue 34): the voucher's «Incluye IGIC 7 %». */
  tax_rate: true,
  tax_cents: true,
  /** Everything received, as on every booking answer (issue 31); net of refunds: paid − refunded. */
  paid_cents: true,
  refunded_cents: true,
  pending_cents: true,
  currency: true,
  customer_name: true,
  customer_email: true,
  customer_phone: true,
  customer_country: true,
  language: true,
  room: true,
  pickup_time: true,
  /** The customer's own notes (never the staff's internal notes). */
  notes: true,
  cancelled_at: true,
  created_at: true,
  /** Until when the booking holds its seats waiting for its online payment (ADR 022); null otherwise. */
  hold_expires_at: true,
  /** What is paid online now (the product's mode or a live payment link), computed by the server. */
  due_now_cents: true,
}).extend({
  /** What is left after `due_now_cents`: paid on the day or by a later link (`pending − due_now`). */
  due_later_cents: z.number().int(),
  /** Whether the customer can pay online now: a provider, money due now, not cancelled. */
  can_pay: z.boolean(),
  /** How they can pay: `["card"]` or `["card", "bizum"]`; `[]` when they cannot pay. */
  pay_methods: z.array(z.enum(['card', 'bizum'])),
  /** ISO instant of the departure in the operator's time zone. */
  starts_at: z.string(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    duration_minutes: z.number().int(),
    meeting_point: z.string(),
    meeting_lat_lng: z.string(),
    pickup_enabled: z.boolean(),
    /**
     * The product's first photo: the large version, its 400 px-wide thumbnail and the large one's
     * size, so the page can offer both (`srcset`) and a screen that needs no more fetches the small
     * one (issue 35, goal 6).
     */
    image: ZProductImage.pick({ url: true, thumb_url: true, alt: true, width: true, height: true }).nullable(),
    free_cancellation_hours: z.number().int(),
    what_to_bring: z.array(z.string()),
    pickup_notes: z.string(),
    /** As the product's: its texts that fall back to another language. */
    content_locales: ZContentLocales,
  }),
  /** The language this answer (and the booking's pages) is written in. */
  locale: z.string(),
  lines: z.array(ZLineOut.omit({ occupies_seat: true })),
  accommodation: z
    .object({ id: z.string(), name: z.string(), address: z.string(), zone: z.string(), pickup_point: z.string() })
    .nullable(),
  /** "Recoger en": where the customer is actually collected, when another place. */
  pickup_at: z.object({ name: z.string(), address: z.string(), pickup_point: z.string() }).nullable(),
  passengers: z.array(ZBookingResponse.shape.passengers.element.omit({ document_id: true })),
  /** What the product asks (in `locale`), to answer or change the answers while the booking can change. */
  questions: z.array(ZPublicQuestionOut),
  /** The answers given, each label in `locale` when the product still asks that question. */
  answers: z.array(ZBookingAnswerOut),
  /** The terms that apply: the product's own, or the tour operator's when it has none. */
  booking_terms: z.string(),
  customer_confirmed_at: z.string().nullable(),
  /** Whether the customer may still confirm (prepared by staff, not yet confirmed by them). */
  can_confirm: z.boolean(),
  /** Whether the customer may cancel now (inside the free-cancellation window). */
  can_cancel: z.boolean(),
  /** Until when free cancellation lasts (ISO instant); null when the product has none. */
  free_cancellation_until: z.string().nullable(),
  /** The voucher URL (the QR code's content). */
  voucher_url: z.string(),
  tour_operator: ZPublicOperator,
});
export type TPublicBooking = z.infer<typeof ZPublicBooking>;
