/**
 * DELETE /api/v1/users/{id}. Spec §8: a failing delete is silently ignored; the list is read again
 * either way, so the screen shows what the server really holds.
 */
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { usersKeys } from './list-users';

/** Resolves true when the user was deleted, false when the call failed (never throws). */
export async function deleteUser(id: string): Promise<boolean> {
  try {
    await apiRequest<void>(apiPath('user', { id }), { method: 'DELETE' });
    return true;
  } catch {
    return false;
  }
}

export function useDeleteUser() {
  return useDeleteMutation<boolean, never>(deleteUser, usersKeys.lists());
}
