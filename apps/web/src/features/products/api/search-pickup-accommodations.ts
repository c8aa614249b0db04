/**
 * GET /api/v1/accommodations?q=&per_page=50: the places a product can pick up from (the operator's
 * own and the shared catalogue), searched by name. Kept in the products feature so features do not
 * import each other.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buildListQuery, type TAccommodationResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productApiPaths } from './paths';

export type TPickupAccommodation = Pick<
  TAccommodationResponse,
  'id' | 'name' | 'zone' | 'lat_lng' | 'shared' | 'type' | 'state' | 'tour_operator_id'
>;

export function pickupAccommodationsQueryString(q: string): string {
  return buildListQuery({}, { q: q.trim(), per_page: 50, sort: 'name' });
}

/**
 * Active places a product of `operatorId` may pick up from: the operator's own and the shared
 * ones. (The administrator sees every operator's accommodations; the others only theirs.)
 */
export function usablePickupPlaces(
  rows: readonly TPickupAccommodation[],
  operatorId: string | null,
): TPickupAccommodation[] {
  return rows.filter(
    (a) =>
      (a.state === undefined || a.state === 1) &&
      (!operatorId || a.shared || !a.tour_operator_id || a.tour_operator_id === operatorId),
  );
}

export async function searchPickupAccommodations(
  q: string,
  operatorId: string | null,
  signal?: AbortSignal,
): Promise<TPickupAccommodation[]> {
  const res = await apiRequest<TPickupAccommodation[]>(productApiPaths.accommodations, {
    query: pickupAccommodationsQueryString(q),
    signal,
  });
  return usablePickupPlaces(Array.isArray(res.data) ? res.data : [], operatorId);
}

export const pickupAccommodationsQueryOptions = (q: string, operatorId: string | null) =>
  queryOptions({
    queryKey: ['accommodations', 'pickup-search', operatorId, q.trim()] as const,
    queryFn: ({ signal }) => searchPickupAccommodations(q, operatorId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function usePickupAccommodations(q: string, operatorId: string | null, enabled: boolean) {
  return useQuery({ ...pickupAccommodationsQueryOptions(q, operatorId), enabled });
}
