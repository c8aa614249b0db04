/**
 * GET /api/v1/products/{id}: the product a booking is for (its tariffs, seasons, pickups, cut-off
 * and capacity), for the form's pax inputs, local estimate and pickup time.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingProductKeys } from './keys';
import { bookingApiPaths } from './paths';

export async function getBookingProduct(id: string, signal?: AbortSignal): Promise<TProductResponse> {
  const res = await apiRequest<TProductResponse>(bookingApiPaths.product(id), { signal });
  return res.data;
}

export const bookingProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bookingProductKeys.detail(id),
    queryFn: ({ signal }) => getBookingProduct(id, signal),
    staleTime: 60_000,
  });

export function useBookingProduct(id: string | null) {
  return useQuery({ ...bookingProductQueryOptions(id ?? ''), enabled: Boolean(id) });
}
