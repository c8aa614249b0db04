/**
 * POST /api/v1/bookings/{id}/refunds {amount_cents, reason, payment_id?} with `Idempotency-Key`
 * (ADR 022; levels 0, 1, 3): the money goes back through the provider that took it. The same key
 * sent twice refunds once, so the dialog makes one key per opening and every retry reuses it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateBookingMessages } from '../../messages';
import { bookingsKeys } from './keys';
import type { TRefundCreateRequest, TRefundResponse } from './payments-contract';

export async function createRefund(
  id: string,
  payload: TRefundCreateRequest,
  idempotencyKey: string,
): Promise<TRefundResponse> {
  const res = await apiRequest<TRefundResponse>(apiPath('bookingRefunds', { id }), {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}

export function useCreateRefund(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation<TRefundResponse, ApiError, { payload: TRefundCreateRequest; idempotencyKey: string }>({
    mutationFn: ({ payload, idempotencyKey }) => createRefund(bookingId, payload, idempotencyKey),
    // The refund, the booking's payment state and its messages all change: read them again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.detail(bookingId) });
      void invalidateBookingMessages(queryClient, bookingId);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.lists() });
    },
  });
}
