/** GET /api/v1/tour-operators with filters (state[eq]), free text, paging and sort. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TTourOperatorResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TTourOperatorsFilters = { state?: string; q?: string };
export type TTourOperatorsListParams = TTourOperatorsFilters & { page: number; per_page: number; sort?: string };
export type TTourOperatorsPage = { items: TTourOperatorResponse[]; total: number };

export function tourOperatorsListQueryString(p: TTourOperatorsListParams): string {
  return buildListQuery(
    { state: { eq: p.state } },
    { q: p.q?.trim(), page: p.page, per_page: p.per_page, sort: p.sort },
  );
}

export async function listTourOperators(
  params: TTourOperatorsListParams,
  signal?: AbortSignal,
): Promise<TTourOperatorsPage> {
  return fetchListPage<TTourOperatorResponse>(apiPath('tourOperators'), tourOperatorsListQueryString(params), signal);
}

export const tourOperatorsKeys = {
  all: ['tour-operators'] as const,
  lists: () => [...tourOperatorsKeys.all, 'list'] as const,
  list: (params: TTourOperatorsListParams) => [...tourOperatorsKeys.lists(), params] as const,
  detail: (id: string) => [...tourOperatorsKeys.all, 'detail', id] as const,
};

export const listTourOperatorsQueryOptions = (params: TTourOperatorsListParams) =>
  queryOptions({
    queryKey: tourOperatorsKeys.list(params),
    queryFn: ({ signal }) => listTourOperators(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTourOperators(params: TTourOperatorsListParams) {
  return useQuery(listTourOperatorsQueryOptions(params));
}
