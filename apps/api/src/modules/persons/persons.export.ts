/** GET /persons/export.csv: the filtered persons list as CSV (the administrator's names the operator). */
import {
  ACCESS,
  ACTIVE_STATE_NAMES,
  API_PATHS,
  formatDay,
  languageName,
  PERSON_ROLE_NAMES,
  type TPersonResponse,
  type TPersonRole,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns } from '../../lib/csv-stream';
import { operatorNames, viewerZone } from '../tour-operators/tour-operators.export';
import { PERSON_LIST_SPEC } from './persons.repository';
import * as service from './persons.service';

/** `operatorName` only in the administrator's file: a "Tour operador" column. */
export function personsCsv(operatorName?: (id: string) => string | undefined): TCsvColumns<TPersonResponse> {
  return {
    header: [
      'Nombre',
      'Función',
      'Teléfono',
      'Email',
      'Idiomas',
      'DNI/Pasaporte',
      'Caducidad documento',
      'Nº permiso de conducir',
      'Caducidad permiso',
      'Estado',
      ...(operatorName ? ['Tour operador'] : []),
      'Notas',
    ],
    row: (p) => [
      p.full_name,
      PERSON_ROLE_NAMES[p.role as TPersonRole] ?? p.role,
      p.phone,
      p.email,
      (p.languages ?? []).map(languageName).join(', '),
      p.document_id,
      formatDay(p.document_expiry),
      p.license_number,
      formatDay(p.license_expiry),
      ACTIVE_STATE_NAMES[p.state] ?? String(p.state),
      ...(operatorName ? [operatorName(p.tour_operator_id) ?? ''] : []),
      p.notes,
    ],
  };
}

export function registerPersonsExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.personsExport,
    name: 'personas',
    tags: ['Personas'],
    summary: 'Exportar la lista de personas a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.persons,
    spec: PERSON_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => {
      const names = await operatorNames(db, actor);
      return {
        columns: personsCsv(times.showZone ? (id) => names.get(id) : undefined),
        batches: pagedBatches(params, (p) => service.listPersons(db, actor, p)),
      };
    },
  });
}
