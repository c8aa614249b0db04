/** Every row of the filtered tour operators list as CSV (pages of 500). */
import { TOUR_OPERATOR_STATE_NAMES, type TTourOperatorResponse, type TUserState } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { toCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { fetchAllPages } from '../../../lib/list-api';
import { type TTourOperatorsFilters, tourOperatorsListQueryString } from './list-tour-operators';

export async function fetchAllTourOperators(
  filters: TTourOperatorsFilters,
  sort?: string,
): Promise<TTourOperatorResponse[]> {
  const all = await fetchAllPages<TTourOperatorResponse>(apiPaths.tourOperators.list, (page) =>
    tourOperatorsListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
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
