/**
 * POST /api/v1/messages/{id}/resend (levels 0, 1, 3) → 201 a new message, written from the booking as
 * it is now; 409 STATE_CONFLICT (still queued, a one-time link, a kind switched off) and 422 (the
 * booking has no e-mail) carry the reason in Spanish.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TMessageResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';

export async function resendMessage(id: string): Promise<TMessageResponse> {
  // No body: the API reads an empty JSON body as malformed.
  const res = await apiRequest<TMessageResponse>(apiPath('messageResend', { id }), { method: 'POST' });
  return res.data;
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation<TMessageResponse, ApiError, string>({
    mutationFn: resendMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.bookings() });
    },
  });
}
