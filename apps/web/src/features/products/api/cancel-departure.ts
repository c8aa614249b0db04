/**
 * POST /api/v1/products/{id}/departures/cancel {date, time, reason, next_steps, note?} → 200
 * {cancelled_bookings, messages_queued, without_email[]}: the operator cancels a whole departure
 * (issue 14); it closes for sale and each of its bookings is cancelled, every customer told by
 * e-mail. 409 STATE_CONFLICT once the departure has started.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TDepartureCancelRequest, type TDepartureCancelResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from '../../../lib/query-keys';
import { productsKeys } from './list-products';

/**
 * Other features' caches, named by their keys only: the sheets' passenger lists, the home's
 * figures, the message log (each customer's e-mail is queued).
 */
const SHEETS_KEY = ['schedule-sheets'] as const;
const DASHBOARD_KEY = ['dashboard'] as const;
const MESSAGES_KEY = ['messages'] as const;

export async function cancelDeparture(
  productId: string,
  payload: TDepartureCancelRequest,
): Promise<TDepartureCancelResponse> {
  const res = await apiRequest<TDepartureCancelResponse>(apiPath('productDepartureCancel', { id: productId }), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCancelDeparture(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<TDepartureCancelResponse, ApiError, TDepartureCancelRequest>({
    mutationFn: (payload) => cancelDeparture(productId, payload),
    onSuccess: () => {
      // The departure is closed and its seats free; its bookings (lists, calendars, each one's
      // detail and history) are cancelled and gone from the sheets and today's figures; the
      // customers' e-mails are in the log.
      void queryClient.invalidateQueries({ queryKey: productsKeys.allAvailabilities() });
      void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SHEETS_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
