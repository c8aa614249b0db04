/** Every row of the filtered vehicle list, page by page (500 a page, the API's maximum), as CSV. */
import {
  apiPath,
  type TVehicleResponse,
  type TVehicleType,
  VEHICLE_STATE_NAMES,
  VEHICLE_TYPE_NAMES,
} from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { formatDay } from '../../../lib/dates';
import { fetchAllPages } from '../../../lib/list-api';
import { type TVehiclesFilters, vehiclesListQueryString } from './list-vehicles';

export async function fetchAllVehicles(filters: TVehiclesFilters, sort?: string): Promise<TVehicleResponse[]> {
  const all = await fetchAllPages<TVehicleResponse>(apiPath('vehicles'), (page) =>
    vehiclesListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
}

/** The periods in one cell: "lun, 2 mar 2026 – mié, 4 mar 2026 (ITV); …". */
export function periodsCell(periods: TVehicleResponse['unavailable_periods']): string {
  return periods.map((p) => `${formatDay(p.from)} – ${formatDay(p.to)}${p.reason ? ` (${p.reason})` : ''}`).join('; ');
}

export function vehiclesToCsv(
  vehicles: readonly TVehicleResponse[],
  operatorName?: (id: string) => string | undefined,
): string {
  const header = [
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
  ];
  const rows = vehicles.map((v) => [
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
  ]);
  return toCsv(header, rows);
}
