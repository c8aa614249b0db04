/** POST /api/v1/vehicles → 201 + the vehicle (409 when the plate is already in the fleet). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVehicleResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { vehiclesKeys } from './list-vehicles';

export type TVehiclePeriodPayload = { from: string; to: string; reason: string };

export type TVehiclePayload = {
  /** The administrator's choice; others leave it out and the API uses their own operator. */
  tour_operator_id?: string;
  plate: string;
  name: string;
  model: string;
  type: string;
  seats: number;
  transport_authorization: string;
  state: number;
  notes: string;
  unavailable_periods: TVehiclePeriodPayload[];
};

export async function createVehicle(payload: TVehiclePayload): Promise<TVehicleResponse> {
  const res = await apiRequest<TVehicleResponse>(apiPaths.vehicles.list, { method: 'POST', body: payload });
  return res.data;
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation<TVehicleResponse, ApiError, TVehiclePayload>({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesKeys.lists() }),
  });
}
