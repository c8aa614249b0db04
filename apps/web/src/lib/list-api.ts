/**
 * Reading the API's list endpoints (PRODUCT §2): one page with its total (X-Total-Count), or every
 * row of a filtered list for a view that shows them all (the accommodations map), 500 a page (the
 * API's maximum). The CSV exports are written by the API itself (lib/use-csv-export.ts).
 */
import { MAX_PER_PAGE } from '@trayecto/shared';
import { apiRequest, totalCappedOf, totalCountOf } from './api-client';

/** `capped`: the total is a lower bound (ADR 027: the API counts up to LIST_COUNT_CAP rows). */
export type TListPage<T> = { items: T[]; total: number; capped?: boolean };

/** One page of a list endpoint; `query` is the whole query string ("?state[eq]=1&page=2…"). */
export async function fetchListPage<T>(path: string, query: string, signal?: AbortSignal): Promise<TListPage<T>> {
  const res = await apiRequest<T[]>(path, { query, signal });
  const items = Array.isArray(res.data) ? res.data : [];
  const total = totalCountOf(res.headers, items.length);
  return totalCappedOf(res.headers) ? { items, total, capped: true } : { items, total };
}

export type TPageRequest = { page: number; per_page: number; cursor?: string };

/**
 * Every row of a list, page by page: follows the keyset cursor (X-Next-Cursor) when the API offers
 * one, else page numbers until a short page or the total. Stops after `maxPages` or `maxRows`.
 */
export async function fetchAllPages<T>(
  path: string,
  queryOf: (page: TPageRequest) => string,
  {
    maxPages = 200,
    maxRows = Number.POSITIVE_INFINITY,
    signal,
  }: { maxPages?: number; maxRows?: number; signal?: AbortSignal } = {},
): Promise<TListPage<T>> {
  const items: T[] = [];
  let total = 0;
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages && items.length < maxRows; page++) {
    const res = await apiRequest<T[]>(path, { query: queryOf({ page, per_page: MAX_PER_PAGE, cursor }), signal });
    const rows = Array.isArray(res.data) ? res.data : [];
    items.push(...rows);
    total = totalCountOf(res.headers, items.length);
    const next = res.headers.get('X-Next-Cursor');
    if (next) {
      cursor = next;
      continue;
    }
    if (cursor) break; // cursor paging ends when the API gives no next cursor
    if (rows.length < MAX_PER_PAGE || items.length >= total) break;
  }
  return { items: items.slice(0, maxRows), total };
}
