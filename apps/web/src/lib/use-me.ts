/**
 * GET /api/v1/auth/me: the logged-in user with its tour operator (header, forms that default to
 * the caller's own operator, the time zone of every time on screen). Session-level, so it lives
 * in lib and any feature may use it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TUserResponse } from '@trayecto/shared';
import { apiRequest } from './api-client';
import { ME_QUERY_KEY } from './query-keys';
import { setViewerZone } from './time-zone';

export async function getMe(signal?: AbortSignal): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPath('me'), { signal });
  // The zone every time on screen is read in (lib/time-zone.ts): the user's operator's.
  setViewerZone(res.data?.tour_operator?.timezone);
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
