/**
 * The product form: its values (what people type: euros, hours and minutes, one tariff row per
 * passenger type), the payload sent to the API (cents, minutes, only the offered tariffs), the
 * validation with the shared zod schemas (so the messages are the server's) and the mapping of
 * error paths (`prices.1.amount_cents`, `availability_rules.0.times.2`, `pickups.3.accommodation_id`)
 * back onto the inputs.
 */
import {
  MSG,
  PAX_TYPES,
  PRODUCT_STATES,
  type TPaxType,
  type TProductResponse,
  type TProductState,
  ZProductCreateRequest,
  ZProductUpdateRequest,
} from '@trayecto/shared';
import type { TPricePayload, TProductPayload } from '../api/create-product';
import type { TProductAccess } from '../utils/product-access';

export type TFormNumber = number | '';

/** The shared schema's message for a minimum above the seats (ZProductCreateRequest). */
export const MIN_PAX_ABOVE_CAPACITY = 'El mínimo de pasajeros no puede superar las plazas';

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
  capacity: TFormNumber;
  min_pax: TFormNumber;
  booking_cutoff_hours: TFormNumber;
  free_cancellation_hours: TFormNumber;
  instant_confirmation: boolean;
  meeting_point: string;
  meeting_lat_lng: string;
  prices: TPriceRow[];
  seasons: TSeasonValues[];
  availability_rules: TRuleValues[];
  closed_dates: string[];
  pickup_enabled: boolean;
  pickups: TPickupValues[];
};

export type TProductFormMode = 'create' | 'edit';

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
const emptyToNull = (v: TFormNumber): number | null => (v === '' ? null : v);
const emptyToUndefined = (v: TFormNumber): number | undefined => (v === '' ? undefined : v);

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
      capacity: '',
      min_pax: 1,
      booking_cutoff_hours: 12,
      free_cancellation_hours: 24,
      instant_confirmation: true,
      meeting_point: '',
      meeting_lat_lng: '',
      prices: priceRowsFrom(null, true),
      seasons: [],
      availability_rules: [],
      closed_dates: [],
      pickup_enabled: false,
      pickups: [],
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
    includes: (p.includes ?? []).map((text) => ({ key: newKey('inc'), text })),
    excludes: (p.excludes ?? []).map((text) => ({ key: newKey('exc'), text })),
    capacity: numOrEmpty(p.capacity),
    min_pax: numOrEmpty(p.min_pax),
    booking_cutoff_hours: numOrEmpty(p.booking_cutoff_hours),
    free_cancellation_hours: numOrEmpty(p.free_cancellation_hours),
    instant_confirmation: p.instant_confirmation ?? true,
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
  };
}

/** The offered tariff rows, in the order they are sent (their index in `prices`). */
export function offeredRowIndexes(rows: readonly { offered: boolean }[]): number[] {
  return rows.flatMap((r, i) => (r.offered ? [i] : []));
}

function pricePayload(row: TPriceRow): TPricePayload {
  return {
    pax_type: row.pax_type,
    amount_cents: eurosToCents(row.amount),
    min_age: emptyToNull(row.min_age),
    max_age: emptyToNull(row.max_age),
    occupies_seat: row.occupies_seat,
  };
}

/** Only what the weekly rules and closed dates need: all an Operador may send (PRODUCT §3). */
function availabilityPayload(v: TProductFormValues): Pick<TProductPayload, 'availability_rules' | 'closed_dates'> {
  return {
    availability_rules: v.availability_rules.map((r) => ({
      weekdays: [...r.weekdays].sort((a, b) => a - b),
      times: [...r.times],
      valid_from: r.valid_from ?? undefined,
      valid_to: r.valid_to ?? null,
    })),
    closed_dates: [...new Set(v.closed_dates)].sort(),
  };
}

/**
 * The request body. A level-3 Operador editing sends only `availability_rules` and `closed_dates`;
 * the administrator creating a product says whose it is; nobody else sends `tour_operator_id`.
 */
export function toProductPayload(
  v: TProductFormValues,
  mode: TProductFormMode,
  access: Pick<TProductAccess, 'isAdmin' | 'canEditAll'>,
): TProductPayload {
  if (mode === 'edit' && !access.canEditAll) return availabilityPayload(v);
  const base = v.prices;
  const payload: TProductPayload = {
    code: v.code.trim(),
    name: v.name.trim(),
    state: v.state,
    short_description: v.short_description.trim(),
    description: v.description,
    duration_minutes: toDurationMinutes(v.duration_hours, v.duration_mins),
    languages: [...v.languages],
    meeting_point: v.meeting_point.trim(),
    meeting_lat_lng: v.meeting_lat_lng.trim(),
    pickup_enabled: v.pickup_enabled,
    includes: v.includes.map((i) => i.text.trim()),
    excludes: v.excludes.map((i) => i.text.trim()),
    capacity: emptyToUndefined(v.capacity),
    min_pax: emptyToUndefined(v.min_pax),
    booking_cutoff_hours: emptyToUndefined(v.booking_cutoff_hours),
    free_cancellation_hours: emptyToUndefined(v.free_cancellation_hours),
    instant_confirmation: v.instant_confirmation,
    prices: base.filter((r) => r.offered).map(pricePayload),
    seasons: v.seasons.map((s) => ({
      name: s.name.trim(),
      from: s.from ?? undefined,
      to: s.to ?? undefined,
      prices: s.prices
        .filter((r) => r.offered)
        .map((r) => {
          const baseRow = base.find((b) => b.pax_type === r.pax_type);
          return pricePayload({
            ...(baseRow ?? { ...DEFAULT_PRICE_ROWS[r.pax_type], pax_type: r.pax_type, offered: true }),
            amount: r.amount,
          });
        }),
    })),
    ...availabilityPayload(v),
  };
  if (payload.duration_minutes === undefined) delete payload.duration_minutes;
  // With pickup off the list is kept on the server as it was (turning it on again brings it back).
  if (v.pickup_enabled) {
    payload.pickups = v.pickups.map((p) => ({
      accommodation_id: p.accommodation_id,
      zone: p.accommodation_id ? null : p.zone,
      minutes_before: p.mode === 'minutes' ? (p.minutes_before === '' ? null : p.minutes_before) : null,
      fixed_time: p.mode === 'fixed' ? p.fixed_time || null : null,
    }));
  }
  if (mode === 'create' && access.isAdmin && v.tour_operator_id) payload.tour_operator_id = v.tour_operator_id;
  return payload;
}

const PRICE_FIELD: Record<string, keyof TPriceRow> = {
  amount_cents: 'amount',
  pax_type: 'amount',
  min_age: 'min_age',
  max_age: 'max_age',
  occupies_seat: 'occupies_seat',
};

const SAME_NAME_FIELDS = new Set([
  'code',
  'name',
  'state',
  'short_description',
  'description',
  'meeting_point',
  'meeting_lat_lng',
  'capacity',
  'min_pax',
  'booking_cutoff_hours',
  'free_cancellation_hours',
  'instant_confirmation',
  'pickup_enabled',
  'languages',
  'closed_dates',
  'prices',
  'seasons',
  'availability_rules',
  'pickups',
  'includes',
  'excludes',
]);

const isIndex = (s: PropertyKey | undefined): s is number | string =>
  (typeof s === 'number' && Number.isInteger(s)) || (typeof s === 'string' && /^\d+$/.test(s));

/** "prices[1].amount_cents" / "prices/1/amount_cents" / "prices.1.amount_cents" → ['prices', 1, 'amount_cents'] */
export function splitErrorPath(key: string): (string | number)[] {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .split('.')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Where an error of the request body belongs in the form: `prices.1.amount_cents` is the price of
 * the second *offered* type; `duration_minutes` is shown under the hours; a pickup's timing error
 * under the input of its mode. null: the form has no input for it.
 */
export function formPathFor(path: readonly PropertyKey[], v: TProductFormValues): string | null {
  const [top, i, field, j] = path;
  if (typeof top !== 'string') return null;
  switch (top) {
    case 'duration_minutes':
      return 'duration_hours';
    case 'tour_operator_id':
      return 'tour_operator_id';
    case 'languages':
    case 'closed_dates':
      return top;
    case 'includes':
    case 'excludes':
      return isIndex(i) ? `${top}.${i}.text` : top;
    case 'prices': {
      if (!isIndex(i)) return 'prices';
      const row = offeredRowIndexes(v.prices)[Number(i)];
      if (row === undefined) return 'prices';
      return `prices.${row}.${PRICE_FIELD[String(field)] ?? 'amount'}`;
    }
    case 'seasons': {
      if (!isIndex(i)) return 'seasons';
      const season = v.seasons[Number(i)];
      if (!season) return 'seasons';
      if (field === 'prices') {
        if (!isIndex(j)) return `seasons.${i}.prices`;
        const row = offeredRowIndexes(season.prices)[Number(j)];
        return row === undefined ? `seasons.${i}.prices` : `seasons.${i}.prices.${row}.amount`;
      }
      if (field === 'name' || field === 'from' || field === 'to') return `seasons.${i}.${field}`;
      return `seasons.${i}.name`;
    }
    case 'availability_rules': {
      if (!isIndex(i)) return 'availability_rules';
      if (field === 'times') return isIndex(j) ? `availability_rules.${i}.times.${j}` : `availability_rules.${i}.times`;
      if (field === 'weekdays' || field === 'valid_from' || field === 'valid_to') {
        return `availability_rules.${i}.${field}`;
      }
      return `availability_rules.${i}.weekdays`;
    }
    case 'pickups': {
      if (!isIndex(i)) return 'pickups';
      const row = v.pickups[Number(i)];
      if (field === 'minutes_before' || field === 'fixed_time') {
        return `pickups.${i}.${row?.mode === 'fixed' ? 'fixed_time' : 'minutes_before'}`;
      }
      return `pickups.${i}.accommodation_id`;
    }
    default:
      return SAME_NAME_FIELDS.has(top) ? top : null;
  }
}

/** The first message per form path; what has no input goes to `rest`. */
export function mapErrorsToForm(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  v: TProductFormValues,
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const target = formPathFor(issue.path, v);
    if (target) fields[target] ??= issue.message;
    else if (!rest.includes(issue.message)) rest.push(issue.message);
  }
  return { fields, rest };
}

/** A 422/409 answer's `errors` ({"prices.1.amount_cents": ["…"]}) onto the form. */
export function mapServerErrors(
  fieldErrors: Record<string, string[]>,
  v: TProductFormValues,
): { fields: Record<string, string>; rest: string[] } {
  const issues = Object.entries(fieldErrors).flatMap(([key, msgs]) =>
    msgs[0] ? [{ path: key === 'durationMinutes' ? ['duration_minutes'] : splitErrorPath(key), message: msgs[0] }] : [],
  );
  return mapErrorsToForm(issues, v);
}

/**
 * Validates with the shared request schema (the server's own messages), plus what only the form
 * knows: the administrator must say whose a new product is; an empty time is "Campo requerido".
 */
export function validateProductForm(
  v: TProductFormValues,
  mode: TProductFormMode,
  access: Pick<TProductAccess, 'isAdmin' | 'canEditAll'>,
): Record<string, string> {
  const payload = toProductPayload(v, mode, access);
  const schema = mode === 'create' ? ZProductCreateRequest : ZProductUpdateRequest;
  const result = schema.safeParse(payload);
  const errors = result.success ? {} : mapErrorsToForm(result.error.issues, v).fields;
  v.availability_rules.forEach((r, i) => {
    r.times.forEach((t, j) => {
      if (!t) errors[`availability_rules.${i}.times.${j}`] = MSG.required;
    });
  });
  if (mode === 'edit' && !access.canEditAll) return errors;
  if (v.capacity === '') errors.capacity ??= MSG.required;
  // The schema checks this once every other field is valid; say it at once (same message).
  if (typeof v.min_pax === 'number' && typeof v.capacity === 'number' && v.min_pax > v.capacity) {
    errors.min_pax ??= MIN_PAX_ABOVE_CAPACITY;
  }
  if (mode === 'create' && access.isAdmin && !v.tour_operator_id) errors.tour_operator_id ??= MSG.required;
  if (v.pickup_enabled) {
    v.pickups.forEach((p, i) => {
      if (p.mode === 'fixed' && !p.fixed_time) errors[`pickups.${i}.fixed_time`] ??= MSG.required;
      if (p.mode === 'minutes' && p.minutes_before === '') errors[`pickups.${i}.minutes_before`] ??= MSG.required;
    });
  }
  return errors;
}

/** The form's sections, in page order; each error path belongs to one (for the index and the first error). */
export const PRODUCT_SECTIONS = [
  { id: 'datos-generales', title: 'Datos generales' },
  { id: 'capacidad', title: 'Capacidad y reservas' },
  { id: 'punto-encuentro', title: 'Punto de encuentro' },
  { id: 'tarifas', title: 'Tarifas' },
  { id: 'temporadas', title: 'Temporadas' },
  { id: 'disponibilidad', title: 'Disponibilidad' },
  { id: 'recogidas', title: 'Recogidas' },
  { id: 'imagenes', title: 'Imágenes' },
  { id: 'enlaces', title: 'Enlaces públicos' },
] as const;
export type TProductSectionId = (typeof PRODUCT_SECTIONS)[number]['id'];

const SECTION_OF: Record<string, TProductSectionId> = {
  tour_operator_id: 'datos-generales',
  code: 'datos-generales',
  name: 'datos-generales',
  state: 'datos-generales',
  duration_hours: 'datos-generales',
  duration_mins: 'datos-generales',
  languages: 'datos-generales',
  short_description: 'datos-generales',
  description: 'datos-generales',
  includes: 'datos-generales',
  excludes: 'datos-generales',
  capacity: 'capacidad',
  min_pax: 'capacidad',
  booking_cutoff_hours: 'capacidad',
  free_cancellation_hours: 'capacidad',
  instant_confirmation: 'capacidad',
  meeting_point: 'punto-encuentro',
  meeting_lat_lng: 'punto-encuentro',
  prices: 'tarifas',
  seasons: 'temporadas',
  availability_rules: 'disponibilidad',
  closed_dates: 'disponibilidad',
  pickup_enabled: 'recogidas',
  pickups: 'recogidas',
};

export function sectionOfPath(path: string): TProductSectionId | null {
  return SECTION_OF[path.split('.')[0] ?? ''] ?? null;
}

/** How many errors each section holds. */
export function errorsBySection(errors: Record<string, unknown>): Partial<Record<TProductSectionId, number>> {
  const out: Partial<Record<TProductSectionId, number>> = {};
  for (const [path, msg] of Object.entries(errors)) {
    if (!msg) continue;
    const s = sectionOfPath(path);
    if (s) out[s] = (out[s] ?? 0) + 1;
  }
  return out;
}
