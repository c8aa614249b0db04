/** Every row of the filtered products list, page by page (500 a page, the API's maximum), as CSV. */
import { MAX_PER_PAGE } from '@trayecto/shared';
import { apiRequest, totalCountOf } from '../../../lib/api-client';
import { toCsv } from '../../../lib/csv';
import { formatDuration, formatLanguages, productStateName } from '../utils/product-format';
import { productsListQueryString, type TProductListItem, type TProductsFilters } from './list-products';
import { productApiPaths } from './paths';

const MAX_PAGES = 200;

export async function fetchAllProducts(filters: TProductsFilters, sort?: string): Promise<TProductListItem[]> {
  const rows: TProductListItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiRequest<TProductListItem[]>(productApiPaths.list, {
      query: productsListQueryString({ ...filters, page, per_page: MAX_PER_PAGE, sort }),
    });
    const items = Array.isArray(res.data) ? res.data : [];
    rows.push(...items);
    const total = totalCountOf(res.headers, rows.length);
    if (items.length < MAX_PER_PAGE || rows.length >= total) break;
  }
  return rows;
}

export function productsToCsv(products: readonly TProductListItem[], withTourOperator: boolean): string {
  const header = [
    'Código',
    'Nombre',
    'Estado',
    'Duración',
    'Plazas',
    'Desde (€)',
    'Idiomas',
    'Recogida',
    ...(withTourOperator ? ['Tour operador'] : []),
  ];
  const rows = products.map((p) => [
    p.code,
    p.name,
    productStateName(p.state),
    formatDuration(p.duration_minutes),
    p.capacity,
    p.from_price_cents === null || p.from_price_cents === undefined ? null : p.from_price_cents / 100,
    formatLanguages(p.languages),
    p.pickup_enabled,
    ...(withTourOperator ? [p.tour_operator?.name ?? ''] : []),
  ]);
  return toCsv(header, rows);
}
