import { z } from 'zod';
import { AUDIT_ACTOR_KINDS } from '../audit/audit.schema';
import { BOOKING_STATES, LANGUAGES, PAX_TYPES, PAYMENT_METHODS, STAFF_BOOKING_CHANNELS } from '../common/catalog';
import { NOT_BLANK_RE } from '../common/field-rules';
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
import { ZBookingAnswerOut, zAnswersInput } from '../products/product-questions.schema';
import { PRODUCT_PAYMENT_MODES } from './pricing';

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
  /** What staff choose (a channel's booking keeps `channel`, which is never sent). */
  channel: zEnum(STAFF_BOOKING_CHANNELS).optional(),
  seller_id: zUuid().nullable().optional(),
  discount_cents: zInt(0, 10_000_000).optional(),
  discount_reason: zOptionalText(200),
  passengers: z.array(ZPassenger).max(500).optional(),
  /**
   * Answers to the product's booking questions (issue 33 item 3, ADR 024): sent, they replace the
   * stored ones. Staff may leave a required one for later; the customer and a channel may not.
   */
  answers: zAnswersInput().optional(),
  /** Initial state: `pending` or `confirmed` (default: the product's instant confirmation). */
  state: z.enum(['pending', 'confirmed'], { error: MSG.invalidOption }).optional(),
  /** Staff may sell past the sale cut-off (never past the capacity). */
  override_cutoff: z.boolean().optional(),
};

const discountNeedsReason = (b: { discount_cents?: number; discount_reason?: string }) =>
  !b.discount_cents || (b.discount_reason ?? '').trim().length > 0;
const discountIssue = { message: 'Indica el motivo del descuento', path: ['discount_reason'] };
/**
 * The same rule for the OpenAPI document (issue 31): no discount (left out or 0), or a reason with
 * something besides blanks. Inside `allOf`, so a generated client reads it as "and one of these".
 */
const discountNeedsReasonSchema = {
  allOf: [
    {
      anyOf: [
        { properties: { discount_cents: { maximum: 0 } } },
        {
          required: ['discount_reason'],
          properties: { discount_reason: { type: 'string', pattern: NOT_BLANK_RE.source } },
        },
      ],
    },
  ],
};

/** POST /api/v1/bookings (staff). */
export const ZBookingCreateRequest = z
  .object({
    ...bookingFields,
    /**
     * Sold on behalf of an agency (issue 33 item 4, ADR 023): one of the operator's active channels
     * of kind `agency`; the booking's channel is then «Canal», with the agency's commission.
     */
    channel_id: zUuid().nullable().optional(),
    /** The agency's own reference of the booking. */
    reseller_reference: zOptionalText(100),
  })
  .refine(discountNeedsReason, discountIssue)
  .meta(discountNeedsReasonSchema);
export type TBookingCreateRequest = z.infer<typeof ZBookingCreateRequest>;

/** The body POST /api/v1/bookings reads: the administrator may name the operator (it must be the product's). */
export const ZBookingCreateBody = ZBookingCreateRequest.safeExtend({
  tour_operator_id: zUuid().optional(),
}).meta(discountNeedsReasonSchema);
export type TBookingCreateBody = z.infer<typeof ZBookingCreateBody>;

/**
 * PUT /api/v1/bookings/{id}: fields not sent stay. Changing pax or the departure (date/time)
 * moves seats in the same transaction. `state` follows the state machine (cancel has its own
 * endpoint with a reason). `version` (optional) refuses a stale edit with 409.
 */
export const ZBookingUpdateRequest = z
  .object({ ...bookingFields, state: zEnum(BOOKING_STATES), version: z.number().int() })
  .partial()
  .refine(discountNeedsReason, discountIssue)
  .meta(discountNeedsReasonSchema);
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
  /** The provider that took (or gave back) this money online (ADR 022): `redsys`, `stripe`; null otherwise. */
  provider: z.string().nullable(),
  /** The provider's reference of the payment or refund (Redsys order/authorisation, Stripe id). */
  provider_ref: z.string().nullable(),
  /** How an online payment or refund was made: `card` or `bizum`; null for the office's and crew's. */
  pay_method: z.enum(['card', 'bizum']).nullable(),
  /** Why a refund was made ('' for payments). */
  reason: z.string(),
  /** Collected by the crew at check-in (the cash the driver or guide holds). */
  collected_at_check_in: z.boolean(),
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

/** A payment link sent to the customer (ADR 022), as the booking lists it. */
export const ZBookingPaymentLink = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  expires_at: z.string(),
  channel: z.enum(['email', 'whatsapp', 'none']),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type TBookingPaymentLink = z.infer<typeof ZBookingPaymentLink>;

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
  /** The reseller or agency it was sold through (`channel` "channel", ADR 023), and its own reference. */
  sales_channel: z
    .object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['octo', 'agency']),
      /** Who takes the customer's money: the channel (it owes the operator the net) or the operator. */
      collects: z.enum(['agency', 'operator']),
    })
    .nullable(),
  reseller_reference: z.string().nullable(),
  commission_pct: z.number().nullable(),
  commission_cents: z.number().int(),
  /**
   * Its indirect tax (issue 34): the rate in percent as sold (IGIC or IVA by the operator's
   * territory) and the tax the total includes (total − round(total × 100 / (100 + rate))).
   */
  tax_rate: z.number(),
  tax_cents: z.number().int(),
  created_by: z.string().nullable(),
  state: z.string(),
  payment_state: z.string(),
  passengers: z.array(z.object({ full_name: z.string(), pax_type: z.string(), document_id: z.string() })),
  /** Answers to the product's questions (ADR 024): passenger 1…pax_total in the order adult, child, infant, senior. */
  answers: z.array(ZBookingAnswerOut),
  checked_in_at: z.string().nullable(),
  cancel_reason: z.string(),
  cancelled_at: z.string().nullable(),
  version: z.number().int(),
  /**
   * Online payments (ADR 022). `hold_expires_at`: a public booking waiting for its online payment
   * holds its seats until then (null otherwise). `due_now_cents`: what the customer must pay online
   * now (the product's mode, or a live payment link). `online_payments_enabled`: the operator has a
   * provider. `payment_links`: the links sent, latest first.
   */
  hold_expires_at: z.string().nullable(),
  due_now_cents: z.number().int(),
  payment_mode: z.enum(PRODUCT_PAYMENT_MODES),
  online_payments_enabled: z.boolean(),
  payment_links: z.array(ZBookingPaymentLink),
  /** Links to send to the customer. */
  public_urls: z.object({ booking: z.string(), voucher: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBookingResponse = z.infer<typeof ZBookingResponse>;

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
  /** The staff user who acted (named as today); null for a customer, a channel or the system. */
  actor: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  /** Who acted (issue 31): `staff`, `customer` (the booking's link), `channel` (an API key) or `system`. */
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  /** Their name: the user's today, else as kept at the time (the customer's, the channel's, «Sistema»). */
  actor_label: z.string(),
  created_at: z.string(),
});
export type TBookingEventResponse = z.infer<typeof ZBookingEventResponse>;

/** Payment link channels: sent by e-mail, opened in WhatsApp, or only created (the office copies it). */
export const PAYMENT_LINK_CHANNELS = ['email', 'whatsapp', 'none'] as const;

/**
 * POST /api/v1/bookings/{id}/payment-links (ADR 022): a link to pay online what the booking owes.
 * `amount_cents` defaults to the whole pending amount (never above it); the link expires after
 * `expires_in_hours` (1–168, default 72), never after the departure starts.
 */
export const ZBookingPaymentLinkCreateRequest = z.object({
  amount_cents: zInt(1, 10_000_000).optional(),
  channel: zEnum(PAYMENT_LINK_CHANNELS),
  expires_in_hours: zInt(1, 168).optional(),
});
export type TBookingPaymentLinkCreateRequest = z.infer<typeof ZBookingPaymentLinkCreateRequest>;

export const ZBookingPaymentLinkResponse = z.object({
  id: z.string(),
  /** The booking's public page: it shows what is due and pays it. */
  url: z.string(),
  amount_cents: z.number().int(),
  expires_at: z.string(),
  channel: z.enum(PAYMENT_LINK_CHANNELS),
  /** The e-mail queued (channel `email`) or the WhatsApp message logged (channel `whatsapp`). */
  message_id: z.string().nullable(),
  /** Channel `whatsapp`: the wa.me click-to-chat link with the text prefilled. */
  whatsapp_url: z.string().nullable(),
});
export type TBookingPaymentLinkResponse = z.infer<typeof ZBookingPaymentLinkResponse>;

/**
 * POST /api/v1/bookings/{id}/refunds (ADR 022, header `Idempotency-Key`): money given back through
 * the provider that took it. `payment_id` picks the online payment (default: the latest one with
 * money left to refund). `reduce_total`: the customer no longer owes what is given back (a goodwill
 * refund, a service not given): the booking's total drops by the amount, as a discount with the
 * refund's reason, so the money is not asked for again. Without it (default) the refund corrects a
 * payment and the booking owes it again (charged twice, paid another way).
 */
export const ZBookingRefundCreateRequest = z.object({
  amount_cents: zInt(1, 10_000_000),
  reason: zRequired(500),
  payment_id: zUuid().optional(),
  reduce_total: z.boolean().optional(),
});
export type TBookingRefundCreateRequest = z.infer<typeof ZBookingRefundCreateRequest>;

/** The refund recorded, and what the provider said: done, or still being processed by it. */
export const ZBookingRefundResponse = ZPaymentResponse.extend({
  provider_status: z.enum(['succeeded', 'pending', 'not_applicable']),
});
export type TBookingRefundResponse = z.infer<typeof ZBookingRefundResponse>;
