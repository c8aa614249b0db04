/**
 * The product form's model: its values as people type them (euros, hours and minutes, one tariff
 * row per passenger type, rows with stable keys), the values of a new product and of a stored one,
 * and the conversions between what is typed and what the API stores. The body sent is built in
 * product-payload.ts; the errors go back onto the inputs in product-form-errors.ts.
 */
import {
  PAX_TYPES,
  PRODUCT_PAYMENT_MODES,
  PRODUCT_STATES,
  PUBLIC_LOCALES,
  type TPaxType,
  type TProductPaymentMode,
  type TProductResponse,
  type TProductState,
  type TProductTranslation,
  type TPublicLocale,
  type TTranslatableTexts,
  type TTranslationProgress,
  translationProgress,
} from '@trayecto/shared';
import { questionsTranslationProgress, questionValuesFrom, type TQuestionValues } from './product-questions-values';

export type TFormNumber = number | '';

/** One tariff row per passenger type: offered or not, price in euros, ages, whether it takes a seat. */
export type TPriceRow = {
  pax_type: TPaxType;
  offered: boolean;
  amount: TFormNumber;
  min_age: TFormNumber;
  max_age: TFormNumber;
  occupies_seat: boolean;
};

/** A season's own price for one type (ages and seats follow the base tariff of that type). */
export type TSeasonPriceRow = { pax_type: TPaxType; offered: boolean; amount: TFormNumber };

export type TSeasonValues = {
  key: string;
  name: string;
  from: string | null;
  to: string | null;
  prices: TSeasonPriceRow[];
};

export type TRuleValues = {
  key: string;
  /** 1 = Monday … 7 = Sunday */
  weekdays: number[];
  /** "HH:mm", 24 h */
  times: string[];
  valid_from: string | null;
  valid_to: string | null;
};

export type TPickupMode = 'minutes' | 'fixed';

export type TPickupValues = {
  key: string;
  accommodation_id: string | null;
  zone: string | null;
  /** What the row shows: the accommodation's name or the zone. */
  label: string;
  /** The accommodation's zone, shown under its name. */
  detail: string;
  shared: boolean;
  mode: TPickupMode;
  minutes_before: TFormNumber;
  fixed_time: string;
};

export type TTextItem = { key: string; text: string };

/** A product's texts in one language as the form edits them (issue 15): every field, '' = not translated. */
export type TTranslationValues = {
  name: string;
  short_description: string;
  /** Rich text (HTML) */
  description: string;
  includes: TTextItem[];
  excludes: TTextItem[];
  what_to_bring: TTextItem[];
  meeting_point: string;
  booking_terms: string;
  pickup_notes: string;
};

/** The list fields of a translation (and of the base texts). */
export const TEXT_LIST_FIELDS = ['includes', 'excludes', 'what_to_bring'] as const;

export type TProductFormValues = {
  tour_operator_id: string | null;
  code: string;
  name: string;
  state: TProductState;
  duration_hours: TFormNumber;
  duration_mins: TFormNumber;
  languages: string[];
  short_description: string;
  /** Rich text (HTML) */
  description: string;
  includes: TTextItem[];
  excludes: TTextItem[];
  what_to_bring: TTextItem[];
  capacity: TFormNumber;
  min_pax: TFormNumber;
  booking_cutoff_hours: TFormNumber;
  free_cancellation_hours: TFormNumber;
  instant_confirmation: boolean;
  /** The product's own terms; '' = the tour operator's apply. */
  booking_terms: string;
  meeting_point: string;
  meeting_lat_lng: string;
  prices: TPriceRow[];
  seasons: TSeasonValues[];
  availability_rules: TRuleValues[];
  closed_dates: string[];
  pickup_enabled: boolean;
  pickups: TPickupValues[];
  /** What a customer collected at their hotel should know. */
  pickup_notes: string;
  /** The texts in every customer language (the default one's are the fields above); see product-payload.ts. */
  translations: Record<TPublicLocale, TTranslationValues>;
  /** "Cobro" (ADR 022): what is paid online when booking. */
  payment_mode: TProductPaymentMode;
  deposit_kind: TDepositKind;
  /** 1–99 */
  deposit_percent: TFormNumber;
  /** Euros per passenger. */
  deposit_per_pax: TFormNumber;
  /** "Preguntas al reservar" (issue 33 item 3), in order; see product-questions-values.ts. */
  questions: TQuestionValues[];
  /** Its tax rate in percent as text ('' on a new product: its territory's general rate). */
  tax_rate: string;
};

export type TProductFormMode = 'create' | 'edit';

/** A deposit as a percentage of the total or a fixed amount per passenger. */
export type TDepositKind = 'percent' | 'per_pax';

/** The product's "Cobro" as the API has it: `payment_mode` and `deposit` (null unless a deposit). */
export type TProductPaymentFields = Partial<Pick<TProductResponse, 'payment_mode' | 'deposit'>>;

/** The stored "Cobro" → the form's (a product without one is paid on the day, as before). */
export function paymentValuesFrom(p: TProductPaymentFields | null): {
  payment_mode: TProductPaymentMode;
  deposit_kind: TDepositKind;
  deposit_percent: TFormNumber;
  deposit_per_pax: TFormNumber;
} {
  const mode: TProductPaymentMode =
    p?.payment_mode && PRODUCT_PAYMENT_MODES.includes(p.payment_mode) ? p.payment_mode : 'on_the_day';
  const deposit = p?.deposit ?? null;
  const perPax = deposit && 'per_pax_cents' in deposit ? deposit.per_pax_cents : null;
  const percent = deposit && 'percent' in deposit ? deposit.percent : null;
  return {
    payment_mode: mode,
    deposit_kind: perPax !== null ? 'per_pax' : 'percent',
    deposit_percent: percent ?? (perPax !== null ? '' : 30),
    deposit_per_pax: perPax !== null ? centsToEuros(perPax) : '',
  };
}

let keySeq = 0;
/** A stable React key for a list row (never sent to the API). */
export const newKey = (prefix = 'row') => `${prefix}-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

/** Sensible ages for each type when the operator first offers it. */
export const DEFAULT_PRICE_ROWS: Record<TPaxType, Omit<TPriceRow, 'pax_type' | 'offered' | 'amount'>> = {
  adult: { min_age: 12, max_age: '', occupies_seat: true },
  child: { min_age: 3, max_age: 11, occupies_seat: true },
  infant: { min_age: 0, max_age: 2, occupies_seat: false },
  senior: { min_age: 65, max_age: '', occupies_seat: true },
};

/** "12,5" / "12.5" / 12.5 → 12.5; '' stays ''; anything else comes back as it was. */
export function parseDecimal(v: number | string | null | undefined): number | string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return v;
  const s = v.trim().replace(/\s|€/g, '');
  const normalized = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  const n = Number(normalized);
  return normalized !== '' && Number.isFinite(n) ? n : v;
}

/** 45 → 4500, "12,50" → 1250, '' → undefined (so the schema says "Campo requerido"). */
export function eurosToCents(v: number | string | null | undefined): number | string | undefined {
  const n = parseDecimal(v);
  if (n === '') return undefined;
  return typeof n === 'number' ? Math.round(n * 100) : n;
}

/** 4500 → 45 */
export const centsToEuros = (cents: number | null | undefined): TFormNumber =>
  cents === null || cents === undefined ? '' : cents / 100;

/** 8 h 30 min → 510; both empty → undefined */
export function toDurationMinutes(hours: TFormNumber, minutes: TFormNumber): number | undefined {
  if (hours === '' && minutes === '') return undefined;
  return (Number(hours) || 0) * 60 + (Number(minutes) || 0);
}

/** 510 → { hours: 8, minutes: 30 }; 0 → empty inputs */
export function fromDurationMinutes(total: number | null | undefined): { hours: TFormNumber; minutes: TFormNumber } {
  if (!total || total <= 0) return { hours: '', minutes: '' };
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

const numOrEmpty = (v: number | null | undefined): TFormNumber => (v === null || v === undefined ? '' : v);

export function priceRowsFrom(prices: TProductResponse['prices'] | null, offerAdult = false): TPriceRow[] {
  return PAX_TYPES.map((pax_type) => {
    const p = prices?.find((x) => x.pax_type === pax_type);
    const d = DEFAULT_PRICE_ROWS[pax_type];
    if (!p) return { pax_type, offered: offerAdult && pax_type === 'adult', amount: '', ...d };
    return {
      pax_type,
      offered: true,
      amount: centsToEuros(p.amount_cents),
      min_age: numOrEmpty(p.min_age),
      max_age: numOrEmpty(p.max_age),
      occupies_seat: p.occupies_seat,
    };
  });
}

export function seasonPriceRowsFrom(prices: TProductResponse['prices']): TSeasonPriceRow[] {
  return PAX_TYPES.map((pax_type) => {
    const p = prices.find((x) => x.pax_type === pax_type);
    return { pax_type, offered: Boolean(p), amount: p ? centsToEuros(p.amount_cents) : '' };
  });
}

/** A new season starts from the base tariffs (the same types, the same prices to adjust). */
export function newSeason(base: readonly TPriceRow[]): TSeasonValues {
  return {
    key: newKey('season'),
    name: '',
    from: null,
    to: null,
    prices: base.map((r) => ({ pax_type: r.pax_type, offered: r.offered, amount: r.offered ? r.amount : '' })),
  };
}

export function newRule(today: string): TRuleValues {
  return { key: newKey('rule'), weekdays: [], times: ['09:00'], valid_from: today, valid_to: null };
}

const textItems = (list: readonly string[] | undefined, prefix: string): TTextItem[] =>
  (list ?? []).map((text) => ({ key: newKey(prefix), text }));

/** One language's stored texts → the form's (every field present, '' where nothing is written). */
export function translationValuesFrom(t: TProductTranslation | undefined): TTranslationValues {
  return {
    name: t?.name ?? '',
    short_description: t?.short_description ?? '',
    description: t?.description ?? '',
    includes: textItems(t?.includes, 'inc'),
    excludes: textItems(t?.excludes, 'exc'),
    what_to_bring: textItems(t?.what_to_bring, 'bring'),
    meeting_point: t?.meeting_point ?? '',
    booking_terms: t?.booking_terms ?? '',
    pickup_notes: t?.pickup_notes ?? '',
  };
}

function translationsFrom(stored: TProductResponse['translations'] | undefined) {
  return Object.fromEntries(
    PUBLIC_LOCALES.map((locale) => [locale, translationValuesFrom(stored?.[locale])]),
  ) as Record<TPublicLocale, TTranslationValues>;
}

/** The texts of the form in one language (the base fields, or a translation), by their API names. */
export function textsOf(v: TTranslationValues): TTranslatableTexts {
  return {
    name: v.name,
    short_description: v.short_description,
    description: v.description,
    includes: v.includes.map((i) => i.text),
    excludes: v.excludes.map((i) => i.text),
    what_to_bring: v.what_to_bring.map((i) => i.text),
    meeting_point: v.meeting_point,
    booking_terms: v.booking_terms,
    pickup_notes: v.pickup_notes,
  };
}

/**
 * How much of the product the form has translated into `locale` (issue 15: the completeness
 * indicator), its booking questions included (issue 33 item 3): `missing` names the product's
 * fields only, `done`/`total` count the questions' texts too.
 */
export function formTranslationProgress(v: TProductFormValues, locale: TPublicLocale): TTranslationProgress {
  const texts = translationProgress(textsOf(v), textsOf(v.translations[locale]));
  const questions = questionsTranslationProgress(v.questions, locale);
  return { ...texts, done: texts.done + questions.done, total: texts.total + questions.total };
}

export function initialProductValues(
  p: TProductResponse | null,
  ctx: { defaultOperatorId?: string | null } = {},
): TProductFormValues {
  const duration = fromDurationMinutes(p?.duration_minutes);
  if (!p) {
    return {
      tour_operator_id: ctx.defaultOperatorId ?? null,
      code: '',
      name: '',
      state: 'draft',
      duration_hours: '',
      duration_mins: '',
      languages: ['es'],
      short_description: '',
      description: '',
      includes: [],
      excludes: [],
      what_to_bring: [],
      capacity: '',
      min_pax: 1,
      booking_cutoff_hours: 12,
      free_cancellation_hours: 24,
      instant_confirmation: true,
      booking_terms: '',
      meeting_point: '',
      meeting_lat_lng: '',
      prices: priceRowsFrom(null, true),
      seasons: [],
      availability_rules: [],
      closed_dates: [],
      pickup_enabled: false,
      pickups: [],
      pickup_notes: '',
      translations: translationsFrom(undefined),
      ...paymentValuesFrom(null),
      questions: [],
      tax_rate: '',
    };
  }
  return {
    tour_operator_id: p.tour_operator_id ?? null,
    code: p.code ?? '',
    name: p.name ?? '',
    state: (PRODUCT_STATES as readonly string[]).includes(p.state) ? (p.state as TProductState) : 'draft',
    duration_hours: duration.hours,
    duration_mins: duration.minutes,
    languages: [...(p.languages ?? [])],
    short_description: p.short_description ?? '',
    description: p.description ?? '',
    includes: textItems(p.includes, 'inc'),
    excludes: textItems(p.excludes, 'exc'),
    what_to_bring: textItems(p.what_to_bring, 'bring'),
    capacity: numOrEmpty(p.capacity),
    min_pax: numOrEmpty(p.min_pax),
    booking_cutoff_hours: numOrEmpty(p.booking_cutoff_hours),
    free_cancellation_hours: numOrEmpty(p.free_cancellation_hours),
    instant_confirmation: p.instant_confirmation ?? true,
    booking_terms: p.booking_terms ?? '',
    meeting_point: p.meeting_point ?? '',
    meeting_lat_lng: p.meeting_lat_lng ?? '',
    prices: priceRowsFrom(p.prices ?? []),
    seasons: (p.seasons ?? []).map((s) => ({
      key: newKey('season'),
      name: s.name,
      from: s.from || null,
      to: s.to || null,
      prices: seasonPriceRowsFrom(s.prices ?? []),
    })),
    availability_rules: (p.availability_rules ?? []).map((r) => ({
      key: newKey('rule'),
      weekdays: [...r.weekdays].sort((a, b) => a - b),
      times: [...r.times],
      valid_from: r.valid_from || null,
      valid_to: r.valid_to || null,
    })),
    closed_dates: [...(p.closed_dates ?? [])].sort(),
    pickup_enabled: p.pickup_enabled ?? false,
    pickups: [...(p.pickups ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((x) => ({
        key: newKey('pickup'),
        accommodation_id: x.accommodation_id,
        zone: x.accommodation_id ? null : x.zone,
        label: x.accommodation?.name ?? x.zone ?? '',
        detail: x.accommodation ? x.accommodation.zone : 'Toda la zona',
        shared: x.accommodation?.shared ?? false,
        mode: x.fixed_time ? 'fixed' : 'minutes',
        minutes_before: numOrEmpty(x.minutes_before),
        fixed_time: x.fixed_time ?? '',
      })),
    pickup_notes: p.pickup_notes ?? '',
    translations: translationsFrom(p.translations),
    ...paymentValuesFrom(p),
    questions: questionValuesFrom(p.questions),
    tax_rate: typeof p.tax_rate === 'number' ? String(p.tax_rate) : '',
  };
}
