import { ACCESS, ZPersonCreateRequest, ZPersonResponse, ZPersonUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { registerPersonsExport } from './persons.export';
import { PERSON_LIST_SPEC } from './persons.repository';
import * as service from './persons.service';

/** Persons who work on tours without logging in (PRODUCT.md §4): read by 0, 1, 3, 4, 5; written by 0, 1, 3. */
export async function personsRoutes(app: FastifyInstance) {
  registerPersonsExport(app);
  registerCrudRoutes(app, {
    path: '/persons',
    tags: ['Personas'],
    what: 'La persona',
    response: ZPersonResponse,
    list: {
      roles: ACCESS.persons,
      summary:
        'Lista de personas (filtros role, state, full_name, languages — languages[eq]=de: habla alemán —, tour_operator_id)',
      spec: PERSON_LIST_SPEC,
      run: service.listPersons,
    },
    get: { roles: ACCESS.persons, summary: 'Una persona', run: service.getPerson },
    create: {
      roles: ACCESS.resourcesWrite,
      summary: 'Crear persona',
      body: ZPersonCreateRequest,
      run: service.createPerson,
    },
    update: {
      roles: ACCESS.resourcesWrite,
      summary: 'Editar persona (los campos no enviados no cambian)',
      body: ZPersonUpdateRequest,
      run: service.updatePerson,
    },
    remove: { roles: ACCESS.resourcesWrite, summary: 'Eliminar persona', run: service.deletePerson },
  });
}
