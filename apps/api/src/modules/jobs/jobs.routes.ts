import { ACCESS, API_PATHS, ZJobsQuery, ZJobsResponse } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readJobsStatus } from '../../lib/jobs/status';
import { errorResponses } from '../../lib/route-schemas';

/**
 * GET /api/v1/jobs (issue 31 item 3): "Tareas en segundo plano", read-only, for the Administrador:
 * every periodic task of the background runner (last and next run, state, last error, runs) and
 * the newest one-off jobs (state, attempts, next attempt, last error). docs/decisions/019-background-jobs.md.
 */
export async function jobsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.jobs,
    {
      onRequest: app.requireRoles(ACCESS.jobs),
      schema: {
        tags: ['Tareas en segundo plano'],
        summary:
          'Estado del trabajo en segundo plano (solo Administrador): cada tarea periódica (envío de mensajes, recordatorios, limpiezas) con su última y próxima ejecución, estado (correcta, con errores, en curso) y último error; los 200 trabajos más recientes (filtro state) con sus intentos, próximo intento y último error; y cuántos trabajos hay en cada estado.',
        querystring: ZJobsQuery,
        response: { 200: ZJobsResponse, ...errorResponses },
      },
    },
    async (req) => readJobsStatus(app.db, { state: req.query.state }),
  );
}
