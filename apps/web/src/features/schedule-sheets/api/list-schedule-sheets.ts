/**
 * GET /api/v1/schedule-sheets?date[eq]=YYYY-MM-DD: the sheets of one day, or of a few days
 * (date[gte], date[lte]), in the API's default order (date, time, product). A day holds a few dozen
 * sheets, so one page of 500 is usually the whole answer; a bigger one follows the keyset cursor
 * (X-Next-Cursor, ADR 029) page after page, never OFFSET. Chofer and Guía get only their own.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TSheetSummary } from '@trayecto/shared';
import { fetchAllPages, type TPageRequest } from '../../../lib/list-api';
import { sheetsKeys } from './keys';

/** At most this many pages of 500 (10,000 sheets) for one view. */
const MAX_PAGES = 20;

const pageParams = (p?: TPageRequest) => ({
  per_page: MAX_PER_PAGE,
  page: p?.cursor ? undefined : p && p.page > 1 ? p.page : undefined,
  cursor: p?.cursor,
});

export function sheetsQueryString(date: string, page?: TPageRequest): string {
  return buildListQuery({ date: { eq: date } }, pageParams(page));
}

async function fetchSheets(queryOf: (page: TPageRequest) => string, signal?: AbortSignal) {
  const { items } = await fetchAllPages<TSheetSummary>(apiPath('scheduleSheets'), queryOf, {
    maxPages: MAX_PAGES,
    signal,
  });
  return items;
}

export function listScheduleSheets(date: string, signal?: AbortSignal): Promise<TSheetSummary[]> {
  return fetchSheets((page) => sheetsQueryString(date, page), signal);
}

export const scheduleSheetsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: sheetsKeys.list(date),
    queryFn: ({ signal }) => listScheduleSheets(date, signal),
  });

export function useScheduleSheets(date: string) {
  return useQuery({ ...scheduleSheetsQueryOptions(date), placeholderData: keepPreviousData });
}

/** The sheets from one day to another (both included): the crew's week, for its day strip. */
export function sheetsBetweenQueryString(from: string, to: string, page?: TPageRequest): string {
  return buildListQuery({ date: { gte: from, lte: to } }, pageParams(page));
}

export const scheduleSheetsBetweenQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: sheetsKeys.range(from, to),
    queryFn: ({ signal }) => fetchSheets((page) => sheetsBetweenQueryString(from, to, page), signal),
  });

export function useScheduleSheetsBetween(from: string, to: string) {
  return useQuery({ ...scheduleSheetsBetweenQueryOptions(from, to), placeholderData: keepPreviousData });
}
