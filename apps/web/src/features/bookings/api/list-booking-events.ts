/** GET /api/v1/bookings/{id}/events: what happened to the booking, by whom and when. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';
import { bookingApiPaths } from './paths';

/** One entry of the history (the API may add fields; the screen reads only these). */
export type TBookingEvent = {
  id: string;
  type: string;
  /** The server's Spanish line for the history, e.g. "Estado: Pendiente → Confirmada". */
  summary?: string;
  data?: Record<string, unknown> | null;
  actor?: { id: string; full_name: string } | null;
  actor_id?: string | null;
  created_at: string;
};

export async function listBookingEvents(id: string, signal?: AbortSignal): Promise<TBookingEvent[]> {
  const res = await apiRequest<TBookingEvent[]>(bookingApiPaths.events(id), { signal });
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
