/**
 * PUT /api/v1/users/{id} (spec §7: user fields plus full_name, re_password, tour_operator_id).
 * Empty password fields mean "keep the current password".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TUserResponse, type TUserUpdateRequest } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { getCurrentUser, updateStoredUserName } from '../../../lib/auth-storage';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { usersKeys } from './list-users';

export async function updateUser(id: string, payload: TUserUpdateRequest): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPath('user', { id }), { method: 'PUT', body: payload });
  return res.data;
}

function currentUserIdOrNull(): string | null {
  try {
    return getCurrentUser().id;
  } catch {
    return null;
  }
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation<TUserResponse, ApiError, { id: string; payload: TUserUpdateRequest }>({
    mutationFn: ({ id, payload }) => updateUser(id, payload),
    onSuccess: (saved) => {
      // An administrator who renames themselves: the header shows the stored name.
      if (saved.id === currentUserIdOrNull()) updateStoredUserName(saved.full_name);
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
