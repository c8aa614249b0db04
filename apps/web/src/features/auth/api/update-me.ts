/** PUT /api/v1/auth/me ("Mi cuenta"): the caller's own name, phone and address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TMeUpdateRequest, type TUserResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { updateStoredUserName } from '../../../lib/auth-storage';
import { ME_QUERY_KEY } from '../../../lib/query-keys';

export async function updateMe(payload: TMeUpdateRequest): Promise<TUserResponse> {
  const res = await apiRequest<TUserResponse>(apiPath('me'), { method: 'PUT', body: payload });
  return res.data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation<TUserResponse, ApiError, TMeUpdateRequest>({
    mutationFn: updateMe,
    onSuccess: (saved) => {
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      // The header shows the stored name (spec §3 `userName`).
      updateStoredUserName(saved.full_name);
      // The users list may show this user too.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
