import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 at /api/v1/openapi.json, browsable at /api/docs (PRODUCT.md §2). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Trayecto API',
        version: '1.0.0',
        description:
          'API de Trayecto. Listas: filtros `field[op]=value` (eq, ne, lt, lte, gt, gte, like, in), `sort`, `q`, `page`, `per_page`; total en `X-Total-Count`, enlaces en `Link`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: false } });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
