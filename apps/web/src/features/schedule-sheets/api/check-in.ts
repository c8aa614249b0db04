/**
 * POST /api/v1/schedule-sheets/{id}/check-in {booking_id | code, present, method} → the passenger.
 * The answer is written into the cached sheet at once (route and passenger list), then the sheet
 * is read again: the first check-in of a «Confirmada» sheet starts it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSheetPassenger, TSheetResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { withPassenger } from '../utils/sheet-view';
import { sheetsKeys } from './keys';
import { sheetApiPaths } from './paths';

export type TCheckInPayload =
  | { booking_id: string; present: boolean; method?: 'tap' }
  | { code: string; present?: boolean; method?: 'scan' | 'locator' };

export async function checkInBooking(sheetId: string, payload: TCheckInPayload): Promise<TSheetPassenger> {
  const res = await apiRequest<TSheetPassenger>(sheetApiPaths.checkIn(sheetId), { method: 'POST', body: payload });
  return res.data;
}

export function useCheckIn(sheetId: string) {
  const queryClient = useQueryClient();
  return useMutation<TSheetPassenger, ApiError, TCheckInPayload>({
    mutationFn: (payload) => checkInBooking(sheetId, payload),
    onSuccess: (passenger) => {
      queryClient.setQueryData<TSheetResponse>(sheetsKeys.detail(sheetId), (sheet) =>
        sheet ? withPassenger(sheet, passenger) : sheet,
      );
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.detail(sheetId) });
      void queryClient.invalidateQueries({ queryKey: sheetsKeys.lists() });
    },
  });
}
