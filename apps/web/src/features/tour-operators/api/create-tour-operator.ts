/** POST /api/v1/tour-operators (administrator only). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTourOperatorCreateRequest, TTourOperatorResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { tourOperatorsKeys } from './list-tour-operators';

export type TTourOperatorPayload = Partial<TTourOperatorCreateRequest>;

export async function createTourOperator(payload: TTourOperatorPayload): Promise<TTourOperatorResponse> {
  const res = await apiRequest<TTourOperatorResponse>(apiPaths.tourOperators.list, { method: 'POST', body: payload });
  return res.data;
}

export function useCreateTourOperator() {
  const queryClient = useQueryClient();
  return useMutation<TTourOperatorResponse, ApiError, TTourOperatorPayload>({
    mutationFn: createTourOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourOperatorsKeys.all }),
  });
}
