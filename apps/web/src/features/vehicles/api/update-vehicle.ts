/** PUT /api/v1/vehicles/{id} → 200 + the vehicle; the unavailable periods sent replace the old ones. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TVehicleResponse, type TVehicleUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { vehiclesKeys } from './list-vehicles';

export async function updateVehicle(id: string, payload: TVehicleUpdateRequest): Promise<TVehicleResponse> {
  const res = await apiRequest<TVehicleResponse>(apiPath('vehicle', { id }), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation<TVehicleResponse, ApiError, { id: string; payload: TVehicleUpdateRequest }>({
    mutationFn: ({ id, payload }) => updateVehicle(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKeys.lists() }),
  });
}
