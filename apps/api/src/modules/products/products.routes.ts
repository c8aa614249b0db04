import {
  ACCESS,
  LEVEL,
  ZAvailabilityQuery,
  ZAvailabilitySlot,
  ZDepartureUpdateRequest,
  ZProductCreateRequest,
  ZProductResponse,
  ZProductUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import * as departures from './departures.service';
import { PRODUCT_LIST_SPEC } from './products.repository';
import * as service from './products.service';

/** Levels that may change a product's availability: product managers and the Operador (PRODUCT.md §3). */
const AVAILABILITY_WRITE = [...ACCESS.productsWrite, LEVEL.OPERATOR];
const WHAT = 'El producto';

/** Products API: catalogue, tariffs, availability rules, departures (PRODUCT.md §2, §4). */
export async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Productos'];

  r.get(
    '/products',
    {
      onRequest: app.requireRoles(ACCESS.products),
      schema: {
        tags,
        summary: 'Lista de productos (filtros state, code, name, tour_operator_id, pickup_enabled, created_at)',
        querystring: ZListQuery,
        response: { 200: z.array(ZProductResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, PRODUCT_LIST_SPEC);
      const { items, total } = await service.listProducts(app.db, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    '/products/:id',
    {
      onRequest: app.requireRoles(ACCESS.products),
      schema: {
        tags,
        summary: 'Un producto',
        params: ZIdParams,
        response: { 200: ZProductResponse, ...errorResponses },
      },
    },
    async (req) => service.getProduct(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.post(
    '/products',
    {
      onRequest: app.requireRoles(ACCESS.productsWrite),
      schema: {
        tags,
        summary: 'Crear producto',
        body: ZProductCreateRequest,
        response: { 201: ZProductResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const product = await service.createProduct(app.db, req.actor, req.body);
      return reply.code(201).send(product);
    },
  );

  r.put(
    '/products/:id',
    {
      onRequest: app.requireRoles(AVAILABILITY_WRITE),
      schema: {
        tags,
        summary: 'Editar producto (las listas enviadas sustituyen a las guardadas; el Operador solo la disponibilidad)',
        params: ZIdParams,
        body: ZProductUpdateRequest,
        response: { 200: ZProductResponse, ...errorResponses },
      },
    },
    async (req) => service.updateProduct(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );

  r.delete(
    '/products/:id',
    {
      onRequest: app.requireRoles(ACCESS.productsWrite),
      schema: { tags, summary: 'Eliminar producto', params: ZIdParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await service.deleteProduct(app.db, req.actor, assertId(req.params.id, WHAT), new Date());
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/products/:id/availability',
    {
      onRequest: app.requireRoles(ACCESS.products),
      schema: {
        tags,
        summary: 'Salidas entre dos fechas con plazas libres (máximo un año)',
        params: ZIdParams,
        querystring: ZAvailabilityQuery,
        response: { 200: z.array(ZAvailabilitySlot), ...errorResponses },
      },
    },
    async (req) => departures.getAvailability(app.db, req.actor, assertId(req.params.id, WHAT), req.query, new Date()),
  );

  r.put(
    '/products/:id/departures',
    {
      onRequest: app.requireRoles(AVAILABILITY_WRITE),
      schema: {
        tags,
        summary: 'Cambiar una salida: plazas propias (null = las del producto), cerrarla o reabrirla, notas',
        params: ZIdParams,
        body: ZDepartureUpdateRequest,
        response: { 200: ZAvailabilitySlot, ...errorResponses },
      },
    },
    async (req) => departures.updateDeparture(app.db, req.actor, assertId(req.params.id, WHAT), req.body, new Date()),
  );
}
