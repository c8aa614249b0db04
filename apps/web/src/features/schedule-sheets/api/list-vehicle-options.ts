/** GET /api/v1/vehicles?tour_operator_id[eq]=…: the sheet's operator's fleet, with seats and state. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TVehicleResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { sheetOptionKeys } from './keys';

export function vehiclesQueryString(operatorId: string): string {
  return buildListQuery({ tour_operator_id: { eq: operatorId } }, { per_page: MAX_PER_PAGE, sort: 'plate' });
}

export async function listVehicleOptions(operatorId: string, signal?: AbortSignal): Promise<TVehicleResponse[]> {
  const res = await apiRequest<TVehicleResponse[]>(apiPath('vehicles'), {
    query: vehiclesQueryString(operatorId),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

export const vehicleOptionsQueryOptions = (operatorId: string) =>
  queryOptions({
    queryKey: sheetOptionKeys.vehicles(operatorId),
    queryFn: ({ signal }) => listVehicleOptions(operatorId, signal),
    staleTime: 60_000,
  });

export function useVehicleOptions(operatorId: string, enabled: boolean) {
  return useQuery({ ...vehicleOptionsQueryOptions(operatorId), enabled: enabled && Boolean(operatorId) });
}
