/**
 * GET /api/v1/bookings/calendar?from=&to=&product_id=: every departure of the range with its seats
 * sold and left, its bookings and passengers. Two features read it — the bookings calendar of
 * /booking and a product's "Cancelar salida" (how many bookings and people it cancels) — and the
 * bookings feature already depends on the products one, so the query lives here, below both, and
 * no feature imports the other in a cycle (issue 31 item 4). Its key is under the bookings root,
 * so every change of bookings reads it again.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingCalendarEntry } from '@trayecto/shared';
import { apiRequest } from './api-client';
import { BOOKINGS_CALENDAR_QUERY_KEY } from './query-keys';

export function calendarQueryString(from: string, to: string, productId?: string | null): string {
  const params = new URLSearchParams({ from, to });
  if (productId) params.set('product_id', productId);
  return `?${params.toString()}`;
}

export async function getBookingsCalendar(
  from: string,
  to: string,
  productId: string | null,
  signal?: AbortSignal,
): Promise<TBookingCalendarEntry[]> {
  const res = await apiRequest<TBookingCalendarEntry[]>(apiPath('bookingCalendar'), {
    query: calendarQueryString(from, to, productId),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

/** The key of one range (and product: '' for all). */
export const bookingsCalendarKey = (from: string, to: string, productId: string) =>
  [...BOOKINGS_CALENDAR_QUERY_KEY, from, to, productId] as const;

export const bookingsCalendarQueryOptions = (from: string, to: string, productId: string | null) =>
  queryOptions({
    queryKey: bookingsCalendarKey(from, to, productId ?? ''),
    queryFn: ({ signal }) => getBookingsCalendar(from, to, productId, signal),
    placeholderData: keepPreviousData,
  });

export function useBookingsCalendar(from: string, to: string, productId: string | null, enabled = true) {
  return useQuery({ ...bookingsCalendarQueryOptions(from, to, productId), enabled });
}
