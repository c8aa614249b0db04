/** PUT /api/v1/tour-operators/{id}: edit, and state 2 / 1 to deactivate / activate. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TTourOperatorResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { TTourOperatorPayload } from './create-tour-operator';
import { tourOperatorsKeys } from './list-tour-operators';

export async function updateTourOperator(id: string, payload: TTourOperatorPayload): Promise<TTourOperatorResponse> {
  const res = await apiRequest<TTourOperatorResponse>(apiPath('tourOperator', { id }), {
    method: 'PUT',
    body: payload,
  });
  return res.data;
}

export function useUpdateTourOperator() {
  const queryClient = useQueryClient();
  return useMutation<TTourOperatorResponse, ApiError, { id: string; payload: TTourOperatorPayload }>({
    mutationFn: ({ id, payload }) => updateTourOperator(id, payload),
    onSuccess: () => {
      // The header shows the operator's name.
      void queryClient.invalidateQueries({ queryKey: tourOperatorsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
