/** GET /api/v1/accommodations/zones: the zones of the operator's and the shared accommodations. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { productApiPaths } from './paths';

export type TZoneOption = { value: string; label: string };

/** Accepts `["Costa Adeje", …]` or `[{ zone | name, count? }, …]`. */
export function zoneOptionsFrom(data: unknown): TZoneOption[] {
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const out: TZoneOption[] = [];
  for (const item of data) {
    let zone = '';
    let count: number | undefined;
    if (typeof item === 'string') zone = item;
    else if (item && typeof item === 'object') {
      const o = item as { zone?: unknown; name?: unknown; count?: unknown };
      zone = typeof o.zone === 'string' ? o.zone : typeof o.name === 'string' ? o.name : '';
      count = typeof o.count === 'number' ? o.count : undefined;
    }
    zone = zone.trim();
    if (!zone || seen.has(zone)) continue;
    seen.add(zone);
    out.push({ value: zone, label: count === undefined ? zone : `${zone} (${count})` });
  }
  return out.sort((a, b) => a.value.localeCompare(b.value, 'es'));
}

/** The administrator names the product's operator (its own + shared zones); the others get theirs. */
export async function listAccommodationZones(operatorId: string | null, signal?: AbortSignal): Promise<TZoneOption[]> {
  const res = await apiRequest<unknown>(productApiPaths.accommodationZones, {
    query: operatorId ? `?${new URLSearchParams({ tour_operator_id: operatorId }).toString()}` : '',
    signal,
  });
  return zoneOptionsFrom(res.data);
}

export const accommodationZonesQueryOptions = (operatorId: string | null) =>
  queryOptions({
    queryKey: ['accommodations', 'zones', operatorId] as const,
    queryFn: ({ signal }) => listAccommodationZones(operatorId, signal),
    staleTime: 5 * 60_000,
  });

/** `operatorId`: only for the administrator (others may not name one). */
export function useAccommodationZones(operatorId: string | null, enabled: boolean) {
  return useQuery({ ...accommodationZonesQueryOptions(operatorId), enabled });
}
