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
import { registerCrudRoutes } from '../../lib/crud-routes';
import { assertId } from '../../lib/ids';
import { sendBuiltJsonArray } from '../../lib/json-stream';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import { registerProductsExport } from './products.export';
import { PRODUCT_LIST_SPEC } from './products.repository';
import * as service from './products.service';

/** Levels that may change a product's availability: product managers and the Operador (PRODUCT.md §3). */
const AVAILABILITY_WRITE = [...ACCESS.productsWrite, LEVEL.OPERATOR];
const WHAT = 'El producto';

/** Products API: catalogue, tariffs, availability rules, departures (PRODUCT.md §2, §4). */
export async function productsRoutes(app: FastifyInstance) {
  registerProductsExport(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Productos'];

  registerCrudRoutes(app, {
    path: '/products',
    tags,
    what: WHAT,
    response: ZProductResponse,
    list: {
      roles: ACCESS.products,
      summary: 'Lista de productos (filtros state, code, name, tour_operator_id, pickup_enabled, created_at)',
      spec: PRODUCT_LIST_SPEC,
      run: service.listProducts,
    },
    get: { roles: ACCESS.products, summary: 'Un producto', run: service.getProduct },
    create: {
      roles: ACCESS.productsWrite,
      summary: 'Crear producto',
      body: ZProductCreateRequest,
      run: service.createProduct,
    },
    update: {
      roles: AVAILABILITY_WRITE,
      summary: 'Editar producto (las listas enviadas sustituyen a las guardadas; el Operador solo la disponibilidad)',
      body: ZProductUpdateRequest,
      run: service.updateProduct,
    },
    remove: {
      roles: ACCESS.productsWrite,
      summary: 'Eliminar producto',
      run: (db, actor, id) => service.deleteProduct(db, actor, id, new Date()),
    },
  });

  r.get(
    '/products/:id/availability',
    {
      onRequest: app.requireRoles(ACCESS.products),
      schema: {
        tags,
        summary: 'Salidas entre dos fechas con plazas libres (máximo 62 días)',
        params: ZIdParams,
        querystring: ZAvailabilityQuery,
        response: { 200: z.array(ZAvailabilitySlot), ...errorResponses },
      },
    },
    async (req, reply) =>
      sendBuiltJsonArray(
        reply,
        await service.getAvailability(app.db, req.actor, assertId(req.params.id, WHAT), req.query, new Date()),
        ZAvailabilitySlot,
      ),
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
    async (req) => service.updateDeparture(app.db, req.actor, assertId(req.params.id, WHAT), req.body, new Date()),
  );
}
