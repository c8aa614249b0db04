/**
 * PUT /api/v1/schedule-sheets/{id} → 200 + the sheet. Fields not sent stay; `version` makes a stale
 * edit answer 409; an overlapping assignment answers 409 with `conflicts` unless `force: true`.
 * Chofer and Guía send `state` only (in_progress, done).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TSheetConflict, type TSheetResponse, type TSheetUpdateRequest } from '@trayecto/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { DASHBOARD_KEY, sheetsKeys } from './keys';

export async function updateScheduleSheet(id: string, payload: TSheetUpdateRequest): Promise<TSheetResponse> {
  const res = await apiRequest<TSheetResponse>(apiPath('scheduleSheet', { id }), { method: 'PUT', body: payload });
  return res.data;
}

/** The overlaps of a 409 answer (empty for a stale version or any other error). */
export function conflictsOf(error: unknown): TSheetConflict[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const body = error.body as { conflicts?: unknown } | undefined;
  return Array.isArray(body?.conflicts) ? (body.conflicts as TSheetConflict[]) : [];
}

export function useUpdateScheduleSheet(id: string) {
  const queryClient = useQueryClient();
  return useMutation<TSheetResponse, ApiError, TSheetUpdateRequest>({
    mutationFn: (payload) => updateScheduleSheet(id, payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(sheetsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}
