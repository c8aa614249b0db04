/**
 * Contracts of the schedule sheets API (PRODUCT.md §4 "Schedule sheet", §5 `/schedule-sheets`).
 * One sheet per departure; its passengers are the departure's non-cancelled bookings.
 */
import { z } from 'zod';
import { ZErrorResponse } from '../common/api';
import { SHEET_STATES } from '../common/catalog';
import { MSG } from '../common/messages';
import { zDate, zEnum, zInt, zOptionalText, zRequired, zTime, zUuid } from '../common/validation';
import { QUESTION_KINDS } from '../products/product-questions';
import { ZBookingAnswerOut } from '../products/product-questions.schema';

/** POST /api/v1/schedule-sheets/generate: the sheets of a day, one per departure with bookings. */
export const ZSheetGenerateRequest = z.object({
  date: zDate(),
  /** Limit to some products (default: every product with bookings that day). */
  product_ids: z.array(zUuid()).max(500).optional(),
  /** Administrator only: one operator's departures (default: every operator). Ignored for others. */
  tour_operator_id: zUuid().optional(),
});
export type TSheetGenerateRequest = z.infer<typeof ZSheetGenerateRequest>;
export const ZSheetGenerateResponse = z.object({
  created: z.number().int(),
  /** Departures that already had a sheet. */
  existing: z.number().int(),
  /** The sheets created by this call. */
  sheets: z.array(z.object({ id: z.string(), product_name: z.string(), time: z.string() })),
});
export type TSheetGenerateResponse = z.infer<typeof ZSheetGenerateResponse>;

/**
 * POST /api/v1/schedule-sheets (one departure) and PUT /api/v1/schedule-sheets/{id} (fields not
 * sent stay). Assigning a vehicle, driver, guide or person already on a sheet whose time overlaps
 * answers 409 with the conflicts, unless `force: true`.
 */
const sheetFields = {
  vehicle_id: zUuid().nullable(),
  driver_id: zUuid().nullable(),
  guide_id: zUuid().nullable(),
  person_ids: z.array(zUuid()).max(20),
  origin: zOptionalText(200),
  destination: zOptionalText(200),
  notes: zOptionalText(2000),
  state: zEnum(SHEET_STATES),
  force: z.boolean(),
  version: z.number().int(),
};
export const ZSheetCreateRequest = z
  .object({ product_id: zUuid(), date: zDate(), time: zTime() })
  .extend(z.object(sheetFields).partial().shape)
  .extend({
    // A new sheet starts as a draft or ready (the service answers INVALID_STATE_TRANSITION for the
    // others); the document lists only those two (issue 31).
    state: sheetFields.state.meta({ enum: ['draft', 'ready'] }).optional(),
  });
export type TSheetCreateRequest = z.infer<typeof ZSheetCreateRequest>;
export const ZSheetUpdateRequest = z.object(sheetFields).partial();
export type TSheetUpdateRequest = z.infer<typeof ZSheetUpdateRequest>;

/** One overlapping assignment (409 body `conflicts`, and the sheet's `warnings`). */
const ZSheetConflict = z.object({
  /** pickup_without_time: bookings collected at a stop nobody gave a pickup time (a warning only). */
  kind: z.enum(['vehicle', 'driver', 'guide', 'person', 'vehicle_unavailable', 'over_capacity', 'pickup_without_time']),
  /** Spanish sentence ready to show, e.g. "El vehículo 1234-ABC ya está en «Masca» (09:00–14:00)". */
  message: z.string(),
  resource_id: z.string().nullable(),
  other_sheet_id: z.string().nullable(),
});
export type TSheetConflict = z.infer<typeof ZSheetConflict>;

/** 409 "Hay asignaciones que se solapan": the usual error body plus the conflicts (send `force: true` to save anyway). */
export const ZSheetConflictErrorResponse = ZErrorResponse.extend({ conflicts: z.array(ZSheetConflict).optional() });
/** POST /api/v1/schedule-sheets/{id}/check-in */
export const ZCheckInRequest = z
  .object({
    /** A booking on this sheet by id, … */
    booking_id: zUuid().optional(),
    /** … or what was typed or scanned: a locator (TRY-XXXXXX) or a voucher URL / booking id. */
    code: zRequired(500).optional(),
    /** true = present (default), false = undo. */
    present: z.boolean().default(true),
    /** How it was found; when left out the server infers it (booking_id → tap, URL or id → scan, locator → locator). */
    method: z.enum(['tap', 'scan', 'locator']).optional(),
    /**
     * Check-in is open on the departure's day (operator's time zone). Outside it, the office
     * (levels 0, 1, 3) may still check in by giving the reason, kept in the check-in log; the
     * Chofer and the Guía may not (403).
     */
    override_reason: zOptionalText(500),
    /**
     * What the crew collected from this booking at boarding (ADR 022): recorded as a payment in the
     * same transaction as the check-in, never above what is pending.
     */
    collected: z
      .object({
        amount_cents: zInt(1, 10_000_000),
        method: z.enum(['cash', 'card'], { error: MSG.invalidOption }),
      })
      .optional(),
  })
  .refine((b) => b.booking_id || b.code, { message: MSG.required, path: ['code'] })
  // The same rule in the OpenAPI document (issue 31): one of the two, or both. Inside `allOf` and
  // with the field's type, so that a generated client types it as "these fields and one of those"
  // (openapi-typescript: `{…} & ({ booking_id: string } | { code: string })`).
  .meta({
    allOf: [
      {
        anyOf: [
          { required: ['booking_id'], properties: { booking_id: { type: 'string' } } },
          { required: ['code'], properties: { code: { type: 'string' } } },
        ],
      },
    ],
  });
export type TCheckInRequest = z.infer<typeof ZCheckInRequest>;

/** The office's form for a check-in outside the departure's day: the reason is required. */
export const ZCheckInOverrideForm = z.object({ override_reason: zRequired(500) });
export type TCheckInOverrideForm = z.infer<typeof ZCheckInOverrideForm>;

/**
 * Where today (in the operator's time zone) stands against the sheet's departure day: `before`
 * it, `open` (its day, or later while the tour is still running past midnight), or `after` it.
 * Check-in and «Iniciar» wait for `open`.
 */
const SHEET_CHECK_IN_WINDOWS = ['before', 'open', 'after'] as const;
export type TSheetCheckInWindow = (typeof SHEET_CHECK_IN_WINDOWS)[number];

/** POST /api/v1/schedule-sheets/{id}/finish: the rest become no-shows, the present completed. */
export const ZSheetFinishResponse = z.object({ completed: z.number().int(), no_show: z.number().int() });
export type TSheetFinishResponse = z.infer<typeof ZSheetFinishResponse>;

const ZPerson = z.object({ id: z.string(), full_name: z.string(), phone: z.string() });

export const ZSheetPassenger = z.object({
  booking_id: z.string(),
  locator: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  language: z.string(),
  pax: z.record(z.string(), z.number().int()),
  pax_total: z.number().int(),
  seats: z.number().int(),
  state: z.string(),
  payment_state: z.string(),
  /** What the customer still owes (0 once cancelled): what the crew may collect. */
  pending_cents: z.number().int(),
  /** What the crew collected from this booking at check-in (ADR 022). */
  collected_cents: z.number().int(),
  room: z.string(),
  /** When and where the customer is collected (null: at the meeting point / no pickup time). */
  pickup_time: z.string().nullable(),
  pickup_place: z.string().nullable(),
  notes: z.string(),
  /** The reseller or agency that sold it and its reference (ADR 023): the crew may be asked for it. */
  sales_channel: z.string().nullable(),
  reseller_reference: z.string().nullable(),
  passengers: z.array(z.object({ full_name: z.string(), pax_type: z.string() })),
  /**
   * Answers to the product's booking questions (ADR 024), in the product's order: `passenger` 1…pax_total
   * in the order adult, child, infant, senior; null for a question asked once per booking.
   */
  answers: z.array(ZBookingAnswerOut),
  /** The product's required questions this booking has not answered yet (what the crew asks at the door). */
  unanswered: z.array(
    z.object({
      question_id: z.string(),
      passenger: z.number().int().nullable(),
      label: z.string(),
      kind: z.enum(QUESTION_KINDS),
    }),
  ),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.object({ id: z.string(), full_name: z.string() }).nullable(),
});
export type TSheetPassenger = z.infer<typeof ZSheetPassenger>;

/** One stop of the pickup route: an accommodation (or the meeting point) with its bookings. */
const ZSheetStop = z.object({
  /** null for the meeting point (bookings without pickup). */
  accommodation_id: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  zone: z.string(),
  pickup_point: z.string(),
  lat_lng: z.string(),
  phone: z.string(),
  pickup_time: z.string().nullable(),
  pax: z.number().int(),
  /** Pax on board after this stop. */
  running_pax: z.number().int(),
  bookings: z.array(ZSheetPassenger),
});
export type TSheetStop = z.infer<typeof ZSheetStop>;

/** A sheet in lists. */
export const ZSheetSummary = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  /** The operator's time zone: check-in times and the print date are read in it. */
  timezone: z.string(),
  product: z.object({ id: z.string(), code: z.string(), name: z.string(), duration_minutes: z.number().int() }),
  departure_id: z.string(),
  date: z.string(),
  time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.string(),
  vehicle: z.object({ id: z.string(), plate: z.string(), name: z.string(), seats: z.number().int() }).nullable(),
  driver: ZPerson.nullable(),
  guide: ZPerson.nullable(),
  persons: z.array(ZPerson.extend({ role: z.string() })),
  /** Non-cancelled bookings of the departure. */
  bookings_count: z.number().int(),
  /** People on board (every passenger, babies included). */
  pax: z.number().int(),
  /** Seats those bookings occupy (babies on a lap take none): compared with the vehicle's seats. */
  seats: z.number().int(),
  /** Seats the departure sells. */
  capacity: z.number().int(),
  checked_in_pax: z.number().int(),
  /** Whether check-in is open today (see SHEET_CHECK_IN_WINDOWS), computed on every read. */
  check_in_window: z.enum(SHEET_CHECK_IN_WINDOWS),
  warnings: z.array(ZSheetConflict),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSheetSummary = z.infer<typeof ZSheetSummary>;

/** GET /api/v1/schedule-sheets/{id}: the summary plus route, passengers and libro de ruta data. */
export const ZSheetResponse = ZSheetSummary.extend({
  origin: z.string(),
  destination: z.string(),
  notes: z.string(),
  meeting_point: z.string(),
  /** Company data the printed sheet carries ("libro de ruta"). */
  company: z.object({
    name: z.string(),
    legal_name: z.string(),
    tax_id: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  vehicle_detail: z
    .object({ plate: z.string(), transport_authorization: z.string(), type: z.string(), model: z.string() })
    .nullable(),
  stops: z.array(ZSheetStop),
  /** Every non-cancelled booking in pickup order: the route's stops in turn, as the driver collects them. */
  passengers: z.array(ZSheetPassenger),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TSheetResponse = z.infer<typeof ZSheetResponse>;
