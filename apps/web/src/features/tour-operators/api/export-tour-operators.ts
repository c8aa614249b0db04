/** Every row of the filtered tour operators list as CSV (pages of 500). */
import { apiPath, TOUR_OPERATOR_STATE_NAMES, type TTourOperatorResponse, type TUserState } from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { fetchAllPages } from '../../../lib/list-api';
import { timesIn } from '../../../lib/time-zone';
import { type TTourOperatorsFilters, tourOperatorsListQueryString } from './list-tour-operators';

export async function fetchAllTourOperators(
  filters: TTourOperatorsFilters,
  sort?: string,
): Promise<TTourOperatorResponse[]> {
  const all = await fetchAllPages<TTourOperatorResponse>(apiPath('tourOperators'), (page) =>
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
      // In the operator's own zone, named in the "Zona horaria" column.
      o.created_at ? timesIn(o.timezone).dateTime(o.created_at) : '',
    ]),
  );
}
