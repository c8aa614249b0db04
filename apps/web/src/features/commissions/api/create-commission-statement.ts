/** POST /api/v1/commissions/statements: an open statement of what one seller or channel is owed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  type TCommissionStatementCreateRequest,
  type TCommissionStatementDetailResponse,
} from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { commissionsKeys } from './keys';

export async function createCommissionStatement(body: TCommissionStatementCreateRequest) {
  return (
    await apiRequest<TCommissionStatementDetailResponse>(apiPath('commissionStatements'), { method: 'POST', body })
  ).data;
}

export function useCreateCommissionStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCommissionStatement,
    onSuccess: () => qc.invalidateQueries({ queryKey: commissionsKeys.all }),
  });
}
