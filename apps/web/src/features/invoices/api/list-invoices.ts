/**
 * GET /api/v1/invoices: one page of the operator's invoices, newest first by default, filtered by
 * series (`F2027`, `R2027`), year, type, booking and (the administrator) operator; `q` searches the
 * code and the customer.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TInvoiceResponse } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';

export type TInvoicesFilters = {
  q?: string;
  series?: string;
  year?: string;
  type?: string;
  booking_id?: string;
  tour_operator_id?: string;
};
export type TInvoicesListParams = TInvoicesFilters & { page: number; per_page: number; sort?: string };
export type TInvoicesPage = { items: TInvoiceResponse[]; total: number };

/** `?series=F2027&year=2027&type=F2&q=…&page=1&per_page=25&sort=-code` (empty filters left out). */
export function invoicesListQueryString(p: TInvoicesListParams): string {
  const params = new URLSearchParams();
  const add = (key: string, value: string | number | undefined) => {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== undefined && v !== '') params.set(key, String(v));
  };
  add('q', p.q);
  add('series', p.series);
  add('year', p.year);
  add('type', p.type);
  add('booking_id', p.booking_id);
  add('tour_operator_id', p.tour_operator_id);
  add('page', p.page);
  add('per_page', p.per_page);
  add('sort', p.sort);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export async function listInvoices(params: TInvoicesListParams, signal?: AbortSignal): Promise<TInvoicesPage> {
  return fetchListPage<TInvoiceResponse>(apiPath('invoices'), invoicesListQueryString(params), signal);
}

export const invoicesKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoicesKeys.all, 'list'] as const,
  list: (params: TInvoicesListParams) => [...invoicesKeys.lists(), params] as const,
  detail: (id: string) => [...invoicesKeys.all, 'detail', id] as const,
  record: (id: string) => [...invoicesKeys.detail(id), 'record'] as const,
  booking: (bookingId: string) => [...invoicesKeys.all, 'booking', bookingId] as const,
};

export const listInvoicesQueryOptions = (params: TInvoicesListParams) =>
  queryOptions({
    queryKey: invoicesKeys.list(params),
    queryFn: ({ signal }) => listInvoices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useInvoices(params: TInvoicesListParams) {
  return useQuery(listInvoicesQueryOptions(params));
}
