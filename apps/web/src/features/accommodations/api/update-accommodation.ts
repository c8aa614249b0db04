/**
 * PUT /api/v1/accommodations/{id} → 200 + the accommodation. Shared rows answer 403 for anyone but
 * the administrator; an accommodation never changes owner.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TAccommodationResponse, type TAccommodationUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

export async function updateAccommodation(
  id: string,
  payload: TAccommodationUpdateRequest,
): Promise<TAccommodationResponse> {
  const res = await apiRequest<TAccommodationResponse>(apiPath('accommodation', { id }), {
    method: 'PUT',
    body: payload,
  });
  return res.data;
}

export function useUpdateAccommodation() {
  const queryClient = useQueryClient();
  return useMutation<TAccommodationResponse, ApiError, { id: string; payload: TAccommodationUpdateRequest }>({
    mutationFn: ({ id, payload }) => updateAccommodation(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationsKeys.all }),
  });
}
