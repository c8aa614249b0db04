/**
 * GET /api/v1/bookings/calendar?from=&to=&product_id=: every departure of the range with its seats
 * sold and left, its bookings and passengers. Two features read it — the bookings calendar of
 * /booking and a product's "Cancelar salida" (how many bookings and people it cancels) — and the
 * bookings feature already depends on the products one, so the query lives here, below both, and
 * no feature imports the other in a cycle (issue 31 item 4). Its key is under the bookings root,
 * so every change of bookings reads it again.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  calendarEntriesFromColumns,
  type TBookingCalendarColumns,
  type TBookingCalendarEntry,
} from '@trayecto/shared';
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

/**
 * The same departures from GET /bookings/calendar/columns (ADR 057): the week view's request, each
 * product named once and the departures as columns, less than half the bytes of the entries and a
 * fraction of the API's work; made into entries here, once per answer.
 */
export async function getBookingsCalendarByColumns(
  from: string,
  to: string,
  productId: string | null,
  signal?: AbortSignal,
): Promise<TBookingCalendarEntry[]> {
  const res = await apiRequest<TBookingCalendarColumns>(apiPath('bookingCalendarColumns'), {
    query: calendarQueryString(from, to, productId),
    signal,
  });
  return res.data?.departures ? calendarEntriesFromColumns(res.data) : [];
}

/** The week view's departures: a range's entries read as columns (its own key: another request). */
export function useBookingsCalendarWeek(from: string, to: string, productId: string | null, enabled = true) {
  return useQuery({
    queryKey: [...bookingsCalendarKey(from, to, productId ?? ''), 'columns'] as const,
    queryFn: ({ signal }) => getBookingsCalendarByColumns(from, to, productId, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
