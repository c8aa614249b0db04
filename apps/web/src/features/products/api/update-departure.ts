/**
 * PUT /api/v1/products/{id}/departures {date, time, capacity|null, closed, notes}: override one
 * departure's capacity (null = the product's) or close/reopen it.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TDepartureUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function updateDeparture(productId: string, payload: TDepartureUpdateRequest): Promise<unknown> {
  const res = await apiRequest<unknown>(apiPath('productDepartures', { id: productId }), {
    method: 'PUT',
    body: payload,
  });
  return res.data;
}

export function useUpdateDeparture(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TDepartureUpdateRequest>({
    mutationFn: (payload) => updateDeparture(productId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.availabilities(productId) }),
  });
}
