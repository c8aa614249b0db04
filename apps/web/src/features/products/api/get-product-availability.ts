/**
 * GET /api/v1/products/{id}/availability?from=&to=: the real departures of a date range (one slot
 * per date and start time, with capacity, seats left, whether staff closed it and whether it is
 * still on sale): the product's departures calendar and the booking form's departure picker.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TAvailabilitySlot } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export function availabilityQueryString(from: string, to: string): string {
  return `?${new URLSearchParams({ from, to }).toString()}`;
}

export async function getProductAvailability(
  id: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TAvailabilitySlot[]> {
  const res = await apiRequest<TAvailabilitySlot[]>(apiPath('productAvailability', { id }), {
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

/** `staleTime`: the booking form reads seats every 10 s at most (they change with every sale). */
export function useProductAvailability(
  id: string | null,
  from: string,
  to: string,
  { staleTime }: { staleTime?: number } = {},
) {
  return useQuery({
    ...productAvailabilityQueryOptions(id ?? '', from, to),
    enabled: Boolean(id),
    ...(staleTime ? { staleTime } : {}),
  });
}
