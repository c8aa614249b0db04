import { z } from 'zod';
import { LANGUAGES, PAX_TYPES, PRODUCT_STATES } from '../common/catalog';
import { addDays, daysBetween, isCalendarDate, isoWeekday } from '../common/dates';
import { NOT_BLANK_RE } from '../common/field-rules';
import { MSG } from '../common/messages';
import { zDate, zEnum, zInt, zLatLng, zOptionalText, zRequired, zText, zTime, zUuid } from '../common/validation';
import { ALL_TAX_RATES, TAX_TERRITORIES } from '../taxes/taxes';
import { zPerLocale } from '../tour-operators/tour-operators.schema';
import {
  depositMatchesMode,
  depositRuleSchema,
  productPaymentFields,
  productPaymentResponseFields,
} from './product-payment.schema';
import { ZProductQuestionOut, zProductQuestions } from './product-questions.schema';

const unique = <T>(list: T[]) => new Set(list).size === list.length;

/** Longest booking terms of a product (the same as a tour operator's). */
export const PRODUCT_BOOKING_TERMS_MAX = 20_000;

/** A price per passenger type; a type without price is not offered (PRODUCT.md §4). */
const ZProductPrice = z
  .object({
    pax_type: zEnum(PAX_TYPES),
    amount_cents: zInt(0, 10_000_000),
    min_age: zInt(0, 120)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    max_age: zInt(0, 120)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    occupies_seat: z.boolean().default(true),
  })
  .refine((p) => p.min_age === null || p.max_age === null || p.min_age <= p.max_age, {
    message: 'La edad mínima no puede ser mayor que la máxima',
    path: ['max_age'],
  });
export type TProductPrice = z.infer<typeof ZProductPrice>;

const zPrices = z
  .array(ZProductPrice)
  .max(PAX_TYPES.length)
  .refine((l) => unique(l.map((p) => p.pax_type)), 'Cada tipo de pasajero solo puede tener una tarifa')
  .meta({ description: 'Una tarifa por tipo de pasajero (pax_type no se repite)' });

/** A season: between `from` and `to` (inclusive) its prices replace the base ones. */
const ZProductSeason = z
  .object({
    name: zRequired(80),
    from: zDate(),
    to: zDate(),
    prices: zPrices.refine((l) => l.length > 0, 'Añade al menos una tarifa a la temporada').meta({ minItems: 1 }),
  })
  .refine((s) => s.from <= s.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] });
/**
 * Limits of a product's availability (issue 12: one product with 30 rules × 48 times offered 1440
 * departures a day, and three anonymous requests for its availability stalled the server). Every
 * departure becomes a row of an availability answer, so these bound the work and size of each.
 */
/** Most weekly rules a product may have (seasons × groups of weekdays fit with room to spare). */
export const MAX_AVAILABILITY_RULES = 20;
/** Most start times of one rule. */
export const MAX_TIMES_PER_RULE = 48;
/** Most start times on one day, all the rules that apply that day together (one every 30 minutes, day and night). */
export const MAX_START_TIMES_PER_DAY = 48;
/** Longest range of one availability request (staff and public) and of the bookings calendar, in days. */
export const AVAILABILITY_MAX_DAYS = 62;

type RuleShape = { weekdays: number[]; times: string[]; valid_from: string; valid_to: string | null };

/**
 * The most distinct start times the rules give on any one day. Exact: the busiest day's rules all
 * began on or before it, so they are all in force again on the first day of the same weekday on or
 * after the latest of their `valid_from`s; checking the 7 days from each rule's `valid_from` finds it.
 */
function maxStartTimesPerDay(rules: RuleShape[]): number {
  let max = 0;
  for (const start of new Set(rules.map((r) => r.valid_from))) {
    if (!isCalendarDate(start)) continue;
    for (let k = 0; k < 7; k++) {
      const date = addDays(start, k);
      const weekday = isoWeekday(date);
      const times = new Set<string>();
      for (const r of rules) {
        if (date < r.valid_from || (r.valid_to !== null && date > r.valid_to) || !r.weekdays.includes(weekday))
          continue;
        for (const t of r.times) times.add(t);
      }
      max = Math.max(max, times.size);
    }
  }
  return max;
}

export const MAX_START_TIMES_MESSAGE = `Como máximo ${MAX_START_TIMES_PER_DAY} horas de salida en un mismo día (sumando todas las reglas que coinciden ese día)`;

/** A weekly availability rule (weekdays 1 = Monday … 7 = Sunday). */
const ZAvailabilityRule = z
  .object({
    weekdays: z
      .array(zInt(1, 7))
      .min(1, 'Elige al menos un día')
      .refine(unique, 'Días repetidos')
      .meta({ uniqueItems: true })
      .transform((l) => [...l].sort((a, b) => a - b)),
    times: z
      .array(zTime())
      .min(1, 'Añade al menos una hora de salida')
      .max(MAX_TIMES_PER_RULE, `Como máximo ${MAX_TIMES_PER_RULE} horas de salida por regla`)
      .refine(unique, 'Horas repetidas')
      .meta({ uniqueItems: true })
      .transform((l) => [...l].sort()),
    valid_from: zDate(),
    valid_to: zDate()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((r) => r.valid_to === null || r.valid_from <= r.valid_to, {
    message: 'La fecha final debe ser posterior a la inicial',
    path: ['valid_to'],
  });
/** One place of the product's pickup list: an accommodation or a zone; minutes before or a fixed time. */
const ZProductPickup = z
  .object({
    accommodation_id: zUuid()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    zone: zText(80)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    minutes_before: zInt(0, 720)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    fixed_time: zTime()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((p) => (p.accommodation_id === null) !== (p.zone === null), {
    message: 'Elige un alojamiento o una zona',
    path: ['accommodation_id'],
  })
  .refine((p) => (p.minutes_before === null) !== (p.fixed_time === null), {
    message: 'Indica los minutos antes de la salida o una hora fija',
    path: ['minutes_before'],
  })
  // Both rules in the OpenAPI document too (issue 31): exactly one of each pair is there and not
  // null (a blank zone counts as none: it is stored as null).
  .meta({
    allOf: [
      {
        oneOf: [
          { required: ['accommodation_id'], properties: { accommodation_id: { type: 'string' } } },
          { required: ['zone'], properties: { zone: { type: 'string', pattern: NOT_BLANK_RE.source } } },
        ],
      },
      {
        oneOf: [
          { required: ['minutes_before'], properties: { minutes_before: { type: 'integer' } } },
          { required: ['fixed_time'], properties: { fixed_time: { type: 'string' } } },
        ],
      },
    ],
  });
/** The translatable texts of a product in one language (issue 15); each with the base field's limits. */
export const ZProductTranslation = z.strictObject(
  {
    name: zOptionalText(150),
    short_description: zOptionalText(300),
    /** Rich text (HTML); the server sanitises it like the base description. */
    description: zText(50_000).optional(),
    includes: z.array(zRequired(200)).max(30).optional(),
    excludes: z.array(zRequired(200)).max(30).optional(),
    what_to_bring: z.array(zRequired(200)).max(30).optional(),
    meeting_point: zOptionalText(300),
    booking_terms: zOptionalText(PRODUCT_BOOKING_TERMS_MAX),
    pickup_notes: zOptionalText(1000),
  },
  {
    error: (i) => (i.code === 'unrecognized_keys' ? `Texto no traducible: ${i.keys.join(', ')}` : undefined),
  },
);
export type TProductTranslation = z.infer<typeof ZProductTranslation>;
/** The product's texts that have a translation per language: what the completeness indicator counts. */
export const PRODUCT_TRANSLATABLE_FIELDS = [
  'name',
  'short_description',
  'description',
  'includes',
  'excludes',
  'what_to_bring',
  'meeting_point',
  'booking_terms',
  'pickup_notes',
] as const;
export type TProductTranslatableField = (typeof PRODUCT_TRANSLATABLE_FIELDS)[number];
export const ZProductTranslations = zPerLocale(ZProductTranslation);
export type TProductTranslations = z.infer<typeof ZProductTranslations>;

const productFields = {
  tour_operator_id: zUuid().optional(),
  code: zRequired(30).regex(/^[A-Za-z0-9._-]+$/, 'Solo letras, números, punto, guion y guion bajo'),
  name: zRequired(150),
  short_description: zOptionalText(300),
  /** Rich text (HTML); the server sanitises it. */
  description: zText(50_000).optional(),
  duration_minutes: zInt(0, 20_160).optional(),
  languages: z
    .array(zEnum(LANGUAGES as unknown as [string, ...string[]]))
    .max(15)
    .refine(unique, 'Idiomas repetidos')
    .meta({ uniqueItems: true })
    .optional(),
  meeting_point: zOptionalText(300),
  meeting_lat_lng: zLatLng().optional(),
  pickup_enabled: z.boolean().optional(),
  includes: z.array(zRequired(200)).max(30).optional(),
  excludes: z.array(zRequired(200)).max(30).optional(),
  /** What the customer should bring: one item per entry. */
  what_to_bring: z.array(zRequired(200)).max(30).optional(),
  /** What a customer collected at their hotel should know (where to wait, how to be seen). */
  pickup_notes: zOptionalText(1000),
  /**
   * The customer-facing texts in other languages (issue 15), `{ "de": { "name": "…", … } }`: the
   * fields above are in the operator's default language; a text missing here falls back to them.
   * Per language: a language sent replaces the stored one whole; languages not sent stay as they
   * are. Empty texts and empty lists mean "not translated" and are not stored, so `{}` (or only
   * empty texts) removes a language. The description is sanitised like the base one. A translation
   * in the operator's default language is stored but never shown (the fields above are that language).
   */
  translations: ZProductTranslations.optional(),
  capacity: zInt(1, 10_000),
  min_pax: zInt(1, 10_000).optional(),
  booking_cutoff_hours: zInt(0, 720).optional(),
  free_cancellation_hours: zInt(0, 720).optional(),
  instant_confirmation: z.boolean().optional(),
  /**
   * The product's own booking terms (the operator's limit: 20 000 characters). Empty: the tour
   * operator's `booking_terms` apply; the public API answers the ones that apply.
   */
  booking_terms: zOptionalText(PRODUCT_BOOKING_TERMS_MAX),
  state: zEnum(PRODUCT_STATES).optional(),
  prices: zPrices.optional(),
  seasons: z.array(ZProductSeason).max(20).optional(),
  availability_rules: z
    .array(ZAvailabilityRule)
    .max(MAX_AVAILABILITY_RULES, `Como máximo ${MAX_AVAILABILITY_RULES} reglas de disponibilidad`)
    .refine((rules) => maxStartTimesPerDay(rules) <= MAX_START_TIMES_PER_DAY, MAX_START_TIMES_MESSAGE)
    .optional(),
  closed_dates: z
    .array(zDate())
    .max(1000)
    .transform((l) => [...new Set(l)].sort())
    .optional(),
  pickups: z.array(ZProductPickup).max(500).optional(),
  /** What is asked when it is booked (issue 33 item 3): a list sent replaces the stored one. */
  questions: zProductQuestions().optional(),
  /**
   * Its indirect tax in percent, included in its prices (issue 34): one of the rates of the
   * operator's territory (IGIC in the Canaries, IVA elsewhere). Not sent on create: the territory's
   * general rate (IGIC 7 %, IVA 21 %).
   */
  tax_rate: z
    .number({ error: MSG.invalidOption })
    .refine((n) => ALL_TAX_RATES.includes(n), MSG.invalidOption)
    .meta({ enum: [...ALL_TAX_RATES] })
    .optional(),
  ...productPaymentFields,
};

const minPaxFitsCapacity = (p: { min_pax?: number; capacity?: number }) =>
  p.min_pax === undefined || p.capacity === undefined || p.min_pax <= p.capacity;
const minPaxIssue = { message: 'El mínimo de pasajeros no puede superar las plazas', path: ['min_pax'] };

/** POST /api/v1/products */
export const ZProductCreateRequest = z
  .object(productFields)
  .refine(minPaxFitsCapacity, minPaxIssue)
  .superRefine(depositMatchesMode(true))
  .meta({ allOf: [depositRuleSchema] });
export type TProductCreateRequest = z.infer<typeof ZProductCreateRequest>;

/** PUT /api/v1/products/{id}: fields not sent stay; a list sent replaces the stored one. */
export const ZProductUpdateRequest = z
  .object({
    ...productFields,
    code: productFields.code.optional(),
    name: productFields.name.optional(),
    capacity: productFields.capacity.optional(),
  })
  .refine(minPaxFitsCapacity, minPaxIssue)
  .superRefine(depositMatchesMode(false))
  .meta({ allOf: [depositRuleSchema] });
export type TProductUpdateRequest = z.infer<typeof ZProductUpdateRequest>;

export const ZProductImage = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  alt: z.string(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TProductImage = z.infer<typeof ZProductImage>;

export const ZProductImageUpdateRequest = z.object({ alt: zText(200).optional(), position: zInt(0, 100).optional() });
/** Every image of the product once, in the new order (the document says "no repeats", the API the rest). */
export const ZProductImageOrderRequest = z.object({ ids: z.array(zUuid()).max(50).meta({ uniqueItems: true }) });

const ZProductPickupResponse = z.object({
  id: z.string(),
  accommodation_id: z.string().nullable(),
  accommodation: z
    .object({ id: z.string(), name: z.string(), zone: z.string(), lat_lng: z.string(), shared: z.boolean() })
    .nullable(),
  zone: z.string().nullable(),
  minutes_before: z.number().int().nullable(),
  fixed_time: z.string().nullable(),
  position: z.number().int(),
});
export type TProductPickupResponse = z.infer<typeof ZProductPickupResponse>;

// Response shapes are plain (no transforms): the API serialises responses with zod's encode.
export const ZProductPriceOut = z.object({
  pax_type: z.string(),
  amount_cents: z.number().int(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  occupies_seat: z.boolean(),
});
export const ZProductSeasonOut = z.object({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  prices: z.array(ZProductPriceOut),
});
const ZAvailabilityRuleOut = z.object({
  weekdays: z.array(z.number().int()),
  times: z.array(z.string()),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});

export const ZProductResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  /**
   * Its operator; `timezone` decides the product's "today" (departures calendar, sales); the
   * product's base texts are in `default_language`, and `public_languages` are the ones it sells in
   * (what the product form offers to translate).
   */
  tour_operator: z
    .object({
      id: z.string(),
      name: z.string(),
      timezone: z.string(),
      default_language: z.string(),
      public_languages: z.array(z.string()),
      /** Where it pays tax: the rates `tax_rate` may take (IGIC in `canarias`, IVA in `peninsula`). */
      tax_territory: z.enum(TAX_TERRITORIES),
    })
    .nullable(),
  code: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  duration_minutes: z.number().int(),
  languages: z.array(z.string()),
  meeting_point: z.string(),
  meeting_lat_lng: z.string(),
  pickup_enabled: z.boolean(),
  includes: z.array(z.string()),
  excludes: z.array(z.string()),
  what_to_bring: z.array(z.string()),
  pickup_notes: z.string(),
  /** The texts in other languages (only the fields written in each). */
  translations: z.record(
    z.string(),
    z.object({
      name: z.string().optional(),
      short_description: z.string().optional(),
      description: z.string().optional(),
      includes: z.array(z.string()).optional(),
      excludes: z.array(z.string()).optional(),
      what_to_bring: z.array(z.string()).optional(),
      meeting_point: z.string().optional(),
      booking_terms: z.string().optional(),
      pickup_notes: z.string().optional(),
    }),
  ),
  capacity: z.number().int(),
  min_pax: z.number().int(),
  booking_cutoff_hours: z.number().int(),
  free_cancellation_hours: z.number().int(),
  instant_confirmation: z.boolean(),
  /** The product's own terms; '' when the tour operator's apply. */
  booking_terms: z.string(),
  currency: z.string(),
  state: z.string(),
  prices: z.array(ZProductPriceOut),
  seasons: z.array(ZProductSeasonOut),
  availability_rules: z.array(ZAvailabilityRuleOut),
  closed_dates: z.array(z.string()),
  pickups: z.array(ZProductPickupResponse),
  /** What is asked when it is booked, in order (ADR 024). */
  questions: z.array(ZProductQuestionOut),
  /** Its indirect tax in percent (IGIC or IVA by the operator's territory), included in its prices. */
  tax_rate: z.number(),
  ...productPaymentResponseFields,
  images: z.array(ZProductImage),
  /** Lowest adult (or any) base price: the "desde" of the landing page. */
  from_price_cents: z.number().int().nullable(),
  /** Links to the public landing and booking pages. */
  public_urls: z.object({ landing: z.string(), booking: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProductResponse = z.infer<typeof ZProductResponse>;

/** The product answer's fields: what `GET /api/v1/products?fields=…` may ask for (ADR 054). */
export const PRODUCT_RESPONSE_FIELDS = /* @__PURE__ */ Object.keys(
  ZProductResponse.shape,
) as readonly (keyof TProductResponse)[];

/** What the back-office's products list shows of each product: all it asks for (ADR 054; the bench asks the same). */
export const PRODUCT_LIST_SCREEN_FIELDS = [
  'id',
  'code',
  'name',
  'state',
  'duration_minutes',
  'capacity',
  'languages',
  'pickup_enabled',
  'from_price_cents',
  'currency',
  'tour_operator_id',
  'tour_operator',
] as const satisfies readonly (keyof TProductResponse)[];

/** Whole days from `from` to `to`, both included (2026-07-01…2026-07-31 is 31). */
export const daysInRange = (from: string, to: string) => daysBetween(from, to) + 1;
export const RANGE_TOO_LONG_MESSAGE = `El intervalo no puede superar ${AVAILABILITY_MAX_DAYS} días`;

/** GET /api/v1/products/{id}/availability?from=&to= (at most AVAILABILITY_MAX_DAYS days). */
export const ZAvailabilityQuery = z
  .object({ from: zDate(), to: zDate() })
  .refine((q) => q.from <= q.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] })
  .refine((q) => daysInRange(q.from, q.to) <= AVAILABILITY_MAX_DAYS, { message: RANGE_TOO_LONG_MESSAGE, path: ['to'] });
export const ZAvailabilitySlot = z.object({
  date: z.string(),
  time: z.string(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  seats_left: z.number().int(),
  available: z.boolean(),
  closed: z.boolean(),
  departure_id: z.string().nullable(),
});
export type TAvailabilitySlot = z.infer<typeof ZAvailabilitySlot>;

/**
 * PUT /api/v1/products/{id}/departures: override one departure's capacity (null = the product's)
 * or close/reopen it. Creates the departure row if needed.
 */
export const ZDepartureUpdateRequest = z.object({
  date: zDate(),
  time: zTime(),
  capacity: zInt(1, 10_000).nullable().optional(),
  closed: z.boolean().optional(),
  notes: zOptionalText(500),
});
export type TDepartureUpdateRequest = z.infer<typeof ZDepartureUpdateRequest>;
