/** DELETE /api/v1/persons/{id} → 204. */
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { personsKeys } from './list-persons';

export async function deletePerson(id: string): Promise<void> {
  await apiRequest<void>(apiPath('person', { id }), { method: 'DELETE' });
}

export function useDeletePerson() {
  return useDeleteMutation(deletePerson, personsKeys.lists());
}
