/**
 * POST /api/v1/auth/me/password ("Mi cuenta"): the caller's own password, with the current one.
 * The API revokes every earlier token of the user and answers a fresh one for this session, which
 * is stored at once under the spec's `token` key (with the user's id, name and roles).
 */
import { useMutation } from '@tanstack/react-query';
import { apiPath, type TMePasswordRequest, type TMePasswordResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';

export async function changeMyPassword(payload: TMePasswordRequest): Promise<TMePasswordResponse> {
  const res = await apiRequest<TMePasswordResponse>(apiPath('myPassword'), { method: 'POST', body: payload });
  saveSession(res.data.token, res.data.user);
  return res.data;
}

export function useChangeMyPassword() {
  return useMutation<TMePasswordResponse, ApiError, TMePasswordRequest>({ mutationFn: changeMyPassword });
}
