/**
 * GET /api/v1/schedule-sheets?date[eq]=YYYY-MM-DD: the sheets of one day, by time (a day holds a
 * few dozen at most, so one page of 500 is the whole day), or of a few days (date[gte], date[lte]).
 * Chofer and Guía get only their own.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TSheetSummary } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { sheetsKeys } from './keys';

export function sheetsQueryString(date: string): string {
  return buildListQuery({ date: { eq: date } }, { per_page: MAX_PER_PAGE, sort: 'time' });
}

export async function listScheduleSheets(date: string, signal?: AbortSignal): Promise<TSheetSummary[]> {
  const res = await apiRequest<TSheetSummary[]>(apiPath('scheduleSheets'), { query: sheetsQueryString(date), signal });
  return Array.isArray(res.data) ? res.data : [];
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
export function sheetsBetweenQueryString(from: string, to: string): string {
  return buildListQuery({ date: { gte: from, lte: to } }, { per_page: MAX_PER_PAGE });
}

export const scheduleSheetsBetweenQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: sheetsKeys.range(from, to),
    queryFn: async ({ signal }) => {
      const res = await apiRequest<TSheetSummary[]>(apiPath('scheduleSheets'), {
        query: sheetsBetweenQueryString(from, to),
        signal,
      });
      return Array.isArray(res.data) ? res.data : [];
    },
  });

export function useScheduleSheetsBetween(from: string, to: string) {
  return useQuery({ ...scheduleSheetsBetweenQueryOptions(from, to), placeholderData: keepPreviousData });
}
