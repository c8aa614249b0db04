/**
 * GET /tour-operators/export.csv: the filtered tour operators as CSV ("Creado" in each operator's
 * own zone, named in its "Zona horaria" column). Also the two things every export asks of the
 * operators: the viewer's zone and, for the administrator, the operators' names.
 */
import {
  ACCESS,
  API_PATHS,
  TOUR_OPERATOR_STATE_NAMES,
  type TTourOperatorResponse,
  type TUserState,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { pagedBatches, registerCsvExport, type TCsvColumns, type TCsvTimes } from '../../lib/csv-stream';
import { type Actor, isAdmin } from '../../lib/tenant';
import { findTourOperatorRow, listTourOperators, TOUR_OPERATOR_LIST_SPEC } from './tour-operators.repository';
import * as service from './tour-operators.service';

/** The viewer's zone: their operator's; the platform's (default) for the administrator. */
export async function viewerZone(db: DbOrTx, actor: Actor): Promise<string> {
  if (isAdmin(actor) || !actor.tourOperatorId) return '';
  return (await findTourOperatorRow(db, actor.tourOperatorId))?.timezone ?? '';
}

/**
 * Every operator's name by id, for the administrator's files (what the screens' operator filter
 * lists); empty for anyone else, whose files hold their own operator's rows only.
 */
export async function operatorNames(db: DbOrTx, actor: Actor): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!isAdmin(actor)) return names;
  const params = { filters: [], sort: [{ field: 'name', dir: 'asc' as const }], page: 1, perPage: 500 };
  for await (const batch of pagedBatches(params, async (p) => ({
    items: (await listTourOperators(db, actor, p)).rows,
  }))) {
    for (const o of batch) names.set(o.id, o.name);
  }
  return names;
}

export function tourOperatorsCsv(times: TCsvTimes): TCsvColumns<TTourOperatorResponse> {
  return {
    header: [
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
    row: (o) => [
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
      o.created_at ? times.dateTime(o.created_at, o.timezone) : '',
    ],
  };
}

export function registerTourOperatorsExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.tourOperatorsExport,
    name: 'tour-operadores',
    tags: ['Tour operadores'],
    summary: 'Exportar la lista de tour operadores a CSV (mismos filtros que la lista)',
    roles: ACCESS.tourOperators,
    spec: TOUR_OPERATOR_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => ({
      columns: tourOperatorsCsv(times),
      batches: pagedBatches(params, (p) => service.listTourOperators(db, actor, p)),
    }),
  });
}
