/**
 * GET /api/v1/products/{id}/availability?from=&to=: the departures of a date range with capacity,
 * seats left, whether staff closed them and whether they are still on sale (cut-off).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingProductKeys } from './keys';
import { bookingApiPaths } from './paths';

export async function getProductAvailability(
  id: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TAvailabilitySlot[]> {
  const res = await apiRequest<TAvailabilitySlot[]>(bookingApiPaths.productAvailability(id), {
    query: `?${new URLSearchParams({ from, to }).toString()}`,
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

export const productAvailabilityQueryOptions = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: bookingProductKeys.availability(id, from, to),
    queryFn: ({ signal }) => getProductAvailability(id, from, to, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useProductAvailability(id: string | null, from: string, to: string) {
  return useQuery({ ...productAvailabilityQueryOptions(id ?? '', from, to), enabled: Boolean(id) });
}
