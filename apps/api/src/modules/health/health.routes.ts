import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness and readiness for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ZHealth = z.object({ status: z.string(), database: z.string().optional() });
  r.get(
    '/health',
    { schema: { tags: ['Sistema'], summary: 'El proceso está vivo', security: [], response: { 200: ZHealth } } },
    async () => ({
      status: 'ok',
    }),
  );
  r.get(
    '/ready',
    {
      schema: {
        tags: ['Sistema'],
        summary: 'Listo para servir (base de datos accesible)',
        security: [],
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok', database: app.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
  );
}
