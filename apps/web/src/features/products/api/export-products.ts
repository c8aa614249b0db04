/** Every row of the filtered products list, page by page (500 a page, the API's maximum), as CSV. */
import { apiPath } from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { fetchAllPages } from '../../../lib/list-api';
import { formatDuration, formatLanguages, productStateName } from '../utils/product-format';
import { productsListQueryString, type TProductListItem, type TProductsFilters } from './list-products';

export async function fetchAllProducts(filters: TProductsFilters, sort?: string): Promise<TProductListItem[]> {
  const all = await fetchAllPages<TProductListItem>(apiPath('products'), (page) =>
    productsListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
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
