/** DELETE /api/v1/products/{id} → 204 (soft-deleted when bookings use it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';
import { productApiPaths } from './paths';

export async function deleteProduct(id: string): Promise<void> {
  await apiRequest<void>(productApiPaths.one(id), { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: deleteProduct,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: productsKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists() });
    },
  });
}
