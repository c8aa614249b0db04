/** GET /api/v1/persons?tour_operator_id[eq]=…: freelance guides, drivers and assistants of the operator. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TPersonResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { sheetOptionKeys } from './keys';

export function personsQueryString(operatorId: string): string {
  return buildListQuery({ tour_operator_id: { eq: operatorId } }, { per_page: MAX_PER_PAGE, sort: 'full_name' });
}

export async function listPersonOptions(operatorId: string, signal?: AbortSignal): Promise<TPersonResponse[]> {
  const res = await apiRequest<TPersonResponse[]>(apiPath('persons'), {
    query: personsQueryString(operatorId),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

export const personOptionsQueryOptions = (operatorId: string) =>
  queryOptions({
    queryKey: sheetOptionKeys.persons(operatorId),
    queryFn: ({ signal }) => listPersonOptions(operatorId, signal),
    staleTime: 60_000,
  });

export function usePersonOptions(operatorId: string, enabled: boolean) {
  return useQuery({ ...personOptionsQueryOptions(operatorId), enabled: enabled && Boolean(operatorId) });
}
