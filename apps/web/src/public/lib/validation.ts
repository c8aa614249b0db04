/**
 * Client-side checks of the public forms. What the customer types is checked with the API's own
 * rules (`@trayecto/shared/public-fields`, zod/mini), so the messages are the API's word for word
 * (seed-spec §5), in the page's language (`fieldMessage`); the steps the API cannot name (a date, a
 * time, passengers, a pickup not chosen yet) have the form's own (`t().booking.errors`). The server
 * checks everything again and its 422 errors, already in the page's language (Accept-Language),
 * land on the same fields (fieldErrorsFromServer).
 */
import { MSG } from '@trayecto/shared/messages';
import { ZPublicBookingForm, ZPublicBookingUpdateForm } from '@trayecto/shared/public-fields';
import { t, translateError } from '../i18n';

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

/** A form value left empty is a field not sent (the API's optional fields). */
const sent = (s: string) => (s === '' ? undefined : s);

type TCheck = { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * A message of the shared field rules (written in Spanish, the API's) in the page's language: the
 * one place the forms translate them (the lead's `translateError`: its translation, else what a
 * validation error means, never Spanish in another language).
 */
export const fieldMessage = (message: string): string => translateError(message, 'VALIDATION');

/** The first message of each field a schema refuses, by the API's field names. */
function schemaErrors(result: TCheck): TFieldErrors {
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    byField[field] = [...(byField[field] ?? []), fieldMessage(issue.message)];
  }
  return fieldErrorsFromServer(byField);
}

/** The new-booking form: every field with a problem and its message in the page's language. */
export function validateNewBooking(v: TNewBookingValues, ctx: TNewBookingContext): TFieldErrors {
  const e: TFieldErrors = {};
  const own = t().booking.errors;
  if (!v.date) e.date = own.date;
  else if (!v.time) e.time = own.time;
  const paxTotal = Object.values(v.pax).reduce((n, q) => n + (q || 0), 0);
  // `min_pax` is the departure's minimum to run, not a per-booking one (ADR 006): not checked here.
  if (paxTotal === 0) e.pax = own.pax;
  else if (ctx.seatsLeft !== null && ctx.seats > ctx.seatsLeft) e.pax = own.seatsLeft(ctx.seatsLeft);
  if (ctx.pickupEnabled && v.time && !v.pickup) e.pickup = fieldMessage(MSG.required);
  const customer = ZPublicBookingForm.safeParse({
    customer_name: v.customer_name,
    customer_email: v.customer_email,
    customer_phone: v.customer_phone,
    customer_country: sent(v.customer_country),
    language: sent(v.language),
    room: v.room,
    notes: v.notes,
    accept_terms: v.accept_terms,
  });
  return { ...e, ...schemaErrors(customer) };
}

export type TCustomerValues = {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  accept_terms: boolean;
  customer_country?: string;
  language?: string;
  room?: string;
  notes?: string;
};

/**
 * The existing-booking form: saving checks what the API checks on an update (the name always, an
 * e-mail given must be valid); confirming a booking staff prepared asks what a new booking asks
 * (e-mail and phone too, so the operator can reach the customer, and the terms).
 */
export function validateCustomer(v: TCustomerValues, confirm: boolean): TFieldErrors {
  const values = {
    customer_name: v.customer_name,
    customer_email: v.customer_email,
    customer_phone: v.customer_phone,
    customer_country: sent(v.customer_country ?? ''),
    language: sent(v.language ?? ''),
    room: v.room,
    notes: v.notes,
    accept_terms: v.accept_terms,
  };
  return schemaErrors(confirm ? ZPublicBookingForm.safeParse(values) : ZPublicBookingUpdateForm.safeParse(values));
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
