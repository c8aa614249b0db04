/**
 * The tour operators offered in the products screens (list filter, owner of a new product), for
 * the administrator only. Kept inside the products feature so features do not import each other.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildListQuery, MAX_PER_PAGE } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productApiPaths } from './paths';

export type TOperatorOption = { value: string; label: string; active: boolean };

export async function listTourOperatorOptions(signal?: AbortSignal): Promise<TOperatorOption[]> {
  const res = await apiRequest<Array<{ id: string; name: string; state: number }>>(productApiPaths.tourOperators, {
    query: buildListQuery({}, { per_page: MAX_PER_PAGE, sort: 'name' }),
    signal,
  });
  return (Array.isArray(res.data) ? res.data : []).map((o) => ({
    value: o.id,
    label: o.state === 1 ? o.name : `${o.name} (inactivo)`,
    active: o.state === 1,
  }));
}

export const productOperatorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['tour-operators', 'options'] as const,
    queryFn: ({ signal }) => listTourOperatorOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useProductOperatorOptions(enabled: boolean) {
  return useQuery({ ...productOperatorOptionsQueryOptions(), enabled });
}
