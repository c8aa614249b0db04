/** GET /api/v1/cash/handovers: the handovers received, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TCashHandoverResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';
import { cashKeys } from './keys';

export type THandoversParams = { holder_id?: string; page: number; per_page: number };

export const handoversQueryString = (p: THandoversParams) =>
  buildListQuery({ holder_id: { eq: p.holder_id || undefined } }, { page: p.page, per_page: p.per_page });

export const cashHandoversQueryOptions = (p: THandoversParams) =>
  queryOptions({
    queryKey: cashKeys.handovers(p),
    queryFn: ({ signal }) =>
      fetchListPage<TCashHandoverResponse>(apiPath('cashHandovers'), handoversQueryString(p), signal),
    placeholderData: keepPreviousData,
  });

export function useCashHandovers(p: THandoversParams) {
  return useQuery(cashHandoversQueryOptions(p));
}
