/**
 * GET /api/v1/commissions/due/summary: what each seller and channel is owed for a period of
 * departure dates, without the bookings (ADR 037: a month's are thousands; a card loads its own).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCommissionDueSummaryResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { dueQueryString, type TDueParams } from './get-commissions-due';
import { commissionsKeys } from './keys';

export async function getCommissionsDueSummary(p: TDueParams, signal?: AbortSignal) {
  return (
    await apiRequest<TCommissionDueSummaryResponse>(apiPath('commissionsDueSummary'), {
      query: dueQueryString(p),
      signal,
    })
  ).data;
}

export const commissionsDueSummaryQueryOptions = (p: TDueParams) =>
  queryOptions({
    queryKey: commissionsKeys.due(p),
    queryFn: ({ signal }) => getCommissionsDueSummary(p, signal),
    placeholderData: keepPreviousData,
  });

/** Only with a valid period (from ≤ to). */
export function useCommissionsDueSummary(p: TDueParams) {
  return useQuery({ ...commissionsDueSummaryQueryOptions(p), enabled: Boolean(p.from && p.to && p.from <= p.to) });
}
