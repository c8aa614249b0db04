/** GET /api/v1/cash/holders/{id}: one person's payments not handed over yet. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCashHolderDetailResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { cashKeys } from './keys';

export async function getCashHolder(id: string, signal?: AbortSignal) {
  return (await apiRequest<TCashHolderDetailResponse>(apiPath('cashHolder', { id }), { signal })).data;
}

export const cashHolderQueryOptions = (id: string) =>
  queryOptions({ queryKey: cashKeys.holder(id), queryFn: ({ signal }) => getCashHolder(id, signal) });

export function useCashHolder(id: string | null) {
  return useQuery({ ...cashHolderQueryOptions(id ?? ''), enabled: Boolean(id) });
}
