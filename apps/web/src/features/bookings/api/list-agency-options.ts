/**
 * GET /api/v1/channels?kind[eq]=agency&active[eq]=true (ADR 023, levels 0–1): the agencies the
 * office may record a sale for.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TChannelResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';

export type TAgencyOption = { value: string; label: string; operatorId: string };

export async function listAgencyOptions(signal?: AbortSignal): Promise<TAgencyOption[]> {
  const query = buildListQuery(
    { kind: { eq: 'agency' }, active: { eq: true } },
    { per_page: MAX_PER_PAGE, sort: 'name' },
  );
  const res = await apiRequest<TChannelResponse[]>(apiPath('channels'), { query, signal });
  return (Array.isArray(res.data) ? res.data : []).map((c) => ({
    value: c.id,
    label: c.commission_pct === null ? c.name : `${c.name} · ${String(c.commission_pct).replace('.', ',')} %`,
    operatorId: c.tour_operator_id,
  }));
}

export const agencyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['channels', 'list', 'agencies', 'options'] as const,
    queryFn: ({ signal }) => listAgencyOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useAgencyOptions(enabled: boolean) {
  return useQuery({ ...agencyOptionsQueryOptions(), enabled });
}
