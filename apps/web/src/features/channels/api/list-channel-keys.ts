/** GET /api/v1/channels/{id}/keys: its API keys, live and revoked, newest first (never the key itself). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TChannelKeyResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function listChannelKeys(id: string, signal?: AbortSignal): Promise<TChannelKeyResponse[]> {
  const res = await apiRequest<TChannelKeyResponse[]>(apiPath('channelKeys', { id }), { signal });
  return Array.isArray(res.data) ? res.data : [];
}

export const channelKeysQueryOptions = (id: string) =>
  queryOptions({ queryKey: channelsKeys.keys(id), queryFn: ({ signal }) => listChannelKeys(id, signal) });

export function useChannelKeys(id: string | null) {
  return useQuery({ ...channelKeysQueryOptions(id ?? ''), enabled: Boolean(id) });
}
