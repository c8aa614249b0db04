/**
 * The booking form's answers from the API, sorted out by their code: a 409 is either NO_SEATS
 * (someone took the seats), STALE_VERSION (the booking changed since it was opened) or another
 * conflict; a 422's field errors go onto the form's inputs (the API names discount_cents, the form
 * shows euros in `discount`).
 */
import type { ApiError } from '../../../lib/api-client';
import { mapServerErrors } from '../../../lib/form-errors';

export type TConflictKind = 'no_seats' | 'stale' | 'other';

export function conflictKind(error: Pick<ApiError, 'status' | 'code'>): TConflictKind | null {
  if (error.status !== 409) return null;
  if (error.code === 'NO_SEATS') return 'no_seats';
  if (error.code === 'STALE_VERSION') return 'stale';
  return 'other';
}

/** API field → form field. */
export const BOOKING_ERROR_ALIASES: Record<string, string> = {
  discount_cents: 'discount',
  customerName: 'customer_name',
  override_cutoff: 'time',
  departure: 'time',
  departure_id: 'time',
};

/** Top-level fields of the booking form (where a server error can be shown). */
export const BOOKING_FORM_FIELDS = [
  'product_id',
  'date',
  'time',
  'pax',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_country',
  'language',
  'accommodation_id',
  'room',
  'pickup_time',
  'passengers',
  'answers',
  'discount',
  'discount_reason',
  'seller_id',
  'channel',
  'notes',
  'internal_notes',
] as const;

/**
 * A 422's `errors` → `{ fields, rest }`. Passenger rows: the payload sends only named passengers,
 * so `passengers.1.full_name` is mapped back through `passengerIndex` (payload index → form row).
 */
export function mapBookingServerErrors(
  fieldErrors: Record<string, string[]>,
  passengerIndex: readonly number[] = [],
): { fields: Record<string, string>; rest: string[] } {
  const { fields, rest } = mapServerErrors(fieldErrors, BOOKING_FORM_FIELDS, BOOKING_ERROR_ALIASES);
  const out: Record<string, string> = {};
  for (const [path, msg] of Object.entries(fields)) {
    const m = /^passengers\.(\d+)(\..*)?$/.exec(path);
    if (m) {
      const row = passengerIndex[Number(m[1])];
      out[row === undefined ? 'passengers' : `passengers.${row}${m[2] ?? ''}`] ??= msg;
    } else {
      out[path] ??= msg;
    }
  }
  return { fields: out, rest };
}
