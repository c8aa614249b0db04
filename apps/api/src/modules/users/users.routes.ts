import { ACCESS, ZUserCreateRequest, ZUserResponse, ZUserUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { registerUsersExport } from './users.export';
import { USER_LIST_SPEC } from './users.repository';
import * as service from './users.service';

/** Users API, exactly the spec's §7 table. */
export async function usersRoutes(app: FastifyInstance) {
  registerUsersExport(app);
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
    create: { roles: ACCESS.usersManage, summary: 'Crear usuario', body: ZUserCreateRequest, run: service.createUser },
    update: {
      roles: ACCESS.usersManage,
      summary: 'Editar usuario (full_name, re_password, tour_operator_id…)',
      body: ZUserUpdateRequest,
      run: service.updateUser,
    },
    remove: { roles: ACCESS.usersManage, summary: 'Eliminar usuario', run: service.deleteUser },
  });
}
