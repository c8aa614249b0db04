/**
 * PUT /api/v1/products/{id}/departures {date, time, capacity|null, closed, notes}: override one
 * departure's capacity (null = the product's) or close/reopen it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';
import { productApiPaths } from './paths';

export type TDeparturePayload = {
  date: string;
  time: string;
  capacity: number | null;
  closed: boolean;
  notes?: string;
};

export async function updateDeparture(productId: string, payload: TDeparturePayload): Promise<unknown> {
  const res = await apiRequest<unknown>(productApiPaths.departures(productId), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateDeparture(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TDeparturePayload>({
    mutationFn: (payload) => updateDeparture(productId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.availabilities(productId) }),
  });
}
