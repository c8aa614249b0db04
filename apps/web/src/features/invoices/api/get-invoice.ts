/** GET /api/v1/invoices/{id}: one invoice with its lines, taxes, related invoices and record in brief. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TInvoiceResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function getInvoice(id: string, signal?: AbortSignal): Promise<TInvoiceResponse> {
  const res = await apiRequest<TInvoiceResponse>(apiPath('invoice', { id }), { signal });
  return res.data;
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoicesKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });

export function useInvoice(id: string | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: Boolean(id) });
}
