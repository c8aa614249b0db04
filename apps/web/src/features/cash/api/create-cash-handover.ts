/** POST /api/v1/cash/handovers: the office receives a person's payments and records what it counted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TCashHandoverCreateRequest, type TCashHandoverDetailResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { cashKeys } from './keys';

export async function createCashHandover(body: TCashHandoverCreateRequest) {
  return (await apiRequest<TCashHandoverDetailResponse>(apiPath('cashHandovers'), { method: 'POST', body })).data;
}

export function useCreateCashHandover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCashHandover,
    onSuccess: () => qc.invalidateQueries({ queryKey: cashKeys.all }),
  });
}
