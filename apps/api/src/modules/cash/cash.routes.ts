/**
 * "Caja" (issue 34, ADR 025): who holds money collected on the spot, and its handover to the
 * office, for levels 0, 1 and 3 (ACCESS.cash).
 */
import {
  ACCESS,
  API_PATHS,
  ZCashHandoverCreateRequest,
  ZCashHandoverDetailResponse,
  ZCashHandoverResponse,
  ZCashHolderDetailResponse,
  ZCashHolderResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, listFilters, ZIdParams, ZListQuery } from '../../lib/route-schemas';
import { HANDOVER_LIST_SPEC } from './cash.repository';
import * as service from './cash.service';

const TAGS = ['Caja'];

export async function cashRoutes(app: FastifyInstance) {
  const guard = app.requireRoles(ACCESS.cash);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.cashHolders,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Quién tiene dinero ahora: por persona, el efectivo (menos reembolsos en efectivo) y lo cobrado con tarjeta en mano que aún no ha entregado, cuántos cobros y el más antiguo.',
        response: { 200: z.array(ZCashHolderResponse), ...errorResponses },
      },
    },
    // Lists: the read replica when there is one (ADR 033); one holder's payments (the handover
    // form's) come from the primary.
    async (req) => service.listHolders(req.dbRead, req.actor),
  );

  r.get(
    API_PATHS.cashHolder,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Los cobros sin entregar de una persona (id de usuario): reserva, fecha, importe, forma y cuándo.',
        params: ZIdParams,
        response: { 200: ZCashHolderDetailResponse, ...errorResponses },
      },
    },
    async (req) => service.getHolder(app.db, req.actor, assertId(req.params.id, 'La persona')),
  );

  r.post(
    API_PATHS.cashHandovers,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Recibir una entrega: cierra exactamente los cobros indicados (de esa persona, en efectivo o tarjeta, sin entregar: si no, 422) y guarda lo esperado, lo contado y la diferencia; una diferencia exige notas (422). Un cobro ya entregado, también a la vez por otra entrega: 409 STATE_CONFLICT y no se guarda nada.',
        body: ZCashHandoverCreateRequest,
        response: { 201: ZCashHandoverDetailResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const out = await service.createHandover(app.db, req.actor, req.body, new Date());
      return reply.code(201).send(out);
    },
  );

  r.get(
    API_PATHS.cashHandovers,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Entregas recibidas, de la más reciente a la más antigua; filtros holder_id, received_by, difference_cents, created_at.',
        querystring: ZListQuery,
        ...listFilters(HANDOVER_LIST_SPEC),
        response: { 200: z.array(ZCashHandoverResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query as Record<string, unknown>, HANDOVER_LIST_SPEC);
      const { items, total } = await service.listHandovers(req.dbRead, req.actor, params);
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );

  r.get(
    API_PATHS.cashHandover,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Una entrega con los cobros que cerró.',
        params: ZIdParams,
        response: { 200: ZCashHandoverDetailResponse, ...errorResponses },
      },
    },
    async (req) => service.getHandover(app.db, req.actor, assertId(req.params.id, 'La entrega')),
  );
}
