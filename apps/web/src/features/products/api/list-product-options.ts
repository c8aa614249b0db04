/**
 * GET /api/v1/products (every one, by name): the products as select options, for the booking
 * form's product and the bookings list's product filter.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TProductResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

/** What a product option needs of each product: all it asks the API for (`fields=`, ADR 054). */
const OPTION_FIELDS = [
  'id',
  'code',
  'name',
  'state',
  'tour_operator_id',
  'tour_operator',
] as const satisfies readonly (keyof TProductResponse)[];

export type TProductOption = Pick<TProductResponse, 'id' | 'code' | 'name' | 'state' | 'tour_operator_id'> & {
  tour_operator?: { id: string; name: string } | null;
};

export type TProductSelectOption = { value: string; label: string; disabled?: boolean };

export async function listProductOptions(signal?: AbortSignal): Promise<TProductOption[]> {
  const res = await apiRequest<TProductOption[]>(apiPath('products'), {
    query: buildListQuery({}, { per_page: MAX_PER_PAGE, sort: 'name', fields: OPTION_FIELDS.join(',') }),
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
    queryKey: productsKeys.options(),
    queryFn: ({ signal }) => listProductOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useProductOptions(enabled = true) {
  return useQuery({ ...productOptionsQueryOptions(), enabled });
}
