/**
 * "¿Has olvidado tu contraseña?" (issue 14): POST /api/v1/auth/password-reset (202 whatever the
 * address) and POST /api/v1/auth/password-reset/confirm (the link's token and the new password).
 * No session on either: a 401 never sends anyone to /login from here.
 */
import { useMutation } from '@tanstack/react-query';
import {
  apiPath,
  type TPasswordResetConfirmRequest,
  type TPasswordResetRequest,
  type TPasswordResetResponse,
} from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';

export async function requestPasswordReset(body: TPasswordResetRequest): Promise<TPasswordResetResponse> {
  const res = await apiRequest<TPasswordResetResponse>(apiPath('passwordReset'), {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });
  return res.data;
}

export async function confirmPasswordReset(body: TPasswordResetConfirmRequest): Promise<void> {
  await apiRequest<null>(apiPath('passwordResetConfirm'), { method: 'POST', body, handleUnauthorized: false });
}

export const useRequestPasswordReset = () =>
  useMutation<TPasswordResetResponse, ApiError, TPasswordResetRequest>({ mutationFn: requestPasswordReset });

export const useConfirmPasswordReset = () =>
  useMutation<void, ApiError, TPasswordResetConfirmRequest>({ mutationFn: confirmPasswordReset });
