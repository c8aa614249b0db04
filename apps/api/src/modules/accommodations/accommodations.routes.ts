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
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { ACCOMMODATION_LIST_SPEC } from './accommodations.repository';
import * as service from './accommodations.service';

/** A CSV of 2 000 000 characters, JSON-escaped, fits in this (the app-wide limit is 1 MiB). */
const IMPORT_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Accommodations (pickup places) with the administrator's shared catalogue: everyone reads their
 * own and the shared ones; levels 0, 1 and 3 write their own; only level 0 writes shared ones.
 */
export async function accommodationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Alojamientos'];
  const WHAT = 'El alojamiento';

  r.get(
    '/accommodations',
    {
      onRequest: app.requireRoles(ACCESS.accommodations),
      schema: {
        tags,
        summary: 'Lista de alojamientos propios y del catálogo compartido (filtros type, zone, state, name, shared…)',
        querystring: ZListQuery,
        response: { 200: z.array(ZAccommodationResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, ACCOMMODATION_LIST_SPEC);
      const { items, total } = await service.listAccommodations(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

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
    async (req) => service.listZones(app.db, req.actor, req.query.tour_operator_id),
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

  r.get(
    '/accommodations/:id',
    {
      onRequest: app.requireRoles(ACCESS.accommodations),
      schema: {
        tags,
        summary: 'Un alojamiento',
        params: ZIdParams,
        response: { 200: ZAccommodationResponse, ...errorResponses },
      },
    },
    async (req) => service.getAccommodation(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    '/accommodations',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Crear alojamiento (administrador: sin tour_operator_id, en el catálogo compartido)',
        body: ZAccommodationCreateRequest,
        response: { 201: ZAccommodationResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const accommodation = await service.createAccommodation(app.db, req.actor, req.body);
      return reply.code(201).send(accommodation);
    },
  );

  r.put(
    '/accommodations/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Editar alojamiento (los del catálogo compartido, solo el administrador)',
        params: ZIdParams,
        body: ZAccommodationUpdateRequest,
        response: { 200: ZAccommodationResponse, ...errorResponses },
      },
    },
    async (req) => service.updateAccommodation(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );

  r.delete(
    '/accommodations/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Eliminar alojamiento (borrado lógico)',
        params: ZIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.deleteAccommodation(app.db, req.actor, assertId(req.params.id, WHAT));
      return reply.code(204).send(null);
    },
  );
}
