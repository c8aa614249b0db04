import { ACCESS, ZUserCreateRequest, ZUserResponse, ZUserUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { assertId } from '../../lib/ids';
import { messageOrigin, publicOrigin } from '../../lib/public-origin';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import { registerUsersExport } from './users.export';
import { USER_LIST_SPEC } from './users.repository';
import * as service from './users.service';

/** Users API, exactly the spec's §7 table. */
export async function usersRoutes(app: FastifyInstance) {
  registerUsersExport(app);
  /** The origin of the invitation's link: PUBLIC_URL, else this request's own. */
  const origin = (req: FastifyRequest) => publicOrigin(req, app.config) ?? messageOrigin(app.config);
  registerCrudRoutes(app, {
    path: '/users',
    tags: ['Usuarios'],
    what: 'El usuario',
    response: ZUserResponse,
    list: {
      roles: ACCESS.users,
      summary: 'Lista de usuarios (filtros field[op]=value, p. ej. level[eq]=4)',
      spec: USER_LIST_SPEC,
      run: service.listUsers,
    },
    get: { roles: ACCESS.users, summary: 'Un usuario', run: service.getUser },
    create: {
      roles: ACCESS.usersManage,
      summary:
        'Crear usuario: recibe por correo una invitación para elegir su contraseña (la contraseña es opcional aquí)',
      body: ZUserCreateRequest,
      run: (db, actor, body, req) => service.createUser(db, actor, body, { origin: origin(req) }),
    },
    update: {
      roles: ACCESS.usersManage,
      summary: 'Editar usuario (full_name, re_password, tour_operator_id…)',
      body: ZUserUpdateRequest,
      run: service.updateUser,
    },
    remove: { roles: ACCESS.usersManage, summary: 'Eliminar usuario', run: service.deleteUser },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/users/:id/invitation',
    {
      onRequest: app.requireRoles(ACCESS.usersManage),
      schema: {
        tags: ['Usuarios'],
        summary: 'Reenviar la invitación: un enlace nuevo para elegir la contraseña (los anteriores dejan de servir)',
        params: ZIdParams,
        response: { 202: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.sendInvitation(app.db, req.actor, assertId(req.params.id, 'El usuario'), { origin: origin(req) });
      return reply.code(202).send({ message: 'Invitación enviada' });
    },
  );
}
