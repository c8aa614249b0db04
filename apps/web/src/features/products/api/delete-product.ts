/** DELETE /api/v1/products/{id} → 204 (soft-deleted when bookings use it). */
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { productsKeys } from './list-products';

export async function deleteProduct(id: string): Promise<void> {
  await apiRequest<void>(apiPath('product', { id }), { method: 'DELETE' });
}

export function useDeleteProduct() {
  return useDeleteMutation(deleteProduct, productsKeys.lists(), productsKeys.detail);
}
