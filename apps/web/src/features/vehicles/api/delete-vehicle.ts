/** DELETE /api/v1/vehicles/{id} → 204 (a vehicle used by schedule sheets is soft-deleted by the API). */
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { vehiclesKeys } from './list-vehicles';

export async function deleteVehicle(id: string): Promise<void> {
  await apiRequest<void>(apiPath('vehicle', { id }), { method: 'DELETE' });
}

export function useDeleteVehicle() {
  return useDeleteMutation(deleteVehicle, vehiclesKeys.lists());
}
