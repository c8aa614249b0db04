/** Every row of the filtered tour operators list as CSV (pages of 500). */
import { MAX_PER_PAGE, TOUR_OPERATOR_STATE_NAMES, type TTourOperatorResponse, type TUserState } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { apiRequest, totalCountOf } from '../../../lib/api-client';
import { toCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { type TTourOperatorsFilters, tourOperatorsListQueryString } from './list-tour-operators';

export async function fetchAllTourOperators(
  filters: TTourOperatorsFilters,
  sort?: string,
): Promise<TTourOperatorResponse[]> {
  const rows: TTourOperatorResponse[] = [];
  for (let page = 1; page <= 200; page++) {
    const res = await apiRequest<TTourOperatorResponse[]>(apiPaths.tourOperators.list, {
      query: tourOperatorsListQueryString({ ...filters, page, per_page: MAX_PER_PAGE, sort }),
    });
    const items = Array.isArray(res.data) ? res.data : [];
    rows.push(...items);
    if (items.length < MAX_PER_PAGE || rows.length >= totalCountOf(res.headers, rows.length)) break;
  }
  return rows;
}

export function tourOperatorsToCsv(rows: readonly TTourOperatorResponse[]): string {
  return toCsv(
    [
      'Nombre',
      'Razón social',
      'CIF/NIF',
      'Email',
      'Teléfono',
      'Dirección',
      'Web',
      'Usuarios',
      'Comisión por defecto %',
      'Moneda',
      'Zona horaria',
      'Estado',
      'Creado',
    ],
    rows.map((o) => [
      o.name,
      o.legal_name,
      o.tax_id,
      o.email,
      o.phone,
      o.address,
      o.website,
      o.users_count ?? null,
      o.default_commission_pct,
      o.currency,
      o.timezone,
      TOUR_OPERATOR_STATE_NAMES[o.state as TUserState] ?? String(o.state),
      o.created_at ? formatDateTime(o.created_at) : '',
    ]),
  );
}
