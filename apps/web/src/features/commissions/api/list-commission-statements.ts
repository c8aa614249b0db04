/** GET /api/v1/commissions/statements: the statements, newest first, filtered by state. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TCommissionStatementResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';
import { commissionsKeys } from './keys';

export type TStatementsParams = { state?: string; page: number; per_page: number };

export const statementsQueryString = (p: TStatementsParams) =>
  buildListQuery({ state: { eq: p.state || undefined } }, { page: p.page, per_page: p.per_page });

export const listCommissionStatementsQueryOptions = (p: TStatementsParams) =>
  queryOptions({
    queryKey: commissionsKeys.statements(p),
    queryFn: ({ signal }) =>
      fetchListPage<TCommissionStatementResponse>(apiPath('commissionStatements'), statementsQueryString(p), signal),
    placeholderData: keepPreviousData,
  });

export function useCommissionStatements(p: TStatementsParams) {
  return useQuery(listCommissionStatementsQueryOptions(p));
}
