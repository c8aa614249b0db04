/**
 * PUT /api/v1/tour-operators/{id}/payment-settings (levels 0–1, ADR 022) → the settings without any
 * secret. A secret left out is kept; a provider chosen without its secret stored is a 422 naming
 * the field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { paymentSettingsKey } from './get-payment-settings';
import type { TPaymentSettingsRequest, TPaymentSettingsResponse } from './payment-settings-contract';

export async function updatePaymentSettings(
  id: string,
  payload: TPaymentSettingsRequest,
): Promise<TPaymentSettingsResponse> {
  const res = await apiRequest<TPaymentSettingsResponse>(apiPath('paymentSettings', { id }), {
    method: 'PUT',
    body: payload,
  });
  return res.data;
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation<TPaymentSettingsResponse, ApiError, { id: string; payload: TPaymentSettingsRequest }>({
    mutationFn: ({ id, payload }) => updatePaymentSettings(id, payload),
    onSuccess: (saved, { id }) => queryClient.setQueryData(paymentSettingsKey(id), saved),
  });
}
