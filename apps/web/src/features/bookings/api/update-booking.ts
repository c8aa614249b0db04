/**
 * PUT /api/v1/bookings/{id} → 200 + the booking. Fields not sent stay; `version` makes a stale
 * edit answer 409; `state` alone moves the booking along the state machine.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateSeats, type TBookingPayload } from './create-booking';
import { bookingProductKeys, bookingsKeys } from './keys';
import { bookingApiPaths } from './paths';

export async function updateBooking(id: string, payload: TBookingPayload): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(bookingApiPaths.one(id), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation<TBookingResponse, ApiError, { id: string; payload: TBookingPayload }>({
    mutationFn: ({ id, payload }) => updateBooking(id, payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.events(saved.id) });
      invalidateSeats(queryClient);
    },
    onError: (error) => {
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: bookingProductKeys.availabilities() });
    },
  });
}
