/** GET /api/v1/invoices/{id}/record: the VERI*FACTU record with the fields its fingerprint covers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TInvoiceRecordResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function getInvoiceRecord(id: string, signal?: AbortSignal): Promise<TInvoiceRecordResponse> {
  const res = await apiRequest<TInvoiceRecordResponse>(apiPath('invoiceRecord', { id }), { signal });
  return res.data;
}

export const invoiceRecordQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoicesKeys.record(id), queryFn: ({ signal }) => getInvoiceRecord(id, signal) });

export function useInvoiceRecord(id: string | null, enabled = true) {
  return useQuery({ ...invoiceRecordQueryOptions(id ?? ''), enabled: Boolean(id) && enabled });
}
