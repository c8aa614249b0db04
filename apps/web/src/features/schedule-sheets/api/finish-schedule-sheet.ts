/**
 * POST /api/v1/schedule-sheets/{id}/finish → {completed, no_show}: the passengers checked in become
 * «Realizada», the confirmed ones nobody checked in «No presentado», and the sheet «Finalizada».
 * Only once the departure has started (422 before).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TSheetFinishResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { DASHBOARD_KEY, sheetsKeys } from './keys';

export async function finishScheduleSheet(id: string): Promise<TSheetFinishResponse> {
  const res = await apiRequest<TSheetFinishResponse>(apiPath('scheduleSheetFinish', { id }), { method: 'POST' });
  return res.data;
}

export function useFinishScheduleSheet(id: string) {
  const queryClient = useQueryClient();
  return useMutation<TSheetFinishResponse, ApiError, void>({
    mutationFn: () => finishScheduleSheet(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      // The bookings changed state (Realizada / No presentado).
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
