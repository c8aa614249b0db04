/**
 * POST /api/v1/bookings/quote: the live total of the form, priced by the server's rules (lines,
 * season, discount, total, pickup time and seats left). Read as a query keyed by its body, so the
 * same pax never asks twice and a newer body replaces an older answer.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TBookingQuoteRequest, type TBookingQuoteResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

export async function quoteBookingOnServer(
  body: TBookingQuoteRequest,
  signal?: AbortSignal,
): Promise<TBookingQuoteResponse> {
  const res = await apiRequest<TBookingQuoteResponse>(apiPath('bookingQuote'), { method: 'POST', body, signal });
  return res.data;
}

export const bookingQuoteQueryOptions = (body: TBookingQuoteRequest) =>
  queryOptions({
    queryKey: bookingsKeys.quote(body),
    queryFn: ({ signal }) => quoteBookingOnServer(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });

/** `body` null: nothing to price yet. */
export function useBookingQuote(body: TBookingQuoteRequest | null) {
  return useQuery({
    ...bookingQuoteQueryOptions(body ?? { product_id: '', date: '', pax: {} }),
    enabled: body !== null,
  });
}
