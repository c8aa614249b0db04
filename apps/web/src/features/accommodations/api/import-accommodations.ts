/**
 * POST /api/v1/accommodations/import {csv, dry_run, tour_operator_id?}: with dry_run the server
 * only checks the file and says what it would create and which lines it rejects (and why);
 * without it, it creates the valid rows in one go. A file it cannot read at all answers 422.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TAccommodationImportRequest, type TAccommodationImportResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { accommodationsKeys } from './list-accommodations';

export async function importAccommodations(
  payload: TAccommodationImportRequest,
): Promise<TAccommodationImportResponse> {
  const res = await apiRequest<TAccommodationImportResponse>(apiPath('accommodationImport'), {
    method: 'POST',
    body: payload,
  });
  return {
    created: Number(res.data?.created ?? 0),
    rejected: Array.isArray(res.data?.rejected) ? res.data.rejected : [],
    dry_run: Boolean(res.data?.dry_run),
  };
}

export function useImportAccommodations() {
  const queryClient = useQueryClient();
  return useMutation<TAccommodationImportResponse, ApiError, TAccommodationImportRequest>({
    mutationFn: importAccommodations,
    onSuccess: (res) => {
      if (!res.dry_run) void queryClient.invalidateQueries({ queryKey: accommodationsKeys.all });
    },
  });
}
