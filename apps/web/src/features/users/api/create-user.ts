/** POST /api/v1/users (spec §7: the user form fields). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { usersKeys } from './list-users';

export type TUserCreatePayload = {
  full_name: string;
  email: string;
  phone: string;
  level: number;
  state: number;
  /** Left out by a level-1 admin: the API uses the caller's own operator. */
  tour_operator_id?: string | null;
  address: string;
  lat_lng: string;
  commission_pct?: number;
  password: string;
  re_password: string;
};

export async function createUser(payload: TUserCreatePayload): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPaths.users.list, { method: 'POST', body: payload });
  return res.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation<TUserResponse, ApiError, TUserCreatePayload>({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
  });
}
