/**
 * GET /api/v1/commissions/due with `party` and `party_id`: one seller's or channel's bookings still
 * owed for a period of departure dates (what a party's card shows when opened; ADR 037).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCommissionDueResponse, type TCommissionPartyKind } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { commissionsKeys } from './keys';

export type TDueParams = { from: string; to: string; party?: TCommissionPartyKind | '' };
export type TDuePartyParams = { from: string; to: string; party: TCommissionPartyKind; party_id: string };

export function dueQueryString(p: TDueParams | TDuePartyParams): string {
  const q = new URLSearchParams({ from: p.from, to: p.to });
  if (p.party) q.set('party', p.party);
  if ('party_id' in p) q.set('party_id', p.party_id);
  return `?${q.toString()}`;
}

export async function getCommissionsDue(p: TDuePartyParams, signal?: AbortSignal): Promise<TCommissionDueResponse> {
  return (await apiRequest<TCommissionDueResponse>(apiPath('commissionsDue'), { query: dueQueryString(p), signal }))
    .data;
}

export const commissionsDueQueryOptions = (p: TDuePartyParams) =>
  queryOptions({
    queryKey: commissionsKeys.dueLines(p),
    queryFn: ({ signal }) => getCommissionsDue(p, signal),
  });

/** One party's lines, only while its card is open (and with a valid period). */
export function useCommissionsDueLines(p: TDuePartyParams, enabled: boolean) {
  return useQuery({
    ...commissionsDueQueryOptions(p),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(p.from && p.to && p.from <= p.to),
  });
}
