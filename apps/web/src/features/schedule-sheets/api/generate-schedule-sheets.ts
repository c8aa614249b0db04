/**
 * POST /api/v1/schedule-sheets/generate {date}: one sheet per departure of the day with bookings
 * and no sheet yet (running it twice creates nothing twice).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TSheetGenerateResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { DASHBOARD_KEY, sheetsKeys } from './keys';

export async function generateScheduleSheets(date: string): Promise<TSheetGenerateResponse> {
  const res = await apiRequest<TSheetGenerateResponse>(apiPath('scheduleSheetsGenerate'), {
    method: 'POST',
    body: { date },
  });
  return res.data;
}

export function useGenerateScheduleSheets() {
  const queryClient = useQueryClient();
  return useMutation<TSheetGenerateResponse, ApiError, string>({
    mutationFn: generateScheduleSheets,
    onSuccess: (_, date) => {
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.list(date) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}
