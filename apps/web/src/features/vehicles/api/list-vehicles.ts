/**
 * GET /api/v1/vehicles with `field[op]=value` filters (type[eq], state[eq], tour_operator_id[eq]),
 * free text, paging and sort (PRODUCT §2). The total comes from X-Total-Count.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TFilterObject, type TVehicleResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TVehiclesFilters = {
  q?: string;
  type?: string;
  state?: string;
  tour_operator_id?: string;
};

export type TVehiclesListParams = TVehiclesFilters & { page: number; per_page: number; sort?: string };

export type TVehiclesPage = { items: TVehicleResponse[]; total: number };

export function vehiclesFilterObject(f: TVehiclesFilters): TFilterObject {
  return {
    type: { eq: f.type },
    state: { eq: f.state },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

export function vehiclesListQueryString(p: TVehiclesListParams): string {
  return buildListQuery(vehiclesFilterObject(p), {
    q: p.q?.trim(),
    page: p.page,
    per_page: p.per_page,
    sort: p.sort,
  });
}

export async function listVehicles(params: TVehiclesListParams, signal?: AbortSignal): Promise<TVehiclesPage> {
  return fetchListPage<TVehicleResponse>(apiPath('vehicles'), vehiclesListQueryString(params), signal);
}

export const vehiclesKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehiclesKeys.all, 'list'] as const,
  list: (params: TVehiclesListParams) => [...vehiclesKeys.lists(), params] as const,
};

export const listVehiclesQueryOptions = (params: TVehiclesListParams) =>
  queryOptions({
    queryKey: vehiclesKeys.list(params),
    queryFn: ({ signal }) => listVehicles(params, signal),
    placeholderData: keepPreviousData,
  });

export function useVehicles(params: TVehiclesListParams) {
  return useQuery(listVehiclesQueryOptions(params));
}
