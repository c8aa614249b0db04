/** Every row of the filtered users list, page by page (500 a page, the API's maximum), as CSV. */
import {
  apiPath,
  ROLE_NAMES,
  type TLevel,
  type TUserResponse,
  type TUserState,
  USER_STATE_NAMES,
} from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { fetchAllPages } from '../../../lib/list-api';
import { type TTimes, timesFor } from '../../../lib/time-zone';
import { type TUsersFilters, usersListQueryString } from './list-users';

export async function fetchAllUsers(filters: TUsersFilters, sort?: string): Promise<TUserResponse[]> {
  const all = await fetchAllPages<TUserResponse>(apiPath('users'), (page) =>
    usersListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
}

/** "Creado" in each user's operator's zone; the administrator's file names it in a column. */
export function usersToCsv(
  users: readonly TUserResponse[],
  withTourOperator: boolean,
  timesOf: (zone?: string | null) => TTimes = timesFor,
): string {
  const withZone = timesOf().showZone;
  const header = [
    'Nombre',
    'Email',
    'Teléfono',
    'Rol',
    'Estado',
    ...(withTourOperator ? ['Tour operador'] : []),
    'Comisión %',
    'Dirección',
    'Creado',
    ...(withZone ? ['Zona horaria'] : []),
  ];
  const rows = users.map((u) => [
    u.full_name,
    u.email,
    u.phone,
    ROLE_NAMES[u.level as TLevel] ?? String(u.level),
    USER_STATE_NAMES[u.state as TUserState] ?? String(u.state),
    ...(withTourOperator ? [u.tour_operator?.name ?? ''] : []),
    u.commission_pct ?? null,
    u.address,
    u.created_at ? timesOf(u.tour_operator?.timezone).dateTime(u.created_at) : '',
    ...(withZone ? [timesOf(u.tour_operator?.timezone).zoneName] : []),
  ]);
  return toCsv(header, rows);
}
