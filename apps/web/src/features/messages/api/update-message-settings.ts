/**
 * PUT /api/v1/tour-operators/{id}/message-settings (levels 0, 1): fields not sent stay as they are;
 * 422 names the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TMessageSettingsResponse, type TMessageSettingsUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';

export async function updateMessageSettings(
  tourOperatorId: string,
  payload: TMessageSettingsUpdateRequest,
): Promise<TMessageSettingsResponse> {
  const res = await apiRequest<TMessageSettingsResponse>(apiPath('messageSettings', { id: tourOperatorId }), {
    method: 'PUT',
    body: payload,
  });
  return res.data;
}

export function useUpdateMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation<
    TMessageSettingsResponse,
    ApiError,
    { tourOperatorId: string; payload: TMessageSettingsUpdateRequest }
  >({
    mutationFn: ({ tourOperatorId, payload }) => updateMessageSettings(tourOperatorId, payload),
    onSuccess: (saved, { tourOperatorId }) => {
      queryClient.setQueryData(messagesKeys.settings(tourOperatorId), saved);
    },
  });
}
