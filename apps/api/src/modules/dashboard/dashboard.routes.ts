import { ACCESS, ZDashboardResponse, zUuid } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { getDashboard } from './dashboard.service';

/** GET /api/v1/dashboard: the home page's figures for whoever asks (PRODUCT.md §3, §5 Inicio). */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dashboard',
    {
      onRequest: app.requireRoles(ACCESS.home),
      schema: {
        tags: ['Inicio'],
        summary:
          'Cifras de Inicio: hoy y los próximos 7 días (salidas, pax, ocupación, ventas, cobros pendientes), ventas de 30 días y salidas de hoy con su hoja. Administrador: todos los operadores o tour_operator_id; Vendedor: sus ventas; Chofer y Guía: sus hojas.',
        querystring: z.object({ tour_operator_id: zUuid().optional() }),
        response: { 200: ZDashboardResponse, ...errorResponses },
      },
    },
    // Figures that tolerate a second of lag: the read replica when there is one (ADR 033).
    async (req) => getDashboard(req.dbRead, req.actor, req.query, new Date()),
  );
}
