/**
 * POST /api/v1/bookings/{id}/invoices {kind, customer?}: the booking's simplified invoice (F2), or
 * its full one (F1, or F3 replacing the F2) with the customer's tax data. Asking again for what
 * exists answers the existing invoice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TInvoiceIssueRequest, type TInvoiceResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function issueInvoice(bookingId: string, payload: TInvoiceIssueRequest): Promise<TInvoiceResponse> {
  const res = await apiRequest<TInvoiceResponse>(apiPath('bookingInvoices', { id: bookingId }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation<TInvoiceResponse, ApiError, { bookingId: string; payload: TInvoiceIssueRequest }>({
    mutationFn: ({ bookingId, payload }) => issueInvoice(bookingId, payload),
    onSuccess: (_invoice, { bookingId }) => {
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.booking(bookingId) });
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.lists() });
    },
  });
}
