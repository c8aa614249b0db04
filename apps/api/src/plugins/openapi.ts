import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument } from './openapi-operations';

type Components = { components?: { schemas?: Record<string, unknown> }; paths?: unknown };

/**
 * The registry's schemas are emitted twice, as answers and as requests (`…Input`): drops the
 * request copies nothing refers to (the error schemas are only ever answers).
 */
function withoutUnusedInputs<T extends Components>(doc: T): T {
  const schemas = { ...doc.components?.schemas };
  for (let removed = true; removed; ) {
    removed = false;
    const text = JSON.stringify({ paths: doc.paths, schemas });
    for (const name of Object.keys(schemas)) {
      if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  return { ...doc, components: { ...doc.components, schemas } };
}

/** Where the API is browsable, and the page its licence points to (docs/decisions/014-api-licence.md). */
export const DOCS_PATH = '/api/docs';

/**
 * The API's licence (docs/decisions/014-api-licence.md): proprietary software of the operator's
 * Trayecto installation, used under the contract with the operator. There is no terms page, so it
 * points to the API's own documentation page, which says so; absolute on PUBLIC_URL, else relative
 * (OpenAPI 3.0 resolves it against `servers`, the origin that served the document).
 */
export const apiLicence = (publicUrl: string | undefined) => ({
  name: 'Propietaria — uso según el contrato con el operador',
  url: `${publicUrl ?? ''}${DOCS_PATH}`,
});

/** OpenAPI 3 at /api/v1/openapi.json, browsable at /api/docs (PRODUCT.md §2). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Trayecto API',
        version: '1.0.0',
        description: [
          'API de Trayecto. Listas: filtros `campo[op]=valor` (eq, ne, lt, lte, gt, gte, like, in; `campo=valor` es `campo[eq]`), cada uno publicado como parámetro de la lista con su tipo; `sort`, `q`, `page`, `per_page`; total en `X-Total-Count` (se cuenta hasta 10.000 filas: más allá responde 10000 con `X-Total-Count-Capped: true` y sin `rel="last"`), enlaces en `Link`.',
          '',
          'Software propietario de la instalación de Trayecto del operador: se usa según el contrato con el operador; no es una API pública ni de código abierto.',
        ].join('\n'),
        license: apiLicence(app.config.PUBLIC_URL),
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with an id in zod's registry (ErrorResponse, ErrorCode) become shared components.
    // Then openapi-operations.ts: operationIds, every error answer, 204 without content, typed lists.
    transformObject: (doc) => finishDocument(withoutUnusedInputs(jsonSchemaTransformObject(doc))),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: false } });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
