/** Every row of the filtered users list, page by page (500 a page, the API's maximum), as CSV. */
import {
  MAX_PER_PAGE,
  ROLE_NAMES,
  type TLevel,
  type TUserResponse,
  type TUserState,
  USER_STATE_NAMES,
} from '@trayecto/shared';
import { apiPaths } from '../../../config/paths';
import { apiRequest, totalCountOf } from '../../../lib/api-client';
import { toCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { type TUsersFilters, usersListQueryString } from './list-users';

const MAX_PAGES = 200;

export async function fetchAllUsers(filters: TUsersFilters, sort?: string): Promise<TUserResponse[]> {
  const rows: TUserResponse[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiRequest<TUserResponse[]>(apiPaths.users.list, {
      query: usersListQueryString({ ...filters, page, per_page: MAX_PER_PAGE, sort }),
    });
    const items = Array.isArray(res.data) ? res.data : [];
    rows.push(...items);
    const total = totalCountOf(res.headers, rows.length);
    if (items.length < MAX_PER_PAGE || rows.length >= total) break;
  }
  return rows;
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
