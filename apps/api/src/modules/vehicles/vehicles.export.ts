/** GET /vehicles/export.csv: the filtered vehicle list as CSV (the administrator's names the operator). */
import {
  ACCESS,
  API_PATHS,
  formatDay,
  type TVehicleResponse,
  type TVehicleType,
  VEHICLE_STATE_NAMES,
  VEHICLE_TYPE_NAMES,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns } from '../../lib/csv-stream';
import { operatorNames, viewerZone } from '../tour-operators/tour-operators.export';
import { VEHICLE_LIST_SPEC } from './vehicles.repository';
import * as service from './vehicles.service';

/** The periods in one cell: "lun, 2 mar 2026 – mié, 4 mar 2026 (ITV); …". */
export function periodsCell(periods: TVehicleResponse['unavailable_periods']): string {
  return periods.map((p) => `${formatDay(p.from)} – ${formatDay(p.to)}${p.reason ? ` (${p.reason})` : ''}`).join('; ');
}

/** `operatorName` only in the administrator's file: a "Tour operador" column. */
export function vehiclesCsv(operatorName?: (id: string) => string | undefined): TCsvColumns<TVehicleResponse> {
  return {
    header: [
      'Matrícula',
      'Nombre',
      'Modelo',
      'Tipo',
      'Plazas',
      'Nº autorización',
      'Estado',
      'No disponible hoy',
      'Periodos no disponibles',
      ...(operatorName ? ['Tour operador'] : []),
      'Notas',
    ],
    row: (v) => [
      v.plate,
      v.name,
      v.model,
      VEHICLE_TYPE_NAMES[v.type as TVehicleType] ?? v.type,
      v.seats,
      v.transport_authorization,
      VEHICLE_STATE_NAMES[v.state] ?? String(v.state),
      v.unavailable_today,
      periodsCell(v.unavailable_periods ?? []),
      ...(operatorName ? [operatorName(v.tour_operator_id) ?? ''] : []),
      v.notes,
    ],
  };
}

export function registerVehiclesExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.vehiclesExport,
    name: 'vehiculos',
    tags: ['Vehículos'],
    summary: 'Exportar la lista de vehículos a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.vehicles,
    spec: VEHICLE_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => {
      const names = await operatorNames(db, actor);
      return {
        columns: vehiclesCsv(times.showZone ? (id) => names.get(id) : undefined),
        batches: pagedBatches(params, (p) => service.listVehicles(db, actor, p)),
      };
    },
  });
}
