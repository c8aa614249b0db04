/**
 * GET /api/v1/accommodations: the caller's own accommodations plus the shared catalogue, with
 * `field[op]=value` filters (type, zone, state, shared, tour_operator_id), free text, paging and
 * sort (PRODUCT §2). Three readings of the same endpoint: a page for the table, every filtered row
 * for the map, and every row as choices for "Recoger en".
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TAccommodationResponse, type TFilterObject } from '@trayecto/shared';
import { fetchAllPages, fetchListPage } from '../../../lib/list-api';

export type TAccommodationsFilters = {
  q?: string;
  type?: string;
  zone?: string;
  state?: string;
  /** 'true' only the shared catalogue, 'false' only operators' own rows, '' both. */
  shared?: string;
  tour_operator_id?: string;
};

export type TAccommodationsListParams = TAccommodationsFilters & { page: number; per_page: number; sort?: string };

export type TAccommodationsPage = { items: TAccommodationResponse[]; total: number };

export function accommodationsFilterObject(f: TAccommodationsFilters): TFilterObject {
  return {
    type: { eq: f.type },
    zone: { eq: f.zone },
    state: { eq: f.state },
    shared: { eq: f.shared === 'true' || f.shared === 'false' ? f.shared : undefined },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

export function accommodationsListQueryString(p: TAccommodationsListParams): string {
  return buildListQuery(accommodationsFilterObject(p), {
    q: p.q?.trim(),
    page: p.page,
    per_page: p.per_page,
    sort: p.sort,
  });
}

export async function listAccommodations(
  params: TAccommodationsListParams,
  signal?: AbortSignal,
): Promise<TAccommodationsPage> {
  return fetchListPage<TAccommodationResponse>(
    apiPath('accommodations'),
    accommodationsListQueryString(params),
    signal,
  );
}

/** Every row matching the filters, 500 a page (the API's maximum), up to `maxRows`. */
export function fetchAllAccommodations(
  filters: TAccommodationsFilters,
  sort?: string,
  { maxRows = 100_000, signal }: { maxRows?: number; signal?: AbortSignal } = {},
): Promise<{ items: TAccommodationResponse[]; total: number }> {
  return fetchAllPages<TAccommodationResponse>(
    apiPath('accommodations'),
    (page) => accommodationsListQueryString({ ...filters, ...page, sort }),
    { maxPages: Number.POSITIVE_INFINITY, maxRows, signal },
  );
}

/** The map shows at most this many places (beyond that, filter by zone). */
export const MAP_MAX_ROWS = 2000;

export const accommodationsKeys = {
  all: ['accommodations'] as const,
  lists: () => [...accommodationsKeys.all, 'list'] as const,
  list: (params: TAccommodationsListParams) => [...accommodationsKeys.lists(), params] as const,
  map: (filters: TAccommodationsFilters) => [...accommodationsKeys.lists(), 'map', filters] as const,
  options: () => [...accommodationsKeys.lists(), 'options'] as const,
  zones: (tourOperatorId?: string) => [...accommodationsKeys.all, 'zones', tourOperatorId ?? ''] as const,
  /** The searches of the booking and product forms (active places an operator may use). */
  usable: (operatorId: string | null, q: string) => [...accommodationsKeys.all, 'usable', operatorId, q] as const,
};

export const listAccommodationsQueryOptions = (params: TAccommodationsListParams) =>
  queryOptions({
    queryKey: accommodationsKeys.list(params),
    queryFn: ({ signal }) => listAccommodations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAccommodations(params: TAccommodationsListParams, enabled = true) {
  return useQuery({ ...listAccommodationsQueryOptions(params), enabled });
}

export const accommodationsMapQueryOptions = (filters: TAccommodationsFilters) =>
  queryOptions({
    queryKey: accommodationsKeys.map(filters),
    queryFn: ({ signal }) => fetchAllAccommodations(filters, 'name', { maxRows: MAP_MAX_ROWS, signal }),
    placeholderData: keepPreviousData,
  });

export function useAccommodationsMap(filters: TAccommodationsFilters, enabled: boolean) {
  return useQuery({ ...accommodationsMapQueryOptions(filters), enabled });
}

/** Every accommodation the caller sees, for the "Recoger en" choices. */
export const accommodationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: accommodationsKeys.options(),
    queryFn: async ({ signal }) => (await fetchAllAccommodations({}, 'name', { maxRows: 5000, signal })).items,
    staleTime: 60_000,
  });

export function useAccommodationOptions(enabled: boolean) {
  return useQuery({ ...accommodationOptionsQueryOptions(), enabled });
}
