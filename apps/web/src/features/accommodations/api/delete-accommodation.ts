/**
 * DELETE /api/v1/accommodations/{id} → 204 (a soft delete). 409 while other accommodations are
 * collected at it; 403 for a shared one unless the caller is the administrator.
 */
import { apiPath } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteMutation } from '../../../lib/use-delete-mutation';
import { accommodationsKeys } from './list-accommodations';

export async function deleteAccommodation(id: string): Promise<void> {
  await apiRequest<void>(apiPath('accommodation', { id }), { method: 'DELETE' });
}

export function useDeleteAccommodation() {
  return useDeleteMutation(deleteAccommodation, accommodationsKeys.all);
}
