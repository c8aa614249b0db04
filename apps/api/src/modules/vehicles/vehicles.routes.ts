import { ACCESS, ZVehicleCreateRequest, ZVehicleResponse, ZVehicleUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { VEHICLE_LIST_SPEC } from './vehicles.repository';
import * as service from './vehicles.service';

/** Vehicles of the fleet (PRODUCT.md §4): read by levels 0, 1, 3, 4, 5; written by 0, 1, 3. */
export async function vehiclesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vehículos'];
  const WHAT = 'El vehículo';

  r.get(
    '/vehicles',
    {
      onRequest: app.requireRoles(ACCESS.vehicles),
      schema: {
        tags,
        summary:
          'Lista de vehículos (filtros state, type, plate, seats, tour_operator_id; q en matrícula, nombre, modelo)',
        querystring: ZListQuery,
        response: { 200: z.array(ZVehicleResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, VEHICLE_LIST_SPEC);
      const { items, total } = await service.listVehicles(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/vehicles/:id',
    {
      onRequest: app.requireRoles(ACCESS.vehicles),
      schema: {
        tags,
        summary: 'Un vehículo',
        params: ZIdParams,
        response: { 200: ZVehicleResponse, ...errorResponses },
      },
    },
    async (req) => service.getVehicle(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    '/vehicles',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Crear vehículo (con sus periodos no disponibles)',
        body: ZVehicleCreateRequest,
        response: { 201: ZVehicleResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const vehicle = await service.createVehicle(app.db, req.actor, req.body);
      return reply.code(201).send(vehicle);
    },
  );

  r.put(
    '/vehicles/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: {
        tags,
        summary: 'Editar vehículo (unavailable_periods, si se envía, sustituye a los guardados)',
        params: ZIdParams,
        body: ZVehicleUpdateRequest,
        response: { 200: ZVehicleResponse, ...errorResponses },
      },
    },
    async (req) => service.updateVehicle(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );

  r.delete(
    '/vehicles/:id',
    {
      onRequest: app.requireRoles(ACCESS.resourcesWrite),
      schema: { tags, summary: 'Eliminar vehículo', params: ZIdParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await service.deleteVehicle(app.db, req.actor, assertId(req.params.id, WHAT));
      return reply.code(204).send(null);
    },
  );
}
