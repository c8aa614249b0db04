/** Every row of the filtered users list, page by page (500 a page, the API's maximum), as CSV. */
import { ROLE_NAMES, type TLevel, type TUserResponse, type TUserState, USER_STATE_NAMES } from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { toCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { fetchAllPages } from '../../../lib/list-api';
import { type TUsersFilters, usersListQueryString } from './list-users';

export async function fetchAllUsers(filters: TUsersFilters, sort?: string): Promise<TUserResponse[]> {
  const all = await fetchAllPages<TUserResponse>(apiPaths.users.list, (page) =>
    usersListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
}

export function usersToCsv(users: readonly TUserResponse[], withTourOperator: boolean): string {
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
    u.created_at ? formatDateTime(u.created_at) : '',
  ]);
  return toCsv(header, rows);
}
