/** DELETE /api/v1/vehicles/{id} → 204 (a vehicle used by schedule sheets is soft-deleted by the API). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { vehiclesKeys } from './list-vehicles';

export async function deleteVehicle(id: string): Promise<void> {
  await apiRequest<void>(apiPaths.vehicles.one(id), { method: 'DELETE' });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: deleteVehicle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehiclesKeys.lists() }),
  });
}
