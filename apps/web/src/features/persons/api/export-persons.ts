/** Every row of the filtered persons list, page by page (500 a page, the API's maximum), as CSV. */
import {
  ACTIVE_STATE_NAMES,
  apiPath,
  LANGUAGE_NAMES,
  PERSON_ROLE_NAMES,
  type TLanguage,
  type TPersonResponse,
  type TPersonRole,
} from '@trayecto/shared';
import { toCsv } from '../../../lib/csv';
import { formatDay } from '../../../lib/dates';
import { fetchAllPages } from '../../../lib/list-api';
import { personsListQueryString, type TPersonsFilters } from './list-persons';

export async function fetchAllPersons(filters: TPersonsFilters, sort?: string): Promise<TPersonResponse[]> {
  const all = await fetchAllPages<TPersonResponse>(apiPath('persons'), (page) =>
    personsListQueryString({ ...filters, ...page, sort }),
  );
  return all.items;
}

export const languageName = (code: string) => LANGUAGE_NAMES[code as TLanguage] ?? code.toUpperCase();

export function personsToCsv(
  persons: readonly TPersonResponse[],
  operatorName?: (id: string) => string | undefined,
): string {
  const header = [
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
  ];
  const rows = persons.map((p) => [
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
  ]);
  return toCsv(header, rows);
}
