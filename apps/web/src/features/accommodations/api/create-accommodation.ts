/** POST /api/v1/accommodations → 201 + the accommodation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccommodationResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

export type TAccommodationPayload = {
  /** Administrator only, on create: an operator's id, or null for the shared catalogue. */
  tour_operator_id?: string | null;
  name: string;
  type: string;
  address: string;
  zone: string;
  lat_lng: string;
  phone: string;
  pickup_point: string;
  /** null: collected at its own door. */
  pickup_at_id: string | null;
  state: number;
  notes: string;
};

export async function createAccommodation(payload: TAccommodationPayload): Promise<TAccommodationResponse> {
  const res = await apiRequest<TAccommodationResponse>(apiPaths.accommodations.list, {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCreateAccommodation() {
  const queryClient = useQueryClient();
  return useMutation<TAccommodationResponse, ApiError, TAccommodationPayload>({
    mutationFn: createAccommodation,
    // Lists, map, "recoger en" choices and zones all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationsKeys.all }),
  });
}
