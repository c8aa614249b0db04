/**
 * GET /api/v1/dashboard: the home page's figures for whoever asks (PRODUCT §3, §5 Inicio): the
 * administrator all operators (or one with ?tour_operator_id=), 1 and 3 their operator, a seller
 * their own sales, Chofer and Guía their own day.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TDashboardResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';

/** Other features (sheets, bookings) invalidate the home page's figures by this key. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  one: (operatorId: string) => [...dashboardKeys.all, operatorId] as const,
};

export async function getDashboard(operatorId: string, signal?: AbortSignal): Promise<TDashboardResponse> {
  const res = await apiRequest<TDashboardResponse>(apiPath('dashboard'), {
    query: buildListQuery({}, { tour_operator_id: operatorId || undefined }),
    signal,
  });
  return res.data;
}

export const dashboardQueryOptions = (operatorId = '') =>
  queryOptions({
    queryKey: dashboardKeys.one(operatorId),
    queryFn: ({ signal }) => getDashboard(operatorId, signal),
    refetchInterval: 5 * 60_000,
  });

export function useDashboard(operatorId = '') {
  return useQuery({ ...dashboardQueryOptions(operatorId), placeholderData: keepPreviousData });
}
