/** POST /api/v1/vehicles → 201 + the vehicle (409 when the plate is already in the fleet). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TVehicleCreateRequest, type TVehicleResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { vehiclesKeys } from './list-vehicles';

export async function createVehicle(payload: TVehicleCreateRequest): Promise<TVehicleResponse> {
  const res = await apiRequest<TVehicleResponse>(apiPath('vehicles'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation<TVehicleResponse, ApiError, TVehicleCreateRequest>({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKeys.lists() }),
  });
}
