/** POST /api/v1/commissions/statements/{id}/settle: marks a statement paid (once). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TCommissionSettleRequest, type TCommissionStatementDetailResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { commissionsKeys } from './keys';

export async function settleCommissionStatement(id: string, body: TCommissionSettleRequest) {
  return (
    await apiRequest<TCommissionStatementDetailResponse>(apiPath('commissionStatementSettle', { id }), {
      method: 'POST',
      body,
    })
  ).data;
}

export function useSettleCommissionStatement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCommissionSettleRequest) => settleCommissionStatement(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: commissionsKeys.all }),
  });
}
