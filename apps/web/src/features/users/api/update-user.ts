/**
 * PUT /api/v1/users/{id} (spec §7: user fields plus full_name, re_password, tour_operator_id).
 * Empty password fields mean "keep the current password".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { TUserCreatePayload } from './create-user';
import { usersKeys } from './list-users';

export type TUserUpdatePayload = Omit<TUserCreatePayload, 'password' | 'commission_pct' | 'tour_operator_id'> & {
  tour_operator_id: string | null;
  commission_pct?: number | null;
  /** '' keeps the current password */
  password: string;
  re_password: string;
};

export async function updateUser(id: string, payload: TUserUpdatePayload): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPaths.users.one(id), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation<TUserResponse, ApiError, { id: string; payload: TUserUpdatePayload }>({
    mutationFn: ({ id, payload }) => updateUser(id, payload),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
