/** GET /api/v1/channels/{id}/requests: what its keys asked the OCTO API, latest first, paged (X-Total-Count). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TChannelRequestResponse } from '@trayecto/shared';
import { fetchListPage, type TListPage } from '../../../lib/list-api';
import { channelsKeys } from './list-channels';

export type TChannelRequestsParams = { page: number; per_page: number };

export async function listChannelRequests(
  id: string,
  params: TChannelRequestsParams,
  signal?: AbortSignal,
): Promise<TListPage<TChannelRequestResponse>> {
  return fetchListPage<TChannelRequestResponse>(
    apiPath('channelRequests', { id }),
    buildListQuery({}, { page: params.page, per_page: params.per_page }),
    signal,
  );
}

export const channelRequestsQueryOptions = (id: string, params: TChannelRequestsParams) =>
  queryOptions({
    queryKey: [...channelsKeys.requests(id), params] as const,
    queryFn: ({ signal }) => listChannelRequests(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useChannelRequests(id: string | null, params: TChannelRequestsParams) {
  return useQuery({ ...channelRequestsQueryOptions(id ?? '', params), enabled: Boolean(id) });
}
