/**
 * GET /api/v1/messages/{id} (levels 0, 1, 3): one message with its body (html and text) and whether
 * it may be sent again; for a customer message still waiting, what would leave now.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TMessageDetailResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './keys';

export async function getMessage(id: string, signal?: AbortSignal): Promise<TMessageDetailResponse> {
  const res = await apiRequest<TMessageDetailResponse>(apiPath('message', { id }), { signal });
  return res.data;
}

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagesKeys.detail(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    retry: false,
  });

export function useMessage(id: string | null) {
  return useQuery({ ...messageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
