import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client';

/**
 * DELETE of one record by id; the lists under `invalidate` are read again whatever the outcome, so
 * the screen shows what the server really holds.
 */
export function useDeleteMutation<TResult = void, TError = ApiError>(
  mutationFn: (id: string) => Promise<TResult>,
  invalidate: QueryKey,
  /** Also forget what is cached about the deleted record (its detail query). */
  forget?: (id: string) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation<TResult, TError, string>({
    mutationFn,
    onSuccess: (_, id) => {
      if (forget) queryClient.removeQueries({ queryKey: forget(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}
