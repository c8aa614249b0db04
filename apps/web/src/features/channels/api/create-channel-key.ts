/**
 * POST /api/v1/channels/{id}/keys {label?} → 201 with the key. The key is in this answer only (the
 * server keeps its SHA-256): it is never put in the query cache, only handed to the dialog that
 * shows it once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TChannelKeyCreatedResponse, type TChannelKeyCreateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function createChannelKey(
  id: string,
  payload: TChannelKeyCreateRequest,
): Promise<TChannelKeyCreatedResponse> {
  const res = await apiRequest<TChannelKeyCreatedResponse>(apiPath('channelKeys', { id }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCreateChannelKey() {
  const queryClient = useQueryClient();
  return useMutation<TChannelKeyCreatedResponse, ApiError, { channelId: string; payload: TChannelKeyCreateRequest }>({
    mutationFn: ({ channelId, payload }) => createChannelKey(channelId, payload),
    onSuccess: (_key, { channelId }) => {
      void queryClient.invalidateQueries({ queryKey: channelsKeys.keys(channelId) });
      // The list's and the record's count of live keys.
      void queryClient.invalidateQueries({ queryKey: channelsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: channelsKeys.detail(channelId), exact: true });
    },
  });
}
