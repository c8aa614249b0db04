/**
 * PUT /api/v1/channels/{id}: fields not sent stay; `product_ids` and `net_rates` replace the stored
 * sets; `webhook_secret` only when a new one is typed; `webhook_url: null` removes the webhook.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TChannelResponse, type TChannelUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function updateChannel(id: string, payload: TChannelUpdateRequest): Promise<TChannelResponse> {
  const res = await apiRequest<TChannelResponse>(apiPath('channel', { id }), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation<TChannelResponse, ApiError, { id: string; payload: TChannelUpdateRequest }>({
    mutationFn: ({ id, payload }) => updateChannel(id, payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(channelsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: channelsKeys.lists() });
    },
  });
}
