/**
 * GET /api/v1/products (PRODUCT §2): a bare array with the total in X-Total-Count; filters
 * state[eq], pickup_enabled[eq], tour_operator_id[eq]; free text q; sort; page/per_page; only the
 * fields the screen shows (`fields=`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  buildListQuery,
  PRODUCT_LIST_SCREEN_FIELDS,
  type TFilterObject,
  type TProductResponse,
} from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

/** A row of the list: the product's fields the screen asks for (`fields=`, ADR 054). */
export type TProductListItem = Pick<TProductResponse, (typeof PRODUCT_LIST_SCREEN_FIELDS)[number]>;

export type TProductsFilters = {
  state?: string;
  /** 'true' | 'false' | '' */
  pickup_enabled?: string;
  tour_operator_id?: string;
  q?: string;
};

export type TProductsListParams = TProductsFilters & { page: number; per_page: number; sort?: string };

export type TProductsPage = { items: TProductListItem[]; total: number };

export function productsFilterObject(f: TProductsFilters): TFilterObject {
  return {
    state: { eq: f.state },
    pickup_enabled: { eq: f.pickup_enabled },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

/** The list's query; with `fields`, only those fields of each product (the export takes none). */
export function productsListQueryString(p: TProductsListParams, fields?: readonly string[]): string {
  return buildListQuery(productsFilterObject(p), {
    q: p.q?.trim(),
    page: p.page,
    per_page: p.per_page,
    sort: p.sort,
    fields: fields?.join(','),
  });
}

export async function listProducts(params: TProductsListParams, signal?: AbortSignal): Promise<TProductsPage> {
  return fetchListPage<TProductListItem>(
    apiPath('products'),
    productsListQueryString(params, PRODUCT_LIST_SCREEN_FIELDS),
    signal,
  );
}

export const productsKeys = {
  all: ['products'] as const,
  lists: () => [...productsKeys.all, 'list'] as const,
  list: (params: TProductsListParams) => [...productsKeys.lists(), params] as const,
  details: () => [...productsKeys.all, 'detail'] as const,
  detail: (id: string) => [...productsKeys.details(), id] as const,
  /** Every product's seats: a booking, a cancellation or a departure change invalidates these. */
  allAvailabilities: () => [...productsKeys.all, 'availability'] as const,
  availabilities: (id: string) => [...productsKeys.allAvailabilities(), id] as const,
  /** The select of products (booking form, bookings list filter). */
  options: () => [...productsKeys.all, 'options'] as const,
  availability: (id: string, from: string, to: string) => [...productsKeys.availabilities(id), from, to] as const,
};

export const listProductsQueryOptions = (params: TProductsListParams) =>
  queryOptions({
    queryKey: productsKeys.list(params),
    queryFn: ({ signal }) => listProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: TProductsListParams) {
  return useQuery(listProductsQueryOptions(params));
}
