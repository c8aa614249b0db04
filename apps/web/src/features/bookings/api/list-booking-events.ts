/** GET /api/v1/bookings/{id}/events: what happened to the booking, by whom and when. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingEventResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

export async function listBookingEvents(id: string, signal?: AbortSignal): Promise<TBookingEventResponse[]> {
  const res = await apiRequest<TBookingEventResponse[]>(apiPath('bookingEvents', { id }), { signal });
  return Array.isArray(res.data) ? res.data : [];
}

export const bookingEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingsKeys.events(id),
    queryFn: ({ signal }) => listBookingEvents(id, signal),
  });

export function useBookingEvents(id: string | null) {
  return useQuery({ ...bookingEventsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
