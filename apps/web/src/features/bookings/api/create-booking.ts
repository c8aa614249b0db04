/** POST /api/v1/bookings → 201 + the booking (staff; PRODUCT §2 contract). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TBookingCreateBody, type TBookingResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from '../../products';
import { bookingsKeys } from './keys';

export async function createBooking(payload: TBookingCreateBody): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(apiPath('bookings'), { method: 'POST', body: payload });
  return res.data;
}

/** After any change of seats: lists, calendars and the products' availability are read again. */
export function invalidateSeats(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: bookingsKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: bookingsKeys.calendars() });
  void queryClient.invalidateQueries({ queryKey: productsKeys.allAvailabilities() });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation<TBookingResponse, ApiError, TBookingCreateBody>({
    mutationFn: createBooking,
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingsKeys.detail(saved.id), saved);
      invalidateSeats(queryClient);
    },
    onError: (error) => {
      // "No quedan plazas": the seats shown must be the real ones.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: productsKeys.allAvailabilities() });
    },
  });
}
