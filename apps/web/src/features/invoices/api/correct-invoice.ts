/**
 * POST /api/v1/invoices/{id}/corrections {amount_cents?, reason}: a corrective invoice (R1/R5) of
 * what is given back, tax included (all that is still uncorrected by default).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TInvoiceCorrectionRequest, type TInvoiceResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function correctInvoice(id: string, payload: TInvoiceCorrectionRequest): Promise<TInvoiceResponse> {
  const res = await apiRequest<TInvoiceResponse>(apiPath('invoiceCorrections', { id }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCorrectInvoice() {
  const queryClient = useQueryClient();
  return useMutation<
    TInvoiceResponse,
    ApiError,
    { invoice: { id: string; booking_id: string }; payload: TInvoiceCorrectionRequest }
  >({
    mutationFn: ({ invoice, payload }) => correctInvoice(invoice.id, payload),
    onSuccess: (_corrective, { invoice }) => {
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.detail(invoice.id) });
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.booking(invoice.booking_id) });
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.lists() });
    },
  });
}
