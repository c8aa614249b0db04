/**
 * GET /api/v1/accommodations/zones: the distinct zones the caller sees (own + shared), for the
 * zone filter, the form's zone suggestions and the product form's pickup zones. The administrator
 * may ask for one operator's.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

export async function listAccommodationZones(tourOperatorId?: string, signal?: AbortSignal): Promise<string[]> {
  const res = await apiRequest<unknown>(apiPath('accommodationZones'), {
    query: tourOperatorId ? `?tour_operator_id=${encodeURIComponent(tourOperatorId)}` : '',
    signal,
  });
  const raw = Array.isArray(res.data) ? res.data : [];
  // Strings today; tolerate { zone } objects should the answer grow counts later.
  const zones = raw
    .map((z) => (typeof z === 'string' ? z : z && typeof z === 'object' && 'zone' in z ? String(z.zone) : ''))
    .filter((z) => z.trim() !== '');
  return [...new Set(zones)].sort((a, b) => a.localeCompare(b, 'es'));
}

export const accommodationZonesQueryOptions = (tourOperatorId?: string) =>
  queryOptions({
    queryKey: accommodationsKeys.zones(tourOperatorId),
    queryFn: ({ signal }) => listAccommodationZones(tourOperatorId, signal),
    staleTime: 60_000,
  });

export function useAccommodationZones(tourOperatorId?: string, enabled = true) {
  return useQuery({ ...accommodationZonesQueryOptions(tourOperatorId), enabled });
}
