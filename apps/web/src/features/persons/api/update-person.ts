/** PUT /api/v1/persons/{id} → 200 + the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TPersonResponse, type TPersonUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { personsKeys } from './list-persons';

export async function updatePerson(id: string, payload: TPersonUpdateRequest): Promise<TPersonResponse> {
  const res = await apiRequest<TPersonResponse>(apiPath('person', { id }), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation<TPersonResponse, ApiError, { id: string; payload: TPersonUpdateRequest }>({
    mutationFn: ({ id, payload }) => updatePerson(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.lists() }),
  });
}
