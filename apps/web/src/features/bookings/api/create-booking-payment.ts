/**
 * POST /api/v1/bookings/{id}/payments {kind, amount_cents, method, paid_at, reference} → 201.
 * The booking's paid amount and payment state follow from it, so the booking is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TPaymentCreateRequest, type TPaymentResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateBookingMessages } from '../../messages';
import { bookingsKeys } from './keys';

export async function createBookingPayment(id: string, payload: TPaymentCreateRequest): Promise<TPaymentResponse> {
  const res = await apiRequest<TPaymentResponse>(apiPath('bookingPayments', { id }), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateBookingPayment(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation<TPaymentResponse, ApiError, TPaymentCreateRequest>({
    mutationFn: (payload) => createBookingPayment(bookingId, payload),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.detail(bookingId) });
      void invalidateBookingMessages(queryClient, bookingId);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.lists() });
    },
  });
}
