/** DELETE /api/v1/persons/{id} → 204. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { personsKeys } from './list-persons';

export async function deletePerson(id: string): Promise<void> {
  await apiRequest<void>(apiPaths.persons.one(id), { method: 'DELETE' });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: deletePerson,
    onSettled: () => queryClient.invalidateQueries({ queryKey: personsKeys.lists() }),
  });
}
