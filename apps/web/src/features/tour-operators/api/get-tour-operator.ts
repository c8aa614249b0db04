/** GET /api/v1/tour-operators/{id}: the record the form edits, read fresh. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTourOperatorResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { tourOperatorsKeys } from './list-tour-operators';

export async function getTourOperator(id: string, signal?: AbortSignal): Promise<TTourOperatorResponse> {
  const res = await apiRequest<TTourOperatorResponse>(apiPaths.tourOperators.one(id), { signal });
  return res.data;
}

export const tourOperatorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tourOperatorsKeys.detail(id),
    queryFn: ({ signal }) => getTourOperator(id, signal),
  });

export function useTourOperator(id: string | null) {
  return useQuery({ ...tourOperatorQueryOptions(id ?? ''), enabled: Boolean(id) });
}
