/** GET /api/v1/cash/holders: who holds money collected on the spot, and how much. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCashHolderResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { cashKeys } from './keys';

export async function listCashHolders(signal?: AbortSignal) {
  return (await apiRequest<TCashHolderResponse[]>(apiPath('cashHolders'), { signal })).data;
}

export const cashHoldersQueryOptions = () =>
  queryOptions({ queryKey: cashKeys.holders(), queryFn: ({ signal }) => listCashHolders(signal) });

export function useCashHolders() {
  return useQuery(cashHoldersQueryOptions());
}
