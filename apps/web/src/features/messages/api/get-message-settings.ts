/**
 * GET /api/v1/tour-operators/{id}/message-settings (levels 0, 1, 3): the operator's sender name,
 * reply-to, reminder hour and customer messages switched on, their defaults, and whether this
 * server sends e-mail at all (`smtp_configured`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TMessageSettingsResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';

export async function getMessageSettings(tourOperatorId: string, signal?: AbortSignal) {
  const res = await apiRequest<TMessageSettingsResponse>(apiPath('messageSettings', { id: tourOperatorId }), {
    signal,
  });
  return res.data;
}

export const messageSettingsQueryOptions = (tourOperatorId: string) =>
  queryOptions({
    queryKey: messagesKeys.settings(tourOperatorId),
    queryFn: ({ signal }) => getMessageSettings(tourOperatorId, signal),
  });

/** Only asked once there is an operator (the administrator picks one first). */
export function useMessageSettings(tourOperatorId: string | null | undefined) {
  return useQuery({ ...messageSettingsQueryOptions(tourOperatorId ?? ''), enabled: Boolean(tourOperatorId) });
}
