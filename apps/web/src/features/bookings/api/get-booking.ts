/** GET /api/v1/bookings/{id}: the whole booking (ZBookingResponse). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

export async function getBooking(id: string, signal?: AbortSignal): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(apiPath('booking', { id }), { signal });
  return res.data;
}

export const bookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingsKeys.detail(id),
    queryFn: ({ signal }) => getBooking(id, signal),
  });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQueryOptions(id ?? ''), enabled: Boolean(id) });
}
