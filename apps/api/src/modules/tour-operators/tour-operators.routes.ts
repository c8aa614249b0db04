import {
  ACCESS,
  ZTourOperatorCreateRequest,
  ZTourOperatorResponse,
  ZTourOperatorUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { registerTourOperatorsExport } from './tour-operators.export';
import { TOUR_OPERATOR_LIST_SPEC } from './tour-operators.repository';
import * as service from './tour-operators.service';

/**
 * Tour operators (tenants): list, read, create (administrator), edit and (de)activate via state.
 * No delete: closing an operator is deactivating it (docs/decisions/003).
 */
export async function tourOperatorsRoutes(app: FastifyInstance) {
  registerTourOperatorsExport(app);
  registerCrudRoutes(app, {
    path: '/tour-operators',
    tags: ['Tour operadores'],
    what: 'El tour operador',
    response: ZTourOperatorResponse,
    list: {
      roles: ACCESS.tourOperators,
      summary: 'Lista de tour operadores',
      spec: TOUR_OPERATOR_LIST_SPEC,
      run: service.listTourOperators,
    },
    get: { roles: ACCESS.tourOperators, summary: 'Un tour operador', run: service.getTourOperator },
    create: {
      roles: ACCESS.tourOperatorsCreate,
      summary: 'Crear tour operador',
      body: ZTourOperatorCreateRequest,
      run: service.createTourOperator,
    },
    update: {
      roles: ACCESS.tourOperatorsWrite,
      summary: 'Editar tour operador (state 2 lo desactiva)',
      body: ZTourOperatorUpdateRequest,
      run: service.updateTourOperator,
    },
  });
}
