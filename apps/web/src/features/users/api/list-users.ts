/**
 * GET /api/v1/users with the filter object turned into `field[op]=value` (spec §7), paging, sort
 * and free text. Spec §8: a failing list returns an empty list (flagged, so the screen can offer
 * to retry).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TFilterObject, type TUserResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TUsersFilters = {
  level?: string;
  state?: string;
  tour_operator_id?: string;
  q?: string;
};

export type TUsersListParams = TUsersFilters & { page: number; per_page: number; sort?: string };

export type TUsersPage = { items: TUserResponse[]; total: number; failed: boolean };

export function usersFilterObject(f: TUsersFilters): TFilterObject {
  return {
    level: { eq: f.level },
    state: { eq: f.state },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

export function usersListQueryString(p: TUsersListParams): string {
  return buildListQuery(usersFilterObject(p), { q: p.q?.trim(), page: p.page, per_page: p.per_page, sort: p.sort });
}

export async function listUsers(params: TUsersListParams, signal?: AbortSignal): Promise<TUsersPage> {
  try {
    const page = await fetchListPage<TUserResponse>(apiPath('users'), usersListQueryString(params), signal);
    return { ...page, failed: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { items: [], total: 0, failed: true };
  }
}

export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: TUsersListParams) => [...usersKeys.lists(), params] as const,
};

export const listUsersQueryOptions = (params: TUsersListParams) =>
  queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: TUsersListParams) {
  return useQuery(listUsersQueryOptions(params));
}
