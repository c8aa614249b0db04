/** POST /api/v1/tour-operators (administrator only). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TTourOperatorCreateRequest, type TTourOperatorResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { tourOperatorsKeys } from './list-tour-operators';

export type TTourOperatorPayload = Partial<TTourOperatorCreateRequest>;

export async function createTourOperator(payload: TTourOperatorPayload): Promise<TTourOperatorResponse> {
  const res = await apiRequest<TTourOperatorResponse>(apiPath('tourOperators'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateTourOperator() {
  const queryClient = useQueryClient();
  return useMutation<TTourOperatorResponse, ApiError, TTourOperatorPayload>({
    mutationFn: createTourOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourOperatorsKeys.all }),
  });
}
