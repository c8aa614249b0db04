/**
 * GET /api/v1/bookings (PRODUCT §2): a bare array with the total in X-Total-Count; filters
 * date[gte]/date[lte], product_id[eq], state[eq|in], payment_state[eq], seller_id[eq], channel[eq], channel_id[eq],
 * accommodation_id[eq], tour_operator_id[eq] (the administrator); free text q (locator or customer); sort; page/per_page.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, type TBookingResponse, type TFilterObject } from '@trayecto/shared';
import { fetchListPage } from '../../../lib/list-api';
import { bookingsKeys } from './keys';

/** A row of the list: the booking as the API answers it (lists may leave the heavy parts out). */
export type TBookingListItem = Pick<
  TBookingResponse,
  | 'id'
  | 'locator'
  | 'product_id'
  | 'product'
  | 'date'
  | 'time'
  | 'lines'
  | 'pax_total'
  | 'total_cents'
  | 'paid_cents'
  | 'pending_cents'
  | 'currency'
  | 'customer_name'
  | 'customer_country'
  | 'accommodation'
  | 'pickup_time'
  | 'channel'
  | 'seller'
  | 'state'
  | 'payment_state'
> &
  Partial<TBookingResponse>;

export type TBookingsFilters = {
  /** First and last date of the departures (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
  product_id?: string;
  /** One state, or several separated by commas (state[in]). */
  state?: string;
  payment_state?: string;
  seller_id?: string;
  channel?: string;
  /** One reseller or agency (levels 0–1, ADR 023). */
  channel_id?: string;
  accommodation_id?: string;
  /** The administrator's operator filter (the API scopes every other level to its own). */
  tour_operator_id?: string;
  q?: string;
};

export type TBookingsListParams = TBookingsFilters & { page: number; per_page: number; sort?: string };

export type TBookingsPage = { items: TBookingListItem[]; total: number };

/**
 * The list's sort as the URL keeps it ("date") → as the API takes it: "date,time,created_at" is
 * the API's default order (the one its keyset cursor serves).
 */
export function bookingsApiSort(sort: string | undefined): string | undefined {
  if (!sort) return undefined;
  if (sort === 'date') return 'date,time,created_at';
  if (sort === '-date') return '-date,-time,-created_at';
  return sort;
}

export function bookingsFilterObject(f: TBookingsFilters): TFilterObject {
  const states = (f.state ?? '').split(',').filter(Boolean);
  return {
    date: { gte: f.from, lte: f.to },
    product_id: { eq: f.product_id },
    state: states.length > 1 ? { in: states } : { eq: states[0] },
    payment_state: { eq: f.payment_state },
    seller_id: { eq: f.seller_id },
    channel: { eq: f.channel },
    channel_id: { eq: f.channel_id },
    accommodation_id: { eq: f.accommodation_id },
    tour_operator_id: { eq: f.tour_operator_id },
  };
}

export function bookingsListQueryString(p: TBookingsListParams & { cursor?: string }): string {
  return buildListQuery(bookingsFilterObject(p), {
    q: p.q?.trim(),
    page: p.cursor ? undefined : p.page,
    per_page: p.per_page,
    sort: bookingsApiSort(p.sort),
    cursor: p.cursor,
  });
}

export async function listBookings(params: TBookingsListParams, signal?: AbortSignal): Promise<TBookingsPage> {
  return fetchListPage<TBookingListItem>(apiPath('bookings'), bookingsListQueryString(params), signal);
}

export const listBookingsQueryOptions = (params: TBookingsListParams) =>
  queryOptions({
    queryKey: bookingsKeys.list(params),
    queryFn: ({ signal }) => listBookings(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBookings(params: TBookingsListParams, enabled = true) {
  return useQuery({ ...listBookingsQueryOptions(params), enabled });
}
