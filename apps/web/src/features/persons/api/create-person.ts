/** POST /api/v1/persons → 201 + the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPersonResponse } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { personsKeys } from './list-persons';

export type TPersonPayload = {
  /** The administrator's choice; others leave it out and the API uses their own operator. */
  tour_operator_id?: string;
  full_name: string;
  role: string;
  state: number;
  phone: string;
  email: string;
  languages: string[];
  document_id: string;
  document_expiry: string | null;
  license_number: string;
  license_expiry: string | null;
  notes: string;
};

export async function createPerson(payload: TPersonPayload): Promise<TPersonResponse> {
  const res = await apiRequest<TPersonResponse>(apiPaths.persons.list, { method: 'POST', body: payload });
  return res.data;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation<TPersonResponse, ApiError, TPersonPayload>({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.lists() }),
  });
}
