/** DELETE /api/v1/products/{id}/images/{imageId} → 204. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function deleteProductImage(productId: string, imageId: string): Promise<void> {
  await apiRequest<void>(apiPath('productImage', { id: productId, imageId: imageId }), { method: 'DELETE' });
}

export function useDeleteProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (imageId) => deleteProductImage(productId, imageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.detail(productId) }),
  });
}
