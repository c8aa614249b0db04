/**
 * GET /users/export.csv: the filtered users list as CSV, the rows the caller's list shows.
 * "Creado" in each user's operator's zone; the administrator's file names that zone in a column.
 */
import {
  ACCESS,
  API_PATHS,
  ROLE_NAMES,
  type TLevel,
  type TUserResponse,
  type TUserState,
  USER_STATE_NAMES,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns, type TCsvTimes } from '../../lib/csv-stream';
import { viewerZone } from '../tour-operators/tour-operators.export';
import { USER_LIST_SPEC } from './users.repository';
import * as service from './users.service';

export function usersCsv(withTourOperator: boolean, times: TCsvTimes): TCsvColumns<TUserResponse> {
  const withZone = times.showZone;
  return {
    header: [
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
    ],
    row: (u) => [
      u.full_name,
      u.email,
      u.phone,
      ROLE_NAMES[u.level as TLevel] ?? String(u.level),
      USER_STATE_NAMES[u.state as TUserState] ?? String(u.state),
      ...(withTourOperator ? [u.tour_operator?.name ?? ''] : []),
      u.commission_pct ?? null,
      u.address,
      u.created_at ? times.dateTime(u.created_at, u.tour_operator?.timezone) : '',
      ...(withZone ? [times.zoneName(u.tour_operator?.timezone)] : []),
    ],
  };
}

export function registerUsersExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.usersExport,
    name: 'usuarios',
    tags: ['Usuarios'],
    summary: 'Exportar la lista de usuarios a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.users,
    spec: USER_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => ({
      // The administrator's file mixes operators: it names each user's.
      columns: usersCsv(times.showZone, times),
      batches: pagedBatches(params, (p) => service.listUsers(db, actor, p)),
    }),
  });
}
