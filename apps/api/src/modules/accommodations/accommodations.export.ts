/**
 * GET /accommodations/export.csv: the filtered accommodations (own and shared catalogue) as CSV.
 * The administrator's file names each place's operator, or "Catálogo compartido".
 */
import {
  ACCESS,
  ACTIVE_STATE_NAMES,
  API_PATHS,
  accommodationTypeName,
  SHARED_CATALOG_LABEL,
  type TAccommodationResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns } from '../../lib/csv-stream';
import { operatorNames, viewerZone } from '../tour-operators/tour-operators.export';
import { ACCOMMODATION_LIST_SPEC } from './accommodations.repository';
import * as service from './accommodations.service';

/**
 * With `operatorName` (the administrator's file) a "Tour operador" column; without, whether the
 * place is of the shared catalogue.
 */
export function accommodationsCsv(
  operatorName?: (id: string) => string | undefined,
): TCsvColumns<TAccommodationResponse> {
  return {
    header: [
      'Nombre',
      'Tipo',
      'Zona',
      'Dirección',
      'Coordenadas',
      'Teléfono',
      'Punto de recogida',
      'Recoger en',
      'Estado',
      operatorName ? 'Tour operador' : 'Catálogo compartido',
      'Notas',
    ],
    row: (a) => [
      a.name,
      accommodationTypeName(a.type),
      a.zone,
      a.address,
      a.lat_lng,
      a.phone,
      a.pickup_point,
      a.pickup_at?.name ?? '',
      ACTIVE_STATE_NAMES[a.state] ?? String(a.state),
      operatorName
        ? a.shared || !a.tour_operator_id
          ? SHARED_CATALOG_LABEL
          : (operatorName(a.tour_operator_id) ?? '')
        : a.shared,
      a.notes,
    ],
  };
}

export function registerAccommodationsExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.accommodationsExport,
    name: 'alojamientos',
    tags: ['Alojamientos'],
    summary: 'Exportar la lista de alojamientos a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.accommodations,
    spec: ACCOMMODATION_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => {
      const names = await operatorNames(db, actor);
      return {
        columns: accommodationsCsv(times.showZone ? (id) => names.get(id) : undefined),
        batches: pagedBatches(params, (p) => service.listAccommodations(db, actor, p)),
      };
    },
  });
}
