/** GET /api/v1/commissions/due: what each seller and channel is owed for a period of departure dates. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCommissionDueResponse, type TCommissionPartyKind } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { commissionsKeys } from './keys';

export type TDueParams = { from: string; to: string; party?: TCommissionPartyKind | '' };

export function dueQueryString(p: TDueParams): string {
  const q = new URLSearchParams({ from: p.from, to: p.to });
  if (p.party) q.set('party', p.party);
  return `?${q.toString()}`;
}

export async function getCommissionsDue(p: TDueParams, signal?: AbortSignal): Promise<TCommissionDueResponse> {
  return (await apiRequest<TCommissionDueResponse>(apiPath('commissionsDue'), { query: dueQueryString(p), signal }))
    .data;
}

export const commissionsDueQueryOptions = (p: TDueParams) =>
  queryOptions({
    queryKey: commissionsKeys.due(p),
    queryFn: ({ signal }) => getCommissionsDue(p, signal),
    placeholderData: keepPreviousData,
  });

/** Only with a valid period (from ≤ to). */
export function useCommissionsDue(p: TDueParams) {
  return useQuery({ ...commissionsDueQueryOptions(p), enabled: Boolean(p.from && p.to && p.from <= p.to) });
}
