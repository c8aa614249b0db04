/** GET /api/v1/bookings/{id}/messages (levels 0–3): the booking's messages, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TMessageResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';
import { isWaiting, WAITING_REFRESH_MS } from './list-messages';

export async function listBookingMessages(bookingId: string, signal?: AbortSignal): Promise<TMessageResponse[]> {
  const res = await apiRequest<TMessageResponse[]>(apiPath('bookingMessages', { id: bookingId }), { signal });
  const rows = Array.isArray(res.data) ? res.data : [];
  // Newest first whatever the answer's order.
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export const bookingMessagesQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: messagesKeys.booking(bookingId),
    queryFn: ({ signal }) => listBookingMessages(bookingId, signal),
    refetchInterval: (query) => (query.state.data?.some(isWaiting) ? WAITING_REFRESH_MS : false),
  });

export function useBookingMessages(bookingId: string) {
  return useQuery({ ...bookingMessagesQueryOptions(bookingId), enabled: Boolean(bookingId) });
}
