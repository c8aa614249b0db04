/**
 * GET /api/v1/tour-operators/{id}/payment-settings (levels 0–1, ADR 022): the operator's online
 * payments — provider, mode, hold, the provider's public fields, whether each secret is stored
 * (never the secret) and the notification URLs to register with the provider.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { tourOperatorsKeys } from './list-tour-operators';
import type { TPaymentSettingsResponse } from './payment-settings-contract';

export async function getPaymentSettings(id: string, signal?: AbortSignal): Promise<TPaymentSettingsResponse> {
  const res = await apiRequest<TPaymentSettingsResponse>(apiPath('paymentSettings', { id }), { signal });
  return res.data;
}

export const paymentSettingsKey = (id: string) => [...tourOperatorsKeys.detail(id), 'payment-settings'] as const;

export const paymentSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentSettingsKey(id),
    queryFn: ({ signal }) => getPaymentSettings(id, signal),
  });

export function usePaymentSettings(id: string | null) {
  return useQuery({ ...paymentSettingsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
