/**
 * POST /api/v1/schedule-sheets/{id}/check-in {booking_id | code, present, method} → the passenger.
 * The answer is written into the cached sheet at once (route and passenger list), then the sheet
 * is read again: the first check-in of a «Confirmada» sheet starts it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TCheckInRequest, type TSheetPassenger, type TSheetResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { withPassenger } from '../utils/sheet-view';
import { sheetsKeys } from './keys';

export async function checkInBooking(sheetId: string, payload: TCheckInRequest): Promise<TSheetPassenger> {
  const res = await apiRequest<TSheetPassenger>(apiPath('scheduleSheetCheckIn', { id: sheetId }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCheckIn(sheetId: string) {
  const queryClient = useQueryClient();
  return useMutation<TSheetPassenger, ApiError, TCheckInRequest>({
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
