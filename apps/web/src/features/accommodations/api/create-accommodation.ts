/** POST /api/v1/accommodations → 201 + the accommodation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TAccommodationCreateRequest, type TAccommodationResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

export async function createAccommodation(payload: TAccommodationCreateRequest): Promise<TAccommodationResponse> {
  const res = await apiRequest<TAccommodationResponse>(apiPath('accommodations'), {
    method: 'POST',
    body: payload,
  });
  return res.data;
}

export function useCreateAccommodation() {
  const queryClient = useQueryClient();
  return useMutation<TAccommodationResponse, ApiError, TAccommodationCreateRequest>({
    mutationFn: createAccommodation,
    // Lists, map, "recoger en" choices and zones all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationsKeys.all }),
  });
}
