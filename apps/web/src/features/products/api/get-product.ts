/**
 * GET /api/v1/products/{id}: the whole product (tariffs, seasons, rules, pickups, images, links):
 * the product form, and the booking form's pax inputs, local estimate and pickup time.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TProductResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function getProduct(id: string, signal?: AbortSignal): Promise<TProductResponse> {
  const res = await apiRequest<TProductResponse>(apiPath('product', { id }), { signal });
  return res.data;
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productsKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** `staleTime`: how long a screen that only reads the product (the booking form) trusts the cache. */
export function useProduct(id: string | null, { staleTime }: { staleTime?: number } = {}) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: Boolean(id), ...(staleTime ? { staleTime } : {}) });
}
