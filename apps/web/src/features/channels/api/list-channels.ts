/**
 * GET /api/v1/channels with filters (kind[eq], active[eq], tour_operator_id[eq] for the
 * administrator), free text on the name, paging and sort.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TChannelResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TChannelsFilters = { q?: string; kind?: string; active?: string; tour_operator_id?: string };
export type TChannelsListParams = TChannelsFilters & { page: number; per_page: number; sort?: string };
export type TChannelsPage = { items: TChannelResponse[]; total: number };

export function channelsListQueryString(p: TChannelsListParams): string {
  return buildListQuery(
    { kind: { eq: p.kind }, active: { eq: p.active }, tour_operator_id: { eq: p.tour_operator_id } },
    { q: p.q?.trim(), page: p.page, per_page: p.per_page, sort: p.sort },
  );
}

export async function listChannels(params: TChannelsListParams, signal?: AbortSignal): Promise<TChannelsPage> {
  return fetchListPage<TChannelResponse>(apiPath('channels'), channelsListQueryString(params), signal);
}

export const channelsKeys = {
  all: ['channels'] as const,
  lists: () => [...channelsKeys.all, 'list'] as const,
  list: (params: TChannelsListParams) => [...channelsKeys.lists(), params] as const,
  detail: (id: string) => [...channelsKeys.all, 'detail', id] as const,
  keys: (id: string) => [...channelsKeys.detail(id), 'keys'] as const,
  requests: (id: string) => [...channelsKeys.detail(id), 'requests'] as const,
};

export const listChannelsQueryOptions = (params: TChannelsListParams) =>
  queryOptions({
    queryKey: channelsKeys.list(params),
    queryFn: ({ signal }) => listChannels(params, signal),
    placeholderData: keepPreviousData,
  });

export function useChannels(params: TChannelsListParams) {
  return useQuery(listChannelsQueryOptions(params));
}
