import {
  ACCESS,
  ZTourOperatorCreateRequest,
  ZTourOperatorResponse,
  ZTourOperatorUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { TOUR_OPERATOR_LIST_SPEC } from './tour-operators.repository';
import * as service from './tour-operators.service';

/** Tour operators (tenants): list, read, create (administrator), edit and (de)activate via state. */
export async function tourOperatorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tour operadores'];
  const WHAT = 'El tour operador';

  r.get(
    '/tour-operators',
    {
      onRequest: app.requireRoles(ACCESS.tourOperators),
      schema: {
        tags,
        summary: 'Lista de tour operadores',
        querystring: ZListQuery,
        response: { 200: z.array(ZTourOperatorResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, TOUR_OPERATOR_LIST_SPEC);
      const { items, total } = await service.listTourOperators(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/tour-operators/:id',
    {
      onRequest: app.requireRoles(ACCESS.tourOperators),
      schema: {
        tags,
        summary: 'Un tour operador',
        params: ZIdParams,
        response: { 200: ZTourOperatorResponse, ...errorResponses },
      },
    },
    async (req) => service.getTourOperator(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    '/tour-operators',
    {
      onRequest: app.requireRoles(ACCESS.tourOperatorsCreate),
      schema: {
        tags,
        summary: 'Crear tour operador',
        body: ZTourOperatorCreateRequest,
        response: { 201: ZTourOperatorResponse, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createTourOperator(app.db, req.actor, req.body)),
  );

  r.put(
    '/tour-operators/:id',
    {
      onRequest: app.requireRoles(ACCESS.tourOperatorsWrite),
      schema: {
        tags,
        summary: 'Editar tour operador (state 2 lo desactiva)',
        params: ZIdParams,
        body: ZTourOperatorUpdateRequest,
        response: { 200: ZTourOperatorResponse, ...errorResponses },
      },
    },
    async (req) => service.updateTourOperator(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );
}
