/** GET /api/v1/products/{id}: the whole product (tariffs, seasons, rules, pickups, images, links). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';
import { productApiPaths } from './paths';

export async function getProduct(id: string, signal?: AbortSignal): Promise<TProductResponse> {
  const res = await apiRequest<TProductResponse>(productApiPaths.one(id), { signal });
  return res.data;
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productsKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: Boolean(id) });
}
