/**
 * "Canales" (issue 33, ADR 023): an operator's sales channels, their API keys and their request
 * log, for levels 0–1 (ACCESS.channels). The OCTO API the keys open is another module's.
 */
import {
  ACCESS,
  API_PATHS,
  ZChannelCreateRequest,
  ZChannelKeyCreatedResponse,
  ZChannelKeyCreateRequest,
  ZChannelKeyResponse,
  ZChannelRequestResponse,
  ZChannelRequestsQuery,
  ZChannelResponse,
  ZChannelUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { parseListQuery } from '../../lib/filters';
import { assertId } from '../../lib/ids';
import { setPagingHeaders } from '../../lib/pagination';
import { errorResponses, ZIdParams } from '../../lib/route-schemas';
import { CHANNEL_LIST_SPEC, CHANNEL_REQUEST_LIST_SPEC } from './channels.repository';
import * as service from './channels.service';

const TAGS = ['Canales'];
const WHAT = 'El canal';
const ZKeyParams = z.object({ id: z.string().max(100), keyId: z.string().max(100) });

export async function channelsRoutes(app: FastifyInstance) {
  const roles = ACCESS.channels;
  const guard = app.requireRoles(roles);

  registerCrudRoutes(app, {
    path: API_PATHS.channels,
    tags: TAGS,
    what: WHAT,
    response: ZChannelResponse,
    list: {
      roles,
      summary:
        'Canales de venta: revendedores con la API OCTO (kind octo) y agencias (kind agency). q busca por nombre; filtros kind, active, collects, name, tour_operator_id, created_at.',
      spec: CHANNEL_LIST_SPEC,
      run: service.listChannels,
    },
    get: { roles, summary: 'Un canal de venta', run: service.getChannel },
    create: {
      roles,
      summary:
        'Crear un canal (el administrador indica tour_operator_id). Nombre único en el tour operador (409 CHANNEL_NAME_TAKEN); productos y tarifas netas del tour operador, con tarifa para ese tipo de pasajero (422). una webhook_url necesita webhook_secret, que se guarda cifrado y nunca se devuelve.',
      body: ZChannelCreateRequest,
      run: (db, actor, body) => service.createChannel(db, actor, body),
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    API_PATHS.channel,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Editar un canal: los campos no enviados se quedan como están; product_ids y net_rates, si se envían, sustituyen a los guardados; webhook_url null quita el webhook y su secreto; una webhook_url necesita un secreto enviado o guardado (422). No cambia de tour operador (422); con claves activas no pasa a agencia (409 CHANNEL_KIND_CONFLICT).',
        params: ZIdParams,
        body: ZChannelUpdateRequest,
        response: { 200: ZChannelResponse, ...errorResponses },
      },
    },
    async (req) => service.updateChannel(app.db, req.actor, assertId(req.params.id, WHAT), req.body),
  );

  r.post(
    API_PATHS.channelKeys,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Crear una clave de API del canal (el token Bearer de la API OCTO). La clave solo aparece en esta respuesta: se guarda su SHA-256. Una agencia no tiene claves (409 CHANNEL_KIND_CONFLICT).',
        params: ZIdParams,
        body: ZChannelKeyCreateRequest,
        response: { 201: ZChannelKeyCreatedResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const out = await service.createChannelKey(app.db, req.actor, assertId(req.params.id, WHAT), req.body);
      return reply.code(201).header('Cache-Control', 'no-store').send(out);
    },
  );

  r.get(
    API_PATHS.channelKeys,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Claves del canal, activas y revocadas, de la más nueva a la más antigua (nunca la clave).',
        params: ZIdParams,
        response: { 200: z.array(ZChannelKeyResponse), ...errorResponses },
      },
    },
    async (req) => service.listChannelKeys(app.db, req.actor, assertId(req.params.id, WHAT)),
  );

  r.delete(
    API_PATHS.channelKey,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Revocar una clave del canal: deja de abrir la API OCTO al momento. Revocar una ya revocada también responde 204; la de otro canal, 404.',
        params: ZKeyParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.revokeChannelKey(
        app.db,
        req.actor,
        assertId(req.params.id, WHAT),
        assertId(req.params.keyId, 'La clave'),
      );
      return reply.code(204).send(null);
    },
  );

  r.get(
    API_PATHS.channelRequests,
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary:
          'Registro de las peticiones de las claves del canal a la API OCTO (se guardan 90 días), de la más reciente a la más antigua; total en X-Total-Count.',
        params: ZIdParams,
        querystring: ZChannelRequestsQuery,
        response: { 200: z.array(ZChannelRequestResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query, CHANNEL_REQUEST_LIST_SPEC);
      const { items, total } = await service.listChannelRequests(
        app.db,
        req.actor,
        assertId(req.params.id, WHAT),
        params,
      );
      setPagingHeaders(req, reply, { page: params.page, perPage: params.perPage, total });
      return items;
    },
  );
}
