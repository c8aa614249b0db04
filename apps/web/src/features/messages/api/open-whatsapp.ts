/**
 * POST /api/v1/bookings/{id}/whatsapp {kind?} (levels 0–5, on a booking they see) → 201 the wa.me
 * link with the text prefilled, and the log entry written for it; 422 (errors.customer_phone) when
 * the booking has no valid mobile number.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TWhatsappRequest, type TWhatsappResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';

export async function openWhatsapp(bookingId: string, body: TWhatsappRequest): Promise<TWhatsappResponse> {
  const res = await apiRequest<TWhatsappResponse>(apiPath('bookingWhatsapp', { id: bookingId }), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useOpenWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation<TWhatsappResponse, ApiError, { bookingId: string } & TWhatsappRequest>({
    mutationFn: ({ bookingId, ...body }) => openWhatsapp(bookingId, body),
    onSuccess: (_, { bookingId }) => {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.booking(bookingId) });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
    },
  });
}
