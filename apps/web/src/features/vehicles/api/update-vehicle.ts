/** PUT /api/v1/vehicles/{id} → 200 + the vehicle; the unavailable periods sent replace the old ones. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVehicleResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import type { TVehiclePayload } from './create-vehicle';
import { vehiclesKeys } from './list-vehicles';

export async function updateVehicle(id: string, payload: Partial<TVehiclePayload>): Promise<TVehicleResponse> {
  const res = await apiRequest<TVehicleResponse>(apiPaths.vehicles.one(id), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation<TVehicleResponse, ApiError, { id: string; payload: Partial<TVehiclePayload> }>({
    mutationFn: ({ id, payload }) => updateVehicle(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKeys.lists() }),
  });
}
