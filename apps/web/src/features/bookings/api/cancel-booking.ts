/** POST /api/v1/bookings/{id}/cancel {reason} → the cancelled booking (its seats are freed). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TBookingResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateSeats } from './create-booking';
import { bookingsKeys } from './keys';

export async function cancelBooking(id: string, reason: string): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(apiPath('bookingCancel', { id }), {
    method: 'POST',
    body: { reason },
  });
  return res.data;
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation<TBookingResponse, ApiError, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => cancelBooking(id, reason),
    onSuccess: (saved, { id }) => {
      if (saved && typeof saved === 'object' && 'id' in saved) queryClient.setQueryData(bookingsKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.detail(id) });
      invalidateSeats(queryClient);
    },
  });
}
