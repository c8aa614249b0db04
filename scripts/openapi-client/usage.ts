/**
 * A program written against the TypeScript client openapi-typescript generates from the API's
 * document (scripts/lint-openapi.sh copies it next to the generated `schema.d.ts` and type-checks
 * both). It is what docs/api.md shows an integrator: if the document stops naming an operation,
 * a field, a status or the error body, this stops compiling and CI fails.
 */
import type { components, operations } from './schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBody = components['schemas']['ErrorResponse'];
type ErrorCode = components['schemas']['ErrorCode'];

type CreateBooking = operations['createBooking'];
type NewBooking = Json<CreateBooking['requestBody']>;
type Booking = Json<CreateBooking['responses'][201]>;
type BookingList = Json<operations['listBookings']['responses'][200]>;
type ListQuery = NonNullable<operations['listBookings']['parameters']['query']>;
type PublicBooking = Json<operations['createPublicBooking']['requestBody']>;

/**
 * A list's query string from its typed parameters: filters are named as the API reads them
 * (`date[gte]`), and list values (`sort`, `state[in]`) go comma-separated (`style: form`,
 * `explode: false` in the document).
 */
function queryString(query: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Sends a request and answers the body typed by the operation, or throws the API's error body. */
async function call<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw (await res.json()) as ErrorBody;
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export async function example(base: string, token: string): Promise<string[]> {
  const body: NewBooking = {
    product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
    date: '2026-07-14',
    time: '09:30',
    pax: { adult: 2 },
    customer_name: 'Ana García',
  };
  const retryable: ErrorCode[] = ['BUSY', 'IDEMPOTENCY_IN_PROGRESS', 'UNAVAILABLE'];
  try {
    const booking = await call<Booking>(base, token, 'POST', '/api/v1/bookings', body);
    // The bookings of July on, confirmed or pending, newest first: typed filter parameters.
    const query: ListQuery = {
      page: 1,
      per_page: 50,
      sort: ['-created_at'],
      'date[gte]': '2026-07-01',
      'state[in]': ['confirmed', 'pending'],
    };
    const list = await call<BookingList>(base, token, 'GET', `/api/v1/bookings${queryString(query)}`);
    return [booking.locator, ...list.map((b) => `${b.locator} ${b.state} ${b.total_cents}`)];
  } catch (err) {
    const e = err as ErrorBody;
    if (e.code === 'NO_SEATS' || retryable.includes(e.code)) return [];
    throw new Error(`${e.code}: ${e.message} ${JSON.stringify(e.errors ?? {})}`);
  }
}

export const publicBooking: PublicBooking = {
  product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
  date: '2026-07-14',
  time: '09:30',
  pax: { adult: 2 },
  customer_name: 'John Smith',
  customer_email: 'john@example.com',
  customer_phone: '+44 7700 900000',
  accept_terms: true,
};

/**
 * Rules the document says beyond types (issue 31), which the generated types then enforce: a
 * check-in names its booking by `booking_id` or `code`, a product's pickup is an accommodation or
 * a zone and minutes before or a fixed time, and an empty password is "none".
 */
type CheckIn = Json<operations['checkInScheduleSheet']['requestBody']>;
type NewProduct = Json<operations['createProduct']['requestBody']>;
type UserChange = Json<operations['updateUser']['requestBody']>;

export const checkIns: CheckIn[] = [{ code: 'TRY-7K3M9Q' }, { booking_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b' }];
// @ts-expect-error: neither booking_id nor code
export const checkInOfNobody: CheckIn = { present: true };

export const pickups: NonNullable<NewProduct['pickups']> = [
  { accommodation_id: '6b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', minutes_before: 20 },
  { zone: 'Puerto de la Cruz', fixed_time: '08:15' },
];
// @ts-expect-error: a pickup needs minutes before or a fixed time
export const pickupWithoutTime: NonNullable<NewProduct['pickups']>[number] = { zone: 'Puerto de la Cruz' };

export const keepPassword: UserChange = { full_name: 'Ana García', password: null, re_password: null };
