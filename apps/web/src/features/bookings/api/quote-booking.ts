/**
 * POST /api/v1/bookings/quote: the live total of the form, priced by the server's rules (lines,
 * season, discount, total, pickup time and seats left). Read as a query keyed by its body, so the
 * same pax never asks twice and a newer body replaces an older answer.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ZBookingQuoteResponse } from '@trayecto/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { bookingsKeys } from './keys';
import { bookingApiPaths } from './paths';

export type TQuoteResponse = z.infer<typeof ZBookingQuoteResponse>;

export type TQuoteBody = {
  product_id: string;
  date: string;
  time?: string;
  pax: Partial<Record<string, number>>;
  discount_cents?: number;
  accommodation_id?: string | null;
};

export async function quoteBookingOnServer(body: TQuoteBody, signal?: AbortSignal): Promise<TQuoteResponse> {
  const res = await apiRequest<TQuoteResponse>(bookingApiPaths.quote, { method: 'POST', body, signal });
  return res.data;
}

export const bookingQuoteQueryOptions = (body: TQuoteBody) =>
  queryOptions({
    queryKey: bookingsKeys.quote(body),
    queryFn: ({ signal }) => quoteBookingOnServer(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });

/** `body` null: nothing to price yet. */
export function useBookingQuote(body: TQuoteBody | null) {
  return useQuery({
    ...bookingQuoteQueryOptions(body ?? { product_id: '', date: '', pax: {} }),
    enabled: body !== null,
  });
}
