/**
 * The booking form: its values (what people type: euros, counts per passenger type, a pickup time
 * override), the payload sent to the API (cents, only the counts above zero, only named
 * passengers, the answers to the product's questions), the validation with the shared zod schemas
 * (so the messages are the server's) and the small rules the form shows live: the types a product
 * offers on a date, the passenger rows that follow the counts, the local price estimate and the
 * pickup time of a hotel.
 */
import {
  PAX_TYPES,
  PricingError,
  pickupTimeFor,
  pricesOn,
  quoteBooking,
  type TBookingChannel,
  type TBookingResponse,
  type TBookingUpdateRequest,
  type TPaxType,
  type TProductQuestion,
  type TProductResponse,
  type TQuote,
  ZBookingCreateRequest,
  ZBookingUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';
import type { TBookingAccess } from '../utils/booking-access';
import { answerErrors, answersPayload, answerValuesOf, type TAnswerValues } from './booking-answer-values';

export type TFormNumber = number | '';

export type TPassengerRow = { key: string; pax_type: TPaxType; full_name: string; document_id: string };

export type TBookingFormValues = {
  product_id: string | null;
  date: string | null;
  time: string | null;
  pax: Record<TPaxType, TFormNumber>;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_country: string | null;
  language: string | null;
  accommodation_id: string | null;
  room: string;
  /** Staff set the pickup time by hand instead of the product's rule. */
  pickup_override: boolean;
  pickup_time: string;
  passengers: TPassengerRow[];
  /** Euros. */
  discount: TFormNumber;
  discount_reason: string;
  seller_id: string | null;
  channel: TBookingChannel;
  /** Sold on behalf of this agency (ADR 023; chosen when creating) and its reference. */
  channel_id: string | null;
  reseller_reference: string;
  notes: string;
  internal_notes: string;
  /** Sell a departure past its sale cut-off (staff). */
  override_cutoff: boolean;
  /** Answers to the product's questions by field (`answers.<question>[.<passenger>]`), ADR 024. */
  answers: TAnswerValues;
};

export type TBookingFormMode = 'create' | 'edit';

let keySeq = 0;
const newKey = () => `pax-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

const emptyPax = (): Record<TPaxType, TFormNumber> => ({ adult: 0, child: 0, infant: 0, senior: 0 });

/** Counts per type from the booking's lines. */
export function paxFromLines(lines: readonly { pax_type: string; quantity: number }[]): Record<TPaxType, TFormNumber> {
  const pax = emptyPax();
  for (const l of lines)
    if ((PAX_TYPES as readonly string[]).includes(l.pax_type)) pax[l.pax_type as TPaxType] = l.quantity;
  return pax;
}

/** { adult: 2, child: '' , infant: 0 } → { adult: 2 } (what the API takes). */
export function paxPayload(
  pax: Partial<Record<string, TFormNumber | number | undefined>>,
): Partial<Record<TPaxType, number>> {
  const out: Partial<Record<TPaxType, number>> = {};
  for (const t of PAX_TYPES) {
    const n = Number(pax[t] ?? 0);
    if (Number.isFinite(n) && n > 0) out[t] = Math.floor(n);
  }
  return out;
}

export const paxCount = (pax: Partial<Record<string, TFormNumber | number | undefined>>) =>
  Object.values(paxPayload(pax)).reduce((n, v) => n + (v ?? 0), 0);

/**
 * One row per passenger, following the counts: names already typed stay with their type, extra
 * rows are added empty, rows above a lowered count are dropped from the end.
 */
export function syncPassengers(
  rows: readonly TPassengerRow[],
  pax: Partial<Record<string, TFormNumber | number | undefined>>,
): TPassengerRow[] {
  const counts = paxPayload(pax);
  const out: TPassengerRow[] = [];
  for (const t of PAX_TYPES) {
    const existing = rows.filter((r) => r.pax_type === t);
    const n = counts[t] ?? 0;
    for (let i = 0; i < n; i++) {
      out.push(existing[i] ?? { key: newKey(), pax_type: t, full_name: '', document_id: '' });
    }
  }
  return out;
}

/** The passenger types a product offers on a date (season prices replace the base ones). */
export function offeredPaxTypes(
  product: Pick<TProductResponse, 'prices' | 'seasons'> | null | undefined,
  date: string | null,
): {
  pax_type: TPaxType;
  amount_cents: number;
  occupies_seat: boolean;
  min_age: number | null;
  max_age: number | null;
}[] {
  if (!product) return [];
  const { prices } = date ? pricesOn(product, date) : { prices: product.prices };
  const base = new Map(product.prices.map((p) => [p.pax_type, p]));
  return PAX_TYPES.flatMap((t) => {
    const p = prices.find((x) => x.pax_type === t);
    if (!p) return [];
    const ages = base.get(t) ?? null;
    return [
      {
        pax_type: t,
        amount_cents: p.amount_cents,
        occupies_seat: p.occupies_seat,
        min_age: ages?.min_age ?? null,
        max_age: ages?.max_age ?? null,
      },
    ];
  });
}

/** The instant estimate from the product's tariffs (the server's quote is the truth). */
export function localQuote(
  product: Pick<TProductResponse, 'prices' | 'seasons'> | null | undefined,
  date: string | null,
  pax: Partial<Record<string, TFormNumber | number | undefined>>,
  discountCents = 0,
): TQuote | null {
  if (!product || !date || paxCount(pax) === 0) return null;
  try {
    return quoteBooking(product, date, paxPayload(pax), Math.max(0, discountCents));
  } catch (e) {
    if (e instanceof PricingError) return null;
    throw e;
  }
}

/** "12,5" / 12.5 → 1250 cents; '' → 0. */
export function eurosToCents(v: TFormNumber | string | null | undefined): number {
  if (v === '' || v === null || v === undefined) return 0;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/\s|€/g, '').replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export const centsToEuros = (cents: number | null | undefined): TFormNumber => (cents ? cents / 100 : '');

type TPickupPlace = {
  id: string;
  zone?: string | null;
  pickup_at_id?: string | null;
  pickup_at?: { id: string; name: string } | null;
};

export type TComputedPickup = { time: string; from: 'accommodation' | 'pickup_at' | 'zone' };

/**
 * The pickup time of a hotel for a departure at `time` (PRODUCT §4): the product's pickup for that
 * accommodation, else for the one it is collected at ("recoger en"), else for its zone.
 */
export function computePickup(
  product: Pick<TProductResponse, 'pickup_enabled' | 'pickups'> | null | undefined,
  place: TPickupPlace | null | undefined,
  time: string | null,
): TComputedPickup | null {
  if (!product?.pickup_enabled || !place || !time) return null;
  const byAccommodation = (id: string | null | undefined) =>
    id ? product.pickups.find((p) => p.accommodation_id === id) : undefined;
  const candidates: [TComputedPickup['from'], (typeof product.pickups)[number] | undefined][] = [
    ['accommodation', byAccommodation(place.id)],
    ['pickup_at', byAccommodation(place.pickup_at_id ?? place.pickup_at?.id)],
    [
      'zone',
      place.zone
        ? product.pickups.find((p) => !p.accommodation_id && p.zone?.toLowerCase() === place.zone?.toLowerCase())
        : undefined,
    ],
  ];
  for (const [from, rule] of candidates) {
    const t = rule ? pickupTimeFor(time, rule) : null;
    if (t) return { time: t, from };
  }
  return null;
}

export type TFormContext = {
  /** The logged-in user (a seller sells as themself). */
  userId?: string | null;
  defaultProductId?: string | null;
  defaultDate?: string | null;
};

export function initialBookingValues(b: TBookingResponse | null, ctx: TFormContext = {}): TBookingFormValues {
  if (!b) {
    return {
      product_id: ctx.defaultProductId ?? null,
      date: ctx.defaultDate ?? null,
      time: null,
      pax: emptyPax(),
      customer_name: '',
      customer_email: '',
      customer_phone: '',
      customer_country: null,
      language: 'es',
      accommodation_id: null,
      room: '',
      pickup_override: false,
      pickup_time: '',
      passengers: [],
      discount: '',
      discount_reason: '',
      seller_id: null,
      channel: 'office',
      channel_id: null,
      reseller_reference: '',
      notes: '',
      internal_notes: '',
      override_cutoff: false,
      answers: {},
    };
  }
  const pax = paxFromLines(b.lines);
  const named = (b.passengers ?? []).map((p) => ({
    key: newKey(),
    pax_type: (PAX_TYPES as readonly string[]).includes(p.pax_type) ? (p.pax_type as TPaxType) : 'adult',
    full_name: p.full_name,
    document_id: p.document_id ?? '',
  }));
  return {
    product_id: b.product_id,
    date: b.date,
    time: b.time,
    pax,
    customer_name: b.customer_name,
    customer_email: b.customer_email ?? '',
    customer_phone: b.customer_phone ?? '',
    customer_country: b.customer_country ? b.customer_country.toUpperCase() : null,
    language: b.language || null,
    accommodation_id: b.accommodation_id,
    room: b.room ?? '',
    pickup_override: Boolean(b.pickup_time_overridden),
    pickup_time: b.pickup_time_overridden ? (b.pickup_time ?? '') : '',
    passengers: syncPassengers(named, pax),
    discount: centsToEuros(b.discount_cents),
    discount_reason: b.discount_reason ?? '',
    seller_id: b.seller_id,
    // The API answers one of BOOKING_CHANNELS.
    channel: (b.channel || 'office') as TBookingChannel,
    channel_id: b.sales_channel?.id ?? null,
    reseller_reference: b.reseller_reference ?? '',
    notes: b.notes ?? '',
    internal_notes: b.internal_notes ?? '',
    override_cutoff: false,
    answers: answerValuesOf(b.answers),
  };
}

/** Whether the departure or the passengers differ from the saved booking (seats move). */
export function departureChanged(values: TBookingFormValues, b: TBookingResponse | null): boolean {
  if (!b) return true;
  if (values.product_id !== b.product_id || values.date !== b.date || values.time !== b.time) return true;
  const before = paxPayload(paxFromLines(b.lines));
  const after = paxPayload(values.pax);
  return PAX_TYPES.some((t) => (before[t] ?? 0) !== (after[t] ?? 0));
}

export type TPayloadContext = {
  mode: TBookingFormMode;
  access: Pick<TBookingAccess, 'canChooseSeller' | 'canDiscount' | 'canOverrideCutoff'>;
  booking?: TBookingResponse | null;
  /** The chosen departure is past its sale cut-off (staff must tick "Vender fuera de plazo"). */
  pastCutoff?: boolean;
  /** `version` of the booking the form was opened on (optimistic locking). */
  version?: number;
  /** The chosen product's questions (unknown while it loads: the answers are then not sent). */
  questions?: readonly TProductQuestion[] | null;
};

/**
 * The body of POST /bookings (create) or PUT /bookings/{id} (edit). On edit the departure and the
 * pax are sent only when they changed (fields not sent stay), with the `version` the form was
 * opened on. `passengerIndex[i]` is the form row of payload passenger `i` (for error mapping).
 */
export function toBookingPayload(
  v: TBookingFormValues,
  ctx: TPayloadContext,
): { payload: TBookingUpdateRequest; passengerIndex: number[] } {
  const passengerIndex: number[] = [];
  const passengers = v.passengers.flatMap((p, i) => {
    const full_name = p.full_name.trim();
    if (!full_name) return [];
    passengerIndex.push(i);
    const document_id = p.document_id.trim();
    return [{ full_name, pax_type: p.pax_type, ...(document_id ? { document_id } : {}) }];
  });

  const payload: TBookingUpdateRequest = {};
  const sendDeparture = ctx.mode === 'create' || departureChanged(v, ctx.booking ?? null);
  if (sendDeparture) {
    payload.product_id = v.product_id ?? undefined;
    payload.date = v.date ?? undefined;
    payload.time = v.time ?? undefined;
    payload.pax = paxPayload(v.pax);
    if (ctx.access.canOverrideCutoff && ctx.pastCutoff && v.override_cutoff) payload.override_cutoff = true;
  }
  payload.customer_name = v.customer_name;
  payload.customer_email = v.customer_email;
  payload.customer_phone = v.customer_phone;
  payload.customer_country = v.customer_country ?? '';
  if (v.language) payload.language = v.language;
  payload.accommodation_id = v.accommodation_id;
  payload.room = v.accommodation_id ? v.room : '';
  payload.pickup_time = v.pickup_override && v.pickup_time ? v.pickup_time : null;
  payload.notes = v.notes;
  payload.internal_notes = v.internal_notes;
  payload.passengers = passengers;
  if (ctx.access.canChooseSeller) {
    payload.seller_id = v.seller_id;
    // A channel's booking stays the channel's (ADR 023): its channel is never sent.
    if (v.channel !== 'channel') payload.channel = v.channel || 'office';
  }
  // An agency's sale (ADR 023): chosen when creating; the agency's booking keeps it afterwards.
  if (ctx.mode === 'create' && v.channel_id) {
    Object.assign(payload, { channel_id: v.channel_id, reseller_reference: v.reseller_reference.trim() });
    delete payload.seller_id;
    delete payload.channel;
  }
  if (ctx.access.canDiscount) {
    payload.discount_cents = eurosToCents(v.discount);
    payload.discount_reason = payload.discount_cents > 0 ? v.discount_reason : '';
  }
  // Answers (ADR 024): sent, they replace the stored ones. On create the answered ones; on edit only
  // when they changed, so that answers to questions the product no longer asks stay on the booking.
  if (ctx.questions) {
    const paxTotal = paxCount(v.pax);
    const answers = answersPayload(v.answers, ctx.questions, paxTotal);
    if (ctx.mode === 'create') {
      if (answers.length > 0) payload.answers = answers;
    } else {
      const before = answersPayload(answerValuesOf(ctx.booking?.answers), ctx.questions, paxTotal);
      if (JSON.stringify(answers) !== JSON.stringify(before)) payload.answers = answers;
    }
  }
  if (ctx.mode === 'edit' && ctx.version !== undefined) payload.version = ctx.version;
  return { payload, passengerIndex };
}

/** Payload path → form path ("discount_cents" → "discount", payload passengers → form rows). */
export function payloadPathToForm(path: string, passengerIndex: readonly number[]): string {
  if (path === 'discount_cents') return 'discount';
  if (path === 'override_cutoff') return 'time';
  const m = /^passengers\.(\d+)(\..*)?$/.exec(path);
  if (m) {
    const row = passengerIndex[Number(m[1])];
    return row === undefined ? 'passengers' : `passengers.${row}${m[2] ?? ''}`;
  }
  return path;
}

/**
 * The form's errors, with the shared request schema (the server's own messages) and the checks
 * only the form can make (pickup time asked for but empty, departure past the cut-off).
 */
export function validateBookingForm(v: TBookingFormValues, ctx: TPayloadContext): Record<string, string> {
  const { payload, passengerIndex } = toBookingPayload(v, ctx);
  const schema = ctx.mode === 'create' ? ZBookingCreateRequest : ZBookingUpdateRequest;
  const result = schema.safeParse(payload);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [path, msg] of Object.entries(issuesToErrors(result.error.issues))) {
      errors[payloadPathToForm(path, passengerIndex)] ??= msg;
    }
  }
  if (v.pickup_override && !v.pickup_time) errors.pickup_time ??= 'Indica la hora de recogida';
  if (ctx.questions) {
    for (const [field, msg] of Object.entries(answerErrors(v.answers, ctx.questions, paxCount(v.pax))))
      errors[field] ??= msg;
  }
  const moving = ctx.mode === 'create' || departureChanged(v, ctx.booking ?? null);
  if (ctx.pastCutoff && v.time && moving) {
    if (!ctx.access.canOverrideCutoff) errors.time ??= 'La venta de esta salida está cerrada';
    else if (!v.override_cutoff) errors.override_cutoff ??= 'Marca «Vender fuera de plazo» para vender esta salida';
  }
  return errors;
}
