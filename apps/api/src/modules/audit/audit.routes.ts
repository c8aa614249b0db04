import { ACCESS, ZAuditEntryResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseListQuery } from '../../lib/filters';
import { setCursorListHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZListQuery } from '../../lib/route-schemas';
import { registerAuditExport } from './audit.export';
import { AUDIT_LIST_SPEC } from './audit.repository';
import { listAuditLog } from './audit.service';

const ZAuditListQuery = ZListQuery.extend({
  // Empty means the first page, like an empty `page`.
  cursor: z
    .string()
    .transform((v) => v || undefined)
    .optional()
    .describe(
      'Cursor opaco de la página siguiente (cabecera X-Next-Cursor, tal cual), con el mismo orden y filtros; la página empieza tras esa entrada, sin OFFSET ni recuento. Vacío: la primera página',
    ),
});

/** GET /api/v1/audit-log: who changed what (issue 7), for the administrator and the operator's admin. */
export async function auditRoutes(app: FastifyInstance) {
  registerAuditExport(app);
  app.get(
    '/audit-log',
    {
      onRequest: app.requireRoles(ACCESS.auditLog),
      schema: {
        tags: ['Registro de actividad'],
        summary:
          'Registro de actividad: quién cambió qué en reservas, usuarios y hojas de servicio, de lo más reciente a lo más antiguo. Filtros entity_type, entity_id, actor_id, actor_kind, action (eq, in), created_at (gte, lt…), tour_operator_id (administrador); q busca en el resumen y en quién. Administrador: todo; Admin Tour Operador: lo de su operador. X-Total-Count cuenta hasta 10.000 entradas (más allá: 10000 con X-Total-Count-Capped: true). Paginación profunda: cada respuesta con más entradas trae X-Next-Cursor (y Link rel="next"); pasar ?cursor=<valor> pagina por clave (keyset, sin OFFSET ni recuento: esas páginas no llevan X-Total-Count) y es la forma rápida de recorrer el registro.',
        querystring: ZAuditListQuery,
        ...listFilters(AUDIT_LIST_SPEC),
        response: { 200: z.array(ZAuditEntryResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { cursor, ...query } = req.query as Record<string, unknown>;
      if (cursor !== undefined && typeof cursor !== 'string') {
        throw new AppError({ code: 'BAD_REQUEST', message: 'El parámetro "cursor" solo puede aparecer una vez' });
      }
      const params = parseListQuery(query, AUDIT_LIST_SPEC);
      // A list: the read replica when there is one (ADR 033).
      const res = await listAuditLog(req.dbRead, req.actor, params, cursor);
      setCursorListHeaders(req, reply, {
        page: params.page,
        perPage: params.perPage,
        total: res.total,
        nextCursor: res.nextCursor,
      });
      return res.items;
    },
  );
}
