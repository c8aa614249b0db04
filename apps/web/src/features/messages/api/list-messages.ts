/**
 * GET /api/v1/messages (levels 0, 1, 3): the outbox and the history, newest first, with the list
 * conventions (filters `field[op]=value`, `q` on recipient and subject, paging, X-Total-Count).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TFilterObject, type TMessageResponse } from '@trayecto/shared';
import { dayStartInstant, nextDayStartInstant } from '../../../lib/dates';
import { fetchListPage, type TListPage } from '../../../lib/list-api';
import { messagesKeys } from './keys';

export type TMessagesFilters = {
  q?: string;
  /** One state or a comma list ("failed,skipped"). */
  state?: string;
  kind?: string;
  channel?: string;
  /** Calendar dates (YYYY-MM-DD, days of the user's operator's zone), both included. */
  from?: string;
  to?: string;
  tour_operator_id?: string;
  booking_id?: string;
};

export type TMessagesParams = TMessagesFilters & { page: number; per_page: number; sort?: string };

export function messagesFilterObject(f: TMessagesFilters): TFilterObject {
  return {
    state: { in: f.state },
    kind: { eq: f.kind },
    channel: { eq: f.channel },
    booking_id: { eq: f.booking_id },
    tour_operator_id: { eq: f.tour_operator_id },
    created_at: {
      gte: f.from ? dayStartInstant(f.from) : undefined,
      lt: f.to ? nextDayStartInstant(f.to) : undefined,
    },
  };
}

export function messagesQueryString(p: TMessagesParams): string {
  return buildListQuery(messagesFilterObject(p), { q: p.q?.trim(), page: p.page, per_page: p.per_page, sort: p.sort });
}

export function listMessages(params: TMessagesParams, signal?: AbortSignal): Promise<TListPage<TMessageResponse>> {
  return fetchListPage<TMessageResponse>(apiPath('messages'), messagesQueryString(params), signal);
}

/** Messages still on their way: the list reads itself again while it shows any. */
export const isWaiting = (m: Pick<TMessageResponse, 'state'>) => m.state === 'queued' || m.state === 'sending';

/** How often a list with waiting messages is read again. */
export const WAITING_REFRESH_MS = 15_000;

export const messagesQueryOptions = (params: TMessagesParams) =>
  queryOptions({
    queryKey: messagesKeys.list(params),
    queryFn: ({ signal }) => listMessages(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isWaiting) ? WAITING_REFRESH_MS : false),
  });

export function useMessages(params: TMessagesParams) {
  return useQuery(messagesQueryOptions(params));
}
