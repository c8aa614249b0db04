/** PUT /api/v1/products/{id}/images/order {ids}: the images in their new order (the first is the cover). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TProductResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

export async function reorderProductImages(productId: string, ids: string[]): Promise<void> {
  await apiRequest<unknown>(apiPath('productImagesOrder', { id: productId }), { method: 'PUT', body: { ids } });
}

export function useReorderProductImages(productId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string[], { previous?: TProductResponse }>({
    mutationFn: (ids) => reorderProductImages(productId, ids),
    // Move the thumbnails at once; put them back if the server says no.
    onMutate: async (ids) => {
      const key = productsKeys.detail(productId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TProductResponse>(key);
      if (previous) {
        const byId = new Map(previous.images.map((img) => [img.id, img]));
        const images = ids.flatMap((id, position) => {
          const img = byId.get(id);
          return img ? [{ ...img, position }] : [];
        });
        queryClient.setQueryData<TProductResponse>(key, { ...previous, images });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(productsKeys.detail(productId), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.detail(productId) }),
  });
}
