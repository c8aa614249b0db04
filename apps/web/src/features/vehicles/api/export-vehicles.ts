/** Every row of the filtered vehicle list, page by page (500 a page, the API's maximum), as CSV. */
import {
  MAX_PER_PAGE,
  type TVehicleResponse,
  type TVehicleType,
  VEHICLE_STATE_NAMES,
  VEHICLE_TYPE_NAMES,
} from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { apiRequest, totalCountOf } from '../../../lib/api-client';
import { toCsv } from '../../../lib/csv';
import { formatDay } from '../../../lib/dates';
import { type TVehiclesFilters, vehiclesListQueryString } from './list-vehicles';

const MAX_PAGES = 200;

export async function fetchAllVehicles(filters: TVehiclesFilters, sort?: string): Promise<TVehicleResponse[]> {
  const rows: TVehicleResponse[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiRequest<TVehicleResponse[]>(apiPaths.vehicles.list, {
      query: vehiclesListQueryString({ ...filters, page, per_page: MAX_PER_PAGE, sort }),
    });
    const items = Array.isArray(res.data) ? res.data : [];
    rows.push(...items);
    const total = totalCountOf(res.headers, rows.length);
    if (items.length < MAX_PER_PAGE || rows.length >= total) break;
  }
  return rows;
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
