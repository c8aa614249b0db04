/** GET /api/v1/channels/{id}: one channel, read fresh for its form and its connection drawer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TChannelResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function getChannel(id: string, signal?: AbortSignal): Promise<TChannelResponse> {
  const res = await apiRequest<TChannelResponse>(apiPath('channel', { id }), { signal });
  return res.data;
}

export const channelQueryOptions = (id: string) =>
  queryOptions({ queryKey: channelsKeys.detail(id), queryFn: ({ signal }) => getChannel(id, signal) });

export function useChannel(id: string | null) {
  return useQuery({ ...channelQueryOptions(id ?? ''), enabled: Boolean(id) });
}
