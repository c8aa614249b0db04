/** POST /api/v1/bookings → 201 + the booking (staff; PRODUCT §2 contract). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { bookingProductKeys, bookingsKeys } from './keys';
import { bookingApiPaths } from './paths';

/** The body as the form sends it (the shared request's input, before its transforms). */
export type TBookingPayload = {
  product_id?: string;
  date?: string;
  time?: string;
  pax?: Partial<Record<string, number>>;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  customer_country?: string;
  language?: string;
  accommodation_id?: string | null;
  room?: string;
  pickup_time?: string | null;
  notes?: string;
  internal_notes?: string;
  channel?: string;
  seller_id?: string | null;
  discount_cents?: number;
  discount_reason?: string;
  passengers?: { full_name: string; pax_type: string; document_id?: string }[];
  override_cutoff?: boolean;
  state?: string;
  version?: number;
};

export async function createBooking(payload: TBookingPayload): Promise<TBookingResponse> {
  const res = await apiRequest<TBookingResponse>(bookingApiPaths.list, { method: 'POST', body: payload });
  return res.data;
}

/** After any change of seats: lists, calendars and the products' availability are read again. */
export function invalidateSeats(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: bookingsKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: bookingsKeys.calendars() });
  void queryClient.invalidateQueries({ queryKey: bookingProductKeys.availabilities() });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation<TBookingResponse, ApiError, TBookingPayload>({
    mutationFn: createBooking,
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingsKeys.detail(saved.id), saved);
      invalidateSeats(queryClient);
    },
    onError: (error) => {
      // "No quedan plazas": the seats shown must be the real ones.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: bookingProductKeys.availabilities() });
    },
  });
}
