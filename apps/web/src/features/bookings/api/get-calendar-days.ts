/**
 * GET /api/v1/bookings/calendar/days?from=&to=&product_id=: the month view of the bookings calendar
 * a day at a time (ADR 031): per day its departures counted and added up and its first three, a few
 * kilobytes where the departures of a month are megabytes. The departures of one day or week are
 * lib/bookings-calendar.ts' query. The key sits under the calendars' prefix (so under the bookings
 * root): every change of bookings reads it again.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingCalendarDay } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { calendarQueryString } from '../../../lib/bookings-calendar';
import { bookingsKeys } from './keys';

export async function getCalendarDays(
  from: string,
  to: string,
  productId: string | null,
  signal?: AbortSignal,
): Promise<TBookingCalendarDay[]> {
  const res = await apiRequest<TBookingCalendarDay[]>(apiPath('bookingCalendarDays'), {
    query: calendarQueryString(from, to, productId),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

/** The key of one range's days (and product: '' for all). */
export const calendarDaysKey = (from: string, to: string, productId: string) =>
  [...bookingsKeys.calendars(), 'days', from, to, productId] as const;

export const calendarDaysQueryOptions = (from: string, to: string, productId: string | null) =>
  queryOptions({
    queryKey: calendarDaysKey(from, to, productId ?? ''),
    queryFn: ({ signal }) => getCalendarDays(from, to, productId, signal),
    placeholderData: keepPreviousData,
  });

export function useCalendarDays(from: string, to: string, productId: string | null, enabled = true) {
  return useQuery({ ...calendarDaysQueryOptions(from, to, productId), enabled });
}
