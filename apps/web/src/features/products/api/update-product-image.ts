/** PUT /api/v1/products/{id}/images/{imageId} {alt}: the image's alternative text. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TProductImage } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function updateProductImage(productId: string, imageId: string, alt: string): Promise<TProductImage> {
  const res = await apiRequest<TProductImage>(apiPath('productImage', { id: productId, imageId: imageId }), {
    method: 'PUT',
    body: { alt },
  });
  return res.data;
}

export function useUpdateProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<TProductImage, ApiError, { imageId: string; alt: string }>({
    mutationFn: ({ imageId, alt }) => updateProductImage(productId, imageId, alt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.detail(productId) }),
  });
}
