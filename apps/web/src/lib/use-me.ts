/**
 * GET /api/v1/auth/me: the logged-in user with its tour operator (header, forms that default to
 * the caller's own operator). Session-level, so it lives in lib and any feature may use it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserResponse } from '@trayecto/shared';
import { apiPaths } from '../config/paths';
import { apiRequest } from './api-client';
import { ME_QUERY_KEY } from './query-keys';

export async function getMe(signal?: AbortSignal): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPaths.auth.me, { signal });
  return res.data;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
