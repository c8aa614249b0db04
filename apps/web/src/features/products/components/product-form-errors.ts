/**
 * The product form's errors: the shared schema's issues (validateProductForm: the server's own
 * messages, plus what only the form knows) and a 422's `errors` both land on the inputs they are
 * about: `prices.1.amount_cents` is the price of the second offered tariff,
 * `availability_rules.0.times.2` a time of a rule, `pickups.3.minutes_before` the timing of a pickup.
 */
import { MSG, ZProductCreateRequest, ZProductQuestion, ZProductUpdateRequest } from '@trayecto/shared';
import type { TProductAccess } from '../utils/product-access';
import {
  TEXT_LIST_FIELDS,
  type TPriceRow,
  type TProductFormMode,
  type TProductFormValues,
} from './product-form-values';
import { offeredRowIndexes, toProductPayload } from './product-payload';

/** The shared schema's message for a minimum above the seats (ZProductCreateRequest). */
export const MIN_PAX_ABOVE_CAPACITY = 'El mínimo de pasajeros no puede superar las plazas';

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
  'booking_terms',
  'pickup_enabled',
  'languages',
  'closed_dates',
  'prices',
  'seasons',
  'availability_rules',
  'pickups',
  'includes',
  'excludes',
  'what_to_bring',
  'pickup_notes',
]);

const TRANSLATION_LISTS = new Set<string>(TEXT_LIST_FIELDS);

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
    case 'payment_mode':
      return 'payment_mode';
    case 'deposit':
      // deposit.percent / deposit.per_pax_cents, or the deposit as a whole: the input shown.
      if (i === 'per_pax_cents') return 'deposit_per_pax';
      if (i === 'percent') return 'deposit_percent';
      return v.deposit_kind === 'per_pax' ? 'deposit_per_pax' : 'deposit_percent';
    case 'tour_operator_id':
      return 'tour_operator_id';
    case 'languages':
    case 'closed_dates':
      return top;
    case 'includes':
    case 'excludes':
    case 'what_to_bring':
      return isIndex(i) ? `${top}.${i}.text` : top;
    case 'translations': {
      // translations.de.includes.1 → that item's input; an unknown language or field has none.
      if (typeof i !== 'string' || !(i in v.translations) || typeof field !== 'string') return null;
      if (!(field in v.translations[i as keyof typeof v.translations])) return null;
      if (TRANSLATION_LISTS.has(field) && isIndex(j)) return `translations.${i}.${field}.${j}.text`;
      return `translations.${i}.${field}`;
    }
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
    case 'questions':
      return questionPathFor(path, v);
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

const QUESTION_FIELDS = new Set(['label', 'help', 'kind', 'scope', 'required']);

/**
 * A booking question's error (ADR 024): `questions.2.options.1` is that option's input,
 * `questions.2.options` the options as a whole, `questions.2.translations.de.options.1` that
 * option's German translation (options are translated by position); an unknown field goes under
 * the question's label.
 */
function questionPathFor(path: readonly PropertyKey[], v: TProductFormValues): string | null {
  const [, i, field, j, k, n] = path;
  if (!isIndex(i)) return 'questions';
  const q = v.questions[Number(i)];
  if (!q) return 'questions';
  const at = `questions.${i}`;
  if (typeof field === 'string' && QUESTION_FIELDS.has(field)) return `${at}.${field}`;
  if (field === 'options') return isIndex(j) && q.options[Number(j)] ? `${at}.options.${j}.text` : `${at}.options`;
  if (field === 'translations') {
    if (typeof j !== 'string' || !(j in q.translations)) return null;
    if (k === 'help') return `${at}.translations.${j}.help`;
    if (k === 'options') {
      const option = isIndex(n) ? Number(n) : 0;
      if (q.options[option]) return `${at}.options.${option}.translations.${j}`;
    }
    return `${at}.translations.${j}.label`;
  }
  return `${at}.label`;
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

/** A deposit's own rules (ADR 022): 1–99 % or at least 0,01 € per passenger. */
export function validateDeposit(v: TProductFormValues): Record<string, string> {
  if (v.payment_mode !== 'deposit') return {};
  if (v.deposit_kind === 'percent') {
    const n = v.deposit_percent;
    if (n === '') return { deposit_percent: MSG.required };
    if (!Number.isInteger(n) || n < 1 || n > 99) return { deposit_percent: 'Entre 1 y 99 %' };
    return {};
  }
  const n = v.deposit_per_pax;
  if (n === '') return { deposit_per_pax: MSG.required };
  if (!(n > 0)) return { deposit_per_pax: 'Indica un importe mayor que 0' };
  return {};
}

/**
 * A choice's rules on its whole list (at least two options, none twice), said at once: the schema
 * checks them only once the question's other fields are valid. Its own words: each question's
 * options go through ZProductQuestion alone, an empty option standing in as a text of its own (its
 * "Campo requerido" is already said at its input).
 */
export function validateChoiceOptions(v: TProductFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.questions.forEach((q, i) => {
    if (q.kind !== 'choice') return;
    const options = q.options.map((o, k) => o.text.trim() || `\uE000${k}`);
    const result = ZProductQuestion.safeParse({ scope: q.scope, kind: 'choice', label: 'x', options });
    const issue = result.success
      ? null
      : result.error.issues.find((e) => e.path.length === 1 && e.path[0] === 'options');
    if (issue) errors[`questions.${i}.options`] = issue.message;
  });
  return errors;
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
  Object.assign(errors, validateDeposit(v));
  for (const [path, message] of Object.entries(validateChoiceOptions(v))) errors[path] ??= message;
  if (v.pickup_enabled) {
    v.pickups.forEach((p, i) => {
      if (p.mode === 'fixed' && !p.fixed_time) errors[`pickups.${i}.fixed_time`] ??= MSG.required;
      if (p.mode === 'minutes' && p.minutes_before === '') errors[`pickups.${i}.minutes_before`] ??= MSG.required;
    });
  }
  return errors;
}
