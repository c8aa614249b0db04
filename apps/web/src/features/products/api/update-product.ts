/**
 * PUT /api/v1/products/{id} → 200 + the product. Fields not sent stay; a list sent replaces the
 * stored one (an Operador sends only availability_rules and closed_dates).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TProductResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import type { TProductPayload } from './create-product';
import { productsKeys } from './list-products';

export async function updateProduct(id: string, payload: TProductPayload): Promise<TProductResponse> {
  const res = await apiRequest<TProductResponse>(apiPath('product', { id }), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation<TProductResponse, ApiError, { id: string; payload: TProductPayload }>({
    mutationFn: ({ id, payload }) => updateProduct(id, payload),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(productsKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists() });
      // New rules or closed dates change the departures.
      void queryClient.invalidateQueries({ queryKey: productsKeys.availabilities(id) });
    },
  });
}
