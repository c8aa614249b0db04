/** POST /api/v1/channels → 201 + the channel (409 CHANNEL_NAME_TAKEN on `name`, 422 with field errors). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TChannelCreateRequest, type TChannelResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function createChannel(payload: TChannelCreateRequest): Promise<TChannelResponse> {
  const res = await apiRequest<TChannelResponse>(apiPath('channels'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation<TChannelResponse, ApiError, TChannelCreateRequest>({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKeys.lists() }),
  });
}
