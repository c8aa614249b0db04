/** GET /api/v1/schedule-sheets/{id}: assignments, the pickup route and the passengers with their check-in. */
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiPath, type TSheetResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { sheetsKeys } from './keys';

export async function getScheduleSheet(id: string, signal?: AbortSignal): Promise<TSheetResponse> {
  const res = await apiRequest<TSheetResponse>(apiPath('scheduleSheet', { id }), { signal });
  return res.data;
}

export const scheduleSheetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sheetsKeys.detail(id),
    queryFn: ({ signal }) => getScheduleSheet(id, signal),
  });

export function useScheduleSheet(id: string) {
  return useQuery(scheduleSheetQueryOptions(id));
}

/** Several sheets at once (the crew's day, printing a whole day). */
export function useScheduleSheetDetails(ids: readonly string[], enabled = true) {
  return useQueries({
    queries: ids.map((id) => ({ ...scheduleSheetQueryOptions(id), enabled })),
  });
}
