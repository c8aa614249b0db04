/**
 * GET /api/v1/tour-operators/{id} → its time zone: the administrator reads a channel's request log
 * in the channel's operator's zone (the channel's answer names the operator, not its zone). A
 * manager's own zone is already the viewer's (lib/time-zone.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';

export async function getChannelOperatorZone(tourOperatorId: string, signal?: AbortSignal): Promise<string> {
  const res = await apiRequest<{ timezone?: string }>(apiPath('tourOperator', { id: tourOperatorId }), { signal });
  return res.data.timezone ?? '';
}

export function useChannelOperatorZone(tourOperatorId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['channels', 'operator-zone', tourOperatorId] as const,
    queryFn: ({ signal }) => getChannelOperatorZone(tourOperatorId ?? '', signal),
    enabled: enabled && Boolean(tourOperatorId),
    staleTime: 5 * 60_000,
  });
}
