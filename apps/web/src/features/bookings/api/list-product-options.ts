/**
 * GET /api/v1/products?state[eq]=active: the products a booking can be for (the list's product
 * filter and the form's product select). Kept in the bookings feature so features do not import
 * each other.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildListQuery, MAX_PER_PAGE, type TProductResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { bookingProductKeys } from './keys';
import { bookingApiPaths } from './paths';

export type TProductOption = Pick<TProductResponse, 'id' | 'code' | 'name' | 'state' | 'tour_operator_id'> & {
  tour_operator?: { id: string; name: string } | null;
};

export type TProductSelectOption = { value: string; label: string; disabled?: boolean };

export async function listProductOptions(signal?: AbortSignal): Promise<TProductOption[]> {
  const res = await apiRequest<TProductOption[]>(bookingApiPaths.products, {
    query: buildListQuery({}, { per_page: MAX_PER_PAGE, sort: 'name' }),
    signal,
  });
  return Array.isArray(res.data) ? res.data : [];
}

/** "Subida al Teide (TEI-01)"; the administrator also reads the operator. */
export function productSelectOptions(
  products: readonly TProductOption[] | undefined,
  opts: { activeOnly: boolean; withOperator: boolean; keep?: string | null },
): TProductSelectOption[] {
  return (products ?? [])
    .filter((p) => !opts.activeOnly || p.state === 'active' || p.id === opts.keep)
    .map((p) => ({
      value: p.id,
      label: `${p.name} (${p.code})${opts.withOperator && p.tour_operator ? ` · ${p.tour_operator.name}` : ''}`,
    }));
}

export const productOptionsQueryOptions = () =>
  queryOptions({
    queryKey: bookingProductKeys.options(),
    queryFn: ({ signal }) => listProductOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useProductOptions(enabled = true) {
  return useQuery({ ...productOptionsQueryOptions(), enabled });
}
