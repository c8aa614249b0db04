/**
 * The body of POST/PUT /api/v1/products from the form's values: cents, minutes, only the offered
 * tariffs (a season's prices take their ages and seats from the base tariff), the pickup list only
 * with pickup on. A level-3 Operador editing sends only the availability.
 */
import type { TPricePayload, TProductPayload } from '../api/create-product';
import type { TProductAccess } from '../utils/product-access';
import {
  DEFAULT_PRICE_ROWS,
  eurosToCents,
  type TFormNumber,
  type TPriceRow,
  type TProductFormMode,
  type TProductFormValues,
  toDurationMinutes,
} from './product-form-values';
import { questionsPayload } from './product-questions-values';

const emptyToNull = (v: TFormNumber): number | null => (v === '' ? null : v);
const emptyToUndefined = (v: TFormNumber): number | undefined => (v === '' ? undefined : v);

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
 * Every language's texts (issue 15): the API replaces each language sent and drops what is empty,
 * so sending all of them, as typed, is the whole state of the form (a cleared language is removed;
 * one the operator no longer offers goes back as it came).
 */
function translationsPayload(v: TProductFormValues): NonNullable<TProductPayload['translations']> {
  const out: NonNullable<TProductPayload['translations']> = {};
  for (const [locale, t] of Object.entries(v.translations)) {
    out[locale] = {
      name: t.name.trim(),
      short_description: t.short_description.trim(),
      description: t.description,
      includes: t.includes.map((i) => i.text.trim()),
      excludes: t.excludes.map((i) => i.text.trim()),
      what_to_bring: t.what_to_bring.map((i) => i.text.trim()),
      meeting_point: t.meeting_point.trim(),
      booking_terms: t.booking_terms.trim(),
      pickup_notes: t.pickup_notes.trim(),
    };
  }
  return out;
}

/** "Cobro": the mode and, only for a deposit, its percentage or its amount per passenger. */
export function paymentPayload(v: TProductFormValues): Pick<TProductPayload, 'payment_mode' | 'deposit'> {
  if (v.payment_mode !== 'deposit') return { payment_mode: v.payment_mode, deposit: null };
  return {
    payment_mode: 'deposit',
    deposit:
      v.deposit_kind === 'percent'
        ? { percent: v.deposit_percent === '' ? (undefined as unknown as number) : v.deposit_percent }
        : { per_pax_cents: eurosToCents(v.deposit_per_pax) as number },
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
    what_to_bring: v.what_to_bring.map((i) => i.text.trim()),
    pickup_notes: v.pickup_notes.trim(),
    translations: translationsPayload(v),
    capacity: emptyToUndefined(v.capacity),
    min_pax: emptyToUndefined(v.min_pax),
    booking_cutoff_hours: emptyToUndefined(v.booking_cutoff_hours),
    free_cancellation_hours: emptyToUndefined(v.free_cancellation_hours),
    instant_confirmation: v.instant_confirmation,
    booking_terms: v.booking_terms.trim(),
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
    ...paymentPayload(v),
    questions: questionsPayload(v.questions),
    // Not chosen on a new product: the API gives it its territory's general rate.
    tax_rate: v.tax_rate === '' ? undefined : Number(v.tax_rate),
  };
  if (payload.duration_minutes === undefined) delete payload.duration_minutes;
  if (payload.tax_rate === undefined) delete payload.tax_rate;
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
