/**
 * GET /api/v1/accommodations?state[eq]=1&q=&per_page=50&sort=name: the places a product of an
 * operator can collect its customers at, searched by name as people type: the operator's own
 * active accommodations and the shared catalogue. The booking form's hotel and the product form's
 * pickups both ask it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STATE, apiPath, buildListQuery, type TAccommodationResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

/** What the searches read of an accommodation (the API answers the whole record). */
export type TUsableAccommodation = Pick<
  TAccommodationResponse,
  'id' | 'name' | 'zone' | 'shared' | 'state' | 'tour_operator_id'
> &
  Partial<Pick<TAccommodationResponse, 'lat_lng' | 'type' | 'pickup_at_id' | 'pickup_at' | 'pickup_point'>>;

export function usableAccommodationsQueryString(q: string): string {
  return buildListQuery({ state: { eq: ACTIVE_STATE.ACTIVE } }, { q: q.trim(), per_page: 50, sort: 'name' });
}

/**
 * Active places `operatorId` (the product's) may use: its own and the shared ones. The
 * administrator reads every operator's accommodations, so the others' are left out here.
 */
export function usableAccommodations<T extends TUsableAccommodation>(
  rows: readonly T[],
  operatorId: string | null,
): T[] {
  return rows.filter(
    (a) =>
      (a.state === undefined || a.state === ACTIVE_STATE.ACTIVE) &&
      (!operatorId || a.shared || !a.tour_operator_id || a.tour_operator_id === operatorId),
  );
}

export async function searchUsableAccommodations(
  q: string,
  operatorId: string | null,
  signal?: AbortSignal,
): Promise<TUsableAccommodation[]> {
  const res = await apiRequest<TUsableAccommodation[]>(apiPath('accommodations'), {
    query: usableAccommodationsQueryString(q),
    signal,
  });
  return usableAccommodations(Array.isArray(res.data) ? res.data : [], operatorId);
}

export const usableAccommodationsQueryOptions = (q: string, operatorId: string | null) =>
  queryOptions({
    queryKey: accommodationsKeys.usable(operatorId, q.trim()),
    queryFn: ({ signal }) => searchUsableAccommodations(q, operatorId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useUsableAccommodations(q: string, operatorId: string | null, enabled = true) {
  return useQuery({ ...usableAccommodationsQueryOptions(q, operatorId), enabled });
}
