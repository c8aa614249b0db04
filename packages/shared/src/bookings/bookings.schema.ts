import { z } from 'zod';
import { BOOKING_CHANNELS, BOOKING_STATES, LANGUAGES, PAX_TYPES, PAYMENT_METHODS } from '../common/catalog';
import { MSG } from '../common/messages';
import {
  zDate,
  zEnum,
  zInt,
  zOptionalEmail,
  zOptionalText,
  zRequired,
  zText,
  zTime,
  zTimestamp,
  zUuid,
} from '../common/validation';
import { AVAILABILITY_MAX_DAYS, daysInRange, RANGE_TOO_LONG_MESSAGE } from '../products/products.schema';

/** Passengers per type, e.g. { adult: 2, child: 1 }. */
export const ZPax = z
  .object(
    Object.fromEntries(PAX_TYPES.map((t) => [t, zInt(0, 500).optional()])) as Record<
      (typeof PAX_TYPES)[number],
      z.ZodOptional<ReturnType<typeof zInt>>
    >,
  )
  .strict()
  .refine((p) => Object.values(p).some((n) => (n ?? 0) > 0), 'Indica al menos un pasajero')
  // The same rule for the OpenAPI document: at least one type with one passenger or more.
  .meta({ anyOf: PAX_TYPES.map((t) => ({ required: [t], properties: { [t]: { minimum: 1 } } })) });
export type TPax = z.infer<typeof ZPax>;

export const ZPassenger = z.object({
  full_name: zRequired(150),
  pax_type: zEnum(PAX_TYPES),
  document_id: zOptionalText(40),
});

const customer = {
  customer_name: zRequired(150),
  customer_email: zOptionalEmail(),
  customer_phone: zOptionalText(40),
  customer_country: zText(2)
    .refine((s) => s === '' || /^[A-Za-z]{2}$/.test(s), 'País no válido (código de 2 letras, p. ej. ES)')
    .meta({ pattern: '^$|^[A-Za-z]{2}$' })
    .transform((s) => s.toUpperCase())
    .optional(),
  language: zEnum(LANGUAGES as unknown as [string, ...string[]]).optional(),
};

const bookingFields = {
  product_id: zUuid(),
  date: zDate(),
  time: zTime(),
  pax: ZPax,
  ...customer,
  accommodation_id: zUuid().nullable().optional(),
  room: zOptionalText(20),
  /** Staff may override the computed pickup time; null = computed from the product's pickups. */
  pickup_time: zTime().nullable().optional(),
  notes: zOptionalText(2000),
  /** Staff only, never shown to the customer. */
  internal_notes: zOptionalText(2000),
  channel: zEnum(BOOKING_CHANNELS).optional(),
  seller_id: zUuid().nullable().optional(),
  discount_cents: zInt(0, 10_000_000).optional(),
  discount_reason: zOptionalText(200),
  passengers: z.array(ZPassenger).max(500).optional(),
  /** Initial state: `pending` or `confirmed` (default: the product's instant confirmation). */
  state: z.enum(['pending', 'confirmed'], { error: MSG.invalidOption }).optional(),
  /** Staff may sell past the sale cut-off (never past the capacity). */
  override_cutoff: z.boolean().optional(),
};

const discountNeedsReason = (b: { discount_cents?: number; discount_reason?: string }) =>
  !b.discount_cents || (b.discount_reason ?? '').trim().length > 0;
const discountIssue = { message: 'Indica el motivo del descuento', path: ['discount_reason'] };

/** POST /api/v1/bookings (staff). */
export const ZBookingCreateRequest = z.object(bookingFields).refine(discountNeedsReason, discountIssue);
export type TBookingCreateRequest = z.infer<typeof ZBookingCreateRequest>;

/** The body POST /api/v1/bookings reads: the administrator may name the operator (it must be the product's). */
export const ZBookingCreateBody = ZBookingCreateRequest.safeExtend({
  tour_operator_id: zUuid().optional(),
});
export type TBookingCreateBody = z.infer<typeof ZBookingCreateBody>;

/**
 * PUT /api/v1/bookings/{id}: fields not sent stay. Changing pax or the departure (date/time)
 * moves seats in the same transaction. `state` follows the state machine (cancel has its own
 * endpoint with a reason). `version` (optional) refuses a stale edit with 409.
 */
export const ZBookingUpdateRequest = z
  .object({ ...bookingFields, state: zEnum(BOOKING_STATES), version: z.number().int() })
  .partial()
  .refine(discountNeedsReason, discountIssue);
export type TBookingUpdateRequest = z.infer<typeof ZBookingUpdateRequest>;

/** POST /api/v1/bookings/{id}/cancel */
export const ZBookingCancelRequest = z.object({ reason: zRequired(500) });

/** POST /api/v1/bookings/{id}/payments; kind refund records money returned. */
export const ZPaymentCreateRequest = z.object({
  kind: z.enum(['payment', 'refund'], { error: MSG.invalidOption }).default('payment'),
  amount_cents: zInt(1, 10_000_000),
  method: zEnum(PAYMENT_METHODS),
  paid_at: zTimestamp().optional(),
  reference: zOptionalText(100),
  notes: zOptionalText(500),
});
export type TPaymentCreateRequest = z.infer<typeof ZPaymentCreateRequest>;

export const ZPaymentResponse = z.object({
  id: z.string(),
  booking_id: z.string(),
  kind: z.string(),
  amount_cents: z.number().int(),
  method: z.string(),
  paid_at: z.string(),
  reference: z.string(),
  notes: z.string(),
  recorded_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TPaymentResponse = z.infer<typeof ZPaymentResponse>;

/** POST /api/v1/bookings/quote: the live total of the forms, computed by the server's rules. */
export const ZBookingQuoteRequest = z.object({
  product_id: zUuid(),
  date: zDate(),
  time: zTime().optional(),
  pax: ZPax,
  discount_cents: zInt(0, 10_000_000).optional(),
  accommodation_id: zUuid().nullable().optional(),
});
export type TBookingQuoteRequest = z.infer<typeof ZBookingQuoteRequest>;

export const ZLineOut = z.object({
  pax_type: z.string(),
  quantity: z.number().int(),
  unit_cents: z.number().int(),
  total_cents: z.number().int(),
  occupies_seat: z.boolean(),
});

export const ZBookingQuoteResponse = z.object({
  lines: z.array(ZLineOut),
  pax_total: z.number().int(),
  seats: z.number().int(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  season: z.string().nullable(),
  pickup_time: z.string().nullable(),
  seats_left: z.number().int().nullable(),
  /** With a time: whether that departure can take these seats now (null without a time). */
  available: z.boolean().nullable(),
});
export type TBookingQuoteResponse = z.infer<typeof ZBookingQuoteResponse>;

/**
 * A booking as the API answers it (PRODUCT.md §2 plus what it leaves open).
 *
 * Amounts: `paid_cents` is everything received, `refunded_cents` everything returned, and
 * `pending_cents` = max(0, total − paid + refunded): what the customer still owes (0 once cancelled).
 * `pickup_at` is the place the customer is really collected at when their accommodation redirects
 * ("Hotel X, recoger en Hotel Y").
 */

export const ZBookingResponse = z.object({
  id: z.string(),
  locator: z.string(),
  tour_operator_id: z.string(),
  /** The operator's time zone: the booking's instants (payments, history) are read in it. */
  timezone: z.string(),
  /** Named on every row: the administrator's list mixes operators. */
  tour_operator: z.object({ id: z.string(), name: z.string() }),
  product_id: z.string(),
  product: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  departure_id: z.string(),
  date: z.string(),
  time: z.string(),
  lines: z.array(ZLineOut),
  pax_total: z.number().int(),
  seats: z.number().int(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  discount_reason: z.string(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  refunded_cents: z.number().int(),
  pending_cents: z.number().int(),
  currency: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  customer_country: z.string(),
  language: z.string(),
  accommodation_id: z.string().nullable(),
  accommodation: z.object({ id: z.string(), name: z.string(), zone: z.string(), pickup_point: z.string() }).nullable(),
  pickup_at: z.object({ id: z.string(), name: z.string(), pickup_point: z.string() }).nullable(),
  room: z.string(),
  pickup_time: z.string().nullable(),
  pickup_time_overridden: z.boolean(),
  notes: z.string(),
  internal_notes: z.string(),
  channel: z.string(),
  seller_id: z.string().nullable(),
  seller: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  commission_pct: z.number().nullable(),
  commission_cents: z.number().int(),
  created_by: z.string().nullable(),
  state: z.string(),
  payment_state: z.string(),
  passengers: z.array(z.object({ full_name: z.string(), pax_type: z.string(), document_id: z.string() })),
  checked_in_at: z.string().nullable(),
  cancel_reason: z.string(),
  cancelled_at: z.string().nullable(),
  version: z.number().int(),
  /** Links to send to the customer. */
  public_urls: z.object({ booking: z.string(), voucher: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBookingResponse = z.infer<typeof ZBookingResponse>;

/** GET /api/v1/bookings/calendar?from=&to=&product_id= : departures with seats sold and left. */
export const ZBookingCalendarEntry = z.object({
  departure_id: z.string().nullable(),
  product_id: z.string(),
  product_name: z.string(),
  date: z.string(),
  time: z.string(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  seats_left: z.number().int(),
  bookings_count: z.number().int(),
  pax_total: z.number().int(),
  closed: z.boolean(),
  /** Whether it can still be sold now: open, seats left, before the sale cut-off. */
  available: z.boolean(),
});
export type TBookingCalendarEntry = z.infer<typeof ZBookingCalendarEntry>;

/** GET /api/v1/bookings/calendar's query: at most the availability's longest range. */
export const ZBookingCalendarQuery = z
  .object({
    from: zDate(),
    to: zDate(),
    product_id: zUuid().optional(),
    tour_operator_id: zUuid().optional().describe('Solo el administrador'),
  })
  .refine((q) => q.from <= q.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] })
  .refine((q) => daysInRange(q.from, q.to) <= AVAILABILITY_MAX_DAYS, { message: RANGE_TOO_LONG_MESSAGE, path: ['to'] });

/** One entry of a booking's history (GET /api/v1/bookings/{id}/events). */
export const ZBookingEventResponse = z.object({
  id: z.string(),
  booking_id: z.string(),
  /** created, updated, state_changed, payment, refund, cancelled, customer_confirmed (public page) */
  type: z.string(),
  /** A Spanish line for the history list, e.g. "Estado: Pendiente → Confirmada". */
  summary: z.string(),
  /** updated: { changes: { field: { from, to } } }; state_changed: { from, to }; payment/refund:
   *  { payment_id, amount_cents, method }; cancelled: { reason, from }; created: a snapshot. */
  data: z.record(z.string(), z.unknown()),
  actor: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TBookingEventResponse = z.infer<typeof ZBookingEventResponse>;
