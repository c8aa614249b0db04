import {
  ACCESS,
  ZAccommodationCreateRequest,
  ZAccommodationImportRequest,
  ZAccommodationImportResponse,
  ZAccommodationResponse,
  ZAccommodationUpdateRequest,
  zUuid,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { errorResponses } from '../../lib/route-schemas';
import { registerAccommodationsExport } from './accommodations.export';
import { ACCOMMODATION_LIST_SPEC } from './accommodations.repository';
import * as service from './accommodations.service';

/** A CSV of 2 000 000 characters, JSON-escaped, fits in this (the app-wide limit is 1 MiB). */
const IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Accommodations (pickup places) with the administrator's shared catalogue: everyone reads their
 * own and the shared ones; levels 0, 1 and 3 write their own; only level 0 writes shared ones.
 */
export async function accommodationsRoutes(app: FastifyInstance) {
  registerAccommodationsExport(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Alojamientos'];
  const WHAT = 'El alojamiento';

  r.get(
    '/accommodations/zones',
    {
      onRequest: app.requireRoles(ACCESS.accommodations),
      schema: {
        tags,
        summary:
          'Zonas distintas de los alojamientos visibles (administrador: las de un tour operador con tour_operator_id)',
        querystring: z.object({ tour_operator_id: zUuid().optional() }),
        response: { 200: z.array(z.string()), ...errorResponses },
      },
    },
    async (req) => service.listZones(req.dbRead, req.actor, req.query.tour_operator_id),
  );

  r.post(
    '/accommodations/import',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Importar alojamientos desde un CSV (";" o ","; cabeceras en español o inglés; dry_run para probar)',
        body: ZAccommodationImportRequest,
        response: { 200: ZAccommodationImportResponse, ...errorResponses },
      },
    },
    async (req) => service.importAccommodations(app.db, req.actor, req.body),
  );

  registerCrudRoutes(app, {
    path: '/accommodations',
    tags,
    what: WHAT,
    response: ZAccommodationResponse,
    list: {
      roles: ACCESS.accommodations,
      summary: 'Lista de alojamientos propios y del catálogo compartido (filtros type, zone, state, name, shared…)',
      spec: ACCOMMODATION_LIST_SPEC,
      run: service.listAccommodations,
    },
    get: { roles: ACCESS.accommodations, summary: 'Un alojamiento', run: service.getAccommodation },
    create: {
      roles: ACCESS.resourcesWrite,
      summary: 'Crear alojamiento (administrador: sin tour_operator_id, en el catálogo compartido)',
      body: ZAccommodationCreateRequest,
      run: service.createAccommodation,
    },
    update: {
      roles: ACCESS.resourcesWrite,
      summary: 'Editar alojamiento (los del catálogo compartido, solo el administrador)',
      body: ZAccommodationUpdateRequest,
      run: service.updateAccommodation,
    },
    remove: {
      roles: ACCESS.resourcesWrite,
      summary: 'Eliminar alojamiento (borrado lógico)',
      run: service.deleteAccommodation,
    },
  });
}
