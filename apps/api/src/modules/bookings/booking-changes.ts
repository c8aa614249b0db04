import type { BookingRow } from './bookings.mapper';

/** One field's change as a booking's history records it. */
export type Change = { from: unknown; to: unknown };

/** The customer's fields, as the API and the history name them, that both staff and the customer edit. */
const CUSTOMER_FIELDS = [
  ['customer_name', 'customerName'],
  ['customer_email', 'customerEmail'],
  ['customer_phone', 'customerPhone'],
  ['customer_country', 'customerCountry'],
  ['language', 'language'],
  ['accommodation_id', 'accommodationId'],
  ['room', 'room'],
  ['pickup_time', 'pickupTime'],
  ['notes', 'notes'],
] as const satisfies readonly (readonly [string, keyof BookingRow])[];

type CustomerFields = Pick<BookingRow, (typeof CUSTOMER_FIELDS)[number][1]>;

/**
 * Collects what an edit changed, field by field in the order tracked (values compared as JSON, so
 * arrays and objects compare by content): the booking history's `changes`.
 */
export function changeTracker() {
  const changes: Record<string, Change> = {};
  const track = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  };
  const trackCustomer = (cur: CustomerFields, next: CustomerFields) => {
    for (const [field, key] of CUSTOMER_FIELDS) track(field, cur[key], next[key]);
  };
  return { changes, track, trackCustomer };
}
