/** DELETE /api/v1/channels/{id}/keys/{keyId} → 204: the key stops opening the OCTO API at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export async function revokeChannelKey(channelId: string, keyId: string): Promise<void> {
  await apiRequest<null>(apiPath('channelKey', { id: channelId, keyId }), { method: 'DELETE' });
}

export function useRevokeChannelKey() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, { channelId: string; keyId: string }>({
    mutationFn: ({ channelId, keyId }) => revokeChannelKey(channelId, keyId),
    onSuccess: (_r, { channelId }) => {
      void queryClient.invalidateQueries({ queryKey: channelsKeys.keys(channelId) });
      void queryClient.invalidateQueries({ queryKey: channelsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: channelsKeys.detail(channelId), exact: true });
    },
  });
}
