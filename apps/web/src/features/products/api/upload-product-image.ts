/** POST /api/v1/products/{id}/images: multipart with `file` and `alt` → 201 + the image. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TProductImage } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function uploadProductImage(productId: string, file: File, alt = ''): Promise<TProductImage> {
  const body = new FormData();
  body.append('alt', alt);
  // The file goes last: a multipart parser may stop reading fields once it reaches the file.
  body.append('file', file, file.name);
  const res = await apiRequest<TProductImage>(apiPath('productImages', { id: productId }), { method: 'POST', body });
  return res.data;
}

export function useUploadProductImage(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<TProductImage, ApiError, { file: File; alt?: string }>({
    mutationFn: ({ file, alt }) => uploadProductImage(productId, file, alt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.detail(productId) }),
  });
}
