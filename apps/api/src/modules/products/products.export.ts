/** GET /products/export.csv: the filtered products list as CSV (the administrator's names the operator). */
import {
  ACCESS,
  API_PATHS,
  formatDuration,
  formatLanguages,
  productStateName,
  type TProductResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns } from '../../lib/csv-stream';
import { viewerZone } from '../tour-operators/tour-operators.export';
import { PRODUCT_LIST_SPEC } from './products.repository';
import * as service from './products.service';

export function productsCsv(withTourOperator: boolean): TCsvColumns<TProductResponse> {
  return {
    header: [
      'Código',
      'Nombre',
      'Estado',
      'Duración',
      'Plazas',
      'Desde (€)',
      'Idiomas',
      'Recogida',
      ...(withTourOperator ? ['Tour operador'] : []),
    ],
    row: (p) => [
      p.code,
      p.name,
      productStateName(p.state),
      formatDuration(p.duration_minutes),
      p.capacity,
      p.from_price_cents === null || p.from_price_cents === undefined ? null : p.from_price_cents / 100,
      formatLanguages(p.languages),
      p.pickup_enabled,
      ...(withTourOperator ? [p.tour_operator?.name ?? ''] : []),
    ],
  };
}

export function registerProductsExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.productsExport,
    name: 'productos',
    tags: ['Productos'],
    summary: 'Exportar la lista de productos a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.products,
    spec: PRODUCT_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => ({
      columns: productsCsv(times.showZone),
      batches: pagedBatches(params, (p) => service.listProducts(db, actor, p)),
    }),
  });
}
