import { ACCESS, ZAuditEntryResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZListQuery } from '../../lib/route-schemas';
import { registerAuditExport } from './audit.export';
import { AUDIT_LIST_SPEC } from './audit.repository';
import { listAuditLog } from './audit.service';

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
          'Registro de actividad: quién cambió qué en reservas, usuarios y hojas de servicio, de lo más reciente a lo más antiguo. Filtros entity_type, entity_id, actor_id, actor_kind, action (eq, in), created_at (gte, lt…), tour_operator_id (administrador); q busca en el resumen y en quién. Administrador: todo; Admin Tour Operador: lo de su operador.',
        querystring: ZListQuery,
        ...listFilters(AUDIT_LIST_SPEC),
        response: { 200: z.array(ZAuditEntryResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, AUDIT_LIST_SPEC);
      const { items, total } = await listAuditLog(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );
}
