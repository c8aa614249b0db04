/** POST /api/v1/persons → 201 + the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TPersonCreateRequest, type TPersonResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { personsKeys } from './list-persons';

export async function createPerson(payload: TPersonCreateRequest): Promise<TPersonResponse> {
  const res = await apiRequest<TPersonResponse>(apiPath('persons'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation<TPersonResponse, ApiError, TPersonCreateRequest>({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.lists() }),
  });
}
