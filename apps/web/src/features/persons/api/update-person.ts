/** PUT /api/v1/persons/{id} → 200 + the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPersonResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import type { TPersonPayload } from './create-person';
import { personsKeys } from './list-persons';

export async function updatePerson(id: string, payload: Partial<TPersonPayload>): Promise<TPersonResponse> {
  const res = await apiRequest<TPersonResponse>(apiPaths.persons.one(id), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation<TPersonResponse, ApiError, { id: string; payload: Partial<TPersonPayload> }>({
    mutationFn: ({ id, payload }) => updatePerson(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.lists() }),
  });
}
