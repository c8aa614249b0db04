/**
 * GET /api/v1/products/{id}/availability?from=&to=: the real departures of a date range (one slot
 * per date and start time, with capacity, seats left and whether staff closed it).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAvailabilitySlot } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';
import { productApiPaths } from './paths';

export function availabilityQueryString(from: string, to: string): string {
  return `?${new URLSearchParams({ from, to }).toString()}`;
}

export async function getProductAvailability(
  id: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TAvailabilitySlot[]> {
  const res = await apiRequest<TAvailabilitySlot[]>(productApiPaths.availability(id), {
    query: availabilityQueryString(from, to),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

export const productAvailabilityQueryOptions = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: productsKeys.availability(id, from, to),
    queryFn: ({ signal }) => getProductAvailability(id, from, to, signal),
    placeholderData: keepPreviousData,
  });

export function useProductAvailability(id: string | null, from: string, to: string) {
  return useQuery({ ...productAvailabilityQueryOptions(id ?? '', from, to), enabled: Boolean(id) });
}
