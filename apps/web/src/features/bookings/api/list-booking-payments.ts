/** GET /api/v1/bookings/{id}/payments: money received and returned, newest last. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TPaymentResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

export async function listBookingPayments(id: string, signal?: AbortSignal): Promise<TPaymentResponse[]> {
  const res = await apiRequest<TPaymentResponse[]>(apiPath('bookingPayments', { id }), { signal });
  return Array.isArray(res.data) ? res.data : [];
}

export const bookingPaymentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingsKeys.payments(id),
    queryFn: ({ signal }) => listBookingPayments(id, signal),
  });

export function useBookingPayments(id: string | null) {
  return useQuery({ ...bookingPaymentsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
