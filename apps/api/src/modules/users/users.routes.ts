import { ACCESS, ZUserCreateRequest, ZUserResponse, ZUserUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { USER_LIST_SPEC } from './users.repository';
import * as service from './users.service';

/** Users API, exactly the spec's §7 table. */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Usuarios'];

  r.get(
    '/users',
    {
      onRequest: app.requireRoles(ACCESS.users),
      schema: {
        tags,
        summary: 'Lista de usuarios (filtros field[op]=value, p. ej. level[eq]=4)',
        querystring: ZListQuery,
        response: { 200: z.array(ZUserResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, USER_LIST_SPEC);
      const { items, total } = await service.listUsers(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/users/:id',
    {
      onRequest: app.requireRoles(ACCESS.users),
      schema: { tags, summary: 'Un usuario', params: ZIdParams, response: { 200: ZUserResponse, ...errorResponses } },
    },
    async (req) => service.getUser(app.db, req.actor, assertId(req.params.id, 'El usuario')),
  );

  r.post(
    '/users',
    {
      onRequest: app.requireRoles(ACCESS.usersManage),
      schema: {
        tags,
        summary: 'Crear usuario',
        body: ZUserCreateRequest,
        response: { 201: ZUserResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = await service.createUser(app.db, req.actor, req.body);
      return reply.code(201).send(user);
    },
  );

  r.put(
    '/users/:id',
    {
      onRequest: app.requireRoles(ACCESS.usersManage),
      schema: {
        tags,
        summary: 'Editar usuario (full_name, re_password, tour_operator_id…)',
        params: ZIdParams,
        body: ZUserUpdateRequest,
        response: { 200: ZUserResponse, ...errorResponses },
      },
    },
    async (req) => service.updateUser(app.db, req.actor, assertId(req.params.id, 'El usuario'), req.body),
  );

  r.delete(
    '/users/:id',
    {
      onRequest: app.requireRoles(ACCESS.usersManage),
      schema: { tags, summary: 'Eliminar usuario', params: ZIdParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await service.deleteUser(app.db, req.actor, assertId(req.params.id, 'El usuario'));
      return reply.code(204).send(null);
    },
  );
}
