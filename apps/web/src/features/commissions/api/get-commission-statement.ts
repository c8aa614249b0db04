/** GET /api/v1/commissions/statements/{id}: one statement with its lines. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCommissionStatementDetailResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { commissionsKeys } from './keys';

export async function getCommissionStatement(id: string, signal?: AbortSignal) {
  return (await apiRequest<TCommissionStatementDetailResponse>(apiPath('commissionStatement', { id }), { signal }))
    .data;
}

export const commissionStatementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: commissionsKeys.statement(id),
    queryFn: ({ signal }) => getCommissionStatement(id, signal),
  });

export function useCommissionStatement(id: string | null) {
  return useQuery({ ...commissionStatementQueryOptions(id ?? ''), enabled: Boolean(id) });
}
