/**
 * GET /api/v1/accommodations?q=&per_page=50&sort=name: pickup hotels for the form (the product
 * operator's own and the shared catalogue, active ones) and the list's "Alojamiento" filter.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buildListQuery, type TAccommodationResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingApiPaths } from './paths';

export type TAccommodationOption = Pick<
  TAccommodationResponse,
  'id' | 'name' | 'zone' | 'shared' | 'state' | 'tour_operator_id'
> &
  Partial<Pick<TAccommodationResponse, 'pickup_at_id' | 'pickup_at' | 'pickup_point' | 'type'>>;

export function accommodationsQueryString(q: string): string {
  return buildListQuery({ state: { eq: 1 } }, { q: q.trim(), per_page: 50, sort: 'name' });
}

/** Active places of `operatorId` (the product's) and the shared catalogue. */
export function usableAccommodations(
  rows: readonly TAccommodationOption[],
  operatorId: string | null,
): TAccommodationOption[] {
  return rows.filter(
    (a) =>
      (a.state === undefined || a.state === 1) &&
      (!operatorId || a.shared || !a.tour_operator_id || a.tour_operator_id === operatorId),
  );
}

export async function searchAccommodations(
  q: string,
  operatorId: string | null,
  signal?: AbortSignal,
): Promise<TAccommodationOption[]> {
  const res = await apiRequest<TAccommodationOption[]>(bookingApiPaths.accommodations, {
    query: accommodationsQueryString(q),
    signal,
  });
  return usableAccommodations(Array.isArray(res.data) ? res.data : [], operatorId);
}

export const accommodationsSearchQueryOptions = (q: string, operatorId: string | null) =>
  queryOptions({
    queryKey: ['accommodations', 'booking-search', operatorId, q.trim()] as const,
    queryFn: ({ signal }) => searchAccommodations(q, operatorId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useAccommodationsSearch(q: string, operatorId: string | null, enabled = true) {
  return useQuery({ ...accommodationsSearchQueryOptions(q, operatorId), enabled });
}
