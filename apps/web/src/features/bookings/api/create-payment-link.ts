/**
 * POST /api/v1/bookings/{id}/payment-links {amount_cents?, channel, expires_in_hours?} → 201 the
 * link (ADR 022; levels 0, 1, 2 own, 3): sent by e-mail, opened in WhatsApp, or only to copy. The
 * booking lists its links, so it is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateBookingMessages } from '../../messages';
import { bookingsKeys } from './keys';
import type { TPaymentLinkCreateRequest, TPaymentLinkResponse } from './payments-contract';

export async function createPaymentLink(id: string, payload: TPaymentLinkCreateRequest): Promise<TPaymentLinkResponse> {
  const res = await apiRequest<TPaymentLinkResponse>(apiPath('bookingPaymentLinks', { id }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCreatePaymentLink(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation<TPaymentLinkResponse, ApiError, TPaymentLinkCreateRequest>({
    mutationFn: (payload) => createPaymentLink(bookingId, payload),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.detail(bookingId) });
      void invalidateBookingMessages(queryClient, bookingId);
    },
  });
}
