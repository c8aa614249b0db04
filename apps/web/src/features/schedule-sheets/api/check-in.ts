/**
 * POST /api/v1/schedule-sheets/{id}/check-in {booking_id | code, present, method, collected?} → the
 * passenger; `collected` records the crew's cash or card payment in the same transaction.
 * The answer is written into the cached sheet at once (route and passenger list), then the sheet
 * is read again: the first check-in of a «Confirmada» sheet starts it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TCheckInRequest, type TSheetPassenger, type TSheetResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { withPassenger } from '../utils/sheet-view';
import { sheetsKeys } from './keys';

/** The crew's cash collected at boarding (ADR 022), recorded with the check-in in one transaction. */
export type TCollected = NonNullable<TCheckInRequest['collected']>;
export type TCheckInPayload = TCheckInRequest;
/** A passenger row with what is pending and what the crew collected (`collected_cents`, ADR 022). */
export type TCollectingPassenger = TSheetPassenger;

export async function checkInBooking(sheetId: string, payload: TCheckInPayload): Promise<TCollectingPassenger> {
  const res = await apiRequest<TCollectingPassenger>(apiPath('scheduleSheetCheckIn', { id: sheetId }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCheckIn(sheetId: string) {
  const queryClient = useQueryClient();
  return useMutation<TCollectingPassenger, ApiError, TCheckInPayload>({
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
