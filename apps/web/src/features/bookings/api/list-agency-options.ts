/**
 * GET /api/v1/channels (ADR 023, levels 0–1): the agencies the office may record a sale for
 * (`kind[eq]=agency&active[eq]=true`), and every channel and agency for the list's filter.
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

/** Every reseller and agency, a revoked one too (its bookings stay): the bookings list's «Canal o agencia». */
export async function listSalesChannelOptions(signal?: AbortSignal): Promise<TAgencyOption[]> {
  const query = buildListQuery({}, { per_page: MAX_PER_PAGE, sort: 'name' });
  const res = await apiRequest<TChannelResponse[]>(apiPath('channels'), { query, signal });
  return (Array.isArray(res.data) ? res.data : []).map((c) => ({
    value: c.id,
    label: c.active ? c.name : `${c.name} (inactivo)`,
    operatorId: c.tour_operator_id,
  }));
}

export function useSalesChannelOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['channels', 'list', 'options'] as const,
    queryFn: ({ signal }) => listSalesChannelOptions(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
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
