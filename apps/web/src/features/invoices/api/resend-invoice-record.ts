/**
 * POST /api/v1/invoices/{id}/record/resend: sends the invoice's VERI*FACTU record to the AEAT again
 * (one that failed or was rejected). The API only queues it: the answer is the record back in
 * «Pendiente de envío», shown at once; the background runner sends it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TInvoiceRecordResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function resendInvoiceRecord(invoiceId: string): Promise<TInvoiceRecordResponse> {
  const res = await apiRequest<TInvoiceRecordResponse>(apiPath('invoiceRecordResend', { id: invoiceId }), {
    method: 'POST',
  });
  return res.data;
}

export function useResendInvoiceRecord() {
  const queryClient = useQueryClient();
  return useMutation<TInvoiceRecordResponse, ApiError, { id: string; booking_id: string }>({
    mutationFn: (invoice) => resendInvoiceRecord(invoice.id),
    onSuccess: (record, invoice) => {
      queryClient.setQueryData(invoicesKeys.record(invoice.id), record);
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.detail(invoice.id) });
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.booking(invoice.booking_id) });
      void queryClient.invalidateQueries({ queryKey: invoicesKeys.lists() });
    },
  });
}
