import { ACCESS, ZPersonCreateRequest, ZPersonResponse, ZPersonUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { PERSON_LIST_SPEC } from './persons.repository';
import * as service from './persons.service';

/** Persons who work on tours without logging in (PRODUCT.md §4): read by 0, 1, 3, 4, 5; written by 0, 1, 3. */
export async function personsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Personas'];
  const WHAT = 'La persona';

  r.get(
    '/persons',
    {
      onRequest: app.requireRoles(ACCESS.persons),
      schema: {
        tags,
        summary:
          'Lista de personas (filtros role, state, full_name, languages — languages[eq]=de: habla alemán —, tour_operator_id)',
        querystring: ZListQuery,
        response: { 200: z.array(ZPersonResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, PERSON_LIST_SPEC);
      const { items, total } = await service.listPersons(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/persons/:id',
    {
      onRequest: app.requireRoles(ACCESS.persons),
      schema: {
        tags,
        summary: 'Una persona',
        params: ZIdParams,
        response: { 200: ZPersonResponse, ...errorResponses },
      },
    },
    async (req) => service.getPerson(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    '/persons',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Crear persona',
        body: ZPersonCreateRequest,
        response: { 201: ZPersonResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const person = await service.createPerson(app.db, req.actor, req.body);
      return reply.code(201).send(person);
    },
  );

  r.put(
    '/persons/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Editar persona (los campos no enviados no cambian)',
        params: ZIdParams,
        body: ZPersonUpdateRequest,
        response: { 200: ZPersonResponse, ...errorResponses },
      },
    },
    async (req) => service.updatePerson(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );

  r.delete(
    '/persons/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: { tags, summary: 'Eliminar persona', params: ZIdParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await service.deletePerson(app.db, req.actor, assertId(req.params.id, WHAT));
      return reply.code(204).send(null);
    },
  );
}
