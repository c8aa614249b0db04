/**
 * Client-side checks of the public forms, with the spec's messages (seed-spec §5): the server
 * checks everything again and its 422 errors land on the same fields.
 */
import { MSG } from '@trayecto/shared/messages';
import { plural } from './format';

/** spec §5: text, an at sign, text, a dot, text. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (s: string | null | undefined) => !s || s.trim() === '';
export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

export const TERMS_MESSAGE = 'Debes aceptar las condiciones';

export type TFieldErrors = Partial<Record<string, string>>;

export type TNewBookingValues = {
  date: string;
  time: string;
  pax: Record<string, number>;
  /** Accommodation id, `MEETING_POINT` (the customer goes on their own) or '' (not chosen yet). */
  pickup: string;
  room: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_country: string;
  language: string;
  notes: string;
  accept_terms: boolean;
};

/** The pickup choice "I'll go to the meeting point myself". */
export const MEETING_POINT = 'meeting-point';

export type TNewBookingContext = {
  pickupEnabled: boolean;
  /** Seats left on the chosen departure, when known. */
  seatsLeft: number | null;
  /** Seats the chosen pax take (babies on a lap take none). */
  seats: number;
};

/** The new-booking form: every field with a problem and its Spanish message. */
export function validateNewBooking(v: TNewBookingValues, ctx: TNewBookingContext): TFieldErrors {
  const e: TFieldErrors = {};
  if (isBlank(v.date)) e.date = 'Elige una fecha';
  else if (isBlank(v.time)) e.time = 'Elige una hora';
  const paxTotal = Object.values(v.pax).reduce((n, q) => n + (q || 0), 0);
  // `min_pax` is the departure's minimum to run, not a per-booking one (ADR 006): not checked here.
  if (paxTotal === 0) e.pax = 'Indica al menos un pasajero';
  else if (ctx.seatsLeft !== null && ctx.seats > ctx.seatsLeft) {
    e.pax =
      ctx.seatsLeft === 1
        ? 'Solo queda 1 plaza en esta salida'
        : `Solo quedan ${plural(ctx.seatsLeft, 'plaza', 'plazas')} en esta salida`;
  }
  if (ctx.pickupEnabled && !isBlank(v.time) && isBlank(v.pickup)) e.pickup = MSG.required;
  if (isBlank(v.customer_name)) e.customer_name = MSG.required;
  if (isBlank(v.customer_email)) e.customer_email = MSG.required;
  else if (!isEmail(v.customer_email)) e.customer_email = MSG.email;
  if (isBlank(v.customer_phone)) e.customer_phone = MSG.required;
  if (!v.accept_terms) e.accept_terms = TERMS_MESSAGE;
  return e;
}

export type TCustomerValues = {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  accept_terms: boolean;
};

/**
 * The existing-booking form: the name always; to confirm, also a valid e-mail, a phone and the
 * terms (the operator needs a way to reach the customer).
 */
export function validateCustomer(v: TCustomerValues, confirm: boolean): TFieldErrors {
  const e: TFieldErrors = {};
  if (isBlank(v.customer_name)) e.customer_name = MSG.required;
  if (isBlank(v.customer_email)) {
    if (confirm) e.customer_email = MSG.required;
  } else if (!isEmail(v.customer_email)) e.customer_email = MSG.email;
  if (confirm && isBlank(v.customer_phone)) e.customer_phone = MSG.required;
  if (confirm && !v.accept_terms) e.accept_terms = TERMS_MESSAGE;
  return e;
}

/**
 * A server 422 `{ errors: { field: [...] } }` as one message per form field: `pax.adult` → `pax`,
 * `accommodation_id` → `pickup`, `passengers.2.full_name` stays as is; unknown fields are kept
 * under their own name (the page lists those it has no field for).
 */
export function fieldErrorsFromServer(errors: Record<string, string[]> | undefined): TFieldErrors {
  const out: TFieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const msg = messages?.[0];
    if (!msg) continue;
    let field = key;
    if (key === 'pax' || key.startsWith('pax.')) field = 'pax';
    else if (key === 'accommodation_id') field = 'pickup';
    else if (key === 'product_id') field = 'date';
    if (!out[field]) out[field] = msg;
  }
  return out;
}
