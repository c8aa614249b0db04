/**
 * PUT /api/v1/bookings/{id} → 200 + the booking. Fields not sent stay; `version` makes a stale
 * edit answer 409; `state` alone moves the booking along the state machine.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TBookingResponse, type TBookingUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from '../../products';
import { invalidateSeats } from './create-booking';
import { bookingsKeys } from './keys';

export async function updateBooking(id: string, payload: TBookingUpdateRequest): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(apiPath('booking', { id }), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation<TBookingResponse, ApiError, { id: string; payload: TBookingUpdateRequest }>({
    mutationFn: ({ id, payload }) => updateBooking(id, payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.events(saved.id) });
      invalidateSeats(queryClient);
    },
    onError: (error) => {
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: productsKeys.allAvailabilities() });
    },
  });
}
