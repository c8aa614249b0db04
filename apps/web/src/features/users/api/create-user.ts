/** POST /api/v1/users (spec §7: the user form fields). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TUserCreateRequest, type TUserResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { usersKeys } from './list-users';

export async function createUser(payload: TUserCreateRequest): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPath('users'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation<TUserResponse, ApiError, TUserCreateRequest>({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
