/**
 * GET /api/v1/bookings/calendar?from=&to=&product_id=: every departure of the range with its seats
 * sold and left (the calendar view of /booking).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingCalendarEntry } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

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

export const bookingsCalendarQueryOptions = (from: string, to: string, productId: string | null) =>
  queryOptions({
    queryKey: bookingsKeys.calendar(from, to, productId ?? ''),
    queryFn: ({ signal }) => getBookingsCalendar(from, to, productId, signal),
    placeholderData: keepPreviousData,
  });

export function useBookingsCalendar(from: string, to: string, productId: string | null, enabled = true) {
  return useQuery({ ...bookingsCalendarQueryOptions(from, to, productId), enabled });
}
