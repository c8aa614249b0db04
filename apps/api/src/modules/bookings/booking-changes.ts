import type { BookingRow } from './bookings.mapper';
import type { insertEvents } from './bookings.repository';

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

/** What staff and the customer alike may send of the customer's own data (fields left out stay). */
export type CustomerEdit = Partial<
  Record<
    'customer_name' | 'customer_email' | 'customer_phone' | 'customer_country' | 'language' | 'room' | 'notes',
    string
  >
>;

/** The customer's own data after an edit that sends some of it: each field sent, else the booking's. */
export function editedCustomerData(body: CustomerEdit, cur: BookingRow) {
  return {
    customerName: body.customer_name ?? cur.customerName,
    customerEmail: body.customer_email ?? cur.customerEmail,
    customerPhone: body.customer_phone ?? cur.customerPhone,
    customerCountry: body.customer_country ?? cur.customerCountry,
    language: body.language ?? cur.language,
    room: body.room ?? cur.room,
    notes: body.notes ?? cur.notes,
  };
}

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

/**
 * Collects a request's history events for one booking, in order (same transaction, same clock
 * reading: each event one millisecond after the previous so they read back in the order written).
 * `by` marks who acted when there is no staff actor (the customer).
 */
export function eventCollector(
  booking: Pick<BookingRow, 'id' | 'tourOperatorId'>,
  now: Date,
  actorId: string | null,
  extra: Record<string, unknown> = {},
) {
  const events: Parameters<typeof insertEvents>[1] = [];
  const event = (type: string, data: Record<string, unknown>) =>
    events.push({
      tourOperatorId: booking.tourOperatorId,
      bookingId: booking.id,
      type,
      data: { ...data, ...extra },
      actorId,
      createdAt: new Date(now.getTime() + events.length),
    });
  return { events, event };
}
