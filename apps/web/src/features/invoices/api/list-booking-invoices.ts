/** GET /api/v1/bookings/{id}/invoices: every invoice of a booking (corrective ones too), oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TInvoiceResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { invoicesKeys } from './list-invoices';

export async function listBookingInvoices(bookingId: string, signal?: AbortSignal): Promise<TInvoiceResponse[]> {
  const res = await apiRequest<TInvoiceResponse[]>(apiPath('bookingInvoices', { id: bookingId }), { signal });
  return Array.isArray(res.data) ? res.data : [];
}

export const bookingInvoicesQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: invoicesKeys.booking(bookingId),
    queryFn: ({ signal }) => listBookingInvoices(bookingId, signal),
  });

export function useBookingInvoices(bookingId: string) {
  return useQuery(bookingInvoicesQueryOptions(bookingId));
}
