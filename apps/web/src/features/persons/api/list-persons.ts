/**
 * GET /api/v1/persons with `field[op]=value` filters (role[eq], state[eq], languages[eq] — a person
 * who speaks that language —, tour_operator_id[eq]), free text, paging and sort (PRODUCT §2).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TFilterObject, type TPersonResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TPersonsFilters = {
  q?: string;
  role?: string;
  state?: string;
  language?: string;
  tour_operator_id?: string;
};

export type TPersonsListParams = TPersonsFilters & { page: number; per_page: number; sort?: string };

export type TPersonsPage = { items: TPersonResponse[]; total: number };

export function personsFilterObject(f: TPersonsFilters): TFilterObject {
  return {
    role: { eq: f.role },
    state: { eq: f.state },
    languages: { eq: f.language },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

export function personsListQueryString(p: TPersonsListParams): string {
  return buildListQuery(personsFilterObject(p), {
    q: p.q?.trim(),
    page: p.page,
    per_page: p.per_page,
    sort: p.sort,
  });
}

export async function listPersons(params: TPersonsListParams, signal?: AbortSignal): Promise<TPersonsPage> {
  return fetchListPage<TPersonResponse>(apiPath('persons'), personsListQueryString(params), signal);
}

export const personsKeys = {
  all: ['persons'] as const,
  lists: () => [...personsKeys.all, 'list'] as const,
  list: (params: TPersonsListParams) => [...personsKeys.lists(), params] as const,
};

export const listPersonsQueryOptions = (params: TPersonsListParams) =>
  queryOptions({
    queryKey: personsKeys.list(params),
    queryFn: ({ signal }) => listPersons(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePersons(params: TPersonsListParams) {
  return useQuery(listPersonsQueryOptions(params));
}
