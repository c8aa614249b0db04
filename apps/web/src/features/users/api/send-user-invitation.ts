/**
 * POST /api/v1/users/{id}/invitation → 202 {message}: e-mails the user a new link to choose their
 * password (the earlier links stop working). 409 STATE_CONFLICT when the user is inactive.
 */
import { useMutation } from '@tanstack/react-query';
import { apiPath } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';

export type TInvitationResponse = { message: string };

export async function sendUserInvitation(id: string): Promise<TInvitationResponse> {
  const res = await apiRequest<TInvitationResponse>(apiPath('userInvitation', { id }), { method: 'POST' });
  return res.data;
}

/** Nothing the screens show changes (the e-mail goes to the outbox): no list to read again. */
export function useSendUserInvitation() {
  return useMutation<TInvitationResponse, ApiError, string>({ mutationFn: sendUserInvitation });
}
