/** GET /api/v1/tour-operators/{id}: the record the form edits, read fresh, and its booking terms. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCESS, apiPath, hasPermission, type TTourOperatorResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { tourOperatorsKeys } from './list-tour-operators';

export async function getTourOperator(id: string, signal?: AbortSignal): Promise<TTourOperatorResponse> {
  const res = await apiRequest<TTourOperatorResponse>(apiPath('tourOperator', { id }), { signal });
  return res.data;
}

export const tourOperatorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tourOperatorsKeys.detail(id),
    queryFn: ({ signal }) => getTourOperator(id, signal),
  });

export function useTourOperator(id: string | null) {
  return useQuery({ ...tourOperatorQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/**
 * The operator's own booking terms, shown on the product form as what applies while the product
 * has none of its own. Only roles that may read the operator ask (PRODUCT.md §3: 0, 1 and 3).
 */
export function useTourOperatorBookingTerms(operatorId: string | null | undefined) {
  return useQuery({
    ...tourOperatorQueryOptions(operatorId ?? ''),
    select: (operator) => operator.booking_terms ?? '',
    enabled: hasPermission(getRoles(), ACCESS.tourOperators) && Boolean(operatorId),
    staleTime: 5 * 60_000,
  });
}

/**
 * The operator's languages (issue 15): the one its texts are written in and the ones its public
 * pages offer, for the product form's translations. Same record and rights as the booking terms.
 */
export function useTourOperatorLanguages(operatorId: string | null | undefined) {
  return useQuery({
    ...tourOperatorQueryOptions(operatorId ?? ''),
    select: (operator) => ({
      default_language: operator.default_language,
      public_languages: operator.public_languages,
      tax_territory: operator.tax_territory,
    }),
    enabled: hasPermission(getRoles(), ACCESS.tourOperators) && Boolean(operatorId),
    staleTime: 5 * 60_000,
  });
}
